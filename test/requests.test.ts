/*
 * Request files (job creations, delivery commands, organizational units) checked against the services they call,
 * and `mailroom check-job`, through the real CLI: every request rule's page and annotated fixture, the examples'
 * request files, and the request check-job prints, sent to a local server that checks it like the API.
 */

import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REQUEST_RULES } from "@mailroom/checker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matches, type Reported, readAnnotations } from "./annotations.js";
import { FakeApi, type Json, TOKEN } from "./fake-api.js";
import { readJson, repoRoot, runCli } from "./helpers.js";

const FIXTURES = "test/fixtures/requests";
const EXAMPLES = ["annual-statements", "customer-notices", "payslips", "registered-letter", "supplier-invoices"];
const SECTIONS = ["## What", "## Why", "## Basis in the spec", "## Bad example", "## Good example", "## Options"];

/** The first code block after a heading of a page. */
function example(page: string, heading: string): string | undefined {
  const at = page.indexOf(heading);
  return at < 0 ? undefined : /```(?:yaml|json)\n([\s\S]*?)```/.exec(page.slice(at))?.[1];
}

/** The file name a request rule's example is written to, by the kind of file it checks. */
const exampleName = (kinds: readonly string[], which: string) =>
  `${which}.${kinds[0] === "unit" ? "ou.json" : kinds[0] === "job" ? "job.yaml" : "delivery.yaml"}`;

/** A copy of examples/ (services, samples, configuration, listings) to write request files into. */
const examplesCopy = () => {
  const dir = mkdtempSync(join(tmpdir(), "mailroom-requests-"));
  cpSync(join(repoRoot, "examples"), dir, { recursive: true });
  return dir;
};

type Found = Reported & { file: string; severity: string };

const lintJson = async (files: readonly string[], cwd = repoRoot) => {
  const result = await runCli(["lint", "--format", "json", ...files], { cwd });
  return { code: result.code, found: JSON.parse(result.stdout || "[]") as Found[], stderr: result.stderr };
};

describe("every request rule", () => {
  it("has a page with the fixed layout, and its bad example triggers it where its good example is clean", async () => {
    const dir = examplesCopy();
    const files: string[] = [];
    for (const { meta } of REQUEST_RULES) {
      const page = readFileSync(join(repoRoot, "docs/rules", `${meta.id}.md`), "utf8");
      expect(page.startsWith(`# ${meta.id}\n`), meta.id).toBe(true);
      expect(page).toContain(`Default severity: **${meta.severity}**`);
      for (const section of SECTIONS) expect(page, `${meta.id} ${section}`).toContain(`\n${section}\n`);
      for (const which of ["bad", "good"]) {
        const text = example(page, which === "bad" ? "## Bad example" : "## Good example");
        expect(text, `${meta.id} ${which}`).toBeDefined();
        const name = `${meta.id}-${exampleName(meta.files, which)}`;
        writeFileSync(join(dir, name), text as string);
        files.push(name);
      }
    }
    const { found } = await lintJson(files, dir);
    for (const { meta } of REQUEST_RULES) {
      const codes = (which: string) =>
        found.filter((d) => d.file === `${meta.id}-${exampleName(meta.files, which)}`).map((d) => d.code);
      expect(codes("bad"), meta.id).toContain(meta.id);
      expect(codes("good"), meta.id).toEqual([]);
    }
  }, 60_000);

  it("has a fixture that reports exactly what its annotations mark (or its expected output, for a unit)", async () => {
    const names = readdirSync(join(repoRoot, FIXTURES)).filter((name) =>
      /\.(job|delivery)\.yaml$|\.ou\.json$/.test(name),
    );
    for (const { meta } of REQUEST_RULES) {
      expect(
        names.some((name) => name.startsWith(`${meta.id}.`)),
        meta.id,
      ).toBe(true);
    }
    const { found } = await lintJson(names.map((name) => `${FIXTURES}/${name}`));
    for (const name of names) {
      const file = `${FIXTURES}/${name}`;
      const mine = found.filter((d) => d.file === file);
      const id = name.slice(0, name.indexOf("."));
      expect(
        mine.map((d) => d.code),
        file,
      ).toContain(id);
      if (name.endsWith(".json")) {
        const lines = mine.map((d) => `${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.code}\n`).join("");
        expect(lines, file).toBe(readFileSync(join(repoRoot, file.replace(".ou.json", ".expected.txt")), "utf8"));
        continue;
      }
      const text = readFileSync(join(repoRoot, file), "utf8");
      const lines = text.split(/\r?\n/);
      const expected = readAnnotations(text);
      const width = (d: Reported) => lines[d.line - 1]?.length ?? 0;
      expect(
        {
          unexpected: mine.filter((d) => !expected.some((e) => matches(e, d, width(d)))),
          missing: expected.filter((e) => !mine.some((d) => matches(e, d, width(d)))),
        },
        file,
      ).toEqual({ unexpected: [], missing: [] });
    }
  }, 60_000);
});

