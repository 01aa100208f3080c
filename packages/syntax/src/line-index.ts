/** 1-based line and column; columns count UTF-16 code units, as editors and LSP do. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/**
 * Maps offsets to lines and columns. Built once per text in one linear pass; each lookup is a binary search,
 * so printing many diagnostics stays O(n log n).
 */
export class LineIndex {
  readonly #starts: number[] = [0];

  constructor(readonly text: string) {
    // Without carriage returns, the common case, `indexOf` finds the line ends faster than a loop over characters.
    if (!text.includes("\r")) {
      for (let lf = text.indexOf("\n"); lf >= 0; lf = text.indexOf("\n", lf + 1)) this.#starts.push(lf + 1);
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.#starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.#starts.push(i + 1);
      }
    }
  }

  get lineCount(): number {
    return this.#starts.length;
  }

  position(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.#starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      // biome-ignore lint/style/noNonNullAssertion: mid is within bounds.
      if (this.#starts[mid]! <= clamped) low = mid;
      else high = mid - 1;
    }
    // biome-ignore lint/style/noNonNullAssertion: low is within bounds.
    return { line: low + 1, column: clamped - this.#starts[low]! + 1 };
  }

  /** Offset of a 1-based line and column, clamped to the text. */
  offset(position: Position): number {
    const start = this.#starts[Math.max(0, Math.min(position.line - 1, this.#starts.length - 1))] ?? 0;
    return Math.min(start + Math.max(0, position.column - 1), this.text.length);
  }

  /** The text of a 1-based line, without its terminator. */
  lineText(line: number): string {
    const start = this.#starts[line - 1] ?? this.text.length;
    const next = this.#starts[line];
    const end = next === undefined ? this.text.length : next;
    return this.text.slice(start, end).replace(/\r?\n$|\r$/, "");
  }
}
