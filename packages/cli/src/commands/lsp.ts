import type { Command } from "commander";

/**
 * Registers `mailroom lsp`: the language server on stdin/stdout, the same one `mailroom-language-server --stdio`
 * runs. Transport options an LSP client adds (`--stdio`, `--node-ipc`, `--clientProcessId=<pid>`) are left for
 * the server to read from the command line.
 */
export function registerLsp(program: Command): void {
  program
    .command("lsp")
    .description("run the language server over stdio, for editors (the same as mailroom-language-server --stdio)")
    .option("--stdio", "talk LSP over stdin and stdout (the default)")
    .allowUnknownOption()
    .action(async () => {
      // Loaded here, so that the other commands do not pay for the server and its LSP library at startup.
      const { startServer } = await import("@mailroom/language-server");
      // The server keeps the process alive until the client sends `exit`; nothing else may write to stdout.
      startServer();
    });
}
