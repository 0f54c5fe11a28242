import type { Command } from '@commander-js/extra-typings';
import type { CompiledRubric, CompileSummary, Issue } from '@gamut/core';

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
      const { compileSummary } = await import('@gamut/core');
      const summary = compileSummary(rubrics, opts.output ?? null);
      const { toJsonl, writeFileAtomic } = await import('@gamut/node');
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
  const { byLine, compileAll, InputError, metaRubricRecords } = await import('@gamut/core');
  const { readRecordsTolerant } = await import('@gamut/node');
  const read = await readRecordsTolerant(file);
  const { metas, issues } = metaRubricRecords(read.records);
  if (read.issues.length || issues.length) throw new InputError(byLine([...read.issues, ...issues]));
  const { hash } = await import('node:crypto');
  // node:crypto's one-shot SHA-256 gives the same digest as core's portable one, several times faster
  // (and, for a few KB, faster than a createHash object per rubric).
  return compileAll(metas, { sha256Hex: (text: string) => hash('sha256', text, 'hex') });
}

function summaryLine(s: CompileSummary, counted: (n: number, noun: string) => string): string {
  const tiers = `answer_critical ${s.by_tier.answer_critical}, valuable ${s.by_tier.valuable}, context ${s.by_tier.context}`;
  return `compiled ${counted(s.questions, 'question')} → ${counted(s.checks, 'check')} (${tiers})${s.output ? ` → ${s.output}` : ''}`;
}
