import type { Command } from "commander";
import type { Io } from "../io.js";

/** Registers `mailroom explain`. */
export function registerExplain(program: Command, io: Io): void {
  program
    .command("explain")
    .description("print a rule's documentation, or what a diagnostic code means; with no code, list the rules")
    .argument("[code]", "a rule id, such as those in docs/rules, or a diagnostic code")
    .action(async (code: string | undefined) => {
      const { explain } = await import("../explain.js");
      io.out(explain(code));
    });
}
