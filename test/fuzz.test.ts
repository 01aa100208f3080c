import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type Api, checkFile } from "../fuzz/check.js";
import { readFixture, writeFixture } from "../fuzz/fixture.js";
import { minimise } from "../fuzz/minimise.js";
import { repoRoot } from "./helpers.js";

/**
 * Runs the fuzzer (fuzz/run.js, against the built packages: `npx tsc -b` first) in a process of its own, without its
 * time limit per step, whose verdict would hang on the machine's load (`npm run fuzz` keeps it).
 */
function fuzz(args: readonly string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((done) => {
    const argv = [join(repoRoot, "fuzz/run.js"), ...args, "--step-limit", "Infinity"];
    execFile(process.execPath, argv, { cwd: repoRoot }, (error, stdout) => {
      done({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout });
    });
  });
}

/**
 * The mutants of the short run in `npm test`: about 20 s of one core (npm test's ten minutes are shared by every
 * test); long runs are by hand (README, "Fuzzing") and weekly in CI (.github/workflows/fuzz.yml). The test's time
 * limit leaves room for a machine shared with other work.
 */
const MUTANTS = 600;

describe("npm run fuzz", () => {
  it(`finds no failure in ${MUTANTS} seeded mutants through lint, build, fmt, decompile, docs, eval and test`, async () => {
    const out = mkdtempSync(join(tmpdir(), "mailroom-fuzz-"));
    const { code, stdout } = await fuzz(["--seed", "1", "--count", String(MUTANTS), "--out", out]);
    expect(stdout).toMatch(new RegExp(`^${MUTANTS} mutants of \\d+ files in .* seed 1: 0 failure\\(s\\)$`, "m"));
    expect(code, stdout).toBe(0);
    expect(readdirSync(out)).toEqual([]);
    // Not vacuous: many mutants get as far as the last checks.
    const made = Object.fromEntries(
      [...(stdout.match(/^checks made: (.*)$/m)?.[1] ?? "").matchAll(/([a-z ]+) (\d+)/g)].map((m) => [
        m[1]?.trim(),
        Number(m[2]),
      ]),
    );
    expect(made.lint).toBe(MUTANTS);
    expect(made.docs).toBe(MUTANTS);
    for (const check of ["fmt twice", "fmt findings", "build", "decompile", "round trip"]) {
      expect(made[check], check).toBeGreaterThan(MUTANTS / 10);
    }
    // Only a mutant of an example without errors runs on the examples' samples.
    for (const check of ["fmt meaning", "eval", "test"]) expect(made[check], check).toBeGreaterThan(MUTANTS / 40);
  }, 400_000);

  it("makes the same mutants whatever the number of jobs sharing them", async () => {
    const out = mkdtempSync(join(tmpdir(), "mailroom-fuzz-"));
    const checks = async (jobs: string) => {
      const { code, stdout } = await fuzz(["--seed", "7", "--count", "80", "--jobs", jobs, "--out", out]);
      expect(code, stdout).toBe(0);
      expect(stdout).toContain(`80 mutants of`);
      // The checks made, sorted: each mutant makes the same ones, whichever worker makes them.
      return stdout
        .match(/^checks made: (.*)$/m)?.[1]
        ?.split(", ")
        .sort();
    };
    const one = await checks("1");
    expect(one?.length).toBeGreaterThan(3);
    expect(await checks("2")).toEqual(one);
  }, 120_000);

  it("replays every fixture of test/fixtures/fuzz without a failure (a bug fixed stays fixed)", async () => {
    const count = readdirSync(join(repoRoot, "test/fixtures/fuzz")).length;
    expect(count).toBeGreaterThan(0);
    const { code, stdout } = await fuzz(["--replay", "test/fixtures/fuzz"]);
    expect(stdout).toContain(`replayed ${count} fixture(s); 0 failure(s)`);
    expect(code, stdout).toBe(0);
  });
});

/** The functions the commands call, all well behaved: each test breaks one. */
const SERVICE = { id: 1, name: "S", type: "SIMPLE_UNIQUE", properties: { boxes: [], channels: [] } };
const sound: Api = {
  decodeSource: (bytes) => ({ ok: true, text: Buffer.from(bytes).toString("utf8") }),
  checkText: (file, text) => ({
    file,
    text,
    diagnostics: [],
    document: { diagnostics: [], services: [{ json: SERVICE }] },
  }),
  builtJson: () => `${JSON.stringify(SERVICE)}\n`,
  formatStylish: () => "",
  format: (text) => ({ text, diagnostics: [], disabled: false }),
  decompileText: () => ({
    diagnostics: [],
    services: [{ fileName: "s.service.yaml", text: "id: 1\n", diagnostics: [] }],
  }),
  withReconcileDefaults: (json) => json,
  docs: async () => ["# S\n", "<html>S</html>\n"],
  evaluate: async () => ({ ok: true }),
  test: async () => [[]],
  workedExample: async () => null,
};
const diagnostic = (code: string, offset: number, length = 0) => ({
  code,
  severity: "error",
  message: `a ${code}`,
  span: { offset, length },
});
const kinds = async (api: Api, file = "x.service.yaml", text = "id: 1\n") =>
  (await checkFile(api, file, text)).map((f) => f.kind);

