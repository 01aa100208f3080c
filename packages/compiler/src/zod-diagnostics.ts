import {
  type BaseCode,
  CATALOGUE,
  type Diagnostic,
  diagnostic,
  type Fix,
  nearest,
  type PathSegment,
  quotedList,
  type Span,
  type Wanted,
} from "@mailroom/syntax";
import type * as z from "zod";
import { isRequiredKey, knownKeys, schemaAt } from "./schema-walk.js";
import type { Location } from "./source.js";
import { own, sentence, valueAt, Wording } from "./wording.js";

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

/** The renaming of the key `key` written at `span` of `text` to `wanted`, in the key's own quotes; none without the text. */
export function renaming(text: string | undefined, span: Span, key: string, wanted: string): Fix | undefined {
  const written = text?.slice(span.offset, span.offset + span.length);
  if (written === undefined) return undefined;
  const quote = written[0] === '"' || written[0] === "'" ? written[0] : "";
  const newText = quote === '"' ? JSON.stringify(wanted) : `${quote}${wanted}${quote}`;
  return { description: `Rename "${key}" to "${wanted}"`, edits: [{ span, newText }] };
}

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

const isPlainUnion = (issue: z.core.$ZodIssue): issue is z.core.$ZodIssueInvalidUnion =>
  issue.code === "invalid_union" && (issue as { discriminator?: string }).discriminator === undefined;

/**
 * Whether a union's branch is one for the value it failed on: it does not want another JSON kind, nor (a raw JSON
 * form, told apart by its tag) an `@type` the value does not have; a branch that is a union itself is one when one
 * of its own branches is.
 */
function fits(branch: readonly z.core.$ZodIssue[], value: unknown): boolean {
  return branch.every((issue) => {
    if (issue.path.length === 0 && issue.code === "invalid_type") return false;
    if (issue.path.length === 0 && isPlainUnion(issue)) return issue.errors.some((inner) => fits(inner, value));
    return !(
      issue.code === "invalid_type" &&
      issue.path.length === 1 &&
      issue.path[0] === "@type" &&
      own(value, "@type") === undefined
    );
  });
}

/**
 * A plain union (a count or a range, a map or a list, an expression or its long form) fails as a whole, with each
 * branch's own issues inside. When exactly one branch is for the value given (see `fits`), its issues are the real
 * problems: report those, at their own paths, rather than one vague "wrong type" for the union.
 */
function intoFittingBranches(issues: readonly z.core.$ZodIssue[], root: unknown): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (!isPlainUnion(issue)) return [issue];
    const value = valueAt(root, issue.path as PathSegment[]);
    const fitting = issue.errors.filter((branch) => fits(branch, value));
    const [only] = fitting;
    if (fitting.length !== 1 || !only) return [issue];
    return intoFittingBranches(
      only.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })),
      root,
    );
  });
}

interface Found {
  readonly code: string;
  readonly severity: Diagnostic["severity"];
  readonly message: string;
  readonly span: Span;
  readonly fix?: Fix;
}

export interface DiagnoseOptions {
  /** How messages name fields and values; by default the JSON's words, without the file's text. */
  readonly wording?: Wording;
  /**
   * Other names a key is known by, which a misspelling may be of: the JSON fields a DSL key writes (`minElements`
   * for `elements`), since people write the names they know from the API.
   */
  readonly aliases?: (key: string) => readonly string[];
  /** Which findings to build (the rest are not: a file lists only the first of each code); all by default. */
  readonly wanted?: Wanted;
}

const keyOf = (path: readonly PathSegment[]) => JSON.stringify(path);

/** What a schema given its own error text (`{ error: "expected ..." }`) expects, in its words. */
const customExpectation = (issue: z.core.$ZodIssue): string | undefined =>
  issue.message.startsWith("expected ") ? issue.message.slice("expected ".length) : undefined;

/**
 * Validates a value against a zod schema and turns each issue into one located, human message. Messages are
 * built here rather than taken from zod so that each names the field, its owner, what was found and what was
 * expected, in the words of the file (see Wording); a misspelt key that stands for a missing required field is
 * reported once, at the misspelling, with the renaming as its fix. Serves the JSON model (services), the DSL's
 * own structure and the configuration alike. Only the findings `wanted` are built, asked before their messages.
 */
