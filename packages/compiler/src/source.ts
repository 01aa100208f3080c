import {
  type Comment,
  type Diagnostic,
  type PathSegment,
  type Span,
  type SyntaxNode,
  walkPath,
} from "@mailroom/syntax";
import type { Wording } from "./wording.js";

/** Where a JSON path into a compiled service comes from in the source text. */
export interface Location {
  /** The value's span (for a missing value: the nearest existing ancestor's span). */
  readonly span: Span;
  /** The span of the key that holds the value, when it is an object property. */
  readonly keySpan?: Span;
  /** How many segments of the path exist in the source; less than the path's length means "missing". */
  readonly depth: number;
  /**
   * How messages name the value where its key alone does not say it: a part of a DSL value that writes several
   * JSON fields at once (`the upper bound of "matches"` for `maxMatches`).
   */
  readonly name?: string;
  /** How the file writes a value of this field, where it differs from the JSON's (a DSL split's `page`: first for 1). */
  readonly spell?: (value: unknown) => unknown;
}

/** Where each path is written in a positioned tree: the deepest step of the path that is written. */
export function locatorOf(root: SyntaxNode): (path: readonly PathSegment[]) => Location {
  return (path) => {
    const trail = walkPath(root, path);
    // biome-ignore lint/style/noNonNullAssertion: a trail always holds at least its start.
    const last = trail.at(-1)!;
    return { span: last.node.span, ...(last.keySpan ? { keySpan: last.keySpan } : {}), depth: trail.length - 1 };
  };
}

/** One service read from a file: its JSON model value and a source map from JSON paths back to the text. */
export interface ServiceSource {
  /** The service as the API's JSON model, exactly as it will be sent or was received. */
  readonly json: unknown;
  /** Where the service sits in the file's own JSON, e.g. `["result", "services", 2]`; empty for a lone service. */
  readonly path: readonly PathSegment[];
  /** Source location of a path relative to the service. */
  locate(path: readonly PathSegment[]): Location;
  /** How messages name the service's fields and values in the words of its file (DSL keys for a DSL file). */
  readonly wording: Wording;
}

/** A file read and compiled: its syntax diagnostics and the services it holds. */
export interface SourceDocument {
  /** `json` for a service as the API returns it, `dsl` for a `.service.yaml` compiled to one. */
  readonly format: "json" | "dsl";
  readonly file: string;
  readonly text: string;
  readonly diagnostics: Diagnostic[];
  /**
   * The services it holds. A file with errors may still hold its service compiled as far as possible; with
   * errors in `diagnostics`, nothing is to be built or written from it.
   */
  readonly services: ServiceSource[];
  /**
   * Whether the file's YAML or JSON syntax is sound, so that its services are what the text says, even where
   * they do not fit the model: the checker then checks the parts that do. Otherwise the services are a best
   * effort for editors, not to be checked.
   */
  readonly wellFormed: boolean;
  /**
   * The file's positioned syntax tree (the YAML or JSON as written, before compiling), for editor features
   * that work on the text around a cursor; undefined when nothing could be parsed. May be built on first call.
   */
  tree(): SyntaxNode | undefined;
  /** The comments of the text as its parse saw them, in order (none in JSON): suppressions are read there. */
  readonly comments: readonly Comment[];
}
