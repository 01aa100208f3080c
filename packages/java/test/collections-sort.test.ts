import { JavaSortContractViolation, javaListSort } from "@mailroom/java";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("javaListSort", () => {
  it("sorts stably, as Collections.sort promises, through runs, merges and galloping", () => {
    // Lengths past 32 (TimSort's smallest merged run) and long runs of equal keys, where galloping starts.
    const lists = fc.array(fc.record({ key: fc.integer({ min: 0, max: 20 }), id: fc.nat() }), { maxLength: 600 });
    fc.assert(
      fc.property(lists, (list) => {
        const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
        const ours = [...list];
        javaListSort(ours, byKey);
        expect(ours).toEqual([...list].sort(byKey));
      }),
      { seed: 25, numRuns: 300 },
    );
  });

  // What JDK 17.0.15 gives for these lists of (i * 37) % n, from Collections.sort(list, comparator) in jshell.
  it.each([
    [100, [63, 26, 89, 52, 15]],
    [1000, [963, 926, 889, 852, 815]],
    [5000, [4963, 4926, 4889, 4852, 4815]],
  ])("orders a list of %i as the JDK does with a comparator that breaks its contract", (n, first) => {
    const list = Array.from({ length: n }, (_, i) => (i * 37) % n);
    javaListSort(list, () => -1);
    expect(list.slice(0, 5)).toEqual(first);
  });

  it.each([100, 1000, 5000])("fails on a list of %i where the JDK throws IllegalArgumentException", (n) => {
    const list = Array.from({ length: n }, (_, i) => (i * 37) % n);
    expect(() => javaListSort(list, (x, y) => ((x * 7 + y * 13) % 3) - 1)).toThrow(JavaSortContractViolation);
  });
});
