import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAX_DSL_BYTES, MAX_JSON_BYTES } from "@mailroom/checker";
import { describe, expect, it } from "vitest";
import { repoRoot, runCli } from "./helpers.js";

/*
 * Files that cannot be read or written, limits that hold whatever a
 * file claims to be, other encodings named, and a build output beside its DSL checked, not linted again.
 */

const scratch = (): string => mkdtempSync(join(tmpdir(), "mailroom-io-"));

const isRoot = process.getuid?.() === 0;
/**
 * A run that permissions bind, as root too (whom `chmod 000` does not otherwise stop), so that a denied read or write
 * is really exercised wherever the tests run, whoever may enter the folders above the clone.
 */
const bound = { permissionsBind: true };

/** Guards every run: a command that runs away is killed, and its test fails, rather than the machine. */
const TIMEOUT = { timeout: 20_000 };

/** A small clean-but-for-one-warning DSL service (`unused` has no effect: `unused-metadata`). */
const SERVICE = `id: 1101
name: Lettre
type: SIMPLE_UNIQUE
organizationalUnit: { id: 3120, name: Cabinet Arvel }
boxes:
  LETTER:
    type: pdf
    label: Lettre
    main: true
    elements: 1
    split: none
    metadata:
      reference:
        value: fileName[0:8]
        persist: true
      unused: fileName[0:4]
channels:
  Courrier:
    name: MAIL
`;
const CLEAN = SERVICE.replace("      unused: fileName[0:4]\n", "");

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly code: string;
  readonly message: string;
}

/** `lint --format json`'s findings, as `file line:column code`. */
const brief = (stdout: string): string[] =>
  (JSON.parse(stdout) as Finding[]).map((d) => `${d.file} ${d.line}:${d.column} ${d.code}`);

const noInternalError = (result: { stdout: string; stderr: string }) => {
  expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(result.stdout).not.toMatch(/internal-error/);
};

describe("item 4: reading stops at the size limit, whatever the file claims to be", () => {
  it("`lint /dev/zero` is refused once the limit is read, in bounded time and memory", async () => {
    const result = await runCli(["lint", "--format", "plain", "/dev/zero"], TIMEOUT);
    expect(result.stdout).toBe(
      `/dev/zero:1:1  error  Found a file of more than ${MAX_JSON_BYTES} bytes; expected at most ${MAX_JSON_BYTES} bytes (8 MiB) for a JSON file.  file-too-large\n`,
    );
    expect(result.code).toBe(1);
  });

  it("a service file found in a directory that is a link to a device is refused at the DSL limit", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.yaml"), CLEAN);
    symlinkSync("/dev/zero", join(dir, "zero.service.yaml"));
    const result = await runCli(["lint", "--format", "json", dir], TIMEOUT);
    expect(brief(result.stdout)).toEqual([`${dir}/zero.service.yaml 1:1 file-too-large`]);
    expect(result.stdout).toContain(`more than ${MAX_DSL_BYTES} bytes`);
    expect(result.code).toBe(1);
  });

  it("`--config /dev/zero` is read like a file and refused at the limit; a directory is named as one", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.yaml"), CLEAN);
    const zero = await runCli(["lint", "--config", "/dev/zero", dir], TIMEOUT);
    expect(zero.stderr).toContain(
      `1:1  error  Found a file of more than ${MAX_DSL_BYTES} bytes; expected at most ${MAX_DSL_BYTES} bytes (1 MiB) for a YAML file.  file-too-large`,
    );
    expect(zero.code).toBe(2);
    const directory = await runCli(["lint", "--config", dir, dir], TIMEOUT);
    expect(directory).toEqual({
      code: 2,
      stdout: "",
      stderr: `mailroom: Configuration "${dir}" is a directory; expected a file.\n`,
    });
  });
});

