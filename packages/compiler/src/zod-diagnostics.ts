import { type Diagnostic, nearest, type PathSegment, quotedList, type Span } from "@mailroom/syntax";
import type * as z from "zod";
import { isRequiredKey, knownKeys, schemaAt } from "./schema-walk.js";
import type { Location } from "./source.js";

type Json = Record<PathSegment, unknown>;

const valueAt = (root: unknown, path: readonly PathSegment[]): unknown =>
  path.reduce<unknown>((value, segment) => (value as Json | null | undefined)?.[segment], root);

/** A value as messages show it: `the string "3"`, `the number 3`, `an object`. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
    case "number":
    case "boolean":
      return String(value);
    case "object":
      return "an object";
    default:
      return "nothing";
  }
}

/** How messages name the object at a path: `box.PDF "invoices"`, `exv.PdfText`, `"reconcile"`, `"boxes[2]"`. */
function ownerName(root: unknown, path: readonly PathSegment[]): string {
  if (path.length === 0) return "the service";
  const value = valueAt(root, path) as Json | undefined;
  const type = typeof value?.["@type"] === "string" ? (value["@type"] as string) : undefined;
  const name = typeof value?.name === "string" ? ` ${JSON.stringify(value.name)}` : "";
  if (type) return `${type}${name}`;
  const last = path.at(-1);
  if (typeof last === "number") {
    const key = path.at(-2);
    const kind = key === "metadatas" ? "metadata" : key === "channels" ? "channel" : undefined;
    const label = typeof value?.label === "string" ? ` ${JSON.stringify(value.label)}` : "";
    return kind && (name || label) ? `${kind}${name || label}` : `"${String(key)}[${last}]"`;
  }
  return `"${last}"`;
}

