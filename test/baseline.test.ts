import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";
import { brief, SERVICE, scratch } from "./lint-service.js";

const FILE = "services/letters.service.yaml";

describe("--write-baseline and --baseline", () => {
  it("records every problem, then reports only new ones, even after lines move", async () => {
    const dir = scratch({ [FILE]: SERVICE });
    const written = await runCli(["lint", "--write-baseline", "ci/baseline.json", "services"], { cwd: dir });
    expect(written).toEqual({
      code: 0,
      stdout: "",
      stderr: "wrote ci/baseline.json: 4 problems in 1 file\n1 file checked, no problems outside the baseline\n",
    });
    const baseline = JSON.parse(readFileSync(join(dir, "ci/baseline.json"), "utf8"));
    expect(baseline.mailroomBaseline).toBe(1);
    // Paths are relative to the baseline's own directory, so it works from any working directory.
    expect(Object.keys(baseline.files)).toEqual(["../services/letters.service.yaml"]);
    expect(baseline.files["../services/letters.service.yaml"].map((e: { code: string }) => e.code).sort()).toEqual([
      "duplicate-channel-label",
      "unknown-ou-identifier",
      "unknown-requirement",
      "unused-metadata",
    ]);
    expect(await runCli(["lint", "--baseline", "ci/baseline.json", "services"], { cwd: dir })).toEqual({
      code: 0,
      stdout: "",
      stderr: "1 file checked, no problems outside the baseline\n",
    });

    // Lines added above every problem, and one new problem of a kind already recorded elsewhere.
    const shifted = SERVICE.replace("name: Letters", "# moved down by three lines\n\nname: Letters\n").replace(
      "      need:",
      "      spare: fileName[1:3]\n      need:",
    );
    writeFileSync(join(dir, FILE), shifted);
    const after = await runCli(["lint", "--format", "json", "--baseline", "../ci/baseline.json", "."], {
      cwd: join(dir, "services"),
    });
    expect(brief(after.stdout)).toEqual(["unused-metadata@18:7 warning"]);
    expect(after.code).toBe(0);
  });

  it("reports a problem again when it occurs more often than recorded, and notes fixed ones", async () => {
    const dir = scratch({ [FILE]: SERVICE });
    await runCli(["lint", "--write-baseline", "baseline.json", FILE], { cwd: dir });
    // The same misspelling a second time: same code, same text, one more than the baseline accepts.
    const twice = SERVICE.replace('" ", ou.Siret)', '" ", ou.Siret, ou.Siret)');
    writeFileSync(join(dir, FILE), twice);
    const more = await runCli(["lint", "--format", "json", "--baseline", "baseline.json", FILE], { cwd: dir });
    expect(brief(more.stdout)).toEqual(["unknown-ou-identifier@12:50 error"]);
    expect(more.code).toBe(1);

    writeFileSync(join(dir, FILE), SERVICE.replace("ou.Siret", "ou.SIRET"));
    const fewer = await runCli(["lint", "--baseline", "baseline.json", FILE], { cwd: dir });
    expect(fewer).toEqual({
      code: 0,
      stdout: "",
      stderr:
        "1 baselined problem no longer found; --write-baseline records the smaller baseline\n" +
        "1 file checked, no problems outside the baseline\n",
    });
  });

  it("refuses a missing or malformed baseline with exit 2", async () => {
    const dir = scratch({ [FILE]: SERVICE, "bad.json": '{"files": {}}', "text.json": "not json" });
    for (const file of ["nope.json", "bad.json", "text.json"]) {
      const result = await runCli(["lint", "--baseline", file, FILE], { cwd: dir });
      expect(result.code, file).toBe(2);
      expect(result.stderr, file).toMatch(new RegExp(`^mailroom: Baseline "${file.replace(".", "\\.")}"`));
    }
  });
});
