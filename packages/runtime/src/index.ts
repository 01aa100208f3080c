export { checkAgainstService } from "./cases/against-service.js";
export { compareCase, type Difference, differenceMessage, type TestPath } from "./cases/compare.js";
export { type LocateInTest, type ReadTestFile, readTestFile } from "./cases/read.js";
export {
  type CasePath,
  type CaseRun,
  type CheckedCase,
  caseFiles,
  checkCase,
  escapeProblem,
  expectationsProblem,
  type LocatedDifference,
  type RealPath,
  resolveCasePath,
  runCase,
  testedServiceFiles,
} from "./cases/run.js";
export {
  DOCUMENT_REFERENCE,
  type Expectations,
  ServiceTestFile,
  TestCase,
} from "./cases/schema.js";
export { updatedExpectations } from "./cases/update.js";
export { type Evaluation, evaluateExpression, Unavailable } from "./evaluate.js";
export { type AreaUnit, inPoints, type Job, type JobDocument, type PdfReader } from "./job.js";
export { type DocumentMetadata, JobEvaluation, type MetadataProblem } from "./metadata.js";
export { readOrganizationalUnit, unitProperty } from "./organizational-unit.js";
export {
  type DocumentOutcome,
  type InputProblem,
  type JobInput,
  type JobOutcome,
  type MetadataResult,
  type Simulation,
  type UnmatchedEntry,
  VIOLATION_CODES,
  type Violation,
  type ViolationCode,
} from "./outcome.js";
export {
  type ExtractionOptions,
  type LoadedPdf,
  loadPdf,
  type PdfArea,
  parseExtractionParameters,
  pdfPageCount,
  setPdfDataFolder,
} from "./pdf/index.js";
export { DEFAULT_LIMITS, type Limits } from "./simulate/limits.js";
export { outcomeJson, outcomeText } from "./simulate/outcome-output.js";
export { simulateJob } from "./simulate/simulate.js";
export { describeDocument, documentSource, referenceOf } from "./simulate/words.js";
