import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { type FakePlatform, type FakePlatformOptions, type Received, startFakePlatform } from "./fake-platform.js";
import { filesIn, type RunResult, readJson, repoRoot, runCli } from "./helpers.js";

/*
 * `mailroom pull` against a platform on 127.0.0.1 (test/fake-platform.ts), through the real CLI process: both
 * ways of signing in, tokens that expire, refusals, failures and silences, drift; no other network.
 */

const work = mkdtempSync(join(tmpdir(), "mailroom-pull-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let folders = 0;
const scratch = (): string => {
  const dir = join(work, `f${folders++}`);
  mkdirSync(dir);
  return dir;
};

const EXAMPLES = filesIn("examples", /\.service\.json$/).map((path) => path.replace(/\.service\.json$/, ""));
const exampleJson = (stem: string): string => readFileSync(join(repoRoot, `${stem}.service.json`), "utf8");
const OU = readJson("examples/organizational-unit.json") as Record<string, unknown>;
const OPTION_TYPES = [
  { id: 11, name: "printMode" },
  { id: 12, name: "envelopeType" },
];
const OPTIONS = [
  { id: 101, value: "1SIDE", optionType: { id: 11, name: "printMode" } },
  { id: 102, value: "2SIDE", optionType: { id: 11, name: "printMode" } },
];
const PASSWORD = "correct horse";

let platform: FakePlatform | undefined;
afterEach(async () => {
  await platform?.close();
  platform = undefined;
});

const start = async (options: Partial<FakePlatformOptions> = {}): Promise<FakePlatform> => {
  platform = await startFakePlatform({
    services: EXAMPLES.map((stem) => JSON.parse(exampleJson(stem))),
    organizationalUnit: OU,
    options: OPTIONS,
    optionTypes: OPTION_TYPES,
    password: PASSWORD,
    ...options,
  });
  return platform;
};

const pull = (fake: FakePlatform, args: readonly string[], env: Record<string, string | undefined> = {}) =>
  runCli(["pull", "--url", fake.url, "--login", "api-user", ...args], {
    env: { MAILROOM_PASSWORD: PASSWORD, ...env },
  });

/** The requests received, as "METHOD /path" without the query. */
const calls = (fake: FakePlatform): string[] => fake.received.map((r) => `${r.method} ${r.url.split("?")[0]}`);

const grants = (fake: FakePlatform): string[] =>
  fake.received
    .filter((r) => r.url === "/idp/protocol/openid-connect/token")
    .map((r) => String(new URLSearchParams(r.body).get("grant_type")));

const noStack = (result: RunResult) => {
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr).not.toContain("internal error");
};

/** Every file under a folder, with its text. */
const contents = (dir: string): Record<string, string> =>
  Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), "utf8")]));

