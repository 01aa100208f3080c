import { createRequire } from "node:module";
import { diagnoseAgainst, isKeptBox, type ServiceSource } from "@mailroom/compiler";
import { Box, type JsonSchema, Service, toJsonSchema } from "@mailroom/model";
import { type Diagnostic, isJsonObject, type PathSegment, type Wanted } from "@mailroom/syntax";
import type { ValidateFunction } from "ajv";

const isObject = (value: unknown): value is JsonSchema => isJsonObject(value);

/** Whether an `if` schema is the test of one value of `tag`: `{ required: [tag], properties: { [tag]: { const } } }`. */
const isTagTest = (test: unknown, tag: string): boolean =>
  isObject(test) && isObject(test.properties) && isObject(test.properties[tag]) && "const" in test.properties[tag];

/**
 * The generated JSON Schema with each `@type` dispatch (an `if`/`then` per tag, the shape any draft-07 editor
 * reads) turned into ajv's `discriminator` over the same branches, which jumps to the one branch of the tag
 * instead of testing every tag: the same verdict on every value, in half the time.
 */
function withDiscriminators(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withDiscriminators);
  if (!isObject(node)) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    // `properties` and `definitions` are maps of schemas, not schemas: their keys are names.
    out[key] =
      (key === "properties" || key === "definitions") && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, withDiscriminators(schema)]))
        : withDiscriminators(value);
  }
  const branches = out.allOf;
  const tag = (out.required as unknown[] | undefined)?.[0];
  const isDispatch =
    Array.isArray(branches) &&
    branches.length > 0 &&
    typeof tag === "string" &&
    branches.every((b) => isObject(b) && isObject(b.then) && isTagTest(b.if, tag));
  if (!isDispatch) return out;
  const { allOf: _dispatch, ...rest } = out;
  return { ...rest, discriminator: { propertyName: tag }, oneOf: branches.map((b) => (b as JsonSchema).then) };
}

/**
 * The JSON Schemas ajv validates against: a service, and one box (validated apart, see conformsToModel).
 * scripts/gen-validator.js generates the validators of model-validator.cjs from them.
 */
export function validatorSchemas(): { service: JsonSchema; box: JsonSchema } {
  return {
    service: withDiscriminators(toJsonSchema(Service, "mailroom: service")) as JsonSchema,
    box: withDiscriminators(toJsonSchema(Box, "mailroom: box")) as JsonSchema,
  };
}

/** The exports of model-validator.cjs. */
type Validators = Record<"service" | "box", ValidateFunction>;

/** ajv's validator of the model: loaded on first use, once per process, not per file. */
let compiled: ValidateFunction | undefined;
/** ajv's validator of one box, loaded with the model's. */
let compiledBox: ValidateFunction | undefined;

/**
 * The boxes found valid: a compiled box is never changed, and an editor's next version of a document hands on
 * every box an edit left as it was (CompileCache), so only the edited one is validated again. Only the boxes kept
 * for a next version are remembered (isKeptBox).
 */
const validBoxes = new WeakSet<object>();

const remember = (box: unknown): void => {
  if (isJsonObject(box) && isKeptBox(box)) validBoxes.add(box);
};

/**
 * Whether a value is a valid service, without saying why not: ajv's verdict, the same as zod's. The model's boxes
 * are `z.array(Box)` (no rule across boxes), so a service is valid when it is with no boxes and each box is: a
 * service with boxes already found valid (an editor's next version) is validated without them, then its other
 * boxes one by one; a service none of whose boxes is known (any that a lint reads) in one call, which copies
 * nothing (a copy without the boxes took a second and 100 MB on 701,000 keys at the size limit).
 */
export function conformsToModel(value: unknown): boolean {
  const validate = prepareValidation();
  const properties = isJsonObject(value) ? value.properties : undefined;
  const boxes = isJsonObject(properties) ? properties.boxes : undefined;
  if (!Array.isArray(boxes)) return validate(value);
  if (!boxes.some((box) => isJsonObject(box) && validBoxes.has(box))) {
    if (!validate(value)) return false;
    for (const box of boxes) remember(box);
    return true;
  }
  if (!validate({ ...(value as object), properties: { ...(properties as object), boxes: [] } })) return false;
  for (const box of boxes) {
    if (isJsonObject(box) && validBoxes.has(box)) continue;
    if (!(compiledBox as ValidateFunction)(box)) return false;
    remember(box);
  }
  return true;
}

/**
 * Loads the ajv validators now, if not yet: what a long-lived process (the language server) calls once it is
 * idle, so that its first edit does not wait for them.
 */
export function prepareValidation(): ValidateFunction {
  if (compiled) return compiled;
  // Generated ahead of time (compiling them took most of a lint of a thousand JSON services), and loaded on first
  // use: a command that validates no service never needs them. CommonJS, so `require` loads it in place,
  // synchronously.
  const generated: Validators = createRequire(import.meta.url)("./model-validator.cjs");
  compiledBox = generated.box;
  compiled = generated.service;
  return compiled;
}

/**
 * Whether a value is a service the rules may read: valid against the model, keys it does not know aside (they are
 * warnings, and pass through). ajv answers when it is loaded; zod otherwise, and for a service with such keys.
 */
export function fitsModel(value: unknown): boolean {
  if (compiled?.(value)) return true;
  const result = Service.safeParse(value);
  return result.success || result.error.issues.every((issue) => issue.code === "unrecognized_keys");
}

/**
 * Checks a service against the JSON model of the API, each problem located through the service's source map.
 * A valid service, the common case, is recognised by ajv, several times faster than zod (its validators load with
 * the first service: about a millisecond from the published CLI's code cache, less than zod spent on one service);
 * zod reads only the invalid ones, for its located messages. Both judge by the same model (the JSON Schema is
 * generated from the zod schema; test/schemas.test.ts and validate.test.ts hold them to the same verdicts), and the
 * rules read the JSON value itself, so zod's parsed output (its defaults) is not needed. Only the findings `wanted`
 * are built (see diagnoseAgainst).
 */
export function validateService(service: ServiceSource, wanted?: Wanted): Diagnostic[] {
  if (conformsToModel(service.json)) return [];
  const locate = (path: readonly PathSegment[]) => service.locate(path);
  return diagnoseAgainst(Service, service.json, locate, { wording: service.wording, ...(wanted && { wanted }) });
}
