export { ignoredFieldWarnings } from './ignored-fields.js';
export { duplicateIssues, recordContext, recordIssues } from './record-issues.js';