describe("mailroom pull, internal token mode", () => {
  it("writes every example service as the DSL that builds back to its JSON byte for byte, or as that JSON", async () => {
    const fake = await start();
    const out = scratch();
    const result = await pull(fake, ["-o", out]);
    expect(result.code, result.stderr).toBe(0);
    noStack(result);
    await expectDslRoundTrip(out);

    // The conversation: authenticate with the profile, the listings with the token, then the logout.
    expect(calls(fake)).toEqual([
      "POST /api/authentication/authenticate",
      "GET /api/options/type",
      "GET /api/options",
      "POST /api/authentication/logout",
    ]);
    const [authenticate, ...rest] = fake.received as [Received, ...Received[]];
    expect(authenticate.url).toBe("/api/authentication/authenticate?withProfileDetail=true");
    expect(JSON.parse(authenticate.body)).toEqual({ login: "api-user", password: PASSWORD });
    const token = rest[0]?.headers["x-auth-token"];
    expect(token).toMatch(/^[0-9a-f]{24}$/);
    for (const call of rest) expect(call.headers["x-auth-token"]).toBe(token);

    const json = scratch();
    const again = await pull(fake, ["-o", json, "--json"]);
    expect(again.code, again.stderr).toBe(0);
    expectJsonRoundTrip(json);
  });

  it("writes the organizational unit without its read-only creation date, and the listings as returned", async () => {
    const fake = await start();
    const out = scratch();
    const result = await pull(fake, ["-o", out]);
    expect(result.code, result.stderr).toBe(0);
    const { creationdate, ...unit } = OU;
    expect(creationdate).toBeDefined();
    expect(JSON.parse(readFileSync(join(out, "organizational-unit.ou.json"), "utf8"))).toEqual(unit);
    expect(JSON.parse(readFileSync(join(out, "options.json"), "utf8"))).toEqual({ result: OPTIONS });
    expect(JSON.parse(readFileSync(join(out, "option-types.json"), "utf8"))).toEqual({ result: OPTION_TYPES });
    // Neither the password, nor the token, nor the user is written anywhere.
    const token = fake.received[1]?.headers["x-auth-token"] as string;
    for (const [name, text] of Object.entries(contents(out))) {
      expect(text, name).not.toContain(PASSWORD);
      expect(text, name).not.toContain(token);
      expect(text, name).not.toContain('"lastName"');
    }
    expect(result.stdout).toContain(`organizational unit -> ${out}/organizational-unit.ou.json`);
  });

  it("signs in again when the session token is about to expire, and when the platform refuses it early", async () => {
    // A token that lives 10 s is within the 20 s margin at once: each call needs a new one.
    const short = await start({ tokenLifetime: 10_000 });
    const result = await pull(short, ["-o", scratch()]);
    expect(result.code, result.stderr).toBe(0);
    expect(calls(short)).toEqual([
      "POST /api/authentication/authenticate",
      "POST /api/authentication/authenticate",
      "GET /api/options/type",
      "POST /api/authentication/authenticate",
      "GET /api/options",
      "POST /api/authentication/logout",
    ]);
    await short.close();

    // A token the platform stops taking after one use: the 401 leads to a new sign-in and the call again.
    const early = await start({ usesPerCredential: 1 });
    const again = await pull(early, ["-o", scratch()]);
    expect(again.code, again.stderr).toBe(0);
    expect(calls(early)).toEqual([
      "POST /api/authentication/authenticate",
      "GET /api/options/type",
      "GET /api/options",
      "POST /api/authentication/authenticate",
      "GET /api/options",
      "POST /api/authentication/logout",
    ]);
  });

  it("stops with a sentence when the platform refuses a credential just renewed", async () => {
    const fake = await start({ usesPerCredential: 0 });
    const out = scratch();
    const result = await pull(fake, ["-o", out]);
    expect(result.code).toBe(2);
    noStack(result);
    expect(result.stderr).toBe(
      "mailroom: GET /options/type was refused (401 Unauthorized) with a credential just renewed: the account may not be allowed to read it.\n",
    );
    expect(calls(fake)).toEqual([
      "POST /api/authentication/authenticate",
      "GET /api/options/type",
      "POST /api/authentication/authenticate",
      "GET /api/options/type",
      "POST /api/authentication/logout",
    ]);
    expect(readdirSync(out)).toEqual([]);
  });

  it("refuses a wrong password with a sentence, writes nothing and exits 2", async () => {
    const fake = await start();
    const out = scratch();
    const result = await pull(fake, ["-o", out], { MAILROOM_PASSWORD: "wrong" });
    expect(result.code).toBe(2);
    noStack(result);
    expect(result.stderr).toBe(
      'mailroom: The platform refused login "api-user" (401 Unauthorized): check the login and the password.\n',
    );
    expect(readdirSync(out)).toEqual([]);
  });

  it("reports a 500 by the call that failed, still signs out, and writes nothing", async () => {
    const fake = await start({ failing: ["/options"] });
    const out = scratch();
    const result = await pull(fake, ["-o", out]);
    expect(result.code).toBe(2);
    noStack(result);
    expect(result.stderr).toBe(
      "mailroom: GET /options failed with 500 Internal Server Error: java.lang.NullPointerException\n",
    );
    expect(calls(fake).at(-1)).toBe("POST /api/authentication/logout");
    expect(readdirSync(out)).toEqual([]);
  });

  it("gives up on a slow answer after --timeout seconds", async () => {
    // A limit of a few seconds, so that the other calls pass on a busy machine; the slow one would take minutes.
    const fake = await start({ slow: { "/options/type": 300_000 } });
    const out = scratch();
    const result = await pull(fake, ["-o", out, "--timeout", "4"]);
    expect(result.code).toBe(2);
    noStack(result);
    expect(result.stderr).toBe("mailroom: GET /options/type got no answer within 4 s (--timeout sets the limit).\n");
    expect(readdirSync(out)).toEqual([]);
  });

  it("says when the platform cannot be reached", async () => {
    const fake = await start();
    const url = fake.url;
    await fake.close();
    platform = undefined;
    const result = await runCli(["pull", "--url", url, "--login", "api-user", "-o", scratch()], {
      env: { MAILROOM_PASSWORD: PASSWORD },
    });
    expect(result.code).toBe(2);
    noStack(result);
    expect(result.stderr).toBe(
      `mailroom: POST /authentication/authenticate could not reach ${new URL(url).origin}: the connection was refused.\n`,
    );
  });
});