describe("item 5: the size limits, stated and held", () => {
  /** A valid service padded with a comment to exactly `bytes` bytes. */
  const padded = (text: string, bytes: number, comment: (n: number) => string) => {
    const padding = comment(bytes - Buffer.byteLength(text));
    expect(Buffer.byteLength(text + padding)).toBe(bytes);
    return text + padding;
  };
  const yamlComment = (n: number) => `#${"x".repeat(n - 2)}\n`;
  const json = `${JSON.stringify({ name: "x" })}`;

  it("a DSL file of the limit is read; one byte more is refused, saying the limit", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "at.service.yaml"), padded(CLEAN, MAX_DSL_BYTES, yamlComment));
    writeFileSync(join(dir, "over.service.yaml"), padded(CLEAN, MAX_DSL_BYTES + 1, yamlComment));
    const result = await runCli(["lint", "--format", "json", dir], TIMEOUT);
    expect(brief(result.stdout)).toEqual([`${dir}/over.service.yaml 1:1 file-too-large`]);
    expect(JSON.parse(result.stdout)[0].message).toBe(
      `Found a file of ${MAX_DSL_BYTES + 1} bytes; expected at most ${MAX_DSL_BYTES} bytes (1 MiB) for a YAML file.`,
    );
    const fmt = await runCli(["fmt", "--check", dir], TIMEOUT);
    expect(fmt.stderr).toContain(`over.service.yaml:1:1  error  Found a file of ${MAX_DSL_BYTES + 1} bytes`);
    expect(fmt.stderr).not.toContain("at.service.yaml");
  });

  it("a JSON file of the limit is read; one byte more is refused", async () => {
    const dir = scratch();
    // Spaces after the value: JSON, and no service, so the file is read and reported as `not-a-service`.
    writeFileSync(join(dir, "at.service.json"), json + " ".repeat(MAX_JSON_BYTES - json.length));
    writeFileSync(join(dir, "over.service.json"), json + " ".repeat(MAX_JSON_BYTES + 1 - json.length));
    const result = await runCli(["lint", "--format", "json", dir], TIMEOUT);
    const codes = brief(result.stdout).map((line) => line.replace(`${dir}/`, ""));
    expect(codes.filter((line) => line.startsWith("over"))).toEqual(["over.service.json 1:1 file-too-large"]);
    expect(codes.filter((line) => line.startsWith("at")).every((line) => !line.includes("file-too-large"))).toBe(true);
  });

  it("the documentation states both limits", () => {
    const diagnostics = readFileSync(join(repoRoot, "docs/diagnostics.md"), "utf8");
    const entry = diagnostics.split("\n").find((line) => line.startsWith("| `file-too-large`")) ?? "";
    expect(entry).toContain(`${MAX_DSL_BYTES / 2 ** 20} MiB`);
    expect(entry).toContain(`${MAX_JSON_BYTES / 2 ** 20} MiB`);
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    expect(readme).toContain(`DSL files over ${MAX_DSL_BYTES / 2 ** 20} MiB`);
    expect(readme).toContain(`JSON files over ${MAX_JSON_BYTES / 2 ** 20} MiB`);
  });
});

