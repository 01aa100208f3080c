import { describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";
import { CLEAN_SERVICE, SERVICE, SERVICE_STYLISH, scratch } from "./lint-service.js";

/** `000.service`, `001.service`, ...: names that sort in the order they are numbered. */
const name = (i: number) => `${String(i).padStart(3, "0")}.service`;

/** The clean service with one warning (unused-metadata at 10:7): it still builds. */
const WARNED = CLEAN_SERVICE.replace("      reference:\n", "      extra: fileName[0:3]\n      reference:\n");

describe("a lint of many files", () => {
  it("prints the code frames of the first file and of the last ones, though each text is dropped once checked", async () => {
    const files: Record<string, string> = { [`${name(0)}.yaml`]: SERVICE };
    for (let i = 1; i < 59; i++) files[`${name(i)}.yaml`] = CLEAN_SERVICE;
    // The last DSL file has its build output beside it, stale: the JSON sorts first, so the DSL is checked first.
    files[`${name(59)}.json`] = "{}\n";
    files[`${name(59)}.yaml`] = WARNED;
    const result = await runCli(["lint", "."], { cwd: scratch(files) });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        "000.service.yaml",
        ...SERVICE_STYLISH,
        "",
        "059.service.json",
        '  1:2  error  Found "059.service.json" different from the JSON "059.service.yaml" compiles to; expected it up to date: run "mailroom build 059.service.yaml".  stale-build',
        "    1 | {}",
        "      |  ^",
        "",
        "059.service.yaml",
        '  10:7  warning  Metadata "extra" of box "letters" is not referenced, persisted nor editable, so it has no effect; reference it, persist it, or remove it.  unused-metadata',
        "    10 |       extra: fileName[0:3]",
        "       |       ^^^^^",
        "",
        "6 problems (3 errors, 3 warnings) in 3 of 61 files checked",
        "1 of them can be fixed with --fix.",
        "",
      ].join("\n"),
    );
  });
});
