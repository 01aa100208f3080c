import {
  type Diagnostic,
  diagnostic,
  isJsonObject,
  type ParsedJson,
  type PathSegment,
  parseJson,
  type Span,
  type SyntaxNode,
  textOf,
  type Utf8Text,
  walkPath,
} from "@mailroom/syntax";
import type { Location, ServiceSource, SourceDocument } from "./source.js";
import { Wording } from "./wording.js";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => isJsonObject(value);

/** A value found where a service was expected, at `span`; a number as written (`1e400`, not Infinity). */
function describeFound(value: unknown, text: string, span: Span): string {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `the string ${JSON.stringify(value)}`;
  return `the ${typeof value} ${text.slice(span.offset, span.offset + span.length)}`;
}

/**
 * Reads a `.json` file holding services in any of the forms the API uses: one service, an array of services,
 * or the authentication response `{ "result": { "services": [...] } }`. A JSON service needs no compiling:
 * its source map is the positioned tree itself, which for a clean file is built only when a span is needed.
 */
export function readJsonDocument(file: string, text: string | Utf8Text): SourceDocument {
  return documentOf(file, text, parseJson(text));
}

/**
 * `readJsonDocument` through the positioned parser alone: the path of a file with syntax problems, exported so
 * that tests can hold the fast path to exactly the same output.
 */
export function readPositioned(file: string, text: string): SourceDocument {
  return documentOf(file, text, parseJson(text, { positioned: true }));
}

/** The document of a JSON file; its `text`, read from UTF-8 bytes, decoded when first read. */
function documentOf(file: string, source: string | Utf8Text, parsed: ParsedJson): SourceDocument {
  const { value, tree, diagnostics } = parsed;
  const wellFormed = !diagnostics.some((d) => d.severity === "error");
  const services: ServiceSource[] = [];
  const nodeAt = (path: PathSegment[]) => {
    // biome-ignore lint/style/noNonNullAssertion: a value was parsed, so the tree has a root.
    const trail = walkPath(tree()!, path);
    // biome-ignore lint/style/noNonNullAssertion: a trail always holds at least its start.
    return trail.at(-1)!;
  };
  const shapeError = (found: unknown, path: PathSegment[], what: string): Diagnostic => {
    const { span } = nodeAt(path).node;
    return diagnostic(
      "not-a-service",
      "notAService",
      { found: describeFound(found, textOf(source), span), where: what },
      span,
    );
  };
  const serviceAt = (json: unknown, path: PathSegment[]): ServiceSource => {
    let node: SyntaxNode | undefined;
    const locate = (relative: readonly PathSegment[]): Location => {
      node ??= nodeAt(path).node;
      const trail = walkPath(node, relative);
      // biome-ignore lint/style/noNonNullAssertion: a trail always holds at least its start.
      const last = trail.at(-1)!;
      return { span: last.node.span, ...(last.keySpan ? { keySpan: last.keySpan } : {}), depth: trail.length - 1 };
    };
    return { json, path, locate, wording: new Wording(json, locate, source) };
  };

  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      services.push(serviceAt(item, [i]));
    });
  } else if (isObject(value) && Object.hasOwn(value, "result")) {
    const result = value.result;
    if (!isObject(result)) {
      diagnostics.push(shapeError(result, ["result"], 'as "result"'));
    } else if (!Object.hasOwn(result, "services")) {
      const span = nodeAt(["result"]).keySpan ?? nodeAt(["result"]).node.span;
      diagnostics.push(diagnostic("missing-field", "authenticationServices", {}, span));
    } else if (!Array.isArray(result.services)) {
      diagnostics.push(shapeError(result.services, ["result", "services"], 'as "services"'));
    } else {
      result.services.forEach((item: unknown, i: number) => {
        services.push(serviceAt(item, ["result", "services", i]));
      });
    }
  } else if (isObject(value)) {
    services.push(serviceAt(value, []));
  } else if (value !== undefined) {
    diagnostics.push(shapeError(value, [], "at the top of the file"));
  }
  return new JsonDocument(file, source, diagnostics, services, wellFormed, tree);
}

/**
 * A JSON file's document, its text decoded when first read. A class: an object literal with a getter is made in
 * V8's old generation, where it would keep the file's whole parse from young-generation collections.
 */
class JsonDocument implements SourceDocument {
  readonly format = "json";
  readonly comments = [];

  constructor(
    readonly file: string,
    readonly source: string | Utf8Text,
    readonly diagnostics: Diagnostic[],
    readonly services: ServiceSource[],
    readonly wellFormed: boolean,
    readonly tree: () => SyntaxNode | undefined,
  ) {}

  get text(): string {
    return textOf(this.source);
  }
}
