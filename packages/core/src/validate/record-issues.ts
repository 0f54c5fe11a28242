import { formatPath, type Issue } from '../issues/issue.js';
import type { IssueContext } from '../issues/zod-issues.js';
import { fromZodError } from '../issues/zod-issues.js';
import { recordValue } from '../records/parse-records.js';
import { placed } from '../records/place-issue.js';
import type { SourceRecord } from '../records/source-record.js';
import { parseMetaRubric } from '../rubric/parse-meta-rubric.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import type { GoldenSet } from '../schema/golden-set.js';
import { FORMATS, type FormatName } from '../schema/registry.js';
import type { WikiPage } from '../schema/wiki.js';
import { ignoredFieldWarnings } from './ignored-fields.js';

/** Where a record sits, for issues about it: file, JSONL line, array index as a path prefix. */
export function recordContext(record: SourceRecord, question?: string): IssueContext {
  return {
    file: record.file,
    ...(record.line !== undefined && { line: record.line }),
    ...(record.index !== undefined && { pathPrefix: [record.index] }),
    ...(question !== undefined && { question }),
  };
}

/**
 * Schema issues of one record, plus the semantic rules of its format; the
 * parsed value when it has none, and warnings about fields that change nothing.
 * Every issue with a path is placed at its line and column when the reader knows them.
 */
export function recordIssues(
  format: FormatName,
  record: SourceRecord,
): { issues: Issue[]; warnings: Issue[]; value?: unknown } {
  const raw = recordValue(record, FORMATS[format]);
  const ctx = recordContext(record, stringField(raw, 'question_id'));
  const got = checkRecord(format, raw, ctx);
  const issues = got.issues.map((i) => placed(i, record));
  if (got.value === undefined) return { issues, warnings: [] };
  const warnings = ignoredFieldWarnings(raw, got.value, format === 'meta-rubric').map((w) =>
    placed(
      {
        ...w,
        file: record.file,
        ...(ctx.question !== undefined && { question: ctx.question }),
        path: prefixed(ctx, w.path),
      },
      record,
    ),
  );
  return issues.length ? { issues, warnings } : { issues, warnings, value: got.value };
}

function checkRecord(format: FormatName, raw: unknown, ctx: IssueContext): { issues: Issue[]; value?: unknown } {
  if (format === 'meta-rubric') {
    const r = parseMetaRubric(raw, ctx);
    return r.value ? { issues: [], value: r.value } : { issues: r.issues };
  }
  const parsed = FORMATS[format].safeParse(raw);
  if (!parsed.success) return { issues: fromZodError(parsed.error, raw, ctx) };
  const issues: Issue[] = [];
  if (format === 'compiled-rubric') issues.push(...checkIdIssues(parsed.data as CompiledRubric, ctx));
  if (format === 'golden-set') issues.push(...goldenSetIssues(parsed.data as GoldenSet, ctx));
  return { issues, value: parsed.data };
}

function prefixed(ctx: IssueContext, path: string | undefined): string {
  const prefix = formatPath(ctx.pathPrefix ?? []);
  if (!path) return prefix;
  return prefix === '' ? path : path.startsWith('[') ? `${prefix}${path}` : `${prefix}.${path}`;
}

function checkIdIssues(rubric: CompiledRubric, ctx: IssueContext): Issue[] {
  const seen = new Map<string, number>();
  const issues: Issue[] = [];
  rubric.checks.forEach((c, i) => {
    const first = seen.get(c.id);
    if (first === undefined) seen.set(c.id, i);
    else
      issues.push(
        at(ctx, ['checks', i, 'id'], 'duplicate-check', `check id "${c.id}" is already used by checks[${first}]`, {
          check: c.id,
        }),
      );
  });
  return issues;
}

function goldenSetIssues(set: GoldenSet, ctx: IssueContext): Issue[] {
  const issues: Issue[] = [];
  const questions = new Map<string, number>();
  set.questions.forEach((q, i) => {
    const first = questions.get(q.question_id);
    if (first === undefined) questions.set(q.question_id, i);
    else {
      issues.push(
        at(
          ctx,
          ['questions', i, 'question_id'],
          'duplicate-question',
          `question "${q.question_id}" is already questions[${first}]`,
          {
            question: q.question_id,
          },
        ),
      );
    }
    const facts = new Set<string>();
    q.required_facts.forEach((f, j) => {
      if (facts.has(f.id)) {
        issues.push(
          at(ctx, ['questions', i, 'required_facts', j, 'id'], 'duplicate-id', `fact id "${f.id}" is used twice`, {
            question: q.question_id,
          }),
        );
      }
      facts.add(f.id);
    });
  });
  return issues;
}