describe("item 6: what cannot be read or written is that file's error; the others are still processed", () => {
  it("lint: a link to nothing and a link loop found in a directory, and a loop named, each get `file-unreadable`", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.yaml"), SERVICE);
    symlinkSync("nowhere.service.yaml", join(dir, "gone.service.yaml"));
    symlinkSync("loop.service.json", join(dir, "loop.service.json"));
    const result = await runCli(["lint", "--format", "json", dir, join(dir, "loop.service.json")], TIMEOUT);
    noInternalError(result);
    expect(brief(result.stdout)).toEqual([
      `${dir}/a.service.yaml 16:7 unused-metadata`,
      `${dir}/gone.service.yaml 1:1 file-unreadable`,
      `${dir}/loop.service.json 1:1 file-unreadable`,
    ]);
    const messages = (JSON.parse(result.stdout) as Finding[]).map((d) => d.message);
    expect(messages[1]).toBe(
      "Found a symbolic link that cannot be read: no such file or directory (ENOENT); expected a readable file.",
    );
    expect(messages[2]).toMatch(
      /^Found a symbolic link that cannot be read: .* \(ELOOP\); expected a readable file\.$/,
    );
    expect(result.code).toBe(1);
  });

  it("lint: a file and a directory without read permission (bound by them, and as root, which reads past them)", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.yaml"), CLEAN);
    writeFileSync(join(dir, "locked.service.yaml"), CLEAN);
    mkdirSync(join(dir, "closed"));
    writeFileSync(join(dir, "closed", "c.service.yaml"), CLEAN);
    chmodSync(join(dir, "a.service.yaml"), 0o644);
    chmodSync(join(dir, "locked.service.yaml"), 0o000);
    chmodSync(join(dir, "closed"), 0o000);
    try {
      const denied = await runCli(["lint", "--format", "json", dir], { ...TIMEOUT, ...bound });
      noInternalError(denied);
      expect(brief(denied.stdout)).toEqual([
        `${dir}/closed 1:1 file-unreadable`,
        `${dir}/locked.service.yaml 1:1 file-unreadable`,
      ]);
      expect((JSON.parse(denied.stdout) as Finding[]).map((d) => d.message)).toEqual([
        "Found a directory that cannot be read: permission denied (EACCES); expected a readable directory.",
        "Found a file that cannot be read: permission denied (EACCES); expected a readable file.",
      ]);
      expect(denied.code).toBe(1);
      if (isRoot) {
        // Root reads what the permissions forbid others: every file is linted, and clean.
        const all = await runCli(["lint", dir], TIMEOUT);
        expect(all).toEqual({ code: 0, stdout: "", stderr: "3 files checked, no problems\n" });
      }
    } finally {
      chmodSync(join(dir, "closed"), 0o755);
    }
  });

  it("build: an output that cannot be written is its source's `cannot-write`; the other files are built", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.yaml"), CLEAN);
    writeFileSync(join(dir, "b.service.yaml"), CLEAN);
    mkdirSync(join(dir, "b.service.json")); // where build would write b's JSON: a directory
    const beside = await runCli(["build", dir], TIMEOUT);
    noInternalError(beside);
    expect(beside.stderr).toBe(
      `${dir}/b.service.yaml:1:1  error  Found that "${dir}/b.service.json" cannot be written: illegal operation on a directory (EISDIR); expected a writable path, so nothing was written.  cannot-write\nbuilt 1 of 2 file(s); 1 error(s), 0 warning(s)\n`,
    );
    expect(beside.code).toBe(1);
    expect(existsSync(join(dir, "a.service.json"))).toBe(true);

    // An output directory under a file: nothing can be written there, each file says so.
    const out = join(dir, "a.service.yaml", "out");
    const under = await runCli(["build", join(dir, "a.service.yaml"), join(dir, "b.service.yaml"), "-o", out]);
    noInternalError(under);
    expect(under.stderr.match(/not a directory \(ENOTDIR\).*cannot-write/g)).toHaveLength(2);
    expect(under.stderr).toContain("built 0 of 2 file(s); 2 error(s)");
    expect(under.code).toBe(1);
  });

  it("build and fmt --write in a directory without write permission (bound by it, and as root, which writes past it)", async () => {
    const dir = scratch();
    const locked = join(dir, "locked");
    mkdirSync(locked);
    const messy = CLEAN.replace("elements: 1", "elements:   1");
    writeFileSync(join(locked, "a.service.yaml"), messy);
    writeFileSync(join(dir, "b.service.yaml"), messy);
    chmodSync(join(dir, "b.service.yaml"), 0o666);
    chmodSync(join(locked, "a.service.yaml"), 0o666);
    chmodSync(locked, 0o555);
    try {
      const fmt = await runCli(["fmt", "--write", dir], { ...TIMEOUT, ...bound });
      noInternalError(fmt);
      expect(fmt.stderr).toBe(
        `${locked}/a.service.yaml:1:1  error  Found that "${locked}/a.service.yaml" cannot be written: permission denied (EACCES); expected a writable path, so nothing was written.  cannot-write\nformatted 1 of 2 files; 1 file left as is: errors\n`,
      );
      expect(fmt.code).toBe(1);
      expect(readFileSync(join(dir, "b.service.yaml"), "utf8")).toBe(CLEAN);
      expect(readFileSync(join(locked, "a.service.yaml"), "utf8")).toBe(messy);

      const build = await runCli(["build", dir], { ...TIMEOUT, ...bound });
      noInternalError(build);
      expect(build.stderr).toMatch(
        /locked\/a\.service\.yaml:1:1 {2}error .*permission denied \(EACCES\).* cannot-write\n/,
      );
      expect(build.stderr).toContain("built 1 of 2 file(s)");
      if (isRoot) {
        const asRoot = await runCli(["fmt", "--write", dir], TIMEOUT);
        expect(asRoot).toEqual({ code: 0, stdout: "", stderr: "formatted 1 of 2 files\n" });
      }
    } finally {
      chmodSync(locked, 0o755);
    }
  });

  it("fmt --write and decompile: an unreadable file is reported, the others are done", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.yaml"), CLEAN.replace("elements: 1", "elements:   1"));
    symlinkSync("nowhere", join(dir, "gone.service.yaml"));
    const fmt = await runCli(["fmt", "--write", dir], TIMEOUT);
    noInternalError(fmt);
    expect(fmt.stderr).toContain("gone.service.yaml:1:1  error  Found a symbolic link that cannot be read");
    expect(fmt.stderr).toContain("formatted 1 of 2 files");
    expect(readFileSync(join(dir, "a.service.yaml"), "utf8")).toBe(CLEAN);

    const json = join(dir, "json");
    mkdirSync(json);
    writeFileSync(join(json, "a.service.json"), readFileSync(join(repoRoot, "examples/payslips.service.json")));
    symlinkSync("nowhere", join(json, "gone.service.json"));
    const decompile = await runCli(["decompile", json, "-o", join(dir, "dsl")], TIMEOUT);
    noInternalError(decompile);
    expect(decompile.stderr).toContain("gone.service.json:1:1  error  Found a symbolic link that cannot be read");
    expect(decompile.stderr).toContain("decompiled 1 of 1 service");
    expect(readdirSync(join(dir, "dsl"))).toHaveLength(1);
    expect(decompile.code).toBe(1);
  });

  it("decompile: an output directory under a file gives `cannot-write` at the service", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.json"), readFileSync(join(repoRoot, "examples/payslips.service.json")));
    const result = await runCli(["decompile", join(dir, "a.service.json"), "-o", join(dir, "a.service.json", "out")]);
    noInternalError(result);
    expect(result.stderr).toMatch(
      /a\.service\.json:1:1 {2}error {2}Found that ".*" cannot be written: not a directory \(ENOTDIR\)/,
    );
    expect(result.stderr).toContain("decompiled 0 of 1 service");
    expect(result.code).toBe(1);
  });

  it("lint: a report that cannot be written ends with exit 2 and one line; the other outputs are written", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.yaml"), SERVICE);
    const blocked = join(dir, "a.service.yaml", "report.sarif");
    const result = await runCli(
      ["lint", dir, "--format", "sarif", "--output-file", blocked, "--format", "plain", "-o", join(dir, "r.txt")],
      TIMEOUT,
    );
    expect(result.stderr).toMatch(
      /^mailroom: Found that ".*report\.sarif" cannot be written: not a directory \(ENOTDIR\); expected a writable path, so nothing was written\.\n/,
    );
    noInternalError(result);
    expect(readFileSync(join(dir, "r.txt"), "utf8")).toContain("unused-metadata");
    expect(result.code).toBe(2);
  });

  it("a schemas directory that cannot be created is one line and exit 2, not an internal error", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "file"), "");
    const result = await runCli(["schema", "--out", join(dir, "file", "schemas")], TIMEOUT);
    expect(result.stderr).toBe(`mailroom: "${join(dir, "file", "schemas")}": not a directory (ENOTDIR).\n`);
    expect(result.code).toBe(2);
  });
});

