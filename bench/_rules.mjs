import { wideService, deepService, generateService } from "./generate.js";
const { compileDsl, readJsonDocument } = await import("../packages/compiler/dist/index.js");
const { RULES, runRules, validateService } = await import("../packages/checker/dist/index.js");
for (const n of [500, 2000]) {
  const w = wideService(n, 7, [1, 1]);
  for (const [fmt, doc] of [["json", readJsonDocument("w.service.json", w.json)], ["dsl", compileDsl("w.service.yaml", w.dsl)]]) {
    const svc = doc.services[0];
    const time = (rules) => { let best = 1e9; for (let i = 0; i < 3; i++) { const t = performance.now(); runRules(doc, svc, rules); best = Math.min(best, performance.now() - t); } return best; };
    const base = time([]);
    const tv = (() => { const t = performance.now(); validateService(svc); return performance.now() - t; })();
    const rows = [...RULES.values()].map((r) => [r.meta.id, time([r]) - base]).sort((a, b) => b[1] - a[1]);
    console.log(fmt, n, "base", base.toFixed(1), "validate", tv.toFixed(1), rows.slice(0, 8).map(([id, t]) => `${id} ${t.toFixed(1)}`).join(", "));
  }
}
