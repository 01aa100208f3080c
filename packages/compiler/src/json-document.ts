import {
  type Diagnostic,
  type ObjectNode,
  type PathSegment,
  parseJson,
  propertyOf,
  type SyntaxNode,
  toJson,
  walkPath,
} from "@mailroom/syntax";
import type { Location, ServiceSource, SourceDocument } from "./source.js";

const KIND: Record<string, string> = { object: "an object", array: "an array" };

function describeNode(node: SyntaxNode): string {
  if (node.kind !== "scalar") return KIND[node.kind] ?? node.kind;
  const value = node.value;
  if (value === null) return "null";
  return typeof value === "string" ? `the string ${JSON.stringify(value)}` : `the ${typeof value} ${value}`;
}

function serviceAt(node: SyntaxNode, path: PathSegment[]): ServiceSource {
  return {
    json: toJson(node),
    path,
    locate(relative): Location {
      const trail = walkPath(node, relative);
      // biome-ignore lint/style/noNonNullAssertion: a trail always holds at least its start.
      const last = trail.at(-1)!;
      return { span: last.node.span, ...(last.keySpan ? { keySpan: last.keySpan } : {}), depth: trail.length - 1 };
    },
  };
}

/**
 * Reads a `.json` file holding services in any of the forms the API uses: one service, an array of services,
 * or the authentication response `{ "result": { "services": [...] } }`. A JSON service needs no compiling:
 * its source map is the positioned tree itself.
 */
export function readJsonDocument(file: string, text: string): SourceDocument {
  const { root, diagnostics } = parseJson(text);
  const services: ServiceSource[] = [];
  const shapeError = (node: SyntaxNode, what: string): Diagnostic => ({
    code: "not-a-service",
    severity: "error",
    message: `Found ${describeNode(node)} ${what}; expected a service object, an array of services, or an authentication response {"result": {"services": [...]}}.`,
    span: node.span,
  });

  if (root) {
    if (root.kind === "array") {
      root.items.forEach((item, i) => {
        services.push(serviceAt(item, [i]));
      });
    } else if (root.kind === "object" && propertyOf(root, "result")) {
      // biome-ignore lint/style/noNonNullAssertion: the branch condition found the property.
      const result = propertyOf(root, "result")!.value;
      const list = result.kind === "object" ? propertyOf(result as ObjectNode, "services") : undefined;
      if (result.kind !== "object") {
        diagnostics.push(shapeError(result, 'as "result"'));
      } else if (!list) {
        diagnostics.push({
          code: "missing-field",
          severity: "error",
          message:
            'Missing field "services" in "result"; expected the list of services of the authentication response.',
          span: propertyOf(root, "result")?.keySpan ?? result.span,
        });
      } else if (list.value.kind !== "array") {
        diagnostics.push(shapeError(list.value, 'as "services"'));
      } else {
        list.value.items.forEach((item, i) => {
          services.push(serviceAt(item, ["result", "services", i]));
        });
      }
    } else if (root.kind === "object") {
      services.push(serviceAt(root, []));
    } else {
      diagnostics.push(shapeError(root, "at the top of the file"));
    }
  }
  return { format: "json", file, text, diagnostics, services, tree: () => root };
}
