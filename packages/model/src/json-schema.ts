import * as z from "zod";
import { discriminatorValues } from "./common.js";
import { DeliveryCommand, JobCreationParameters } from "./job.js";
import { OrganizationalUnit } from "./organizational-unit.js";
import { DeliveryFile, JobFile } from "./requests.js";
import { AuthenticationResult, Service } from "./service.js";

export type JsonSchema = Record<string, unknown>;

/**
 * draft-07 has no discriminator keyword, and a plain `oneOf` makes validators report every branch's failures.
 * An `if`/`then` per `@type` value, behind an `enum` of the valid values, gives one targeted error in any
 * draft-07 validator (ajv, yaml-language-server): an unknown tag fails the enum, a known one checks one branch.
 */
function dispatchOnType(union: z.ZodDiscriminatedUnion, generated: JsonSchema): JsonSchema {
  const branches = generated.oneOf as JsonSchema[];
  const tags = discriminatorValues(union);
  const key = union._zod.def.discriminator;
  const { oneOf: _dropped, ...rest } = generated;
  return {
    ...rest,
    type: "object",
    required: [key],
    properties: { [key]: { enum: tags, description: `Which kind of object this is: ${tags.join(", ")}.` } },
    allOf: tags.map((tag, i) => ({
      if: { required: [key], properties: { [key]: { const: tag } } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable.
      then: branches[i] as JsonSchema,
    })),
  };
}

/** A zod schema as draft-07 JSON Schema, with `@type` unions dispatched by `if`/`then` (see above). */
export function toJsonSchema(schema: z.ZodType, title: string): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: "draft-7",
    io: "input",
    unrepresentable: "throw",
    override: (ctx) => {
      const def = ctx.zodSchema._zod.def;
      if (def.type !== "union" || !("discriminator" in def) || !def.discriminator) return;
      const target = ctx.jsonSchema as JsonSchema;
      if (z.globalRegistry.get(ctx.zodSchema)?.id === undefined) {
        // A described copy of a registered union: zod also emits a $ref to the original, which is enough.
        delete target.oneOf;
        return;
      }
      const replaced = dispatchOnType(ctx.zodSchema as z.ZodDiscriminatedUnion, target);
      for (const key of Object.keys(target)) delete target[key];
      Object.assign(target, replaced);
    },
  }) as JsonSchema;
  return { $schema: json.$schema, title, ...json };
}

/** Every generated schema, keyed by its file name in `schemas/`. */
export function generateJsonSchemas(): Record<string, JsonSchema> {
  return {
    "authentication-result.schema.json": toJsonSchema(AuthenticationResult, "mailroom: authentication result"),
    "delivery-command.schema.json": toJsonSchema(DeliveryCommand, "mailroom: delivery command"),
    "delivery-file.schema.json": toJsonSchema(DeliveryFile, "mailroom: a delivery command file (*.delivery.yaml)"),
    "job-file.schema.json": toJsonSchema(JobFile, "mailroom: a job creation file (*.job.yaml)"),
    "job-creation-parameters.schema.json": toJsonSchema(JobCreationParameters, "mailroom: job-creation parameters"),
    "organizational-unit.schema.json": toJsonSchema(OrganizationalUnit, "mailroom: organizational unit"),
    "service.schema.json": toJsonSchema(Service, "mailroom: service"),
  };
}

/** The text written for a schema: stable key order from the model, two-space indent, final newline. */
export function formatJsonSchema(schema: JsonSchema): string {
  return `${JSON.stringify(schema, null, 2)}\n`;
}
