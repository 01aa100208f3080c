import type { Rule } from "../../engine/rule.js";
import { rule as ambiguousMetadata } from "./ambiguous-metadata.js";
import { rule as archivePathContext } from "./archive-path-context.js";
import { rule as boxTarget } from "./box-target.js";
import { rule as ignoredBoxName } from "./ignored-box-name.js";
import { rule as jobFileNameBox } from "./job-file-name-box.js";
import { rule as metadataCycle } from "./metadata-cycle.js";
import { rule as numSheetsContext } from "./num-sheets-context.js";
import { rule as pdfExpressionOnNonPdfBox } from "./pdf-expression-on-non-pdf-box.js";
import { rule as undefinedMetadata } from "./undefined-metadata.js";
import { rule as unknownOuIdentifier } from "./unknown-ou-identifier.js";
import { rule as unknownOutputFileIdentifier } from "./unknown-output-file-identifier.js";
import { rule as unknownRequirement } from "./unknown-requirement.js";
import { rule as unusedMetadata } from "./unused-metadata.js";

/** Rules on box targets, metadata and other references, and where expressions may be used. */
export const expressionRules: readonly Rule[] = [
  ambiguousMetadata,
  archivePathContext,
  boxTarget,
  ignoredBoxName,
  jobFileNameBox,
  metadataCycle,
  numSheetsContext,
  pdfExpressionOnNonPdfBox,
  undefinedMetadata,
  unknownOuIdentifier,
  unknownOutputFileIdentifier,
  unknownRequirement,
  unusedMetadata,
];
