import { unzlibSync } from "fflate";
import { byteString } from "./byte-string.js";

/**
 * A reader of a PDF's objects, for the few values of font dictionaries that PDFBox's text extraction uses and pdf.js
 * does not report (a font descriptor's cap height, ascent and descent, whether a font has a ToUnicode map, its
 * widths as written). It finds objects by scanning for "n g obj" and reading object streams, a later definition
 * replacing an earlier one (incremental updates), so that a damaged cross-reference table does not matter; streams
 * other than object streams are never decoded.
 */

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

export type PdfValue = number | boolean | null | string | PdfName | PdfRef | PdfValue[] | PdfDict;

export type PdfDict = Map<string, PdfValue>;

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;

/** Parses objects from `text` (bytes as Latin-1 characters). */
class Parser {
  position: number;

  constructor(
    private readonly text: string,
    start: number,
  ) {
    this.position = start;
  }

  private skipWhite(): void {
    const t = this.text;
    while (this.position < t.length) {
      const c = t.charCodeAt(this.position);
      if (isWhite(c)) this.position++;
      else if (c === 0x25)
        while (this.position < t.length && !/[\r\n]/.test(t[this.position] as string)) this.position++;
      else break;
    }
  }

  private token(): string {
    const t = this.text;
    const start = this.position;
    while (this.position < t.length) {
      const c = t.charCodeAt(this.position);
      if (isWhite(c) || isDelimiter(c)) break;
      this.position++;
    }
    return t.slice(start, this.position);
  }

  /** The next value, `n g R` read as a reference; undefined at the end or at a keyword such as "endobj". */
  value(): PdfValue | undefined {
    this.skipWhite();
    const t = this.text;
    const c = t[this.position];
    if (c === undefined) return undefined;
    if (c === "/") {
      this.position++;
      return new PdfName(
        this.token().replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      );
    }
    if (c === "[") {
      this.position++;
      const array: PdfValue[] = [];
      for (;;) {
        this.skipWhite();
        if (t[this.position] === "]") {
          this.position++;
          return array;
        }
        const item = this.value();
        if (item === undefined) return array;
        array.push(item);
      }
    }
    if (c === "<" && t[this.position + 1] === "<") {
      this.position += 2;
      const dict: PdfDict = new Map();
      for (;;) {
        this.skipWhite();
        if (t.startsWith(">>", this.position)) {
          this.position += 2;
          return dict;
        }
        const key = this.value();
        if (!(key instanceof PdfName)) return dict;
        const item = this.value();
        if (item === undefined) return dict;
        dict.set(key.name, item);
      }
    }
    if (c === "<") {
      const end = t.indexOf(">", this.position);
      const hex = t.slice(this.position + 1, end < 0 ? t.length : end).replace(/[^0-9a-fA-F]/g, "");
      this.position = end < 0 ? t.length : end + 1;
      let s = "";
      for (let i = 0; i < hex.length; i += 2)
        s += String.fromCharCode(Number.parseInt(hex.slice(i, i + 2).padEnd(2, "0"), 16));
      return s;
    }
    if (c === "(") return this.literal();
    if (c === "]" || c === ">" || c === ")" || c === "{" || c === "}") {
      this.position++;
      return this.value();
    }
    const word = this.token();
    if (word === "") {
      this.position++;
      return this.value();
    }
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      const number = Number(word);
      // An integer followed by another and R is a reference.
      if (/^\d+$/.test(word)) {
        const back = this.position;
        const match = /^\s+(\d+)\s+R(?![^\s/<>[\]()%{}])/.exec(t.slice(this.position, this.position + 24));
        if (match) {
          this.position += match[0].length;
          return new PdfRef(number, Number(match[1]));
        }
        this.position = back;
      }
      return number;
    }
    return undefined;
  }

  private literal(): string {
    const t = this.text;
    let depth = 0;
    let s = "";
    while (this.position < t.length) {
      const c = t[this.position++] as string;
      if (c === "(") {
        if (depth++ > 0) s += c;
      } else if (c === ")") {
        if (--depth === 0) return s;
        s += c;
      } else if (c === "\\") {
        const n = t[this.position++] ?? "";
        const escapes: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
        if (/[0-7]/.test(n)) {
          let octal = n;
          while (octal.length < 3 && /[0-7]/.test(t[this.position] ?? "")) octal += t[this.position++];
          s += String.fromCharCode(Number.parseInt(octal, 8) & 0xff);
        } else if (n === "\r") {
          if (t[this.position] === "\n") this.position++;
        } else if (n !== "\n") {
          s += escapes[n] ?? n;
        }
      } else {
        s += c;
      }
    }
    return s;
  }
}

/** Where an object is: at an offset of the file, or the i-th of an object stream. */
type Location = { readonly offset: number } | { readonly stream: number; readonly index: number };

