/**
 * `Collections.sort(list, comparator)` as the JDK 17 does it: TimSort, step by step (runs, binary insertion, the merge
 * stack, galloping), so that a comparator that is not transitive gives the order Java gives, or fails where Java
 * fails. PDFBox sorts a page's glyphs with such a comparator.
 */

/**
 * Thrown where the JDK's TimSort throws `IllegalArgumentException("Comparison method violates its general contract!")`:
 * what the list holds then is what TimSort had made of it.
 */
export class JavaSortContractViolation extends Error {}

type Compare<T> = (a: T, b: T) => number;

const MIN_MERGE = 32;
const MIN_GALLOP = 7;

function reverse<T>(a: T[], lo: number, hi: number): void {
  for (let i = lo, j = hi - 1; i < j; i++, j--) [a[i], a[j]] = [a[j] as T, a[i] as T];
}

/** The length of the run at `lo`, reversed in place when it descends (strictly). */
function ascendingRun<T>(a: T[], lo: number, hi: number, c: Compare<T>): number {
  let end = lo + 1;
  if (end === hi) return 1;
  if (c(a[end++] as T, a[lo] as T) < 0) {
    while (end < hi && c(a[end] as T, a[end - 1] as T) < 0) end++;
    reverse(a, lo, end);
  } else {
    while (end < hi && c(a[end] as T, a[end - 1] as T) >= 0) end++;
  }
  return end - lo;
}

/** Insertion of a[start..hi) into the sorted a[lo..start), each place found by bisection. */
function binarySort<T>(a: T[], lo: number, hi: number, start: number, c: Compare<T>): void {
  for (let i = start === lo ? start + 1 : start; i < hi; i++) {
    const pivot = a[i] as T;
    let left = lo;
    let right = i;
    while (left < right) {
      const mid = (left + right) >>> 1;
      if (c(pivot, a[mid] as T) < 0) right = mid;
      else left = mid + 1;
    }
    a.copyWithin(left + 1, left, i);
    a[left] = pivot;
  }
}

function minRunLength(n: number): number {
  let r = 0;
  while (n >= MIN_MERGE) {
    r |= n & 1;
    n >>= 1;
  }
  return n + r;
}

/** Where `key` goes in the sorted a[base..base+len): before the first element equal to it. */
function gallopLeft<T>(key: T, a: readonly T[], base: number, len: number, hint: number, c: Compare<T>): number {
  let last = 0;
  let offset = 1;
  if (c(key, a[base + hint] as T) > 0) {
    const max = len - hint;
    while (offset < max && c(key, a[base + hint + offset] as T) > 0) {
      last = offset;
      offset = offset * 2 + 1;
    }
    if (offset > max) offset = max;
    last += hint;
    offset += hint;
  } else {
    const max = hint + 1;
    while (offset < max && c(key, a[base + hint - offset] as T) <= 0) {
      last = offset;
      offset = offset * 2 + 1;
    }
    if (offset > max) offset = max;
    [last, offset] = [hint - offset, hint - last];
  }
  last++;
  while (last < offset) {
    const m = last + ((offset - last) >>> 1);
    if (c(key, a[base + m] as T) > 0) last = m + 1;
    else offset = m;
  }
  return offset;
}

/** Where `key` goes in the sorted a[base..base+len): after the last element equal to it. */
function gallopRight<T>(key: T, a: readonly T[], base: number, len: number, hint: number, c: Compare<T>): number {
  let last = 0;
  let offset = 1;
  if (c(key, a[base + hint] as T) < 0) {
    const max = hint + 1;
    while (offset < max && c(key, a[base + hint - offset] as T) < 0) {
      last = offset;
      offset = offset * 2 + 1;
    }
    if (offset > max) offset = max;
    [last, offset] = [hint - offset, hint - last];
  } else {
    const max = len - hint;
    while (offset < max && c(key, a[base + hint + offset] as T) >= 0) {
      last = offset;
      offset = offset * 2 + 1;
    }
    if (offset > max) offset = max;
    last += hint;
    offset += hint;
  }
  last++;
  while (last < offset) {
    const m = last + ((offset - last) >>> 1);
    if (c(key, a[base + m] as T) < 0) offset = m;
    else last = m + 1;
  }
  return offset;
}

