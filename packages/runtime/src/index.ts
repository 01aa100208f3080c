export { type LoadedDocuments, loadDocuments } from "./documents.js";
export { type Evaluation, evaluateExpression, Unavailable } from "./evaluate.js";
export { type AreaUnit, inPoints, type Job, type JobDocument, type PdfReader } from "./job.js";
export { type DocumentMetadata, JobEvaluation, type MetadataProblem } from "./metadata.js";
export { unitProperty } from "./organizational-unit.js";
export {
  type ExtractionOptions,
  type LoadedPdf,
  loadPdf,
  type PdfArea,
  parseExtractionParameters,
} from "./pdf/index.js";
