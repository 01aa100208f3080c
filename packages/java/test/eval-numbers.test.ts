import { javaCompareNumbers, javaParseLong } from "@mailroom/java";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const order = (a: string, b: string) => {
  const result = javaCompareNumbers(a, b);
  return result.ok ? result.value : result.problem;
};

describe("numbers compared as BigDecimal.compareTo compares them", () => {
  it("compares exact decimals, whatever their scale or exponent", () => {
    expect(order("1.0", "1")).toBe(0);
    expect(order("1234.50", "1234.5")).toBe(0);
    expect(order("-0", "0.000")).toBe(0);
    expect(order("1e3", "999.999")).toBe(1);
    expect(order("1E-2", "0.01")).toBe(0);
    expect(order("-2", "-10")).toBe(1);
    expect(order("+7", "007")).toBe(0);
    expect(order(".5", "0.49999999999999999999")).toBe(1);
    expect(order("1.", "1")).toBe(0);
    expect(order("12345678901234567890.1", "12345678901234567890")).toBe(1);
  });

  it("refuses what BigDecimal refuses", () => {
    for (const text of ["", " 1", "1 ", "1,5", ".", "e5", "1e", "0x10", "1_000", "NaN", "Infinity", "--1"]) {
      expect(order(text, "1"), JSON.stringify(text)).toMatch(/is not a number/);
    }
  });

  it("agrees with the numbers' order where doubles are exact", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.nat(3),
        (a, b, scale) => {
          const text = (n: number) => (n / 10 ** scale).toFixed(scale);
          expect(order(text(a), text(b))).toBe(Math.sign(a - b));
        },
      ),
    );
  });
});

describe("epoch milliseconds read as Long.parseLong reads them", () => {
  it("reads a sign and digits, within what is computed exactly", () => {
    expect(javaParseLong("1710496800000")).toEqual({ ok: true, value: 1710496800000 });
    expect(javaParseLong("-42")).toEqual({ ok: true, value: -42 });
    expect(javaParseLong("+0")).toEqual({ ok: true, value: 0 });
    expect(javaParseLong("1.5")).toMatchObject({ ok: false, problem: expect.stringContaining("not a whole number") });
    expect(javaParseLong("")).toMatchObject({ ok: false });
    expect(javaParseLong("9223372036854775808")).toMatchObject({ ok: false, problem: expect.stringContaining("long") });
    expect(javaParseLong("9007199254740993")).toMatchObject({ ok: false, problem: expect.stringContaining("2^53") });
  });
});