describe("mailroom pull, identity-provider mode", () => {
  it("writes every example service as its JSON byte for byte, or as DSL that builds back to it, with a bearer token", async () => {
    const fake = await start();
    const out = scratch();
    const result = await pull(fake, ["-o", out, "--auth", "idp", "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expectJsonRoundTrip(out);

    expect(calls(fake)).toEqual([
      "GET /api/brandings/my",
      "POST /idp/protocol/openid-connect/token",
      "POST /api/authentication/check",
      "GET /api/options/type",
      "GET /api/options",
      "POST /idp/protocol/openid-connect/logout",
    ]);
    const [branding, grant, check, types, options, logout] = fake.received as Received[];
    expect(branding?.url).toBe(`/api/brandings/my?applicationURL=${encodeURIComponent(new URL(fake.url).host)}`);
    expect(grant?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(grant?.body);
    expect([form.get("client_id"), form.get("grant_type"), form.get("user_name"), form.get("password")]).toEqual([
      fake.clientId,
      "password",
      "api-user",
      PASSWORD,
    ]);
    expect(check?.url).toBe("/api/authentication/check?withProfileDetail=true");
    // The bearer token replaces X-Auth-Token.
    const bearer = check?.headers.authorization;
    expect(bearer).toMatch(/^Bearer [0-9a-f]{24}$/);
    for (const call of [types, options]) {
      expect(call?.headers.authorization).toBe(bearer);
      expect(call?.headers["x-auth-token"]).toBeUndefined();
    }
    expect(logout?.headers.authorization).toBe(bearer);
    expect(new URLSearchParams(logout?.body).get("client_id")).toBe(fake.clientId);
    // A token valid 300 s needs no refresh during a pull.
    expect(grants(fake)).toEqual(["password"]);

    const dsl = scratch();
    const again = await pull(fake, ["-o", dsl, "--auth", "idp"]);
    expect(again.code, again.stderr).toBe(0);
    await expectDslRoundTrip(dsl);
  });

  it("asks the branding of --branding-host", async () => {
    const fake = await start({ brandingHost: "courrier.test.example" });
    const wrong = await pull(fake, ["-o", scratch(), "--auth", "idp"]);
    expect(wrong.code).toBe(2);
    noStack(wrong);
    expect(wrong.stderr).toContain("GET /brandings/my failed with 404 Not Found");
    const right = await pull(fake, ["-o", scratch(), "--auth", "idp", "--branding-host", "courrier.test.example"]);
    expect(right.code, right.stderr).toBe(0);
    expect(fake.received.at(-6)?.url).toBe("/api/brandings/my?applicationURL=courrier.test.example");
  });

  it("refreshes the access token 20 s before it expires, with the refresh token and the bearer", async () => {
    // expires_in 20: every call falls within the margin, so each is preceded by a refresh.
    const fake = await start({ expiresIn: 20 });
    const result = await pull(fake, ["-o", scratch(), "--auth", "idp"]);
    expect(result.code, result.stderr).toBe(0);
    expect(grants(fake)).toEqual(["password", "refresh_token", "refresh_token", "refresh_token"]);
    const refreshes = fake.received.filter((r) => r.body.includes("grant_type=refresh_token"));
    for (const refresh of refreshes) {
      expect(refresh.headers.authorization).toMatch(/^Bearer [0-9a-f]{24}$/);
      expect(new URLSearchParams(refresh.body).get("refresh_token")).toMatch(/^[0-9a-f]{24}$/);
    }
    // Each call carries the token of the refresh just before it.
    expect(calls(fake).filter((c) => c.startsWith("GET /api/options"))).toHaveLength(2);

    // A refresh token already expired: the password grant again.
    await fake.close();
    const stale = await start({ expiresIn: 20, refreshExpiresIn: 20 });
    const again = await pull(stale, ["-o", scratch(), "--auth", "idp"]);
    expect(again.code, again.stderr).toBe(0);
    expect(grants(stale)).toEqual(["password", "password", "password", "password"]);
  });

  it("signs out at the provider when the check fails after the grant", async () => {
    const fake = await start({ failing: ["/authentication/check"] });
    const result = await pull(fake, ["-o", scratch(), "--auth", "idp"]);
    expect(result.code).toBe(2);
    noStack(result);
    expect(result.stderr).toBe(
      "mailroom: POST /authentication/check failed with 500 Internal Server Error: java.lang.NullPointerException\n",
    );
    expect(calls(fake)).toEqual([
      "GET /api/brandings/my",
      "POST /idp/protocol/openid-connect/token",
      "POST /api/authentication/check",
      "POST /idp/protocol/openid-connect/logout",
    ]);
    expect(fake.received.at(-1)?.headers.authorization).toMatch(/^Bearer /);
  });

  it("refuses a wrong password with the provider's reason", async () => {
    const fake = await start();
    const result = await pull(fake, ["-o", scratch(), "--auth", "idp"], { MAILROOM_PASSWORD: "wrong" });
    expect(result.code).toBe(2);
    noStack(result);
    expect(result.stderr).toBe(
      'mailroom: The identity provider refused login "api-user" (401 Unauthorized: invalid_grant, Invalid user credentials): check the login and the password.\n',
    );
  });

  it("reads the password from standard input with --password-stdin", async () => {
    const fake = await start();
    const out = scratch();
    const result = await withInput(
      ["pull", "--url", fake.url, "--login", "api-user", "--auth", "idp", "--password-stdin", "-o", out],
      `${PASSWORD}\n`,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(new URLSearchParams(fake.received[1]?.body).get("password")).toBe(PASSWORD);
  });
});

describe("mailroom pull --check", () => {
  it("finds no drift after a pull, and names the service the platform changed, in diff's words", async () => {
    const fake = await start();
    const out = scratch();
    expect((await pull(fake, ["-o", out])).code).toBe(0);
    const before = contents(out);

    const clean = await pull(fake, ["-o", out, "--check"]);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toBe(
      `no drift: the 5 services of ${fake.url} match ${out}, and so do its organizational unit (${join(out, "organizational-unit.ou.json")}), option types (${join(out, "option-types.json")}), options (${join(out, "options.json")})\n`,
    );
    // The check reads the listings, to compare them too.
    expect(calls(fake).slice(-4)).toEqual([
      "POST /api/authentication/authenticate",
      "GET /api/options/type",
      "GET /api/options",
      "POST /api/authentication/logout",
    ]);

    // The platform's payslips accept one PDF at most now, the annual statements carry a field no documentation
    // describes, and the registered letter is gone.
    const services = EXAMPLES.map((stem) => JSON.parse(exampleJson(stem)));
    const payslips = services.find((s) => s.id === 3307);
    payslips.properties.boxes.find((b: { name: string }) => b.name === "PAYSLIPS").maxElements = 1;
    services.find((s) => s.id === 5618).properties.boxes[0].printOrder = 2;
    fake.services = services.filter((s) => s.id !== 1101);
    const drift = await pull(fake, ["-o", out, "--check"]);
    expect(drift.code, drift.stderr).toBe(1);
    expect(drift.stdout).toContain('service "Bulletins de paie mensuels" (id 3307)');
    expect(drift.stdout).toMatch(/breaking\s+~ box PAYSLIPS: /);
    expect(drift.stdout).toContain("behaviour ~ box STATEMENTS: printOrder added");
    expect(drift.stdout).toMatch(
      /drift: 3 services of .* differ from .*: "Décomptes annuels de charges de copropriété" \(id 5618\), "Bulletins de paie mensuels" \(id 3307\), "Lettre recommandée avec accusé de réception" \(id 1101\), only in /,
    );
    // Nothing written.
    expect(contents(out)).toEqual(before);
  });
  it("compares the organizational unit and the listings with their files too, as JSON values", async () => {
    const out = scratch();
    const first = await start();
    expect((await pull(first, ["-o", out])).code).toBe(0);
    // Laid out otherwise by hand: only the value counts.
    const unitFile = join(out, "organizational-unit.ou.json");
    writeFileSync(unitFile, JSON.stringify(JSON.parse(readFileSync(unitFile, "utf8"))));
    expect((await pull(first, ["-o", out, "--check"])).code).toBe(0);
    await first.close();
    // The unit's freeze delay, an option's value and a new option changed on the platform.
    const [oneSide, twoSides] = OPTIONS;
    const fake = await start({
      organizationalUnit: { ...OU, freezeDelayDays: 5 },
      options: [oneSide, { ...twoSides, value: "DUPLEX" }, { id: 103, value: "C4", optionType: { id: 12 } }],
    });
    const drift = await pull(fake, ["-o", out, "--check"]);
    expect(drift.code, drift.stderr).toBe(1);
    expect(drift.stdout).toBe(
      [
        `organizational unit: ${unitFile} differs: field freezeDelayDays`,
        `options: ${join(out, "options.json")} differs: added on the platform id 103; changed id 102`,
        `drift: the organizational unit, options of ${fake.url} differ from their files`,
        "",
      ].join("\n"),
    );
    // A listing not there, or not JSON, is drift too.
    rmSync(join(out, "option-types.json"));
    writeFileSync(join(out, "options.json"), "{");
    const missing = await pull(fake, ["-o", out, "--check"]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain(
      `option types: ${join(out, "option-types.json")} is not there: it is only on the platform\n`,
    );
    expect(missing.stdout).toContain(
      `options: ${join(out, "options.json")} is not JSON: the platform's was not compared with it\n`,
    );
  });

  it("compares nothing when a service file of the folder has errors, and says so", async () => {
    const fake = await start();
    const out = scratch();
    writeFileSync(join(out, "broken.service.yaml"), "id: 1\nname: Broken\ntype: SIMPLE_UNIQUE\nboxes: 3\n");
    const result = await pull(fake, ["-o", out, "--check"]);
    expect(result.code).toBe(2);
    noStack(result);
    expect(result.stderr).toContain("broken.service.yaml:4:");
    expect(result.stderr).toContain("mailroom: a service file has errors; nothing was compared");
    expect(result.stdout).toBe("");
    // Checked before signing in: the platform was not asked.
    expect(fake.received).toEqual([]);
  });
});

describe("mailroom pull's files and flags", () => {
  it("keeps a file with other content unless --force", async () => {
    const fake = await start();
    const out = scratch();
    expect((await pull(fake, ["-o", out])).code).toBe(0);
    const unit = join(out, "organizational-unit.ou.json");
    writeFileSync(unit, "{}\n");
    const kept = await pull(fake, ["-o", out]);
    expect(kept.code).toBe(1);
    expect(kept.stderr).toContain(`not written, already there with other content (--force overwrites): ${unit}`);
    expect(kept.stderr).toContain("7 unchanged");
    expect(readFileSync(unit, "utf8")).toBe("{}\n");
    const forced = await pull(fake, ["-o", out, "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(unit, "utf8")).toContain('"accountIdentifier"');
  });

  it("writes no organizational unit for a profile without one, and says so", async () => {
    const fake = await start({ organizationalUnit: null });
    const out = scratch();
    const result = await pull(fake, ["-o", out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain("no organizational unit in the profile (a super admin's has none): none written");
    expect(readdirSync(out)).not.toContain("organizational-unit.ou.json");
    expect(readdirSync(out)).toContain("options.json");
  });

  it("writes as JSON, saying why, a service the DSL cannot say without loss", async () => {
    const lossy = readJson("test/fixtures/json/err/box-hidden-missing.service.json");
    const fake = await start({ services: [lossy] });
    const out = scratch();
    const result = await pull(fake, ["-o", out]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain("cannot-decompile");
    expect(result.stderr).toContain("1 service written as JSON: the DSL cannot say it without loss");
    const [name] = readdirSync(out).filter((file) => file.endsWith(".service.json"));
    expect(JSON.parse(readFileSync(join(out, name as string), "utf8"))).toEqual(lossy);
    expect(readdirSync(out).filter((file) => file.endsWith(".service.yaml"))).toEqual([]);
  });

  it("takes the address, login, folder and listings' paths from an environment of mailroom.config.yaml", async () => {
    const fake = await start();
    const root = scratch();
    writeFileSync(
      join(root, "mailroom.config.yaml"),
      [
        "environments:",
        "  test:",
        `    url: ${fake.url}`,
        "    login: api-user",
        "    authentication: idp",
        "    services: services/test",
        "    ou: test.ou.json",
        "    options: listings/test-options.json",
        "    optionTypes: listings/test-option-types.json",
        "",
      ].join("\n"),
    );
    const result = await runCli(["pull", "--env", "test"], { cwd: root, env: { MAILROOM_PASSWORD: PASSWORD } });
    expect(result.code, result.stderr).toBe(0);
    expect(calls(fake)[0]).toBe("GET /api/brandings/my");
    expect(readdirSync(join(root, "services/test")).filter((f) => f.endsWith(".service.yaml"))).toHaveLength(5);
    expect(readdirSync(join(root, "listings")).sort()).toEqual(["test-option-types.json", "test-options.json"]);
    expect(JSON.parse(readFileSync(join(root, "test.ou.json"), "utf8")).id).toBe(OU.id);
    // Named as the current directory sees them.
    expect(result.stdout).toContain("organizational unit -> test.ou.json\n");
    expect(result.stdout).toContain("options -> listings/test-options.json\n");

    const unknown = await runCli(["pull", "--env", "prod"], { cwd: root, env: { MAILROOM_PASSWORD: PASSWORD } });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe(
      `mailroom: Environment "prod" is not in ${join(root, "mailroom.config.yaml")} (it has "test").\n`,
    );
  });

  it("refuses an environment the configuration's schema does not allow", async () => {
    const root = scratch();
    writeFileSync(join(root, "mailroom.config.yaml"), "environments:\n  test:\n    url: ftp://x\n    passwd: x\n");
    const result = await runCli(["pull", "--env", "test"], { cwd: root, env: { MAILROOM_PASSWORD: PASSWORD } });
    expect(result.code).toBe(2);
    noStack(result);
    expect(result.stderr).toContain("expected an http or https address");
    expect(result.stderr).toContain('"passwd"');
    expect(result.stderr).toContain("nothing was pulled");
  });

  it("refuses a missing address or login, an address that is not http(s), and a timeout that is not a duration", async () => {
    const env = { MAILROOM_PASSWORD: PASSWORD };
    const cases: [string[], string][] = [
      [["--login", "x"], "Give the API's address with --url, or --env with an environment."],
      [["--url", "http://127.0.0.1:9/api"], "Give the login with --login (or `login` in the environment)."],
      [
        ["--url", "ftp://127.0.0.1/api", "--login", "x"],
        '--url "ftp://127.0.0.1/api" is not an http or https address.',
      ],
      [
        ["--url", "http://127.0.0.1:9/api", "--login", "x", "--timeout", "soon"],
        '--timeout "soon" is not a number of seconds above 0.',
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(["pull", ...args], { cwd: scratch(), env });
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toBe(`mailroom: ${message}\n`);
    }
  });

  it("never takes the password from a flag, and says where it is read from", async () => {
    const flag = await runCli(["pull", "--url", "http://127.0.0.1:9/api", "--login", "x", "--password", "secret"]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("The password is never taken from a flag");
    const none = await runCli(["pull", "--url", "http://127.0.0.1:9/api", "--login", "x"], {
      env: { MAILROOM_PASSWORD: undefined },
    });
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      "mailroom: Set the password in MAILROOM_PASSWORD, or pipe it with --password-stdin (it is never taken from a flag).\n",
    );
  });
});

/**
 * A folder pulled as DSL holds one file per example, in canonical layout (as fmt prints it), that builds to the
 * example's JSON byte for byte and says what the example's DSL says (which adds comments and YAML anchors, which
 * no platform keeps).
 */
async function expectDslRoundTrip(out: string): Promise<void> {
  const files = readdirSync(out).filter((name) => name.endsWith(".service.yaml"));
  expect(files).toHaveLength(EXAMPLES.length);
  const fmt = await runCli(["fmt", "--check", out]);
  expect(fmt.code, fmt.stdout + fmt.stderr).toBe(0);
  const built = await runCli(["build", out]);
  expect(built.code, built.stderr).toBe(0);
  for (const stem of EXAMPLES) {
    const { id } = JSON.parse(exampleJson(stem)) as { id: number };
    const dsl = files.find((name) => name.endsWith(`-${id}.service.yaml`));
    expect(dsl, stem).toBeDefined();
    expect(readFileSync(join(out, (dsl as string).replace(/\.yaml$/, ".json")), "utf8"), stem).toBe(exampleJson(stem));
    const example = parse(readFileSync(join(repoRoot, `${stem}.service.yaml`), "utf8"));
    expect(parse(readFileSync(join(out, dsl as string), "utf8")), stem).toEqual(example);
  }
}

/** A folder pulled with --json holds each example's JSON byte for byte, and no DSL. */
function expectJsonRoundTrip(out: string): void {
  for (const stem of EXAMPLES) {
    const { id } = JSON.parse(exampleJson(stem)) as { id: number };
    const [name] = readdirSync(out).filter((file) => file.endsWith(`-${id}.service.json`));
    expect(name, stem).toBeDefined();
    expect(readFileSync(join(out, name as string), "utf8"), stem).toBe(exampleJson(stem));
  }
  expect(readdirSync(out).filter((name) => name.endsWith(".service.yaml"))).toEqual([]);
}

/** Runs the built CLI with text on its standard input. */
function withInput(args: readonly string[], input: string): Promise<RunResult> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(repoRoot, "packages/cli/bin/mailroom.cjs"), ...args], {
      cwd: repoRoot,
      env: { ...process.env, MAILROOM_PASSWORD: undefined },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => done({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}
