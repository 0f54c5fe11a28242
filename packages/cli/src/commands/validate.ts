import type { Command } from '@commander-js/extra-typings';
import type { FormatName, Issue, SourceRecord } from '@gamut/core';

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

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check a file of any Gamut format and list every problem with its location')
    .argument('<file>', 'JSON, JSON array, JSONL or CSV file')
    .option('--format <name>', 'the format to check against (default: detected from the records)')
    .option('--json', 'print the report as JSON on stdout')
    .action(async (file, opts) => {
      const report = await validateFile(file, opts.format);
      const n = report.issues.length;
      if (opts.json) {
        const body = { ...report, format: report.format ?? null, problems: n };
        process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
        if (n) process.exitCode = 2;
        return;
      }
      const { renderWarning } = await import('../io/render-issue.js');
      for (const w of report.warnings) process.stderr.write(renderWarning(w));
      const { InputError } = await import('@gamut/core');
      if (n) throw new InputError(report.issues);
      const w = report.warnings.length;
      const warned = w ? `, ${w} warning${w === 1 ? '' : 's'}` : '';
      process.stdout.write(`ok: ${count(report.records, report.format)}, 0 problems${warned}\n`);
    });
}

function count(n: number, format: FormatName | undefined): string {
  if (!format) return `${n} record${n === 1 ? '' : 's'}`;
  return `${n} ${n === 1 ? one(format) : many(format)}`;
}

/** Every problem in one file: JSON syntax, schema, semantic rules, and duplicates across records. */
async function validateFile(file: string, formatName?: string): Promise<ValidationReport> {
  const { byLine, detectFileFormat, detectFormat, parseFormatName } = await import('@gamut/core');
  const { readRecordsTolerant } = await import('@gamut/node');
  const explicit = formatName === undefined ? undefined : parseFormatName(formatName);
  const { records, issues, warnings } = await readRecordsTolerant(file);
  const format = explicit ?? detectFileFormat(records);
  if (!format) {
    if (records.length) {
      const keys = [...new Set(records.flatMap((r) => (isObject(r.value) ? Object.keys(r.value) : [])))];
      issues.push({
        rule: 'unknown-format',
        message: `cannot tell which format this file holds (keys: ${keys.slice(0, 8).join(', ') || 'none'}); pass --format <name>`,
        file,
      });
    }
    return { file, format, records: records.length, issues, warnings: byLine(warnings) };
  }

  const { recordIssues, duplicateIssues } = await import('@gamut/core');
  const accepted: Array<{ record: SourceRecord; value: unknown }> = [];
  for (const record of records) {
    const looks = detectFormat(record.value);
    if (!explicit && looks && looks !== format) {
      issues.push({
        rule: 'mixed-formats',
        message: `this record looks like a ${one(looks)}, but the file holds ${many(format)}`,
        ...locate(record),
      });
      continue;
    }
    const r = recordIssues(format, record);
    issues.push(...r.issues);
    warnings.push(...r.warnings);
    if (r.value !== undefined) accepted.push({ record, value: r.value });
  }
  issues.push(...duplicateIssues(format, accepted));
  return { file, format, records: records.length, issues: byLine(issues), warnings: byLine(warnings) };
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
