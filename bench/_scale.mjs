import { wideService } from "./generate.js";
const { readJsonDocument, compileDsl } = await import("../packages/compiler/dist/index.js");
const { RULES, runRules, validateService, checkDocument } = await import("../packages/checker/dist/index.js");
const best = (fn, k = 5) => { let m = 1e9; for (let i = 0; i < k; i++) { globalThis.gc(); const t = performance.now(); fn(); m = Math.min(m, performance.now() - t); } return m; };
const res = {};
for (const n of [500, 1000, 2000, 4000]) {
  const w = wideService(n, 7, [1, 1]);
  let doc;
  const read = best(() => { doc = readJsonDocument("w.service.json", w.json); });
  const parse = best(() => JSON.parse(w.json));
  const svc = doc.services[0];
  const val = best(() => validateService(svc));
  const eng = best(() => runRules(doc, svc, []));
  const all = best(() => runRules(doc, svc, [...RULES.values()]), 3);
  const full = best(() => checkDocument(readJsonDocument("w.service.json", w.json)), 3);
  const per = {}; for (const r of RULES.values()) per[r.meta.id] = best(() => runRules(doc, svc, [r]), 3) - eng;
  res[n] = { kb: w.json.length >> 10, parse, read, val, eng, all, full, per };
  console.log(n, JSON.stringify({ kb: res[n].kb, parse: parse.toFixed(1), read: read.toFixed(1), val: val.toFixed(1), eng: eng.toFixed(1), all: all.toFixed(1), full: full.toFixed(1) }));
}
const f = (a, b) => (b / a).toFixed(2);
console.log("factors 1000->4000: read", f(res[1000].read, res[4000].read), "val", f(res[1000].val, res[4000].val), "eng", f(res[1000].eng, res[4000].eng), "all", f(res[1000].all, res[4000].all), "full", f(res[1000].full, res[4000].full));
const rows = Object.keys(res[4000].per).map((id) => [id, res[1000].per[id], res[4000].per[id]]).sort((a, b) => b[2] - a[2]);
for (const [id, a, b] of rows.slice(0, 12)) console.log(id.padEnd(34), a.toFixed(1).padStart(7), b.toFixed(1).padStart(7), (b / Math.max(a, 0.5)).toFixed(1));