class TimSort<T> {
  private minGallop = MIN_GALLOP;
  private readonly bases: number[] = [];
  private readonly lengths: number[] = [];

  constructor(
    private readonly a: T[],
    private readonly c: Compare<T>,
  ) {}

  push(base: number, length: number): void {
    this.bases.push(base);
    this.lengths.push(length);
  }

  /** Merges runs until each is longer than the next two together, and than the next one. */
  collapse(): void {
    const len = this.lengths;
    while (len.length > 1) {
      let n = len.length - 2;
      const at = (i: number) => len[i] ?? 0;
      if ((n > 0 && at(n - 1) <= at(n) + at(n + 1)) || (n > 1 && at(n - 2) <= at(n) + at(n - 1))) {
        if (at(n - 1) < at(n + 1)) n--;
      } else if (at(n) > at(n + 1)) {
        break;
      }
      this.mergeAt(n);
    }
  }

  forceCollapse(): void {
    const len = this.lengths;
    while (len.length > 1) {
      let n = len.length - 2;
      if (n > 0 && (len[n - 1] ?? 0) < (len[n + 1] ?? 0)) n--;
      this.mergeAt(n);
    }
  }

  private mergeAt(i: number): void {
    const { a, c } = this;
    let base1 = this.bases[i] as number;
    let len1 = this.lengths[i] as number;
    const base2 = this.bases[i + 1] as number;
    let len2 = this.lengths[i + 1] as number;
    this.lengths[i] = len1 + len2;
    this.bases.splice(i + 1, 1);
    this.lengths.splice(i + 1, 1);
    const k = gallopRight(a[base2] as T, a, base1, len1, 0, c);
    base1 += k;
    len1 -= k;
    if (len1 === 0) return;
    len2 = gallopLeft(a[base1 + len1 - 1] as T, a, base2, len2, len2 - 1, c);
    if (len2 === 0) return;
    if (len1 <= len2) this.mergeLow(base1, len1, base2, len2);
    else this.mergeHigh(base1, len1, base2, len2);
  }

  /** Merges two adjacent runs, the first (the shorter) copied aside, from the left. */
  private mergeLow(base1: number, len1: number, base2: number, len2: number): void {
    const { a, c } = this;
    const tmp = a.slice(base1, base1 + len1);
    let cursor1 = 0;
    let cursor2 = base2;
    let dest = base1;
    const fromTmp = (count: number) => {
      for (let k = 0; k < count; k++) a[dest + k] = tmp[cursor1 + k] as T;
    };
    a[dest++] = a[cursor2++] as T;
    if (--len2 === 0) {
      fromTmp(len1);
      return;
    }
    if (len1 === 1) {
      a.copyWithin(dest, cursor2, cursor2 + len2);
      a[dest + len2] = tmp[cursor1] as T;
      return;
    }
    let minGallop = this.minGallop;
    outer: while (true) {
      let count1 = 0;
      let count2 = 0;
      do {
        if (c(a[cursor2] as T, tmp[cursor1] as T) < 0) {
          a[dest++] = a[cursor2++] as T;
          count2++;
          count1 = 0;
          if (--len2 === 0) break outer;
        } else {
          a[dest++] = tmp[cursor1++] as T;
          count1++;
          count2 = 0;
          if (--len1 === 1) break outer;
        }
      } while ((count1 | count2) < minGallop);
      do {
        count1 = gallopRight(a[cursor2] as T, tmp, cursor1, len1, 0, c);
        if (count1 !== 0) {
          fromTmp(count1);
          dest += count1;
          cursor1 += count1;
          len1 -= count1;
          if (len1 <= 1) break outer;
        }
        a[dest++] = a[cursor2++] as T;
        if (--len2 === 0) break outer;
        count2 = gallopLeft(tmp[cursor1] as T, a, cursor2, len2, 0, c);
        if (count2 !== 0) {
          a.copyWithin(dest, cursor2, cursor2 + count2);
          dest += count2;
          cursor2 += count2;
          len2 -= count2;
          if (len2 === 0) break outer;
        }
        a[dest++] = tmp[cursor1++] as T;
        if (--len1 === 1) break outer;
        minGallop--;
      } while (count1 >= MIN_GALLOP || count2 >= MIN_GALLOP);
      if (minGallop < 0) minGallop = 0;
      minGallop += 2;
    }
    this.minGallop = minGallop < 1 ? 1 : minGallop;
    if (len1 === 1) {
      a.copyWithin(dest, cursor2, cursor2 + len2);
      a[dest + len2] = tmp[cursor1] as T;
    } else if (len1 === 0) {
      throw new JavaSortContractViolation();
    } else {
      fromTmp(len1);
    }
  }

