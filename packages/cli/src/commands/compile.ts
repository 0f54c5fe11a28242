import type { Command } from '@commander-js/extra-typings';
import type { CompiledRubric, Issue, Tier } from '@gamut/core';

export interface CompileSummary {
  questions: number;
  checks: number;
  by_tier: Record<Tier, number>;
  by_kind: Record<string, number>;
  /** Where the rubrics were written; null when they went to stdout. */
  output: string | null;
}

export function registerCompile(program: Command): void {
  program
    .command('compile')
    .description('compile meta-rubrics into binary checks; nothing is written if any input is invalid')
    .argument('<file>', 'meta-rubrics: one JSON object, a JSON array or JSONL')
    .option('-o, --output <file>', 'write compiled rubrics as JSONL here (atomically) instead of stdout')
    .option('--json', 'print a JSON summary on stdout (with the rubrics when there is no -o)')
    .action(async (file, opts) => {
      const { rubrics, warnings } = await compileFile(file);
      const { formatWarnings } = await import('../io/print-warnings.js');
      process.stderr.write(formatWarnings(warnings));
      const summary = summarize(rubrics, opts.output ?? null);
      const { toJsonl, writeFileAtomic } = await import('../io/atomic-write.js');
      if (opts.output) {
        await writeFileAtomic(opts.output, toJsonl(rubrics));
        const { counted } = await import('@gamut/core');
        process.stderr.write(`${summaryLine(summary, counted)}\n`);
      }
      if (opts.json) {
        const body = opts.output ? summary : { ...summary, rubrics };
        process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
      } else if (!opts.output) {
        process.stdout.write(toJsonl(rubrics));
      }
    });
}

/** Reads, validates and compiles every meta-rubric of a file; throws `InputError` listing every problem. */
async function compileFile(file: string): Promise<{ rubrics: CompiledRubric[]; warnings: Issue[] }> {
  const { byLine, compileWithWarnings, InputError, parseMetaRubric, placed, recordContext } = await import(
    '@gamut/core'
  );
  const { readRecordsTolerant } = await import('../io/read-records.js');
  const { records, issues } = await readRecordsTolerant(file);
  const metas = [];
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
  if (issues.length) throw new InputError(byLine(issues));
  const { hash } = await import('node:crypto');
  // node:crypto's one-shot SHA-256 gives the same digest as core's portable one, several times faster
  // (and, for a few KB, faster than a createHash object per rubric).
  const sha256Hex = (text: string) => hash('sha256', text, 'hex');
  const warnings: Issue[] = [];
  const rubrics = metas.map((meta) => {
    const compiled = compileWithWarnings(meta, { sha256Hex });
    warnings.push(...compiled.warnings);
    return compiled.rubric;
  });
  return { rubrics, warnings };
}

export function summarize(rubrics: readonly CompiledRubric[], output: string | null): CompileSummary {
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

function summaryLine(s: CompileSummary, counted: (n: number, noun: string) => string): string {
  const tiers = `answer_critical ${s.by_tier.answer_critical}, valuable ${s.by_tier.valuable}, context ${s.by_tier.context}`;
  return `compiled ${counted(s.questions, 'question')} → ${counted(s.checks, 'check')} (${tiers})${s.output ? ` → ${s.output}` : ''}`;
}
