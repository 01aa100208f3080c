/**
 * What an argument must be written as:
 * - `value`: any value expression; `values`: any number of them (the rest of the positional arguments);
 * - `integer`, `string`: a literal of that kind; `pattern`: a regex literal `/.../` or a string;
 * - `name`: a bare name or a string (a box name); `nullableString`: a string or `null`;
 * - `flag`: the bare name alone means true, `name=true|false` sets it explicitly;
 * - `boolean`: `name=true|false`; `area`: `[left, top, width, height]`; `params`: `{key="text", ...}`.
 */
export type ParameterKind =
  | "value"
  | "values"
  | "integer"
  | "string"
  | "pattern"
  | "name"
  | "nullableString"
  | "flag"
  | "boolean"
  | "area"
  | "params";

export interface ParameterSpec {
  readonly name: string;
  readonly kind: ParameterKind;
  readonly required: boolean;
  /** Whether the argument may be given by position; flags and box targets are always given by name. */
  readonly positional: boolean;
  readonly doc: string;
  /** The JSON field the argument fills, when it is not the parameter's own name. */
  readonly field?: string;
}

type Field = { readonly field?: string };

/** A value argument, required and positional: the text a function works on, fed in by a pipe when first. */
export const text = (doc: string, name = "text", field = "expr"): ParameterSpec => ({
  name,
  kind: "value",
  required: true,
  positional: true,
  doc,
  field,
});

export const required = (name: string, kind: ParameterKind, doc: string, more: Field = {}): ParameterSpec => ({
  name,
  kind,
  required: true,
  positional: true,
  doc,
  ...more,
});

/** An optional argument; a flag is given bare or by name, never by position. */
export const optional = (name: string, kind: ParameterKind, doc: string, more: Field = {}): ParameterSpec => ({
  name,
  kind,
  required: false,
  positional: kind !== "flag",
  doc,
  ...more,
});

/** A Java regular expression. */
export const regexPattern = (): ParameterSpec =>
  required("pattern", "pattern", "Java regular expression, as /.../ or a string.", { field: "regExpPattern" });

/** Any number of values, the rest of the positional arguments. */
export const rest = (doc: string): ParameterSpec => ({
  name: "values",
  kind: "values",
  required: false,
  positional: true,
  doc,
  field: "operands",
});

const named = (name: string, kind: ParameterKind, doc: string, field: string): ParameterSpec => ({
  name,
  kind,
  required: false,
  positional: false,
  doc,
  field,
});

/** The box an expression reads; without one, the box whose metadata holds the expression. */
export const TARGET_PARAMETERS: readonly ParameterSpec[] = [
  named(
    "box",
    "name",
    'Read the file of this box instead of the current one (JSON `"fromMain": false, "boxName": NAME`).',
    "boxName",
  ),
  named("main", "flag", 'Read the file of the MAIN box (JSON `"fromMain": true`).', "fromMain"),
  named("fromMain", "boolean", "Raw `fromMain` field, for combinations the short forms do not cover.", "fromMain"),
  named(
    "boxName",
    "nullableString",
    "Raw `boxName` field (a string or `null`); `fromMain` is false unless given.",
    "boxName",
  ),
];

/** An LSP snippet tab stop: `${1:placeholder}`. */
export const tab = (index: number, placeholder: string) => `\${${index}:${placeholder}}`;
