import { format as formatText, layoutJson } from "@mailroom/format";
import type { TextEdit } from "@mailroom/syntax";
import type { ParsedDocument } from "./document.js";

/** Beyond this many differing lines, the changed middle of the file is replaced as one edit. */
const MAX_DIFFERENCES = 1000;

/**
 * The edits that give a DSL file the `fmt` layout, and a JSON file the compiler's: a line diff between the text
 * and its formatted text, so that unchanged lines (and the editor's marks on them) stay. None for a file `fmt`
 * leaves as it is (syntax errors, `# mailroom-fmt-disable`), nor for JSON that is not well formed.
 */
export function format(document: ParsedDocument): TextEdit[] {
  if (document.source.format === "json") {
    const text = document.source.wellFormed ? layoutJson(document.text) : document.text;
    return text === document.text ? [] : lineEdits(document.text, text);
  }
  const result = formatText(document.text);
  if (result.disabled || result.diagnostics.length > 0 || result.text === document.text) return [];
  return lineEdits(document.text, result.text);
}

/** Lines with their terminators, so that joining them gives the text back. */
const split = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** Edits turning `before` into `after`, each replacing a run of lines. */
export function lineEdits(before: string, after: string): TextEdit[] {
  const a = split(before);
  const b = split(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const offsets = [0];
  for (const line of a) offsets.push((offsets.at(-1) as number) + line.length);
  const hunks = diff(a.slice(head, a.length - tail), b.slice(head, b.length - tail)) ?? [
    { a: 0, aLength: a.length - head - tail, b: 0, bLength: b.length - head - tail },
  ];
  return hunks.map((h) => {
    const start = offsets[head + h.a] as number;
    const end = offsets[head + h.a + h.aLength] as number;
    const newText = b.slice(head + h.b, head + h.b + h.bLength).join("");
    return { span: { offset: start, length: end - start }, newText };
  });
}

interface Hunk {
  readonly a: number;
  readonly aLength: number;
  readonly b: number;
  readonly bLength: number;
}

/**
 * Myers' O(ND) diff of two line lists: the runs of lines of `a` replaced by runs of `b`, in order; undefined
 * when more than MAX_DIFFERENCES lines differ (the caller then replaces the whole range).
 */
function diff(a: readonly string[], b: readonly string[]): Hunk[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_DIFFERENCES);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number));
      let x = down ? (v[offset + k + 1] as number) : (v[offset + k - 1] as number) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    v = next;
  }
  if (found < 0) return undefined;
  // Walk back from the end, collecting the single-line steps, then merge adjacent ones into hunks.
  const steps: { a: number; b: number; kind: "delete" | "insert" }[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const previous = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (previous[offset + k - 1] as number) < (previous[offset + k + 1] as number));
    const prevK = down ? k + 1 : k - 1;
    const prevX = previous[offset + prevK] as number;
    const prevY = prevX - prevK;
    while (x > (down ? prevX : prevX + 1) && y > (down ? prevY + 1 : prevY)) {
      x--;
      y--;
    }
    if (down) steps.push({ a: prevX, b: prevY, kind: "insert" });
    else steps.push({ a: prevX, b: prevY, kind: "delete" });
    x = prevX;
    y = prevY;
  }
  steps.reverse();
  const hunks: { a: number; aLength: number; b: number; bLength: number }[] = [];
  for (const step of steps) {
    const last = hunks.at(-1);
    const contiguous = last && last.a + last.aLength === step.a && last.b + last.bLength === step.b;
    const hunk = contiguous ? last : { a: step.a, aLength: 0, b: step.b, bLength: 0 };
    if (!contiguous) hunks.push(hunk);
    if (step.kind === "delete") hunk.aLength++;
    else hunk.bLength++;
  }
  return hunks;
}