export function diagnoseAgainst(
  schema: z.ZodType,
  root: unknown,
  locate: (path: readonly PathSegment[]) => Location,
  options: DiagnoseOptions = {},
): Diagnostic[] {
  const result = schema.safeParse(root);
  if (result.success) return [];

  const at = locate;
  const words = options.wording ?? new Wording(root, locate);
  const valueSpan = (path: readonly PathSegment[]) => at(path).span;
  // An object without a key (the service, an item of a list) is pointed at by an empty span at its start: a span
  // of its first character could cut an emoji in two, and would be its first key's span when that key is one
  // character long, a place the compiler's own findings then seem to speak of already.
  const keyOrStart = (path: readonly PathSegment[]): Span => {
    const location = at(path);
    return location.keySpan ?? { offset: location.span.offset, length: 0 };
  };

  const all = intoFittingBranches(result.error.issues, root);
  const isMissing = (issue: z.core.$ZodIssue) =>
    issue.path.length > 0 &&
    issue.code !== "unrecognized_keys" &&
    (issue as { discriminator?: string }).discriminator === undefined &&
    valueAt(root, issue.path as PathSegment[]) === undefined;

  const namesOf = (key: string) => [key, ...(options.aliases?.(key) ?? [])];
  // A key the schema does not know that looks like a missing field's name (or one of its aliases) is taken for
  // it: the missing field is reported there, and the key is not reported again as unknown.
  const typos = new Map<string, string>(); // missing field's path -> the misspelt key
  const claimed = new Set<string>(); // misspelt keys' paths
  for (const issue of all) {
    if (!isMissing(issue)) continue;
    const owner = issue.path.slice(0, -1) as PathSegment[];
    const wanted = String(issue.path.at(-1));
    if (typos.has(keyOf([...owner, wanted]))) continue;
    const object = valueAt(root, owner);
    if (typeof object !== "object" || object === null || Array.isArray(object)) continue;
    const ownerSchema = schemaAt(schema, root, owner);
    if (!isRequiredKey(ownerSchema, wanted)) continue;
    const known = new Set(knownKeys(ownerSchema));
    const names = namesOf(wanted);
    const typo = Object.keys(object).find(
      (key) => !known.has(key) && !claimed.has(keyOf([...owner, key])) && nearest(key, names) !== undefined,
    );
    if (typo === undefined) continue;
    typos.set(keyOf([...owner, wanted]), typo);
    claimed.add(keyOf([...owner, typo]));
  }

  const found: Found[] = [];
  /** Builds a finding of `code` at `span` when it is wanted. */
  const add = (code: BaseCode, span: Span, build: () => Found) => {
    if (options.wanted?.(code, CATALOGUE[code].severity, span) !== false) found.push(build());
  };

  /** The report of a missing field `wanted` of `owner` found misspelt as `typo`, with its renaming. */
  const misspelt = (owner: readonly PathSegment[], wanted: string, typo: string, span: Span): Found => {
    const fix = renaming(words.text, span, typo, wanted);
    // The name it is nearest to: the field's own, or the name of it it was written from (`minElements`).
    const like = nearest(typo, namesOf(wanted)) ?? wanted;
    const data = { field: wanted, owner: words.owner(owner), typo };
    return {
      ...(like === wanted
        ? diagnostic("missing-field", "misspelt", data, span)
        : typo === like
          ? diagnostic("missing-field", "jsonName", data, span)
          : diagnostic("missing-field", "misspeltJsonName", { ...data, like }, span)),
      ...(fix ? { fix } : {}),
    };
  };

  const reported = new Set<string>(); // missing fields reported at their misspelling
  for (const issue of all) {
    const path = issue.path as PathSegment[];
    const actual = valueAt(root, path);
    if (isMissing(issue)) {
      // Whatever the schema of a field (an enum, a union...), its absence is one problem: it is missing.
      const owner = path.slice(0, -1);
      const key = String(path.at(-1));
      const typo = typos.get(keyOf(path));
      if (typo !== undefined) {
        // Reported once, whatever number of issues zod gives for the field.
        if (!reported.has(keyOf(path))) {
          const location = at([...owner, typo]);
          const span = location.keySpan ?? location.span;
          add("missing-field", span, () => misspelt(owner, key, typo, span));
        }
        reported.add(keyOf(path));
        continue;
      }
      const span = keyOrStart(owner);
      add("missing-field", span, () => {
        const expected = customExpectation(issue) ?? expectation(schemaAt(schema, root, path));
        return diagnostic("missing-field", "missing", { field: key, owner: words.owner(owner), expected }, span);
      });
      continue;
    }
    switch (issue.code) {
      case "invalid_type": {
        const span = valueSpan(path);
        add("wrong-type", span, () => {
          const expected = expectation(schemaAt(schema, root, path));
          const data = { field: words.field(path), value: words.value(path, actual), expected };
          return diagnostic("wrong-type", "wrongType", data, span);
        });
        break;
      }
      case "unrecognized_keys": {
        const ownerSchema = schemaAt(schema, root, path);
        const keys = knownKeys(ownerSchema);
        const absent = keys.filter((k) => own(actual, k) === undefined);
        let known: string | undefined; // the same list for every key of the object, made once
        for (const key of issue.keys) {
          if (claimed.size > 0 && claimed.has(keyOf([...path, key]))) continue;
          const location = at([...path, key]);
          const suggestion = nearest(key, absent);
          const span = location.keySpan ?? location.span;
          const data = () => ({ key, owner: words.owner(path) });
          if (suggestion) {
            // Only objects the spec lists in full refuse keys: a near one is a misspelt field left at its default.
            add("misspelt-key", span, () => {
              const fix = renaming(words.text, span, key, suggestion);
              return {
                ...diagnostic("misspelt-key", "misspelt", { ...data(), suggestion }, span),
                ...(fix ? { fix } : {}),
              };
            });
          } else {
            add("unknown-key", span, () => {
              known ??= quotedList(keys);
              return diagnostic("unknown-key", "unknown", { ...data(), known }, span);
            });
          }
        }
        break;
      }
      case "invalid_union": {
        const discriminator = (issue as { discriminator?: string }).discriminator;
        const options = ((issue as { options?: unknown[] }).options ?? []).map(String);
        if (discriminator === undefined) {
          const span = valueSpan(path);
          add("wrong-type", span, () => {
            // A union given its own error text says best what it wants.
            const expected = customExpectation(issue) ?? expectation(schemaAt(schema, root, path));
            const data = { field: words.field(path), value: words.value(path, actual), expected };
            return diagnostic("wrong-type", "wrongType", data, span);
          });
          break;
        }
        // zod reports the union at the discriminator key: the owner is the object holding `@type`.
        const owner = path.at(-1) === discriminator ? path.slice(0, -1) : path;
        const object = valueAt(root, owner);
        const tag = own(object, discriminator);
        if (typeof object !== "object" || object === null || Array.isArray(object)) {
          const span = valueSpan(owner);
          add("wrong-type", span, () => {
            const data = { field: words.field(owner), value: words.value(owner, object), discriminator };
            return diagnostic("wrong-type", "notAnObject", { ...data, options: quotedList(options) }, span);
          });
        } else if (tag === undefined) {
          const span = keyOrStart(owner);
          add("missing-field", span, () => {
            const data = { field: discriminator, owner: words.owner(owner), options: quotedList(options) };
            return diagnostic("missing-field", "discriminator", data, span);
          });
        } else {
          const span = valueSpan([...owner, discriminator]);
          add("unknown-type", span, () => {
            const guess = typeof tag === "string" ? nearest(tag, options) : undefined;
            const value = words.value([...owner, discriminator], tag).replace(/^the string /, "");
            const data = { discriminator, value, field: words.field(owner), options: quotedList(options) };
            return guess
              ? diagnostic("unknown-type", "unknownNear", { ...data, suggestion: guess }, span)
              : diagnostic("unknown-type", "unknown", data, span);
          });
        }
        break;
      }
      case "invalid_value": {
        const span = valueSpan(path);
        add("invalid-value", span, () => {
          const guess = typeof actual === "string" ? nearest(actual, issue.values.map(String)) : undefined;
          const allowed = `${issue.values.length <= 2 ? "" : "one of "}${quotedList(issue.values.map((v) => words.spell(path, v)))}`;
          const data = { field: words.field(path), value: words.value(path, actual), allowed };
          return guess
            ? diagnostic("invalid-value", "notAllowedNear", { ...data, suggestion: guess }, span)
            : diagnostic("invalid-value", "notAllowed", data, span);
        });
        break;
      }
      case "too_small":
      case "too_big": {
        const span = valueSpan(path);
        add("out-of-range", span, () => {
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
          const shown = typeof actual === "string" && actual.length === 0 ? "empty" : words.value(path, actual);
          return diagnostic("out-of-range", "beyondBound", { field: words.field(path), value: shown, expected }, span);
        });
        break;
      }
      case "invalid_format":
      case "custom": {
        const code = issue.code === "custom" ? "out-of-range" : "invalid-value";
        const span = valueSpan(path);
        add(code, span, () => {
          const data = {
            field: words.field(path),
            value: words.value(path, actual),
            expected: words.spellNumbers(path, issue.message),
          };
          return diagnostic(code, "refused", data, span);
        });
        break;
      }
      default: {
        const span = valueSpan(path);
        add("invalid-value", span, () => {
          const data = { field: words.field(path), value: words.value(path, actual), expected: issue.message };
          return diagnostic("invalid-value", "refused", data, span);
        });
      }
    }
  }
  return found.map((d) => ({ ...d, message: sentence(d.message) }));
}
