import { siteRule } from "./common.js";

/** The path inside the archive exists while an archive entry is matched: in the file matcher of a `parent`. */
export const rule = siteRule(
  {
    id: "archive-path-context",
    basis: {
      kind: "implies",
      section: "Box",
      quote: "A file matcher may use the archive-relative-path value `exv.ArchiveFileRelativePathname`.",
    },
    description: "exv.ArchiveFileRelativePathname is used only in the file matcher of a box's parent.",
    messages: {
      misplaced:
        'exv.ArchiveFileRelativePathname is used in {{site}}, where no archive entry is being matched; it is only meaningful in the file matcher of a box\'s "parent".',
    },
  },
  "exv.ArchiveFileRelativePathname",
);
