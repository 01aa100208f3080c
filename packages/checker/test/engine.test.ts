import { compileDsl } from "@mailroom/compiler";
import { describe, expect, it } from "vitest";
import { defineRule } from "../src/engine/rule.js";
import { runRules } from "../src/engine/run.js";

const text = "id: 1\nname: S\ntype: SIMPLE_UNIQUE\nboxes:\n  a: { type: pdf, main: true, elements: 1 }\n";

describe("runRules", () => {
  it("turns a rule that throws into an internal-error diagnostic and still runs the other rules", () => {
    const document = compileDsl("t.service.yaml", text);
    const service = document.services[0];
    if (!service) throw new Error("no service");
    const broken = defineRule({
      meta: { id: "broken", severity: "warning", description: "Throws." },
      check() {
        throw new TypeError("boom");
      },
    });
    const working = defineRule({
      meta: { id: "working", severity: "info", description: "Reports the first box." },
      check(context) {
        context.report({ path: ["properties", "boxes", 0, "name"], message: "Found box." });
      },
    });
    const found = runRules(document, service, [broken, working]);
    expect(found.map((d) => [d.code, d.severity])).toEqual([
      ["internal-error", "error"],
      ["working", "info"],
    ]);
    expect(found[0]?.message).toContain('Rule "broken" failed on this service (boom)');
  });
});

describe("rules on names that are Object.prototype keys", () => {
  it("report them like any unknown name instead of failing", async () => {
    const { checkDocument } = await import("../src/check.js");
    const expression = (zone: string) => `'formatDate(now, "yyyy", "${zone}")'`;
    const source = `${text}    metadata:\n${["valueOf", "constructor", "__proto__", "toString"]
      .map((zone, i) => `      d${i}: { value: ${expression(zone)}, persist: true }\n`)
      .join("")}`.replace(
      "  a: { type: pdf, main: true, elements: 1 }\n",
      "  a:\n    type: pdf\n    main: true\n    elements: 1\n",
    );
    const codes = checkDocument(compileDsl("t.service.yaml", source)).map((d) => d.code);
    expect(codes).toEqual(["time-zone", "time-zone", "time-zone", "time-zone"]);
  });
});
