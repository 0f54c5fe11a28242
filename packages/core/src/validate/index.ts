export { ignoredFieldWarnings } from './ignored-fields.js';
export { type CompileSummary, compileAll, compileSummary, metaRubricRecords } from './meta-rubric-records.js';
export { duplicateIssues, recordContext, recordIssues } from './record-issues.js';
export { recordCount, type ValidationReport, validateRecords } from './validate-records.js';
