import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { MailroomConfig } from "@mailroom/checker";
import { dslJsonSchema } from "@mailroom/compiler";
import { formatJsonSchema, generateJsonSchemas, toJsonSchema } from "@mailroom/model";
import { ServiceTestFile } from "@mailroom/runtime";
import { writeAtomic } from "./files.js";
import type { Io } from "./io.js";
import { LintOutput } from "./report.js";

/** Every schema `mailroom schema` writes: the API's objects, the DSL, the configuration, test files and lint's JSON output. */
export function allSchemas(): Record<string, Record<string, unknown>> {
  return {
    ...generateJsonSchemas(),
    "mailroom-config.schema.json": toJsonSchema(MailroomConfig, "mailroom: configuration (mailroom.config.yaml)"),
    "service-dsl.schema.json": dslJsonSchema(),
    "lint-output.schema.json": toJsonSchema(LintOutput, "mailroom: output of `mailroom lint --format json`"),
    "service-test.schema.json": toJsonSchema(
      ServiceTestFile,
      "mailroom: the test cases of a service (*.service.test.yaml)",
    ),
  };
}

/** Writes every schema into `dir`, saying each file written. */
export async function writeSchemas(dir: string, io: Io): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, schema] of Object.entries(allSchemas())) {
    await writeAtomic(join(dir, name), formatJsonSchema(schema));
    io.out(`wrote ${join(dir, name)}\n`);
  }
}
