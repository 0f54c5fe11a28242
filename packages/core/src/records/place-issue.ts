import type { Issue } from '../issues/issue.js';
import type { SourceRecord } from './source-record.js';

/** `issue` at the line and column of its path in `record`'s source, when the reader kept where paths are. */
export function placed(issue: Issue, record: SourceRecord): Issue {
  if (!record.locate || issue.column !== undefined || issue.path === undefined) return issue;
  return { ...issue, ...record.locate(issue.path) };
}