describe("item 8: a file in another Unicode encoding is named, with how to convert it", () => {
  const utf16 = (text: string, order: "le" | "be") => {
    const le = Buffer.from(`\uFEFF${text}`, "utf16le");
    return order === "le" ? le : Buffer.from(le).swap16();
  };

  for (const [order, words] of [
    ["le", "little-endian"],
    ["be", "big-endian"],
  ] as const) {
    it(`UTF-16 ${words}, with a byte order mark`, async () => {
      const dir = scratch();
      writeFileSync(join(dir, "a.service.yaml"), utf16(CLEAN, order));
      const result = await runCli(["lint", dir], TIMEOUT);
      expect(result.stdout).toContain(
        `1:1  error  Found UTF-16 (${words}) text, with its byte order mark; expected UTF-8: convert the file, e.g. with "iconv -f UTF-16 -t UTF-8".  invalid-encoding\n    1 | id: 1101\n`,
      );
      expect(result.code).toBe(1);
    });
  }
});

describe("item 15: a build output beside its DSL file is checked to be up to date, not linted again", () => {
  it("after `build`, each warning is reported once, for the DSL file", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.yaml"), SERVICE);
    expect((await runCli(["build", dir])).code).toBe(0);
    const result = await runCli(["lint", "--format", "json", dir]);
    expect(brief(result.stdout)).toEqual([`${dir}/a.service.yaml 16:7 unused-metadata`]);
    expect(result.code).toBe(0);
  });

  it("a DSL file changed since: `stale-build` on the JSON file, where it first differs, saying what to run", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.yaml"), SERVICE);
    await runCli(["build", dir]);
    writeFileSync(join(dir, "a.service.yaml"), SERVICE.replace("label: Lettre", "label: Lettre simple"));
    const result = await runCli(["lint", "--format", "json", dir]);
    // The first difference: the quote that closes "Lettre" in the JSON written before.
    const json = readFileSync(join(dir, "a.service.json"), "utf8").split("\n");
    const line = json.findIndex((text) => text.includes('"label": "Lettre"'));
    const column = (json[line] ?? "").indexOf('Lettre"') + "Lettre".length + 1;
    expect(brief(result.stdout)).toEqual([
      `${dir}/a.service.json ${line + 1}:${column} stale-build`,
      `${dir}/a.service.yaml 16:7 unused-metadata`,
    ]);
    expect((JSON.parse(result.stdout) as Finding[])[0]?.message).toBe(
      `Found "${dir}/a.service.json" different from the JSON "${dir}/a.service.yaml" compiles to; expected it up to date: run "mailroom build ${dir}/a.service.yaml".`,
    );
    expect(result.code).toBe(1);
  });

  it("a DSL file with errors: its errors, and nothing on the JSON file (build would write nothing)", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.yaml"), SERVICE);
    await runCli(["build", dir]);
    writeFileSync(join(dir, "a.service.yaml"), SERVICE.replace("type: pdf", "type: pdff"));
    const result = await runCli(["lint", "--format", "json", dir]);
    const files = new Set((JSON.parse(result.stdout) as Finding[]).map((d) => d.file));
    expect([...files]).toEqual([`${dir}/a.service.yaml`]);
    expect(result.code).toBe(1);
  });

  it("a JSON file linted without its DSL file is linted as JSON", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "a.service.yaml"), SERVICE);
    await runCli(["build", dir]);
    const result = await runCli(["lint", "--format", "json", join(dir, "a.service.json")]);
    expect(brief(result.stdout)).toEqual([expect.stringMatching(/a\.service\.json \d+:\d+ unused-metadata$/)]);
  });
});
