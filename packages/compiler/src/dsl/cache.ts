import type { Diagnostic, FastReading } from "@mailroom/syntax";
import { ExpressionCache } from "./expressions.js";
import type { SourceMap } from "./source-map.js";

/**
 * A box compiled on its own: its JSON (never changed afterwards), source map and findings, with spans counted from
 * the start of the box's first line, so that the same text compiles to the same result wherever it stands.
 */
export interface CompiledBox {
  /** The lines it was compiled from (a copy, not a slice keeping the document's whole text alive). */
  readonly lines: string;
  readonly json: Record<string, unknown>;
  readonly map: SourceMap;
  readonly diagnostics: readonly Diagnostic[];
}

/** The JSON of the boxes CompileCaches keep (see isKeptBox). */
const keptJson = new WeakSet<object>();

/**
 * Whether a box's JSON is one a CompileCache keeps for its document's next version, which may hand it on as it is:
 * what is worked out from such a box (its expressions, its validity) is worth remembering by the box. A box of a
 * file read once (a lint) is never seen again, and remembering each in a WeakMap cost a lint of 1,000 services
 * 5 % (DSL) to 8 % (JSON) of its time: what the entries held outlived young-generation collections, which copied it.
 */
export const isKeptBox = (json: object): boolean => keptJson.has(json);

/**
 * What one version of a DSL document keeps for the next: an editor compiles a file on every keystroke, and an edit
 * nearly always changes one box. The YAML reading (read again only in the entry the edit falls in), each box
 * compiled, by its text, and each expression, by its text and context (ExpressionCache).
 */
export class CompileCache {
  readonly expressions: ExpressionCache;
  /** The previous version's reading, then this version's, once read. */
  reading: FastReading | undefined;
  // By the text of the box's lines, from its key's line to the next box's: all a box's compiling depends on.
  #previous: Map<string, CompiledBox>;
  readonly #boxes = new Map<string, CompiledBox>();

  /** A cache reusing what `previous` (the cache of the document's version before) holds. */
  constructor(previous?: CompileCache) {
    this.expressions = new ExpressionCache(previous?.expressions);
    this.reading = previous?.reading;
    this.#previous = previous ? previous.#boxes : new Map();
  }

  /**
   * The box the previous version compiled from these lines, taken out of it (so that no two places of a service
   * share a value); compiled with `compile` otherwise.
   */
  box(lines: string, compile: () => CompiledBox): CompiledBox {
    let box = this.#previous.get(lines);
    if (box) this.#previous.delete(lines);
    else {
      box = compile();
      keptJson.add(box.json);
    }
    this.#boxes.set(box.lines, box);
    return box;
  }

  /** Lets go of the previous version's entries, of no more use once this version is compiled. */
  settle(): void {
    this.expressions.settle();
    this.#previous = new Map();
  }
}
