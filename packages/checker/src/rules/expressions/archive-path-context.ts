import { defineRule } from "../../engine/rule.js";
import { describeSite } from "./common.js";

/** The path inside the archive exists while an archive entry is matched: in the file matcher of a `parent`. */
export const rule = defineRule({
  meta: {
    id: "archive-path-context",
    basis: {
      kind: "implies",
      section: "Box",
      quote: "A file matcher may use the archive-relative-path value `exv.ArchiveFileRelativePathname`.",
    },
    description: "exv.ArchiveFileRelativePathname is used only in the file matcher of a box's parent.",
  },
  check(context) {
    for (const { node, path, site } of context.expressions) {
      if (node["@type"] !== "exv.ArchiveFileRelativePathname" || site.kind === "file-matcher") continue;
      context.report({
        path,
        message: `exv.ArchiveFileRelativePathname is used in ${describeSite(site, context.service)}, where no archive entry is being matched; it is only meaningful in the file matcher of a box's "parent".`,
      });
    }
  },
});