describe("the fuzzer's checks", () => {
  it("pass on well-behaved commands", async () => {
    expect(await kinds(sound)).toEqual([]);
    expect(await kinds(sound, "x.service.json", "{}")).toEqual([]);
  });

  it("name an exception, an internal error and a span outside the text, with the step", async () => {
    const throws: Api = {
      ...sound,
      format: () => {
        throw new Error("boom");
      },
    };
    expect(await kinds(throws)).toEqual(["throw-fmt"]);
    const internal: Api = {
      ...sound,
      checkText: (file, text) => ({
        ...sound.checkText(file, text, {}),
        diagnostics: [diagnostic("internal-error", 0)],
      }),
    };
    expect(await kinds(internal, "x.service.json", "{}")).toEqual(["internal-error-lint"]);
    for (const [offset, length] of [
      [7, 0],
      [-1, 0],
      [2, 5],
      [0.5, 0],
    ] as const) {
      const outside: Api = {
        ...sound,
        format: (text) => ({ text, diagnostics: [diagnostic("syntax", offset, length)], disabled: false }),
      };
      expect(await kinds(outside), `${offset}+${length}`).toEqual(["span-fmt"]);
    }
    // Between the halves of a CRLF there is no line and column.
    const crlf: Api = { ...sound, format: (text) => ({ text, diagnostics: [diagnostic("x", 6)], disabled: false }) };
    expect(await kinds(crlf, "x.service.yaml", "id: 1\r\n")).toEqual(["span-fmt"]);
  });

  it("name a docs page that throws, is not drawn or changes from one run to the next", async () => {
    const throws: Api = { ...sound, docs: () => Promise.reject(new Error("boom")) };
    expect(await kinds(throws)).toEqual(["throw-docs"]);
    let runs = 0;
    const changing: Api = { ...sound, docs: async () => [`<p>${runs++}</p>`] };
    expect(await kinds(changing)).toEqual(["nondeterministic-docs"]);
    const undrawn: Api = {
      ...sound,
      docs: async () => ['<p class="muted">Graphviz could not draw this diagram: it is left out.</p>'],
    };
    expect(await kinds(undrawn)).toEqual(["undrawn-docs"]);
  });

  it("name eval and test runs on the samples that throw, only for a service without errors", async () => {
    const broken: Api = {
      ...sound,
      evaluate: () => Promise.reject(new Error("boom")),
      test: () => Promise.reject(new Error("boom")),
    };
    expect(await kinds(broken)).toEqual(["throw-eval", "throw-test"]);
    const withErrors: Api = {
      ...broken,
      checkText: (file, text) => ({ ...sound.checkText(file, text, {}), diagnostics: [diagnostic("x", 0)] }),
    };
    expect(await kinds(withErrors, "x.service.json", "{}")).toEqual([]);
  });

  it("name a span that cuts a surrogate pair, and a formatted file with other findings", async () => {
    const cut: Api = {
      ...sound,
      checkText: (file, text) => ({ ...sound.checkText(file, text, {}), diagnostics: [diagnostic("x", 0, 1)] }),
    };
    expect(await kinds(cut, "x.service.json", "\u{1F4EE}")).toEqual(["span-lint"]);
    // Formatting moves lines: a line number in a message is no other finding.
    const moved: Api = {
      ...sound,
      format: () => ({ text: "id: 1 # formatted\n", diagnostics: [], disabled: false }),
      checkText: (file, text) => ({
        ...sound.checkText(file, text, {}),
        diagnostics: [{ ...diagnostic("y", 0), message: `on line ${text.includes("formatted") ? 2 : 1}` }],
      }),
    };
    expect(await kinds(moved)).toEqual([]);
    const lost: Api = {
      ...moved,
      checkText: (file, text) => ({
        ...sound.checkText(file, text, {}),
        diagnostics: text.includes("formatted") ? [] : [diagnostic("unknown-key", 0)],
      }),
    };
    expect(await kinds(lost)).toEqual(["findings-fmt"]);
  });

  it("name a slow step", async () => {
    // A clock only the slow step advances: the verdict cannot hang on how busy the machine is.
    let clock = 0;
    const slow: Api = {
      ...sound,
      formatStylish: () => {
        clock += 30;
        return "";
      },
    };
    const now = () => clock;
    expect((await checkFile(slow, "x.service.yaml", "id: 1\n", { limit: 20, now })).map((f) => f.kind)).toEqual([
      "slow-lint",
    ]);
    expect((await checkFile(sound, "x.service.yaml", "id: 1\n", { limit: 20, now })).map((f) => f.kind)).toEqual([]);
  });

  it("name a formatter that is not idempotent, changes the meaning, or refuses a file by its own bug", async () => {
    const flip: Api = { ...sound, format: (text) => ({ text: `${text}#\n`, diagnostics: [], disabled: false }) };
    expect(await kinds(flip)).toEqual(["not-idempotent-fmt"]);
    const meaning: Api = {
      ...sound,
      format: () => ({ text: "id: 2\n", diagnostics: [], disabled: false }),
      checkText: (file, text) => ({
        ...sound.checkText(file, text, {}),
        document: { diagnostics: [], services: [{ json: { ...SERVICE, id: text === "id: 2\n" ? 2 : 1 } }] },
      }),
    };
    expect(await kinds(meaning)).toEqual(["meaning-fmt"]);
    const refused: Api = {
      ...sound,
      format: (text) => ({
        text,
        diagnostics: [{ ...diagnostic("cannot-format", 0), message: "Formatting would change x (please report it)." }],
        disabled: false,
      }),
    };
    expect(await kinds(refused)).toEqual(["refused-fmt"]);
  });

  it("name a decompiled service that does not build back to its JSON, and a refusal of what build wrote", async () => {
    const other: Api = {
      ...sound,
      checkText: (file, text) => ({
        ...sound.checkText(file, text, {}),
        document: { diagnostics: [], services: [{ json: { ...SERVICE, name: file.endsWith(".json") ? "S" : "T" } }] },
      }),
    };
    expect(await kinds(other, "x.service.json", "{}")).toEqual(["round-trip-decompile"]);
    expect(await kinds(other)).toEqual(["round-trip-decompile"]);
    const refuses: Api = {
      ...sound,
      decompileText: () => ({
        diagnostics: [],
        services: [{ fileName: "s.service.yaml", text: undefined, diagnostics: [diagnostic("cannot-decompile", 0)] }],
      }),
    };
    // A JSON file the DSL cannot say may be refused; what `build` wrote from the DSL may not.
    expect(await kinds(refuses, "x.service.json", "{}")).toEqual([]);
    expect(await kinds(refuses)).toEqual(["refused-decompile"]);
  });
});

