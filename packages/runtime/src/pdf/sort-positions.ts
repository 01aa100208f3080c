import { JavaSortContractViolation, javaListSort } from "@mailroom/java";

/**
 * How PDFBox 2.0.27 sorts a page's glyphs for `sortByPosition`: `Collections.sort` (the JDK's TimSort) and, when
 * TimSort finds that the comparator breaks its contract (PDFBox's `TextPositionComparator` is not transitive),
 * PDFBox's own iterative merge sort over the list as TimSort left it. With such a comparator the order depends on the
 * exact comparisons made, so both are reproduced step by step.
 */

type Compare<T> = (a: T, b: T) => number;

/** PDFBox's `IterativeMergeSort`: bottom-up merges of blocks of 1, 2, 4..., the right element first only when less. */
function iterativeMergeSort<T>(a: T[], c: Compare<T>): void {
  const aux = a.slice();
  for (let block = 1; block < a.length; block *= 2) {
    for (let from = 0; from < a.length; from += 2 * block) {
      const mid = from + block;
      if (mid >= a.length) continue;
      const to = Math.min(from + 2 * block, a.length);
      let i = from;
      let j = mid;
      for (let k = from; k < to; k++) {
        if (i === mid) aux[k] = a[j++] as T;
        else if (j === to) aux[k] = a[i++] as T;
        else if (c(a[j] as T, a[i] as T) < 0) aux[k] = a[j++] as T;
        else aux[k] = a[i++] as T;
      }
      for (let k = from; k < to; k++) a[k] = aux[k] as T;
    }
  }
}

/** Sorts in place as `PDFTextStripper.writePage` does: TimSort, else the merge sort over what TimSort left. */
export function sortAsPdfBox<T>(list: T[], compare: Compare<T>): void {
  try {
    javaListSort(list, compare);
  } catch (error) {
    if (!(error instanceof JavaSortContractViolation)) throw error;
    iterativeMergeSort(list, compare);
  }
}
