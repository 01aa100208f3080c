// Rewrites the generated parts of docs/ (see generated-docs.js) from the built packages.
import { readFileSync, writeFileSync } from "node:fs";
import { GENERATED, splice } from "./generated-docs.js";

const root = new URL("../", import.meta.url);
for (const { file, name, render } of GENERATED) {
  const url = new URL(file, root);
  const text = readFileSync(url, "utf8");
  const next = splice(text, name, await render());
  if (next !== text) {
    writeFileSync(url, next);
    console.log(`${file}: ${name} rewritten`);
  }
}