/** The key that must be unique across the records of a file, per format; none for a manifest. */
const KEYS: Partial<Record<FormatName, { rule: string; what: string; key: (v: never) => string[] }>> = {
  'meta-rubric': { rule: 'duplicate-question', what: 'question', key: (v: { question_id: string }) => [v.question_id] },
  'compiled-rubric': {
    rule: 'duplicate-question',
    what: 'question',
    key: (v: { question_id: string }) => [v.question_id],
  },
  answer: {
    rule: 'duplicate-answer',
    what: 'answer (question, model, setting)',
    key: (v: { question_id: string; model: string; setting: string }) => [v.question_id, v.model, v.setting],
  },
  verdict: {
    rule: 'duplicate-verdict',
    what: 'verdict (question, model, setting, check, judge, sample)',
    key: (v: {
      question_id: string;
      model: string;
      setting: string;
      check_id: string;
      judge: string;
      sample?: number;
    }) => [v.question_id, v.model, v.setting, v.check_id, v.judge, String(v.sample ?? 0)],
  },
  'wiki-page': {
    rule: 'duplicate-page-version',
    what: 'page version',
    key: (v: WikiPage) => [v.page_id, String(v.version)],
  },
  'agent-output': {
    rule: 'duplicate-output',
    what: 'output (question, agent)',
    key: (v: { question_id: string; agent: string }) => [v.question_id, v.agent],
  },
  'rag-judgment': {
    rule: 'duplicate-judgment',
    what: 'judgment (question, judge)',
    key: (v: { question_id: string; judge?: string }) => [v.question_id, v.judge ?? ''],
  },
};

/** Records that repeat a key the format needs unique, and wiki pages with two current versions. */
export function duplicateIssues(
  format: FormatName,
  accepted: ReadonlyArray<{ record: SourceRecord; value: unknown }>,
): Issue[] {
  const issues: Issue[] = [];
  const spec = KEYS[format];
  if (spec) {
    const seen = new Map<string, SourceRecord>();
    for (const { record, value } of accepted) {
      const parts = spec.key(value as never);
      const k = JSON.stringify(parts);
      const first = seen.get(k);
      if (!first) {
        seen.set(k, record);
        continue;
      }
      const question = stringField(value, 'question_id');
      issues.push(
        at(
          recordContext(record, question),
          [],
          spec.rule,
          `duplicate ${spec.what} ${parts.filter(Boolean).join(' / ')}: first at ${where(first)}`,
          {},
        ),
      );
    }
  }
  if (format === 'wiki-page') {
    const current = new Map<string, SourceRecord>();
    for (const { record, value } of accepted) {
      const page = value as WikiPage;
      if (page.status !== 'current') continue;
      const first = current.get(page.page_id);
      if (first) {
        issues.push(
          at(
            recordContext(record),
            ['status'],
            'multiple-current',
            `page ${page.page_id} has a second current version (first at ${where(first)})`,
            {},
          ),
        );
      } else current.set(page.page_id, record);
    }
  }
  return issues;
}

function where(r: SourceRecord): string {
  return r.line !== undefined ? `line ${r.line}` : r.index !== undefined ? `[${r.index}]` : r.file;
}

function at(
  ctx: IssueContext,
  path: readonly PropertyKey[],
  rule: string,
  message: string,
  extra: Partial<Issue>,
): Issue {
  const p = formatPath([...(ctx.pathPrefix ?? []), ...path]);
  return {
    rule,
    message,
    ...(ctx.file !== undefined && { file: ctx.file }),
    ...(ctx.line !== undefined && { line: ctx.line }),
    ...(p !== '' && { path: p }),
    ...(ctx.question !== undefined && { question: ctx.question }),
    ...extra,
  };
}

function stringField(v: unknown, key: string): string | undefined {
  const x = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return typeof x === 'string' && x !== '' ? x : undefined;
}
