import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";

const work = mkdtempSync(join(tmpdir(), "mailroom-docs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder of its own under the test's temporary folder. */
let folders = 0;
const folder = (): string => {
  const dir = join(work, String(folders++));
  cpSync(join(repoRoot, "examples"), join(dir, "examples"), { recursive: true, filter: (f) => !f.includes("/docs") });
  return dir;
};

const SLUGS = ["annual-statements", "customer-notices", "payslips", "registered-letter", "supplier-invoices"];

describe("mailroom docs", () => {
  it("writes a page per service and an index in each format, the same bytes every time", async () => {
    const cwd = folder();
    const args = ["docs", "examples", "-o", "out", "--format", "md", "--format", "html", "--format", "json"];
    const first = await runCli(args, { cwd });
    expect(first.stderr).toBe("documented 5 services in 18 files\n");
    expect(first.code).toBe(0);
    const files = readdirSync(join(cwd, "out")).sort();
    expect(files).toEqual(["index", ...SLUGS].flatMap((stem) => [`${stem}.html`, `${stem}.json`, `${stem}.md`]).sort());
    const bytes = files.map((f) => readFileSync(join(cwd, "out", f)));
    const again = await runCli(args, { cwd });
    expect(again.code).toBe(0);
    expect(files.map((f) => readFileSync(join(cwd, "out", f)))).toEqual(bytes);
    // A JSON file built from its DSL file is documented once, from the DSL.
    const index = JSON.parse(readFileSync(join(cwd, "out/index.json"), "utf8"));
    expect(index.services.map((s: { file: string }) => s.file)).toEqual(
      SLUGS.map((slug) => `examples/${slug}.service.yaml`),
    );
  });

  it("documents JSON services too, and prints Markdown without -o", async () => {
    const result = await runCli(["docs", "examples/payslips.service.json"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^<a id="top"><\/a>\n\n# Bulletins de paie mensuels\n/);
    expect(result.stdout).toContain("```mermaid\nflowchart LR\n");
    const json = await runCli(["docs", "examples/payslips.service.json", "--format", "json"]);
    expect(JSON.parse(json.stdout).services[0].call.requirements).toEqual(["POSTAL_ADDRESS_RECIPIENT"]);
  });

  it("--check writes nothing and names the stale and missing files", async () => {
    const cwd = folder();
    const args = ["docs", "examples", "-o", "out", "--format", "md"];
    expect((await runCli(args, { cwd })).code).toBe(0);
    const fresh = await runCli([...args, "--check"], { cwd });
    expect(fresh).toMatchObject({ code: 0, stderr: "6 files up to date\n" });

    writeFileSync(join(cwd, "out/payslips.md"), "edited by hand\n");
    rmSync(join(cwd, "out/index.md"));
    const stale = await runCli([...args, "--check"], { cwd });
    expect(stale.code).toBe(1);
    expect(stale.stderr).toBe(
      [
        'out/payslips.md:1:1  error  Found "out/payslips.md" out of date; expected what "mailroom docs" generates now: run it without --check.  stale-docs',
        'out/index.md:1:1  error  Found no "out/index.md"; expected the page "mailroom docs" generates: run it without --check.  stale-docs',
        "2 files out of date; run the same command without --check",
        "",
      ].join("\n"),
    );
    expect(readFileSync(join(cwd, "out/payslips.md"), "utf8")).toBe("edited by hand\n");
    expect(readdirSync(join(cwd, "out"))).not.toContain("index.md");
  });

  it("--inject replaces what stands between the markers and nothing else", async () => {
    const cwd = folder();
    const readme =
      "# Our services\n\nIntro.\n\n<!-- mailroom-docs:start -->\nold\n<!-- mailroom-docs:end -->\n\nOutro.\n";
    writeFileSync(join(cwd, "README.md"), readme);
    const args = ["docs", "examples/registered-letter.service.yaml", "examples/annual-statements.service.yaml"];
    const result = await runCli([...args, "--inject", "README.md"], { cwd });
    expect(result.code).toBe(0);
    const text = readFileSync(join(cwd, "README.md"), "utf8");
    expect(text.startsWith("# Our services\n\nIntro.\n\n<!-- mailroom-docs:start -->\n\n")).toBe(true);
    expect(text.endsWith("\n\n<!-- mailroom-docs:end -->\n\nOutro.\n")).toBe(true);
    expect(text).not.toContain("\nold\n");
    expect(text).toContain('<a id="registered-letter-top"></a>\n\n## Lettre recommandée');
    expect(text).toContain('<a id="annual-statements-top"></a>');
    expect((await runCli([...args, "--inject", "README.md", "--check"], { cwd })).code).toBe(0);

    writeFileSync(join(cwd, "NOTES.md"), "no markers here\n");
    const refused = await runCli([...args, "--inject", "NOTES.md"], { cwd });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^NOTES\.md:1:1 {2}error {2}Found no <!-- mailroom-docs:start --> marker line/);
    expect(readFileSync(join(cwd, "NOTES.md"), "utf8")).toBe("no markers here\n");
  });

  it("--inject takes markers shown in code for text, not for the place of the documentation", async () => {
    const cwd = folder();
    const shown = [
      "Put the markers in your README:",
      "",
      "```markdown",
      "<!-- mailroom-docs:start -->",
      "<!-- mailroom-docs:end -->",
      "```",
      "",
      "~~~~",
      "<!-- mailroom-docs:end -->",
      "```",
      "<!-- mailroom-docs:start -->",
      "~~~~",
      "",
      "or write `<!-- mailroom-docs:start -->` where the pages go.",
      "",
      "    <!-- mailroom-docs:start -->",
      "",
    ].join("\n");
    const readme = `# Services\n\n${shown}\n## The pages\n\n<!-- mailroom-docs:start -->\n<!-- mailroom-docs:end -->\n`;
    writeFileSync(join(cwd, "README.md"), readme);
    const result = await runCli(["docs", "examples/registered-letter.service.yaml", "--inject", "README.md"], { cwd });
    expect(result.stderr).toBe("documented 1 service in 1 file\n");
    expect(result.code).toBe(0);
    const text = readFileSync(join(cwd, "README.md"), "utf8");
    expect(text.startsWith(`# Services\n\n${shown}\n## The pages\n\n<!-- mailroom-docs:start -->\n\n`)).toBe(true);
    expect(text).toContain("# Lettre recommandée");
    expect(text.endsWith("\n\n<!-- mailroom-docs:end -->\n")).toBe(true);

    // Markers only in code: none to inject between.
    writeFileSync(join(cwd, "GUIDE.md"), shown);
    const refused = await runCli(["docs", "examples/registered-letter.service.yaml", "--inject", "GUIDE.md"], { cwd });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^GUIDE\.md:1:1 {2}error {2}Found no <!-- mailroom-docs:start --> marker line/);
  });

  it("--inject with a file that does not exist is a usage error", async () => {
    const cwd = folder();
    const result = await runCli(["docs", "examples", "--inject", "NOWHERE.md"], { cwd });
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toContain('Inject file "NOWHERE.md" does not exist.');
    expect(readdirSync(cwd)).not.toContain("NOWHERE.md");
  });

  it("--check reports the page of a service no longer documented, and the index that still lists it", async () => {
    const cwd = folder();
    const args = ["docs", "examples", "-o", "out", "--format", "md", "--format", "html"];
    expect((await runCli(args, { cwd })).code).toBe(0);
    rmSync(join(cwd, "examples/payslips.service.yaml"));
    rmSync(join(cwd, "examples/payslips.service.json"));
    const stale = await runCli([...args, "--check"], { cwd });
    expect(stale.code).toBe(1);
    const lines = stale.stderr.split("\n");
    for (const page of ["out/payslips.md", "out/payslips.html"]) {
      expect(lines).toContain(
        `${page}:1:1  error  Found "${page}", the page of a service no longer documented; expected no such page: run the command without --check, which removes it.  stale-docs`,
      );
    }
    expect(stale.stderr).toMatch(/^out\/index\.md:\d+:\d+ {2}error {2}Found "out\/index\.md" out of date/m);
    expect(stale.stderr).toMatch(/^out\/index\.html:\d+:\d+ {2}error {2}Found "out\/index\.html" out of date/m);
    expect(stale.stderr.endsWith("4 files out of date; run the same command without --check\n")).toBe(true);

    // Without --check the stale pages go, and what stays is up to date.
    const written = await runCli(args, { cwd });
    expect(written.code).toBe(0);
    expect(readdirSync(join(cwd, "out"))).not.toContain("payslips.md");
    expect(readdirSync(join(cwd, "out"))).not.toContain("payslips.html");
    expect((await runCli([...args, "--check"], { cwd })).code).toBe(0);
  });

  it("--template renders each service through a user template, and locates its errors", async () => {
    const cwd = folder();
    writeFileSync(
      join(cwd, "page.adoc.eta"),
      "= <%= it.service.name %>\n\n<% for (const m of it.service.metadata) { %>* <%= m.name %>: <%= m.content.words %>\n<% } %>",
    );
    const result = await runCli(["docs", "examples", "-o", "out", "--template", "page.adoc.eta"], { cwd });
    expect(result.code).toBe(0);
    expect(readdirSync(join(cwd, "out")).sort()).toEqual(SLUGS.map((slug) => `${slug}.adoc`));
    const page = readFileSync(join(cwd, "out/supplier-invoices.adoc"), "utf8");
    expect(page).toMatch(/^= Factures clients avec pièces justificatives\n\n\* invoiceNumber: /);
    expect(page).toContain("* customerAccount: the organizational unit's id followed by");

    writeFileSync(join(cwd, "bad.md.eta"), "# <%= it.service.name %>\n\n<%= it.service.boxes[9].name %>\n");
    const bad = await runCli(["docs", "examples", "-o", "out2", "--template", "bad.md.eta"], { cwd });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^bad\.md\.eta:3:1 {2}error {2}Found that the template fails on the service "[^"]+": /);
    expect(readdirSync(cwd)).not.toContain("out2");
  });

  it("documents a service with errors, with a warning on its page and on stderr", async () => {
    const cwd = folder();
    writeFileSync(
      join(cwd, "broken.service.yaml"),
      "id: 1\nname: Broken\ntype: SIMPLE_UNIQUE\nboxes:\n  A: { type: pdff }\n",
    );
    const result = await runCli(["docs", "broken.service.yaml", "-o", "out"], { cwd });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^mailroom: broken\.service\.yaml: \d+ errors?; documented with a warning/);
    const page = readFileSync(join(cwd, "out/broken.md"), "utf8");
    expect(page).toContain("> [!WARNING]");
    expect(page).toMatch(/\| error \| `[a-z-]+` \| 5:\d+ \|/);
  });

  it("shows the control characters of names, which HTML and Markdown would drop or hide", async () => {
    const cwd = folder();
    writeFileSync(
      join(cwd, "controls.service.yaml"),
      'id: 1\nname: "Bell\\a or\\x1b[31m red"\ntype: SIMPLE_UNIQUE\nboxes:\n  "let\\0ters":\n    type: pdf\n    main: true\n    elements: 1\n',
    );
    const result = await runCli(["docs", "controls.service.yaml", "-o", "out", "--format", "md", "--format", "html"], {
      cwd,
    });
    expect(result.stderr).toBe("documented 1 service in 4 files\n");
    for (const file of ["controls.md", "controls.html", "index.md", "index.html"]) {
      const page = readFileSync(join(cwd, "out", file), "utf8");
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
      expect(page.match(/[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f]/g), file).toBeNull();
      // Markdown escapes the `[`.
      expect(page, file).toContain(
        file.endsWith(".md") ? "Bell\u2407 or\u241b\\[31m red" : "Bell\u2407 or\u241b[31m red",
      );
    }
    // In the text, the code examples and the diagrams: Mermaid's in Markdown, the SVG Graphviz drew in HTML.
    const markdown = readFileSync(join(cwd, "out/controls.md"), "utf8");
    expect(markdown).toContain("| [let\u2400ters](#box-let-ters) |");
    expect(markdown).toContain("-F 'file__file_let\u2400ters_0=@");
    expect(markdown).toMatch(/n0\["let\u2400ters<br>PDF, main/);
    const html = readFileSync(join(cwd, "out/controls.html"), "utf8");
    expect(html).toContain('<a href="#box-let-ters"><code>let\u2400ters</code></a>');
    expect(html).toMatch(/<text [^>]*>let\u2400ters<\/text>/);
  });

  it("refuses what it cannot do, as usage errors", async () => {
    const check = await runCli(["docs", "examples", "--check"]);
    expect(check).toMatchObject({ code: 2 });
    expect(check.stderr).toContain("--check compares the files -o or --inject would write");
    expect((await runCli(["docs", "examples", "--format", "pdf"])).stderr).toContain(
      "Allowed choices are md, html, json",
    );
    const several = await runCli(["docs", "examples", "--format", "md", "--format", "html"]);
    expect(several).toMatchObject({ code: 2 });
    expect(several.stderr).toContain("Several formats need -o");
    expect((await runCli(["docs", "nowhere"])).stderr).toContain('Path "nowhere" does not exist.');
  });

  it("keeps the committed documentation of the examples up to date", async () => {
    const result = await runCli([
      "docs",
      "examples",
      "-o",
      "examples/docs",
      "--format",
      "md",
      "--format",
      "html",
      "--check",
    ]);
    expect(result.stderr).toBe("12 files up to date\n");
    expect(result.code).toBe(0);
    const readme = await runCli([
      "docs",
      "examples/registered-letter.service.yaml",
      "--inject",
      "README.md",
      "--check",
    ]);
    expect(readme).toMatchObject({ code: 0, stderr: "1 file up to date\n" });
  });
});
