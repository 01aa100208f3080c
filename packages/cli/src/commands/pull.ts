import { type Command, Option } from "commander";
import { type Io, type SetExitCode, UsageError } from "../io.js";
import type { PullOptions } from "../pull.js";

const PULL_HELP = `
Signs in to a live platform, reads the account's services, its organizational unit and the option listings
(GET /options/type, GET /options), signs out, and writes one file per service into the folder: DSL in
canonical layout (a service the DSL cannot say without loss is written as JSON, and the reason printed), or
JSON with --json. The organizational unit goes to organizational-unit.ou.json, the listings to option-types.json
and options.json, or where the environment of mailroom.config.yaml says (--env). Read-only fields and secrets
are never written. The password is read from MAILROOM_PASSWORD or, with --password-stdin, standard input;
never from a flag. docs/pull.md tells the whole.

  MAILROOM_PASSWORD=... mailroom pull --url https://api.test.example.com --login api-user -o services
  mailroom pull --env test --check        (nightly: exit 1 when the platform's services differ from the folder's)

Exit codes:
  0  everything was written (or, with --check, no service differs)
  1  --check: a service differs (named, in mailroom diff's words); or a file was not written (there already
     with other content, without --force; or it cannot be written)
  2  usage error; the platform refused the login, failed, did not answer in time or could not be reached; a
     service file of the folder has errors (--check); or internal error
`;

/** Registers `mailroom pull`: `setExitCode` receives the command's exit code. */
export function registerPull(program: Command, io: Io, setExitCode: SetExitCode): void {
  program
    .command("pull")
    .description("read the services of an account from a live platform into DSL files; --check for drift")
    .option("--url <address>", "the API's base address (default: the environment's url)")
    .option("--env <name>", "an environment of mailroom.config.yaml: its url, login, folder and listings' paths")
    .option("--config <file>", "the configuration to read --env from, instead of the nearest mailroom.config.yaml")
    .option("--login <login>", "the login to sign in with (default: the environment's login)")
    .option("--password-stdin", "read the password from standard input instead of MAILROOM_PASSWORD")
    .addOption(
      new Option("--auth <mode>", "how to sign in: the internal token, or the branding's identity provider").choices([
        "token",
        "idp",
      ]),
    )
    .option("--branding-host <host>", "idp: the applicationURL sent to GET /brandings/my (default: the host of --url)")
    .option(
      "-o, --out <dir>",
      "the folder to write into and, with --check, to compare (default: the environment's, else .)",
    )
    .option("--json", "write each service as JSON rather than DSL")
    .option("--check", "write nothing; exit 1 naming each service whose live version differs from the folder's")
    .option("--force", "overwrite files that exist with other content")
    .option("--timeout <seconds>", "how long one request may take", "30")
    .addOption(new Option("--password <password>").hideHelp())
    .addHelpText("after", PULL_HELP)
    .action(async (options: PullOptions & { password?: string }) => {
      if (options.password !== undefined) {
        throw new UsageError(
          "The password is never taken from a flag (shell histories and process lists show them): set MAILROOM_PASSWORD, or pipe it with --password-stdin.",
        );
      }
      const { pull } = await import("../pull.js");
      setExitCode(await pull(options, io));
    });
}
