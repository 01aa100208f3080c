// The esbuild plugin every bundle of the checker uses (the CLI's, the VS Code server's, the playground's): the
// checker loads its generated ajv validators on first use with `createRequire(import.meta.url)(...)`, which esbuild
// does not follow. Rewritten as a plain `require`, the generated module is bundled, and still loaded on first use.
// Failing when the call is not found keeps a rewording of the checker from leaving a bundle without them (its first
// validation would then fail to load them).
import { readFileSync } from "node:fs";

const CALL = 'createRequire(import.meta.url)("./model-validator.cjs")';

/** @type {import("esbuild").Plugin} */
export const validatorsInPlace = {
  name: "validators-in-place",
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]checker[\\/]dist[\\/]validate\.js$/ }, ({ path }) => {
      const source = readFileSync(path, "utf8");
      if (!source.includes(CALL)) return { errors: [{ text: `${path} no longer loads its validators with ${CALL}` }] };
      return { contents: source.replace(CALL, 'require("./model-validator.cjs")'), loader: "js" };
    });
  },
};