/** How messages name the value at a path: `"minElements" in box.PDF "letters"`, or `"boxes[2]"` for an item. */
function subject(root: unknown, path: readonly PathSegment[]): string {
  const last = path.at(-1);
  if (typeof last === "number") return `"${String(path.at(-2))}[${last}]"`;
  return `"${String(last ?? "service")}" in ${ownerName(root, path.slice(0, -1))}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  object: "an object",
  array: "an array",
  record: "an object",
  null: "null",
};

/** What a schema expects, in words: `an integer`, `a BooleanExpression object`, `one of "A" or "B"`. */
function expectation(schema: z.ZodType | undefined): string {
  if (!schema) return "a value";
  const def = schema._zod.def as z.core.$ZodTypeDef & {
    innerType?: z.ZodType;
    values?: unknown[];
    entries?: Record<string, unknown>;
  };
  switch (def.type) {
    case "optional":
    case "default":
    case "prefault":
      return def.innerType ? expectation(def.innerType) : "a value";
    case "nullable":
      return `${expectation(def.innerType)} or null`;
    case "enum":
      return `one of ${quotedList(Object.values(def.entries ?? {}).map(String))}`;
    case "literal":
      return (def.values ?? []).map((v) => JSON.stringify(v)).join(" or ");
    case "union":
    case "object": {
      const id = registeredId(schema);
      return id ? `${/^[AEIOU]/.test(id) ? "an" : "a"} ${id} object` : "an object";
    }
    case "number":
      return (schema as z.ZodNumber).isInt ? "an integer" : "a number";
    default:
      return TYPE_WORDS[def.type] ?? `a ${def.type}`;
  }
}

/** The id a schema was registered under; a described copy inherits its original's. */
function registeredId(schema: z.ZodType): string | undefined {
  for (let s: z.ZodType | undefined = schema; s; s = (s._zod as { parent?: z.ZodType }).parent) {
    const id = (s.meta() as { id?: string } | undefined)?.id;
    if (id) return id;
  }
  return undefined;
}

/**
 * A plain union (a count or a range, a map or a list) fails as a whole, with each branch's own issues inside.
 * When exactly one branch takes values of the JSON kind given, its issues are the real problems: report those,
 * at their own paths, rather than one vague "wrong type" for the union.
 */
function intoFittingBranches(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== "invalid_union" || (issue as { discriminator?: string }).discriminator !== undefined) {
      return [issue];
    }
    const fitting = issue.errors.filter(
      (branch) => !branch.some((inner) => inner.code === "invalid_type" && inner.path.length === 0),
    );
    const [only] = fitting;
    if (fitting.length !== 1 || !only) return [issue];
    return intoFittingBranches(only.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })));
  });
}

interface Found {
  readonly code: string;
  readonly severity: Diagnostic["severity"];
  readonly message: string;
  readonly span: Span;
}

/**
 * Validates a value against a zod schema and turns each issue into one located, human message. Messages are
 * built here rather than taken from zod so that each names the field, its owner, what was found and what was
 * expected; a misspelt key that stands for a missing required field is reported once, at the misspelling.
 * Serves the JSON model (services) and the DSL's own structure alike.
 */
export function diagnoseAgainst(
  schema: z.ZodType,
  root: unknown,
  locate: (path: readonly PathSegment[]) => Location,
): Diagnostic[] {
  const result = schema.safeParse(root);
  if (result.success) return [];

  const at = locate;
  const valueSpan = (path: readonly PathSegment[]) => at(path).span;
  const keyOrStart = (path: readonly PathSegment[]): Span => {
    const location = at(path);
    return location.keySpan ?? { offset: location.span.offset, length: 1 };
  };

  // Required fields reported missing, per owner path, so a misspelling of one can take its place.
  const missing = new Map<string, Set<string>>();
  for (const issue of result.error.issues) {
    if (issue.code === "invalid_type" && valueAt(root, issue.path as PathSegment[]) === undefined) {
      const owner = JSON.stringify(issue.path.slice(0, -1));
      const keys = missing.get(owner) ?? new Set();
      keys.add(String(issue.path.at(-1)));
      missing.set(owner, keys);
    }
  }
  const replacedByTypo = new Set<string>();
  const found: Found[] = [];

  // Unknown keys first: a misspelling that stands for a missing required field takes that field's report.
  const all = intoFittingBranches(result.error.issues);
  const issues = [
    ...all.filter((issue) => issue.code === "unrecognized_keys"),
    ...all.filter((issue) => issue.code !== "unrecognized_keys"),
  ];
  for (const issue of issues) {
    const path = issue.path as PathSegment[];
    const actual = valueAt(root, path);
    const discriminated = (issue as { discriminator?: string }).discriminator !== undefined;
    if (actual === undefined && path.length > 0 && issue.code !== "unrecognized_keys" && !discriminated) {
      // Whatever the schema of a field (an enum, a union...), its absence is one problem: it is missing.
      const owner = path.slice(0, -1);
      const key = String(path.at(-1));
      if (replacedByTypo.has(JSON.stringify([...owner, key]))) continue;
      const custom = issue.message.startsWith("expected ") ? issue.message : undefined;
      found.push({
        code: "missing-field",
        severity: "error",
        message: `Missing field "${key}" in ${ownerName(root, owner)}; ${custom ?? `expected ${expectation(schemaAt(schema, root, path))}`}.`,
        span: keyOrStart(owner),
      });
      continue;
    }
    switch (issue.code) {
      case "invalid_type": {
        const field = schemaAt(schema, root, path);
        found.push({
          code: "wrong-type",
          severity: "error",
          message: `${subject(root, path)} is ${describeValue(actual)}; expected ${expectation(field)}.`,
          span: valueSpan(path),
        });
        break;
      }
      case "unrecognized_keys": {
        const ownerSchema = schemaAt(schema, root, path);
        const keys = knownKeys(ownerSchema);
        const present = new Set(Object.keys((actual as object) ?? {}));
        const absent = missing.get(JSON.stringify(path)) ?? new Set<string>();
        for (const key of issue.keys) {
          const location = at([...path, key]);
          const keySpan = location.keySpan ?? location.span;
          const suggestion = nearest(
            key,
            keys.filter((k) => !present.has(k)),
          );
          if (suggestion && absent.has(suggestion) && isRequiredKey(ownerSchema, suggestion)) {
            replacedByTypo.add(JSON.stringify([...path, suggestion]));
            found.push({
              code: "missing-field",
              severity: "error",
              message: `Missing field "${suggestion}" in ${ownerName(root, path)}; found "${key}", which looks like a misspelling of it.`,
              span: keySpan,
            });
          } else {
            found.push({
              code: "unknown-key",
              severity: "warning",
              message: suggestion
                ? `Unknown key "${key}" in ${ownerName(root, path)}; did you mean "${suggestion}"?`
                : `Unknown key "${key}" in ${ownerName(root, path)}; expected one of ${quotedList(keys)}.`,
              span: keySpan,
            });
          }
        }
        break;
      }
      case "invalid_union": {
        const discriminator = (issue as { discriminator?: string }).discriminator;
        const options = ((issue as { options?: unknown[] }).options ?? []).map(String);
        if (discriminator === undefined) {
          // A union given its own error text (`{ error: "expected ..." }`) says best what it wants.
          const custom = issue.message.startsWith("expected ") ? issue.message : undefined;
          found.push({
            code: "wrong-type",
            severity: "error",
            message: `${subject(root, path)} is ${describeValue(actual)}; ${custom ?? `expected ${expectation(schemaAt(schema, root, path))}`}.`,
            span: valueSpan(path),
          });
          break;
        }
        // zod reports the union at the discriminator key: the owner is the object holding `@type`.
        const owner = path.at(-1) === discriminator ? path.slice(0, -1) : path;
        const object = valueAt(root, owner);
        const tag = (object as Json | null | undefined)?.[discriminator];
        if (typeof object !== "object" || object === null || Array.isArray(object)) {
          found.push({
            code: "wrong-type",
            severity: "error",
            message: `${subject(root, owner)} is ${describeValue(object)}; expected an object with "${discriminator}" one of ${quotedList(options)}.`,
            span: valueSpan(owner),
          });
        } else if (tag === undefined) {
          found.push({
            code: "missing-field",
            severity: "error",
            message: `Missing field "${discriminator}" in ${ownerName(root, owner)}; expected one of ${quotedList(options)}.`,
            span: keyOrStart(owner),
          });
        } else {
          const guess = typeof tag === "string" ? nearest(tag, options) : undefined;
          found.push({
            code: "unknown-type",
            severity: "error",
            message: `Unknown "${discriminator}" ${describeValue(tag).replace(/^the string /, "")} in ${subject(root, owner)}; expected one of ${quotedList(options)}${guess ? `. Did you mean "${guess}"?` : "."}`,
            span: valueSpan([...owner, discriminator]),
          });
        }
        break;
      }
      case "invalid_value":
        {
          const guess = typeof actual === "string" ? nearest(actual, issue.values.map(String)) : undefined;
          found.push({
            code: "invalid-value",
            severity: "error",
            message: `${subject(root, path)} is ${describeValue(actual)}; expected ${issue.values.length <= 2 ? "" : "one of "}${quotedList(issue.values)}${guess ? `. Did you mean "${guess}"?` : "."}`,
            span: valueSpan(path),
          });
        }
        break;
      case "too_small":
      case "too_big": {
        const bound = Number(issue.code === "too_small" ? issue.minimum : issue.maximum);
        const inclusive = issue.inclusive !== false;
        let expected: string;
        if (issue.origin === "string") {
          expected =
            (issue as { exact?: boolean }).exact === true
              ? `exactly ${bound} characters`
              : issue.code === "too_small"
                ? `at least ${bound} character${bound === 1 ? "" : "s"}`
                : `at most ${bound} characters`;
        } else if (issue.code === "too_small") {
          expected = inclusive ? `${bound} or more` : `more than ${bound}`;
        } else {
          expected = inclusive ? `${bound} or less` : `less than ${bound}`;
        }
        const shown = typeof actual === "string" && actual.length === 0 ? "empty" : describeValue(actual);
        found.push({
          code: "out-of-range",
          severity: "error",
          message: `${subject(root, path)} is ${shown}; expected ${expected}.`,
          span: valueSpan(path),
        });
        break;
      }
      case "invalid_format":
      case "custom":
        found.push({
          code: issue.code === "custom" ? "out-of-range" : "invalid-value",
          severity: "error",
          message: `${subject(root, path)} is ${describeValue(actual)}; ${issue.message}.`,
          span: valueSpan(path),
        });
        break;
      default:
        found.push({
          code: "invalid-value",
          severity: "error",
          message: `${subject(root, path)} is ${describeValue(actual)}; ${issue.message}.`,
          span: valueSpan(path),
        });
    }
  }
  return found;
}