  /** Merges two adjacent runs, the second (the shorter) copied aside, from the right. */
  private mergeHigh(base1: number, len1: number, base2: number, len2: number): void {
    const { a, c } = this;
    const tmp = a.slice(base2, base2 + len2);
    let cursor1 = base1 + len1 - 1;
    let cursor2 = len2 - 1;
    let dest = base2 + len2 - 1;
    const fromTmp = (from: number, to: number, count: number) => {
      for (let k = 0; k < count; k++) a[to + k] = tmp[from + k] as T;
    };
    a[dest--] = a[cursor1--] as T;
    if (--len1 === 0) {
      fromTmp(0, dest - (len2 - 1), len2);
      return;
    }
    if (len2 === 1) {
      dest -= len1;
      cursor1 -= len1;
      a.copyWithin(dest + 1, cursor1 + 1, cursor1 + 1 + len1);
      a[dest] = tmp[cursor2] as T;
      return;
    }
    let minGallop = this.minGallop;
    outer: while (true) {
      let count1 = 0;
      let count2 = 0;
      do {
        if (c(tmp[cursor2] as T, a[cursor1] as T) < 0) {
          a[dest--] = a[cursor1--] as T;
          count1++;
          count2 = 0;
          if (--len1 === 0) break outer;
        } else {
          a[dest--] = tmp[cursor2--] as T;
          count2++;
          count1 = 0;
          if (--len2 === 1) break outer;
        }
      } while ((count1 | count2) < minGallop);
      do {
        count1 = len1 - gallopRight(tmp[cursor2] as T, a, base1, len1, len1 - 1, c);
        if (count1 !== 0) {
          dest -= count1;
          cursor1 -= count1;
          len1 -= count1;
          a.copyWithin(dest + 1, cursor1 + 1, cursor1 + 1 + count1);
          if (len1 === 0) break outer;
        }
        a[dest--] = tmp[cursor2--] as T;
        if (--len2 === 1) break outer;
        count2 = len2 - gallopLeft(a[cursor1] as T, tmp, 0, len2, len2 - 1, c);
        if (count2 !== 0) {
          dest -= count2;
          cursor2 -= count2;
          len2 -= count2;
          fromTmp(cursor2 + 1, dest + 1, count2);
          if (len2 <= 1) break outer;
        }
        a[dest--] = a[cursor1--] as T;
        if (--len1 === 0) break outer;
        minGallop--;
      } while (count1 >= MIN_GALLOP || count2 >= MIN_GALLOP);
      if (minGallop < 0) minGallop = 0;
      minGallop += 2;
    }
    this.minGallop = minGallop < 1 ? 1 : minGallop;
    if (len2 === 1) {
      dest -= len1;
      cursor1 -= len1;
      a.copyWithin(dest + 1, cursor1 + 1, cursor1 + 1 + len1);
      a[dest] = tmp[cursor2] as T;
    } else if (len2 === 0) {
      throw new JavaSortContractViolation();
    } else {
      fromTmp(0, dest - (len2 - 1), len2);
    }
  }
}

/** `List.sort` / `Collections.sort` with a comparator: the JDK's `TimSort.sort` over the whole array, in place. */
export function javaListSort<T>(a: T[], c: Compare<T>): void {
  let remaining = a.length;
  if (remaining < 2) return;
  let lo = 0;
  if (remaining < MIN_MERGE) {
    binarySort(a, 0, a.length, ascendingRun(a, 0, a.length, c), c);
    return;
  }
  const sort = new TimSort(a, c);
  const minRun = minRunLength(remaining);
  do {
    let run = ascendingRun(a, lo, a.length, c);
    if (run < minRun) {
      const force = remaining <= minRun ? remaining : minRun;
      binarySort(a, lo, lo + force, lo + run, c);
      run = force;
    }
    sort.push(lo, run);
    sort.collapse();
    lo += run;
    remaining -= run;
  } while (remaining !== 0);
  sort.forceCollapse();
}
