import type { Rule } from "../../engine/rule.js";
import { rule as addressPageApposition } from "./address-page-apposition.js";
import { rule as duplicateBoxName } from "./duplicate-box-name.js";
import { rule as duplicateChannelLabel } from "./duplicate-channel-label.js";
import { rule as duplicateMetadataName } from "./duplicate-metadata-name.js";
import { rule as duplicateOutputFile } from "./duplicate-output-file.js";
import { rule as duplicateRank } from "./duplicate-rank.js";
import { rule as elementCounts } from "./element-counts.js";
import { rule as noMainBox } from "./no-main-box.js";
import { rule as parentCycle } from "./parent-cycle.js";
import { rule as parentNotArchive } from "./parent-not-archive.js";
import { rule as pdfOnlyField } from "./pdf-only-field.js";
import { rule as pdfPageZero } from "./pdf-page-zero.js";
import { rule as rankSequence } from "./rank-sequence.js";
import { rule as reconcileCounts } from "./reconcile-counts.js";
import { rule as splitAreaPage } from "./split-area-page.js";
import { rule as substringRange } from "./substring-range.js";
import { rule as unknownServiceFile } from "./unknown-service-file.js";
import { rule as unusedArchive } from "./unused-archive.js";

/** Rules on archive parents and ranks, counts, values, uniqueness and shape. */
export const archiveRules: readonly Rule[] = [
  addressPageApposition,
  duplicateBoxName,
  duplicateChannelLabel,
  duplicateMetadataName,
  duplicateOutputFile,
  duplicateRank,
  elementCounts,
  noMainBox,
  parentCycle,
  parentNotArchive,
  pdfOnlyField,
  pdfPageZero,
  rankSequence,
  reconcileCounts,
  splitAreaPage,
  substringRange,
  unknownServiceFile,
  unusedArchive,
];
