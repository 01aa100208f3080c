import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";

const work = mkdtempSync(join(tmpdir(), "mailroom-diff-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const EXAMPLES = ["annual-statements", "customer-notices", "payslips", "registered-letter", "supplier-invoices"];

// biome-ignore lint/suspicious/noExplicitAny: the services are edited as plain JSON, whatever their shape.
type Json = any;

const example = (name: string): Json =>
  JSON.parse(readFileSync(join(repoRoot, `examples/${name}.service.json`), "utf8"));

/** Writes a service as a JSON file of the temporary folder and returns its path. */
let written = 0;
const write = (service: Json, name = `v${written++}`): string => {
  const path = join(work, `${name}.service.json`);
  writeFileSync(path, JSON.stringify(service, null, 2));
  return path;
};

/** The example's service, edited. */
const edited = (name: string, edit: (service: Json) => void): string => {
  const service = example(name);
  edit(service);
  return write(service);
};

const examplePath = (name: string, ext = "yaml") => join(repoRoot, `examples/${name}.service.${ext}`);

const diffJson = async (old: string, now: string, ...more: string[]) => {
  const result = await runCli(["diff", old, now, "--format", "json", ...more]);
  // No report: the CLI's message says why, in the test's failure.
  if (result.stdout === "") throw new Error(`mailroom diff printed nothing (exit ${result.code}): ${result.stderr}`);
  return { ...result, report: JSON.parse(result.stdout) };
};

/** The changes of a report, one line each: "class subject: summary". */
const lines = (report: Json): string[] =>
  report.services.flatMap((s: Json) => s.changes.map((c: Json) => `${c.class} ${c.subject}: ${c.summary}`));

const boxesOf = (service: Json): Json[] => service.properties.boxes;
const firstMetadata = (service: Json): Json => boxesOf(service).find((b) => b.metadatas?.length > 0).metadatas[0];

describe("mailroom diff on every example", () => {
  for (const name of EXAMPLES) {
    it(`${name}: the DSL file and the JSON built from it compare equal`, async () => {
      const { code, stdout } = await runCli(["diff", examplePath(name), examplePath(name, "json")]);
      expect(stdout).toBe("no changes\n");
      expect(code).toBe(0);
    });

    it(`${name}: a channel removed is breaking (exit 1, 0 when allowed)`, async () => {
      const label = example(name).properties.channels[0].label;
      const changed = edited(name, (s) => s.properties.channels.shift());
      const { code, report } = await diffJson(examplePath(name), changed);
      expect(lines(report)).toContain(`breaking channel ${label}: removed: delivery commands naming it fail`);
      expect(report.counts.breaking).toBeGreaterThan(0);
      expect(code).toBe(1);
      expect((await diffJson(examplePath(name), changed, "--allow-breaking")).code).toBe(0);
    });

    it(`${name}: a metadata's expression changed is behaviour, with the old and new sentences`, async () => {
      const metadata = firstMetadata(example(name));
      const changed = edited(name, (s) => {
        firstMetadata(s).content = { "@type": "exv.Value", value: "CONSTANT" };
      });
      const { code, report } = await diffJson(examplePath(name), changed);
      const change = report.services[0].changes.find((c: Json) => c.field === "content");
      expect(change.class).toBe("behaviour");
      expect(change.subject).toMatch(new RegExp(`^metadata ${metadata.name} of box `));
      expect(change.new).toBe('the text "CONSTANT"');
      expect(change.old).not.toBe(change.new);
      expect(change.expression.new).toBe('"CONSTANT"');
      expect(report.counts.breaking).toBe(0);
      expect(code).toBe(0);
    });

    it(`${name}: a description and a box label changed are cosmetic`, async () => {
      const box = boxesOf(example(name))[0].name;
      const changed = edited(name, (s) => {
        s.properties.description = "Another description.";
        boxesOf(s)[0].label = "Another label";
      });
      const { code, report } = await diffJson(examplePath(name), changed);
      expect(lines(report)).toEqual([
        "cosmetic the service: description changed",
        `cosmetic box ${box}: label changed`,
      ]);
      expect(report.counts).toEqual({ breaking: 0, behaviour: 0, cosmetic: 2 });
      expect(code).toBe(0);
    });
  }
});

describe("mailroom diff classes", () => {
  const payslips = (edit: (service: Json) => void) => edited("payslips", edit);
  const attestations = (s: Json) => boxesOf(s)[1];
  const old = () => examplePath("payslips");

  it("a box newly mandatory, a split no longer editable, an output file removed are breaking", async () => {
    const changed = payslips((s) => {
      attestations(s).minElements = 1;
      attestations(s).splitConfig.editable = false;
      s.properties.channels[0].outputFilesConfig.pop();
    });
    const { report } = await diffJson(old(), changed);
    expect(lines(report)).toEqual([
      "breaking box ATTESTATIONS: made mandatory",
      "breaking ATTESTATIONS's split: no longer editable by jobs",
      "breaking output file ATTESTATION of channel E-mail sécurisé salarié: removed",
    ]);
  });

  it("a box removed and one added under another name are breaking and behaviour; a lower maximum is breaking", async () => {
    const renamed = JSON.parse(
      readFileSync(examplePath("payslips", "json"), "utf8").replaceAll('"ATTESTATIONS"', '"CERTIFICATES"'),
    );
    boxesOf(renamed)[0].maxElements = 2;
    const changed = write(renamed);
    const { report } = await diffJson(old(), changed);
    // The metadata of the boxes come and go with them, unsaid.
    expect(lines(report)).toEqual([
      "breaking box PAYSLIPS: maximum number of files lowered",
      "behaviour box CERTIFICATES: added",
      "breaking box ATTESTATIONS: removed",
    ]);
  });

  it("classes each other field of the service, its boxes, metadata, appositions and channels", async () => {
    const changed = payslips((s) => {
      s.type = "ADVANCED";
      s.organizationalUnit.id = 4411;
      s.properties.iconName = "mail";
      const [main, attachment] = boxesOf(s);
      main.hidden = true;
      main.hasAddressPage = false;
      main.splitConfig.value = "^Fin du bulletin";
      main.appositions[0].serializedPageFilter = "1-2";
      main.appositions[2].editable = false;
      main.metadatas[1].editable = false;
      main.metadatas[2].persist = false;
      main.metadatas.reverse();
      attachment["@type"] = "box.DATA_FILE";
      for (const key of ["integrityPreservable", "splitConfig", "hasAddressPage", "appositions"])
        delete attachment[key];
      attachment.metadatas = [];
      attachment.reconcile.condition = { "@type": "exb.Boolean", value: true };
      s.properties.channels[1].options[0].value = "2SIDE";
    });
    const { report, code } = await diffJson(old(), changed);
    expect(lines(report)).toEqual([
      "behaviour the service: type changed",
      "behaviour the service: organizational unit changed (its properties are what metadata read)",
      "cosmetic the service: icon changed",
      "cosmetic box PAYSLIPS: hidden",
      "behaviour PAYSLIPS's split: split changed",
      "behaviour box PAYSLIPS: address page changed",
      "behaviour apposition 1 of box PAYSLIPS: changed",
      "breaking apposition 3 of box PAYSLIPS: no longer editable by jobs",
      "cosmetic box PAYSLIPS: metadata reordered",
      "breaking box ATTESTATIONS: takes other files",
      "breaking ATTESTATIONS's split: no longer editable by jobs",
      "behaviour box ATTESTATIONS: address page changed",
      "behaviour box ATTESTATIONS: integrity preservation changed",
      "behaviour ATTESTATIONS's reconcile: condition changed",
      "behaviour metadata recipientAddress of box PAYSLIPS: no longer kept with the job",
      "breaking metadata employeeName of box PAYSLIPS: no longer editable",
      "behaviour metadata attestationEmployeeId of box ATTESTATIONS: removed",
      "behaviour option printMode of output file MAIN of channel Courrier – lettre verte: changed",
    ]);
    expect(code).toBe(1);
  });

  it("a split that jobs could not edit, removed, is behaviour: the split comes and goes as a whole", async () => {
    const changed = payslips((s) => {
      delete boxesOf(s)[0].splitConfig;
    });
    const { report } = await diffJson(old(), changed);
    const [change] = report.services[0].changes;
    expect(lines(report)).toEqual(["behaviour PAYSLIPS's split: removed"]);
    expect(change.kind).toBe("removed");
    expect(change.old).toMatch(/^a document ends on each page whose text in the area 15, 270, 180 x 12/);
    expect(change.new).toBe(null);
  });

  it("a requirement newly read is breaking; the one no longer read is behaviour", async () => {
    const text = readFileSync(examplePath("payslips", "json"), "utf8").replaceAll(
      "POSTAL_ADDRESS_RECIPIENT",
      "RECIPIENT_ADDRESS",
    );
    const changed = write(JSON.parse(text));
    const { report } = await diffJson(old(), changed);
    expect(lines(report)).toEqual([
      "breaking requirement RECIPIENT_ADDRESS: newly read: jobs must give it",
      "behaviour requirement POSTAL_ADDRESS_RECIPIENT: no longer read",
      "behaviour metadata recipientAddress of box PAYSLIPS: content changed",
    ]);
  });

  it("a configured file made mandatory is breaking; made removable, behaviour", async () => {
    const mandatory = edited("customer-notices", (s) => {
      boxesOf(s).find((b) => b.configuredFiles.length > 0).configuredFiles[0].removable = false;
    });
    const { report } = await diffJson(examplePath("customer-notices"), mandatory);
    expect(lines(report)).toEqual(["breaking configured file 1 of box CHARGES_LEAFLET: made mandatory"]);
    const { report: back, code } = await diffJson(mandatory, examplePath("customer-notices"));
    expect(lines(back)).toEqual(["behaviour configured file 1 of box CHARGES_LEAFLET: changed"]);
    expect(code).toBe(0);
  });

  it("a reconcile's condition and counts, a file matcher's rank are behaviour", async () => {
    const changed = payslips((s) => {
      attestations(s).reconcile.minMatches = 1;
      attestations(s).reconcile.condition = { "@type": "exb.Boolean", value: true };
    });
    const { report } = await diffJson(old(), changed);
    expect(report.counts).toEqual({ breaking: 0, behaviour: 2, cosmetic: 0 });
    const condition = report.services[0].changes[0];
    expect(condition.subject).toBe("ATTESTATIONS's reconcile");
    expect(condition.old).toMatch(/^metadata attestationEmployeeId matches/);
    expect(lines(report)[1]).toBe("behaviour ATTESTATIONS's reconcile: documents each MAIN document gets changed");

    const invoices = example("supplier-invoices");
    const extracted = boxesOf(invoices).find((b) => b.parent);
    const ranked = edited("supplier-invoices", (s) => {
      boxesOf(s).find((b) => b.name === extracted.name).parent.rank += 5;
    });
    const { report: rank } = await diffJson(examplePath("supplier-invoices"), ranked);
    expect(lines(rank)).toEqual([`behaviour box ${extracted.name}: file matcher's rank changed`]);

    // A reconcile that comes to expect documents makes its box mandatory, whatever its minElements.
    const expecting = edited("supplier-invoices", (s) => {
      boxesOf(s).find((b) => b.name === extracted.name).reconcile.minExpected = 1;
    });
    const { report: expected } = await diffJson(examplePath("supplier-invoices"), expecting);
    expect(lines(expected)).toEqual([
      `breaking box ${extracted.name}: made mandatory: its reconcile now expects documents`,
      `behaviour ${extracted.name}'s reconcile: documents the job may hold changed`,
    ]);
  });

  it("channels reordered and renamed fields are cosmetic; an unknown channel field is compared verbatim", async () => {
    const changed = payslips((s) => {
      s.properties.channels.reverse();
      s.properties.channels[0].name = "POST";
      s.properties.channels[1].priority = 2;
      s.properties.channels[1].outputFilesConfig[0].preserveIntegrity = false;
    });
    const { report } = await diffJson(old(), changed);
    expect(lines(report)).toEqual([
      "cosmetic channel Courrier – lettre verte: name changed",
      "behaviour channel E-mail sécurisé salarié: priority added",
      "behaviour output file MAIN of channel E-mail sécurisé salarié: preserveIntegrity changed",
      "cosmetic the service: channels reordered",
    ]);
    expect(report.services[0].changes[1].new).toBe("2");
  });

  it("an authentication response's services are matched by id, then by name", async () => {
    const [a, b, c] = ["payslips", "registered-letter", "annual-statements"].map(example);
    const before = write({ result: { services: [a, b, c] } }, "auth-before");
    // b keeps its id under a new name; c keeps its name under a new id; a goes; another comes.
    const renamed = { ...b, name: "Renamed" };
    const moved = { ...c, id: 999 };
    const added = example("customer-notices");
    const after = write({ result: { services: [added, moved, renamed] } }, "auth-after");
    const { report, code } = await diffJson(before, after);
    const summary = report.services.map((s: Json) => [s.old?.id ?? null, s.new?.id ?? null, lines({ services: [s] })]);
    expect(summary).toEqual([
      [null, added.id, ["behaviour the service: added"]],
      [c.id, 999, ["breaking the service: id changed (jobs give it as serviceId)"]],
      [b.id, b.id, ["cosmetic the service: renamed"]],
      [a.id, null, ["breaking the service: removed"]],
    ]);
    expect(code).toBe(1);
  });
});

describe("mailroom diff formats", () => {
  const fixture = join(repoRoot, "test/fixtures/diff/payslips-2025.service.yaml");

  it("prints text by default, each change with what it was and is now", async () => {
    const { code, stdout } = await runCli(["diff", fixture, examplePath("payslips")]);
    expect(stdout).toContain("  breaking  ~ box ATTESTATIONS: maximum number of files lowered\n");
    expect(stdout).toContain("                was: up to 2 files\n                now: up to 1 file\n");
    expect(stdout).toContain("  behaviour - metadata batch of box PAYSLIPS: removed\n");
    expect(stdout.endsWith("4 changes: 1 breaking, 2 behaviour, 1 cosmetic\n")).toBe(true);
    expect(code).toBe(1);
  });

  it("writes Markdown with a summary line and a section per class, the same bytes every time", async () => {
    const args = ["diff", fixture, examplePath("payslips"), "--format", "md"];
    const first = await runCli(args);
    expect(first.stdout.split("\n")[0]).toBe("**mailroom diff**: ⚠️ 1 breaking, 2 behaviour, 1 cosmetic");
    const sections = first.stdout.split("\n").filter((l) => l.startsWith("#### "));
    expect(sections).toEqual(["#### Breaking for integrators (1)", "#### Behaviour (2)", "#### Cosmetic (1)"]);
    expect((await runCli(args)).stdout).toBe(first.stdout);
  });

  it("writes JSON of the documented shape", async () => {
    const { report } = await diffJson("test/fixtures/diff/payslips-2025.service.yaml", examplePath("payslips"));
    expect(Object.keys(report)).toEqual(["version", "counts", "services"]);
    expect(report.services[0].old).toEqual({
      file: "test/fixtures/diff/payslips-2025.service.yaml",
      name: "Bulletins de paie mensuels",
      id: 3307,
    });
    expect(Object.keys(report.services[0].changes[0])).toEqual([
      "class",
      "kind",
      "subject",
      "field",
      "summary",
      "old",
      "new",
      "expression",
    ]);
  });

  it("the committed example page is what the command writes", async () => {
    const { stdout } = await runCli(
      ["diff", "test/fixtures/diff/payslips-2025.service.yaml", "examples/payslips.service.yaml", "--format", "md"],
      { cwd: repoRoot },
    );
    expect(readFileSync(join(repoRoot, "examples/payslips.diff.md"), "utf8")).toBe(stdout);
  });
});

describe("mailroom diff inputs", () => {
  it("refuses a file with errors as lint reports it, with exit 2", async () => {
    const broken = join(work, "broken.service.yaml");
    writeFileSync(broken, readFileSync(examplePath("payslips"), "utf8").replace("elements: 0..1", "elements: 0..x"));
    const { code, stdout, stderr } = await runCli(["diff", examplePath("payslips"), broken]);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/broken\.service\.yaml:\d+:\d+ {2}error {2}/);
    expect(stderr).toContain("a version has errors; nothing was compared");
    expect(code).toBe(2);
  });

  it("checks both sides with the configuration: a warning it makes an error refuses the file", async () => {
    const unused = join(work, "unused.service.yaml");
    writeFileSync(
      unused,
      readFileSync(examplePath("payslips"), "utf8").replace("      replyTo:", "      spare: fileName\n      replyTo:"),
    );
    const config = join(work, "strict.config.yaml");
    writeFileSync(config, "rules:\n  unused-metadata: error\n");
    const lenient = await runCli(["diff", examplePath("payslips"), unused]);
    expect(lenient.stdout).toContain("  behaviour + metadata spare of box PAYSLIPS: added\n");
    expect(lenient.code).toBe(0);
    const strict = await runCli(["diff", examplePath("payslips"), unused, "--config", config]);
    expect(strict.stderr).toMatch(/unused\.service\.yaml:\d+:\d+ {2}error {2}Metadata "spare" .* {2}unused-metadata\n/);
    expect(strict.code).toBe(2);
  });

  it("gives usage errors exit 2: one file, a missing file, a directory, an unknown format", async () => {
    const one = await runCli(["diff", examplePath("payslips")]);
    expect(one.stderr).toContain("Give two files to compare");
    expect(one.code).toBe(2);
    const missing = await runCli(["diff", examplePath("payslips"), join(work, "none.service.yaml")]);
    expect(missing.stderr).toMatch(/does not exist/);
    expect(missing.code).toBe(2);
    const directory = await runCli(["diff", examplePath("payslips"), join(repoRoot, "examples")]);
    expect(directory.stderr).toContain("is a directory");
    expect(directory.code).toBe(2);
    const format = await runCli(["diff", examplePath("payslips"), examplePath("payslips"), "--format", "xml"]);
    expect(format.code).toBe(2);
  });

  it("--git compares the working tree with a revision: changed, new and deleted files", async () => {
    const repo = join(work, "repo");
    mkdirSync(repo);
    cpSync(join(repoRoot, "examples"), join(repo, "examples"), {
      recursive: true,
      filter: (f) => !f.includes("/docs") && !f.includes("/samples"),
    });
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        cwd: repo,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: "t",
          GIT_AUTHOR_EMAIL: "t@t",
          GIT_COMMITTER_NAME: "t",
          GIT_COMMITTER_EMAIL: "t@t",
        },
      });
    // A name git would quote: read unquoted.
    cpSync(join(repo, "examples/registered-letter.service.yaml"), join(repo, "examples/recommandée.service.yaml"));
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "services");
    const payslips = join(repo, "examples/payslips.service.yaml");
    writeFileSync(payslips, readFileSync(payslips, "utf8").replace("elements: 0..1", "elements: 1..1"));
    unlinkSync(join(repo, "examples/registered-letter.service.yaml"));
    unlinkSync(join(repo, "examples/recommandée.service.yaml"));
    unlinkSync(join(repo, "examples/registered-letter.service.json"));
    cpSync(join(repoRoot, "test/fixtures/diff/payslips-2025.service.yaml"), join(repo, "examples/new.service.yaml"));

    const { code, stdout, stderr } = await runCli(["diff", "--git", "HEAD", "--format", "json"], { cwd: repo });
    expect(stderr).toBe("");
    const report = JSON.parse(stdout);
    const changed = report.services.filter((s: Json) => s.changes.length > 0);
    expect(changed.map((s: Json) => [s.old?.file ?? null, s.new?.file ?? null, lines({ services: [s] })])).toEqual([
      [null, "examples/new.service.yaml", ["behaviour the service: added"]],
      [
        "HEAD:examples/payslips.service.yaml",
        "examples/payslips.service.yaml",
        ["breaking box ATTESTATIONS: made mandatory"],
      ],
      ["HEAD:examples/recommandée.service.yaml", null, ["breaking the service: removed"]],
      ["HEAD:examples/registered-letter.service.yaml", null, ["breaking the service: removed"]],
    ]);
    // A JSON file built from a DSL file beside it is compared once, as its source.
    expect(report.services.some((s: Json) => (s.new ?? s.old).file.endsWith(".json"))).toBe(false);
    expect(code).toBe(1);

    const missing = await runCli(["diff", "--git", "HEAD", "no-such-folder"], { cwd: repo });
    expect(missing.stderr).toBe('mailroom: Path "no-such-folder" does not exist, nor at HEAD.\n');
    expect(missing.code).toBe(2);
    const gone = await runCli(["diff", "--git", "HEAD", "examples/registered-letter.service.yaml"], { cwd: repo });
    expect(gone.stdout).toContain("  breaking  - the service: removed\n");
    expect(gone.code).toBe(1);

    const bad = await runCli(["diff", "--git", "no-such-rev"], { cwd: repo });
    expect(bad.stderr).toContain('"no-such-rev" is not a revision of this repository');
    expect(bad.code).toBe(2);
  });

  it("--git follows a service whose file was renamed or moved: one service, by its id, not one removed and one added", async () => {
    const repo = join(work, "moved");
    mkdirSync(join(repo, "services"), { recursive: true });
    const notices = readFileSync(join(repoRoot, "examples/customer-notices.service.yaml"), "utf8");
    writeFileSync(join(repo, "services/customer-notices.service.yaml"), notices);
    writeFileSync(
      join(repo, "services/payslips.service.yaml"),
      readFileSync(join(repoRoot, "examples/payslips.service.yaml")),
    );
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: repo });
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "services");
    mkdirSync(join(repo, "services/notices"));
    git("mv", "services/customer-notices.service.yaml", "services/notices/notices.service.yaml");
    writeFileSync(join(repo, "services/notices/notices.service.yaml"), notices.replace(/^name: .*$/m, "name: Notices"));
    unlinkSync(join(repo, "services/payslips.service.yaml"));
    const { code, stdout, stderr } = await runCli(["diff", "--git", "HEAD", "--format", "json"], { cwd: repo });
    expect(stderr).toBe("");
    const report = JSON.parse(stdout);
    expect(
      report.services.map((s: Json) => [s.old?.file ?? null, s.new?.file ?? null, lines({ services: [s] })]),
    ).toEqual([
      [
        "HEAD:services/customer-notices.service.yaml",
        "services/notices/notices.service.yaml",
        ["cosmetic the service: renamed"],
      ],
      // A file deleted with no service of its id elsewhere is still a service removed.
      ["HEAD:services/payslips.service.yaml", null, ["breaking the service: removed"]],
    ]);
    expect(code).toBe(1);
  });
});
