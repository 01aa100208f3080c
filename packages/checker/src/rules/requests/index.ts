import type { RequestRule } from "../../requests/request-rule.js";
import { rule as accountIdentifier } from "./account-identifier.js";
import { rule as addressPageOption } from "./address-page-option.js";
import { rule as autocreatedJobCommand } from "./autocreated-job-command.js";
import { rule as channelLabel } from "./channel-label.js";
import { rule as controlledValue } from "./controlled-value.js";
import { rule as countryCode } from "./country-code.js";
import { rule as jobFileCount } from "./job-file-count.js";
import { rule as jobSplitAreaPage } from "./job-split-area-page.js";
import { rule as missingPartFile } from "./missing-part-file.js";
import { rule as nonMainOptions } from "./non-main-options.js";
import { rule as packRequirements } from "./pack-requirements.js";
import { rule as partCounter } from "./part-counter.js";
import { rule as pastPostDate } from "./past-post-date.js";
import { rule as serviceFilePart } from "./service-file-part.js";
import { rule as splitNotEditable } from "./split-not-editable.js";
import { rule as splitPageCount } from "./split-page-count.js";
import { rule as unknownOptionValue } from "./unknown-option-value.js";
import { rule as unknownOutputFile } from "./unknown-output-file.js";
import { rule as unknownPart } from "./unknown-part.js";
import { rule as unknownRequestService } from "./unknown-request-service.js";
import { rule as unsetUnitProperty } from "./unset-unit-property.js";
import { rule as webhookUrl } from "./webhook-url.js";

/** Rules on request files: job creations, delivery commands and organizational units, checked against services. */
export const requestRules: readonly RequestRule[] = [
  accountIdentifier,
  addressPageOption,
  autocreatedJobCommand,
  channelLabel,
  controlledValue,
  countryCode,
  jobFileCount,
  jobSplitAreaPage,
  missingPartFile,
  nonMainOptions,
  packRequirements,
  partCounter,
  pastPostDate,
  serviceFilePart,
  splitNotEditable,
  splitPageCount,
  unknownOptionValue,
  unknownOutputFile,
  unknownPart,
  unknownRequestService,
  unsetUnitProperty,
  webhookUrl,
];