export class PdfObjects {
  private readonly text: string;
  private readonly locations = new Map<number, Location>();
  private readonly cache = new Map<number, PdfValue>();
  private readonly streams = new Map<number, { text: string; offsets: number[]; numbers: number[] }>();
  /** The objects defined in the file, in file order: where each starts and its number. */
  private readonly headers: { offset: number; num: number }[] = [];

  constructor(bytes: Uint8Array) {
    this.text = byteString(bytes);
    const header = /(\d+)\s+(\d+)\s+obj\b/g;
    const objectStreams: number[] = [];
    for (let match = header.exec(this.text); match; match = header.exec(this.text)) {
      const num = Number(match[1]);
      this.locations.set(num, { offset: header.lastIndex });
      this.headers.push({ offset: header.lastIndex, num });
      if (/^\s*<<[\s\S]{0,200}?\/Type\s*\/ObjStm\b/.test(this.text.slice(header.lastIndex, header.lastIndex + 256))) {
        objectStreams.push(num);
      }
    }
    // The objects of each object stream, unless the file defines them again after it.
    for (const num of objectStreams) {
      const stream = this.objectStream(num);
      const at = (this.locations.get(num) as { offset: number }).offset;
      stream?.numbers.forEach((contained, index) => {
        const known = this.locations.get(contained);
        if (!known || ("offset" in known && known.offset < at)) this.locations.set(contained, { stream: num, index });
      });
    }
  }

  /** Object number `num` (references inside it unresolved), or undefined. */
  get(num: number): PdfValue | undefined {
    if (this.cache.has(num)) return this.cache.get(num);
    const location = this.locations.get(num);
    let value: PdfValue | undefined;
    if (location && "offset" in location) {
      value = new Parser(this.text, location.offset).value();
    } else if (location) {
      const stream = this.streams.get(location.stream);
      const offset = stream?.offsets[location.index];
      if (stream && offset !== undefined) value = new Parser(stream.text, offset).value();
    }
    this.cache.set(num, value ?? null);
    return value;
  }

  /** A value with its reference followed, if it is one. */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    return value instanceof PdfRef ? this.get(value.num) : value;
  }

  /**
   * The numbers of the objects whose text has a match of `pattern` (a global expression), each once: a cheap way
   * to find the few objects of a kind without parsing them all.
   */
  containing(pattern: RegExp): number[] {
    const found = new Set<number>();
    const enclosing = (offsets: readonly number[], at: number) => {
      let low = 0;
      let high = offsets.length - 1;
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if ((offsets[mid] ?? 0) <= at) low = mid;
        else high = mid - 1;
      }
      return low;
    };
    const fileOffsets = this.headers.map((h) => h.offset);
    for (const match of this.text.matchAll(pattern)) {
      const header = this.headers[enclosing(fileOffsets, match.index)];
      const location = header && this.locations.get(header.num);
      if (header && location && "offset" in location && location.offset === header.offset) found.add(header.num);
    }
    for (const [stream, { text, offsets, numbers }] of this.streams) {
      for (const match of text.matchAll(pattern)) {
        const index = enclosing(offsets, match.index);
        const num = numbers[index];
        const location = num === undefined ? undefined : this.locations.get(num);
        if (num !== undefined && location && "stream" in location && location.stream === stream) found.add(num);
      }
    }
    return [...found];
  }

  /** The data of stream object `num`, decoded when it is not filtered or Flate-encoded without predictor. */
  stream(num: number): Uint8Array | undefined {
    const location = this.locations.get(num);
    if (!location || !("offset" in location)) return undefined;
    const parser = new Parser(this.text, location.offset);
    const dict = parser.value();
    if (!(dict instanceof Map)) return undefined;
    const start = /^\s*stream\r?\n/.exec(this.text.slice(parser.position, parser.position + 16));
    const length = this.resolve(dict.get("Length"));
    if (!start || typeof length !== "number") return undefined;
    const from = parser.position + start[0].length;
    const raw = Uint8Array.from(this.text.slice(from, from + length), (c) => c.charCodeAt(0));
    const filter = this.resolve(dict.get("Filter"));
    const filters = Array.isArray(filter) ? filter.map((f) => this.resolve(f)) : filter === undefined ? [] : [filter];
    if (filters.length === 0) return raw;
    if (filters.length > 1 || !(filters[0] instanceof PdfName) || filters[0].name !== "FlateDecode") return undefined;
    if (dict.has("DecodeParms")) return undefined;
    try {
      return unzlibSync(raw);
    } catch {
      return undefined;
    }
  }

  private objectStream(num: number): { numbers: number[] } | undefined {
    const dict = this.get(num);
    const first = dict instanceof Map ? dict.get("First") : undefined;
    const data = this.stream(num);
    if (!data || typeof first !== "number") return undefined;
    const text = byteString(data);
    const pairs = text.slice(0, first).trim().split(/\s+/).map(Number);
    const numbers: number[] = [];
    const offsets: number[] = [];
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      numbers.push(pairs[i] as number);
      offsets.push(first + (pairs[i + 1] as number));
    }
    this.streams.set(num, { text, offsets, numbers });
    return { numbers };
  }
}
