import type { Issue } from '../issues/issue.js';
import { byLine, detectFileFormat, detectFormat } from '../records/detect-format.js';
import type { SourceRecord } from '../records/source-record.js';
import type { FormatName } from '../schema/registry.js';
import { duplicateIssues, recordIssues } from './record-issues.js';

export interface ValidationReport {
  file: string;
  /** Undefined when the format could not be told from the records. */
  format: FormatName | undefined;
  records: number;
  issues: Issue[];
  /** What reads but deserves a look: ignored fields, repeated keys, invalid UTF-8. Never a failure. */
  warnings: Issue[];
}

// Partial so a format added to the registry later still validates (it reads as "records" until named here).
const PLURAL: Partial<Record<FormatName, [string, string]>> = {
  'meta-rubric': ['meta-rubric', 'meta-rubrics'],
  'compiled-rubric': ['compiled rubric', 'compiled rubrics'],
  answer: ['answer', 'answers'],
  verdict: ['verdict', 'verdicts'],
  'wiki-page': ['wiki page', 'wiki pages'],
  'golden-set': ['golden set', 'golden sets'],
  'agent-output': ['agent output', 'agent outputs'],
  'rag-judgment': ['RAG judgment', 'RAG judgments'],
  manifest: ['manifest', 'manifests'],
  'run-config': ['run config', 'run configs'],
};
const one = (f: FormatName) => PLURAL[f]?.[0] ?? f;
const many = (f: FormatName) => PLURAL[f]?.[1] ?? `${f} records`;

/** "12 meta-rubrics", "1 answer", "3 records" when the format is unknown. */
export function recordCount(n: number, format: FormatName | undefined): string {
  if (!format) return `${n} record${n === 1 ? '' : 's'}`;
  return `${n} ${n === 1 ? one(format) : many(format)}`;
}

/**
 * Every problem in one file's records: the schema, the semantic rules, and duplicates across
 * records, after the problems reading them found (`read`). `format` names the format to check
 * against; without it the format is told from the records, and a record of another is refused.
 */
export function validateRecords(
  file: string,
  read: { records: readonly SourceRecord[]; issues: readonly Issue[]; warnings: readonly Issue[] },
  format?: FormatName,
): ValidationReport {
  const { records } = read;
  const issues = [...read.issues];
  const warnings = [...read.warnings];
  const holds = format ?? detectFileFormat(records);
  if (!holds) {
    if (records.length) {
      const keys = [...new Set(records.flatMap((r) => (isObject(r.value) ? Object.keys(r.value) : [])))];
      issues.push({
        rule: 'unknown-format',
        message: `cannot tell which format this file holds (keys: ${keys.slice(0, 8).join(', ') || 'none'}); pass --format <name>`,
        file,
      });
    }
    return { file, format: holds, records: records.length, issues, warnings: byLine(warnings) };
  }
  const accepted: Array<{ record: SourceRecord; value: unknown }> = [];
  for (const record of records) {
    const looks = detectFormat(record.value);
    if (!format && looks && looks !== holds) {
      issues.push({
        rule: 'mixed-formats',
        message: `this record looks like a ${one(looks)}, but the file holds ${many(holds)}`,
        ...locate(record),
      });
      continue;
    }
    const r = recordIssues(holds, record);
    issues.push(...r.issues);
    warnings.push(...r.warnings);
    if (r.value !== undefined) accepted.push({ record, value: r.value });
  }
  issues.push(...duplicateIssues(holds, accepted));
  return { file, format: holds, records: records.length, issues: byLine(issues), warnings: byLine(warnings) };
}

function locate(r: SourceRecord): Pick<Issue, 'file' | 'line' | 'path'> {
  return {
    file: r.file,
    ...(r.line !== undefined && { line: r.line }),
    ...(r.index !== undefined && { path: `[${r.index}]` }),
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
