import type { Command } from "commander";
import type { Io } from "../io.js";

/** Registers `mailroom schema`. */
export function registerSchema(program: Command, io: Io): void {
  program
    .command("schema")
    .description("write the JSON Schemas of services and related API objects")
    .option("-o, --out <dir>", "directory to write the schemas to", "schemas")
    .action(async (options: { out: string }) => {
      const { writeSchemas } = await import("../schemas.js");
      await writeSchemas(options.out, io);
    });
}