describe("mailroom lint on request files", () => {
  it("finds the examples' job files, delivery commands and the configured unit, all clean", async () => {
    const result = await runCli(["lint", "--format", "junit", "examples"]);
    expect(result.code, result.stdout).toBe(0);
    for (const slug of EXAMPLES) {
      expect(result.stdout).toMatch(new RegExp(`testsuite name="examples/${slug}\\.job\\.(yaml|json)"`));
    }
    const deliveries = [...result.stdout.matchAll(/testsuite name="examples\/[^"]+\.delivery\.(yaml|json)"/g)];
    expect(deliveries.length).toBeGreaterThanOrEqual(3);
    expect(result.stdout).toContain('testsuite name="examples/organizational-unit.json"');
  });

  it("names the request files' patterns when it finds nothing", async () => {
    const empty = mkdtempSync(join(tmpdir(), "mailroom-requests-none-"));
    const result = await runCli(["lint", empty]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("*.job.yaml, *.job.json, *.delivery.yaml, *.delivery.json or *.ou.json");
  });

  it("reports the shape of a request file in its own words, and a unit's values by its rules, once", async () => {
    const dir = examplesCopy();
    writeFileSync(
      join(dir, "shape.job.yaml"),
      "service: payslips.service.yaml\nparameters:\n  jobName: x\n  serviceId: 3307\n",
    );
    writeFileSync(
      join(dir, "broken.ou.json"),
      '{ "id": 1, "name": "x", "accountIdentifier": "a b", "properties": { "webHookURL": "https://x.example/" } }\n',
    );
    // A type the model refuses is its shape's finding, and the rules wait for a sound shape.
    writeFileSync(
      join(dir, "typed.ou.json"),
      '{ "id": 1, "name": "x", "accountIdentifier": "a b", "properties": { "webHookURL": 7 } }\n',
    );
    const { found } = await lintJson(["shape.job.yaml", "broken.ou.json", "typed.ou.json"], dir);
    expect(found.map((d) => `${d.file} ${d.line}:${d.column} ${d.code}`)).toEqual([
      "shape.job.yaml 1:1 missing-field",
      "shape.job.yaml 2:1 missing-field",
      "shape.job.yaml 4:14 wrong-type",
      "broken.ou.json 1:46 account-identifier",
      "broken.ou.json 1:83 webhook-url",
      "typed.ou.json 1:83 wrong-type",
    ]);
    expect(found[3]?.message).toBe(
      'accountIdentifier "a b" has the character " " (U+0020); expected only ASCII letters, digits and - . _ ~.',
    );
  });

  it("honours suppression comments in a YAML request file, and reports those that silence nothing", async () => {
    const dir = examplesCopy();
    const job = readFileSync(join(dir, "payslips.job.yaml"), "utf8").replace("_PAYSLIPS_0", "_PAYSLIPS_1");
    const wrong = "  file__file_PAYSLIPS_1:";
    const suppressed = job
      .replace(wrong, `  # mailroom-disable-next-line part-counter -- numbered by the scanner\n${wrong}`)
      .replace(
        "  file__file_ATTESTATIONS_0:",
        "  # mailroom-disable-next-line part-countr\n  file__file_ATTESTATIONS_0:",
      )
      .replace("parameters:", "# mailroom-disable unknown-part\nparameters:");
    writeFileSync(join(dir, "suppressed.job.yaml"), suppressed);
    // The same finding unsuppressed, to show the comment is what silences it.
    writeFileSync(join(dir, "wrong.job.yaml"), job);
    const { found } = await lintJson(["suppressed.job.yaml", "wrong.job.yaml"], dir);
    expect(found.map((d) => `${d.file} ${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`)).toEqual([
      'suppressed.job.yaml 5:1 warning unused-suppression Found a suppression of "unknown-part" that silences nothing; expected a problem with the code "unknown-part" in this file, or remove the comment.',
      'suppressed.job.yaml 19:3 warning unused-suppression Found a suppression of "part-countr", which is not a rule or diagnostic code; expected a known code such as "part-counter".',
      expect.stringMatching(/^wrong\.job\.yaml 16:3 error part-counter /),
    ]);
    // A configuration's severity for unused suppressions applies here too.
    writeFileSync(join(dir, "mailroom.config.yaml"), "rules:\n  unused-suppression: off\n");
    expect((await lintJson(["suppressed.job.yaml"], dir)).found).toEqual([]);
  });

  it("fixes a channel named by its name with --fix, writing its label", async () => {
    const dir = examplesCopy();
    const text = readFileSync(join(repoRoot, FIXTURES, "channel-label.delivery.yaml"), "utf8")
      // The fixture names the service from its folder; the copy, from beside it.
      .replace(/^service: .*\//m, "service: ")
      .replace(/^#.*\^.*\n/gm, "");
    writeFileSync(join(dir, "fix.delivery.yaml"), text);
    const fixed = await runCli(["lint", "--fix", "fix.delivery.yaml"], { cwd: dir });
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect(fixed.stderr).toContain("fixed 1 problem in 1 file");
    expect(readFileSync(join(dir, "fix.delivery.yaml"), "utf8")).toContain(
      '    "Courrier – lettre verte":\n      MAIN: [C4]',
    );
  });

  it("checks option values against every environment's listing", async () => {
    const dir = examplesCopy();
    const production = JSON.parse(readFileSync(join(dir, "options/production/options.json"), "utf8"));
    production.result = production.result.filter((o: Json) => o.value !== "C4");
    writeFileSync(join(dir, "options/production/options.json"), JSON.stringify(production));
    const { found } = await lintJson(["payslips.delivery.yaml"], dir);
    expect(found.map((d) => `${d.code} ${d.message}`)).toEqual([
      'unknown-option-value Option value "C4" is not in the option listing of environment "production"; expected a value it offers.',
    ]);
  });

  it("finds a job's service by its serviceId among the workspace's services when it names no file", async () => {
    const dir = examplesCopy();
    const job = readFileSync(join(dir, "registered-letter.job.json"), "utf8");
    const json = JSON.parse(job);
    delete json.service;
    writeFileSync(join(dir, "by-id.job.json"), JSON.stringify(json, null, 2));
    json.parameters.serviceId = "1102";
    writeFileSync(join(dir, "unknown-id.job.json"), JSON.stringify(json, null, 2));
    const { found } = await lintJson(["by-id.job.json", "unknown-id.job.json"], dir);
    expect(found.map((d) => `${d.file} ${d.code} ${d.message}`)).toEqual([
      'unknown-id.job.json unknown-request-service No service of the workspace has the id "1102"; expected the id of a service, or "service" naming its file.',
    ]);
  });
});

/** What `check-job --format json` prints: the request's parts. */
interface Printed {
  readonly parts: { name: string; kind: "parameters" | "file" | "service-file"; value: string }[];
}

/** The multipart request a printed job stands for, sent to the fake API from `cwd`. */
async function send(base: string, printed: Printed, cwd: string): Promise<number> {
  const form = new FormData();
  for (const part of printed.parts) {
    if (part.kind === "file") form.append(part.name, new Blob([readFileSync(join(cwd, part.value))]), part.value);
    else form.append(part.name, part.value);
  }
  const response = await fetch(`${base}/jobs`, { method: "POST", headers: { "X-Auth-Token": TOKEN }, body: form });
  return response.status;
}

describe("mailroom check-job", () => {
  const api = new FakeApi();
  let base = "";
  beforeAll(async () => {
    base = await api.start();
  });
  afterAll(() => api.stop());

  const checkJob = async (args: readonly string[]) => {
    const result = await runCli(["check-job", "--format", "json", ...args], { cwd: join(repoRoot, "examples") });
    return { ...result, printed: result.code === 0 ? (JSON.parse(result.stdout) as Printed) : undefined };
  };

  it.each(EXAMPLES)("%s: the request of its job file is one the API takes", async (slug) => {
    const job = ["yaml", "json"]
      .map((ext) => `${slug}.job.${ext}`)
      .find((f) => existsSync(join(repoRoot, "examples", f)));
    const result = await checkJob([job as string]);
    expect(result.code, result.stderr).toBe(0);
    api.service = readJson(`examples/${slug}.service.json`) as Json;
    api.wrong.length = 0;
    expect(await send(base, result.printed as Printed, join(repoRoot, "examples"))).toBe(200);
    expect(api.wrong).toEqual([]);
  });

  it.each(EXAMPLES)(
    "%s: the request built from the files of each of its test cases is one the API takes",
    async (slug) => {
      const test = readFileSync(join(repoRoot, "examples", `${slug}.service.test.yaml`), "utf8");
      const { parseYaml, toJson } = await import("@mailroom/syntax");
      const cases = (toJson(parseYaml(test).root as never) as { cases: { files: Record<string, string | string[]> }[] })
        .cases;
      api.service = readJson(`examples/${slug}.service.json`) as Json;
      for (const { files } of cases) {
        const given = Object.entries(files).flatMap(([box, paths]) =>
          (Array.isArray(paths) ? paths : [paths]).flatMap((path) => ["--file", `${box}=${path}`]),
        );
        const result = await checkJob([`${slug}.service.yaml`, ...given]);
        // A case may give files the service refuses (a test of a violation): then nothing is printed to send.
        if (result.code !== 0) {
          expect(result.stderr).toContain("nothing to send");
          continue;
        }
        api.wrong.length = 0;
        expect(await send(base, result.printed as Printed, join(repoRoot, "examples")), `${slug} ${given}`).toBe(200);
        expect(api.wrong).toEqual([]);
      }
    },
  );

  it("prints the parts in the form --part-names chooses, and the server refuses a request that is wrong", async () => {
    const result = await checkJob([
      "payslips.service.yaml",
      "--file",
      "PAYSLIPS=samples/payslips/PAIE_2024_04.pdf",
      "--part-names",
      "file_main",
    ]);
    expect(result.printed?.parts.map((p) => p.name)).toEqual(["parameters", "file_mainPAYSLIPS_0"]);
    api.service = readJson("examples/payslips.service.json") as Json;
    api.wrong.length = 0;
    expect(await send(base, result.printed as Printed, join(repoRoot, "examples"))).toBe(200);
    const wrong = {
      parts: (result.printed as Printed).parts.map((p) =>
        p.kind === "file" ? { ...p, name: "file_mainPAYSLIPS_1" } : p,
      ),
    };
    expect(await send(base, wrong, join(repoRoot, "examples"))).toBe(400);
    expect(api.wrong.join("\n")).toContain("counters");
  });

  it("refuses a job with errors, printing them where they are, and sends nothing", async () => {
    const dir = examplesCopy();
    writeFileSync(
      join(dir, "wrong.job.yaml"),
      readFileSync(join(dir, "payslips.job.yaml"), "utf8").replace("file__file_PAYSLIPS_0", "file__file_PAYSLIPS_1"),
    );
    const result = await runCli(["check-job", "wrong.job.yaml"], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("wrong.job.yaml:16:3  error");
    expect(result.stderr).toContain("part-counter");
    expect(result.stderr).toContain("nothing to send");
  });

  it("prints the request as text, and with --simulate the documents, pack groups per channel and violations", async () => {
    const result = await runCli(["check-job", "payslips.job.yaml", "--simulate", "--now", "2024-05-01T10:00:00Z"], {
      cwd: join(repoRoot, "examples"),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'POST /jobs\nContent-Type: multipart/form-data\n\npart "parameters" (application/json):\n{\n  "jobName"',
    );
    expect(result.stdout).toContain('part "file__file_PAYSLIPS_0": file samples/payslips/PAIE_2024_04.pdf\n');
    expect(result.stdout).toContain("Documents:\n  PAYSLIPS#1 (samples/payslips/PAIE_2024_04.pdf, pages 1-2)\n");
    expect(result.stdout).toContain(
      'Pack groups by channel:\n  "E-mail sécurisé salarié": 3 pack groups (PAYSLIPS#1, PAYSLIPS#2, PAYSLIPS#3)\n  "Courrier – lettre verte": 3 pack groups (PAYSLIPS#1, PAYSLIPS#2, PAYSLIPS#3)\n',
    );

    const violated = await runCli(
      [
        "check-job",
        "annual-statements.service.yaml",
        "--file",
        "STATEMENTS=samples/annual-statements/DECOMPTES_2024_INCOMPLET.pdf",
        "--simulate",
      ],
      { cwd: join(repoRoot, "examples") },
    );
    expect(violated.stdout + violated.stderr).toMatch(/Violations:\n {2}invalid-split: |error .*split-page-count/);
    expect(violated.code).toBe(1);
  });

  it("asks for a copy of a stored file to simulate it, and refuses an unknown part-name form", async () => {
    const stored = await runCli(["check-job", "supplier-invoices.job.yaml", "--simulate"], {
      cwd: join(repoRoot, "examples"),
    });
    expect(stored.code).toBe(2);
    expect(stored.stderr).toContain("give a copy with --file GENERAL_TERMS=<path>");
    const withCopy = await runCli(
      [
        "check-job",
        "supplier-invoices.job.yaml",
        "--simulate",
        "--file",
        "GENERAL_TERMS=samples/supplier-invoices/CGV_2024.pdf",
      ],
      { cwd: join(repoRoot, "examples") },
    );
    expect(withCopy.code, withCopy.stderr).toBe(0);
    expect(withCopy.stdout).toContain("GENERAL_TERMS#1 (samples/supplier-invoices/CGV_2024.pdf, pages 1-2)");
    const form = await runCli(
      ["check-job", "payslips.service.yaml", "--file", "PAYSLIPS=x.pdf", "--part-names", "file_"],
      {
        cwd: join(repoRoot, "examples"),
      },
    );
    expect(form.code).toBe(2);
    expect(form.stderr).toContain('--part-names takes one of file__file, file_main, file_file__, not "file_".');
  });
});
