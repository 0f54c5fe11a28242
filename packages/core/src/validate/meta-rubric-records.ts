import type { Issue } from '../issues/issue.js';
import { placed } from '../records/place-issue.js';
import type { SourceRecord } from '../records/source-record.js';
import { type CompileOptions, compileWithWarnings } from '../rubric/compile-meta-rubric.js';
import { parseMetaRubric } from '../rubric/parse-meta-rubric.js';
import type { CompiledRubric } from '../schema/compiled-rubric.js';
import type { Tier } from '../schema/ids.js';
import type { MetaRubric } from '../schema/meta-rubric.js';
import { recordContext } from './record-issues.js';

/** The meta-rubrics of a file's records, and every problem: a record's own, and a question id used twice. */
export function metaRubricRecords(records: readonly SourceRecord[]): { metas: MetaRubric[]; issues: Issue[] } {
  const metas: MetaRubric[] = [];
  const issues: Issue[] = [];
  const seen = new Map<string, string>();
  for (const record of records) {
    const r = parseMetaRubric(record.value, recordContext(record));
    if (!r.value) {
      issues.push(...r.issues.map((i) => placed(i, record)));
      continue;
    }
    const qid = r.value.question_id;
    const here = record.line !== undefined ? `line ${record.line}` : `[${record.index ?? 0}]`;
    const first = seen.get(qid);
    if (first !== undefined) {
      issues.push({
        rule: 'duplicate-question',
        message: `question_id "${qid}" is already used at ${first}; each question compiles to one rubric`,
        file: record.file,
        ...(record.line !== undefined && { line: record.line }),
        path: record.index !== undefined ? `[${record.index}].question_id` : 'question_id',
        question: qid,
      });
    } else seen.set(qid, here);
    metas.push(r.value);
  }
  return { metas, issues };
}

/** Compiles every meta-rubric, gathering their authoring warnings. */
export function compileAll(
  metas: readonly MetaRubric[],
  options: CompileOptions = {},
): { rubrics: CompiledRubric[]; warnings: Issue[] } {
  const warnings: Issue[] = [];
  const rubrics = metas.map((meta) => {
    const compiled = compileWithWarnings(meta, options);
    warnings.push(...compiled.warnings);
    return compiled.rubric;
  });
  return { rubrics, warnings };
}

/** What `gamut compile` reports: questions, checks, checks per tier and per kind, and where they went. */
export interface CompileSummary {
  questions: number;
  checks: number;
  by_tier: Record<Tier, number>;
  by_kind: Record<string, number>;
  /** Where the rubrics were written; null when they went to stdout. */
  output: string | null;
}

export function compileSummary(rubrics: readonly CompiledRubric[], output: string | null): CompileSummary {
  const by_tier: Record<Tier, number> = { answer_critical: 0, valuable: 0, context: 0 };
  const by_kind: Record<string, number> = {};
  let checks = 0;
  for (const r of rubrics) {
    for (const c of r.checks) {
      checks++;
      by_tier[c.tier]++;
      by_kind[c.kind] = (by_kind[c.kind] ?? 0) + 1;
    }
  }
  return { questions: rubrics.length, checks, by_tier, by_kind, output };
}
