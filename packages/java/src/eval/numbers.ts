import type { Evaluated } from "./evaluated.js";

/*
 * Numbers in texts, as the service compares and reads them. The API does not say how: the choice here is Java's
 * `new BigDecimal(text)` for comparisons (exact decimals, so "1.0" equals "1" and nothing is rounded) and
 * `Long.parseLong(text)` for epoch milliseconds, both refusing what they refuse (spaces, "1,5", "") rather than
 * guessing a value.
 */

// BigDecimal's grammar: a sign, digits with an optional point (at least one digit), an optional exponent.
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

interface Decimal {
  readonly negative: boolean;
  /** The digits without leading or trailing zeros ("" for zero). */
  readonly digits: string;
  /** The power of ten of the first digit, counted so that 0.d1d2... x 10^exponent is the number. */
  readonly exponent: number;
}

function decimal(text: string): Decimal | undefined {
  const match = DECIMAL.exec(text);
  const whole = match?.[2] ?? "";
  const fraction = match?.[3] ?? "";
  if (!match || whole.length + fraction.length === 0) return undefined;
  const all = whole + fraction;
  const first = all.search(/[1-9]/);
  if (first < 0) return { negative: false, digits: "", exponent: 0 };
  const digits = all.slice(first).replace(/0+$/, "");
  return { negative: match[1] === "-", digits, exponent: whole.length - first + Number(match[4] ?? 0) };
}

/** The order of two numbers written as texts: -1, 0 or 1; a text that is not a number is a problem. */
export function javaCompareNumbers(left: string, right: string): Evaluated<number> {
  const a = decimal(left);
  const b = decimal(right);
  const bad = a === undefined ? left : b === undefined ? right : undefined;
  if (a === undefined || b === undefined) {
    return { ok: false, problem: `"${bad}" is not a number (Java's BigDecimal reads digits, a point and an exponent)` };
  }
  const sign = (d: Decimal) => (d.digits === "" ? 0 : d.negative ? -1 : 1);
  if (sign(a) !== sign(b)) return { ok: true, value: Math.sign(sign(a) - sign(b)) };
  if (sign(a) === 0) return { ok: true, value: 0 };
  let order = Math.sign(a.exponent - b.exponent);
  if (order === 0) {
    const length = Math.max(a.digits.length, b.digits.length);
    const x = a.digits.padEnd(length, "0");
    const y = b.digits.padEnd(length, "0");
    order = x < y ? -1 : x > y ? 1 : 0;
  }
  return { ok: true, value: order !== 0 && a.negative ? -order : order };
}

/** `Long.parseLong`: an optional sign and decimal digits, within 64 bits (exact in JavaScript up to 2^53). */
export function javaParseLong(text: string): Evaluated<number> {
  if (!/^[+-]?\d+$/.test(text)) {
    return { ok: false, problem: `"${text}" is not a whole number (Long.parseLong reads an optional sign and digits)` };
  }
  const value = BigInt(text);
  if (value > 9223372036854775807n || value < -9223372036854775808n) {
    return { ok: false, problem: `"${text}" is out of the range of a Java long` };
  }
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    return { ok: false, problem: `"${text}" is beyond the integers mailroom computes exactly (2^53)` };
  }
  return { ok: true, value: Number(value) };
}