describe("the fuzzer's minimiser and fixtures", () => {
  it("minimises a failing text to what still fails, lines first, then characters", async () => {
    const text = "id: 1\nname: S\nboxes:\n  a: { type: pdf }\nchannels: []\n";
    expect(await minimise(text, (t) => t.includes("pdf"))).toBe("pdf");
    expect(await minimise(text, (t) => t.includes("a:") && t.includes("[]"))).toBe("a:[]");
    // A pair of surrogates is one character to it.
    expect(await minimise("x\u{1F4EE}y", (t) => t.includes("\u{1F4EE}"))).toBe("\u{1F4EE}");
    // Within its budget: a failure too slow to minimise is written as it is.
    expect(await minimise(text, (t) => t.includes("pdf"), { calls: 0 })).toBe(text);
  });

  it("writes a fixture with a header saying what failed, and reads back the failing text byte for byte", () => {
    const dir = mkdtempSync(join(tmpdir(), "mailroom-fuzz-"));
    for (const [json, text] of [
      [false, "a: '''"],
      [true, '"\\\r\n'],
    ] as const) {
      const failure = { kind: "span-lint", message: "span 0+3 cuts a CRLF\r\nat 3" };
      const path = writeFixture(dir, failure, text, json, "mutant 7 of x (--seed 2)");
      expect(path).toMatch(new RegExp(`/span-lint-[0-9a-f]{10}\\.service\\.${json ? "json" : "yaml"}$`));
      const content = readFileSync(path, "utf8");
      const mark = json ? "//" : "#";
      expect(content.split("\n")[0]).toBe(`${mark} fuzz: span-lint: span 0+3 cuts a CRLF  at 3`);
      if (!json) expect(content).toMatch(/^# mailroom-fmt-disable/m);
      expect(readFixture(content, path)).toEqual({ json, text });
    }
  });
});
