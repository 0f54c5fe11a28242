import { type Command, InvalidArgumentError } from '@commander-js/extra-typings';
import type { RagJudgment, RagReport } from '@gamut/core';
import { positiveInt } from './int-option.js';

function fraction(v: string): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new InvalidArgumentError(`--fail-under takes a pass rate in [0, 1], got "${v}"`);
  return n;
}

export function registerRagScore(rag: Command): void {
  rag
    .command('score')
    .description(
      'grade a wiki-QA agent run: Recall@k, fact coverage, faithfulness, citation precision, pass, abstention',
    )
    .requiredOption('--golden <file>', 'golden-set JSON')
    .requiredOption('--wiki <snapshot>', 'wiki snapshot (JSONL or folder)')
    .requiredOption('--run <file>', 'agent output JSONL, one line per question')
    .requiredOption(
      '--judge <spec>',
      'labels:<judgments.jsonl>, offline (lexical baseline), or a model spec (openai:…, anthropic:…, …)',
    )
    .option('--k <n>', 'Recall@k cut-off', positiveInt('--k'), 3)
    .option('--json', 'print the report as JSON')
    .option('--judgments-out <file>', 'write the judgments (RagJudgment JSONL) for reuse with labels:')
    .option('--report <file>', 'also write a self-contained wiki-QA HTML report (opens from disk, no server)')
    .option('--fail-under <rate>', 'exit 1 when the pass rate is below this fraction', fraction)
    .option(
      '--compare <report.json>',
      'an earlier `rag score --json`; refused unless made on the same golden set and snapshot',
    )
    .option('--concurrency <n>', 'judge calls in flight', positiveInt('--concurrency'), 4)
    .option('--store <dir>', 'call cache for model judges (default .gamut)')
    .option('--ragchecker', 'a model judge also labels claims both ways for RAGChecker diagnostics (more calls)')
    .action(async (opts) => {
      const core = await import('@gamut/core');
      const { readText, readQuestionRecords } = await import('../../io/read-records.js');
      const { writeFileAtomic, toJsonl } = await import('../../io/atomic-write.js');
      const { GateFailed } = await import('../../io/exit-codes.js');
      const { loadWikiSnapshot } = await import('../../wiki/load-snapshot.js');
      const { loadGoldenSet } = await import('../../wiki/load-golden-set.js');
      const { renderRagReport, renderComparison } = await import('./score-text.js');

      const snapshot = await loadWikiSnapshot(opts.wiki);
      const loaded = await loadGoldenSet(opts.golden, { snapshot });
      const { golden } = loaded;

      const { values: outputs, lines: outputLine } = await readQuestionRecords(opts.run, core.AgentOutput);
      const { pageView } = await import('@gamut/wiki');
      // Judges read the text view (tables row by row), not the raw storage XHTML.
      const index = core.buildPageIndex(snapshot.pages, { view: pageView });
      const { resolveRagJudge } = await import('../../judges/resolve-judge.js');
      let closeStore = async () => {};
      const resolved = await resolveRagJudge(opts.judge, {
        ragchecker: opts.ragchecker === true,
        // Model calls go through the project store's call cache, limits and retries, like `gamut judge`.
        calls: async () => {
          const { openProjectStore } = await import('../../judges/open-store.js');
          const store = await openProjectStore(process.cwd(), opts.store);
          closeStore = () => store.close();
          return {
            cache: store,
            concurrency: opts.concurrency,
            timeoutMs: 120_000,
            retries: core.DEFAULT_RETRIES,
            env: process.env,
          };
        },
      }).catch(async (e: unknown) => {
        await closeStore();
        throw e;
      });
      let judgments: RagJudgment[];
      let judgeId: string;
      let judgmentsFile: string | undefined;
      let judgmentLine = new Map<string, number>();
      if (resolved.kind === 'labels') {
        ({ judgments, file: judgmentsFile, lines: judgmentLine, id: judgeId } = resolved);
      } else {
        const { judge } = resolved;
        judgeId = judge.id;
        const progress = await startProgress(!opts.json && process.stderr.isTTY === true);
        let result: Awaited<ReturnType<typeof core.judgeRagRun>>;
        try {
          result = await core.judgeRagRun({
            golden,
            outputs,
            index,
            judge,
            concurrency: opts.concurrency,
            onProgress: (done, total) => progress.update(done, total),
          });
        } finally {
          progress.stop();
          await closeStore();
        }
        judgments = result.judgments;
        if (opts.judgmentsOut) await writeFileAtomic(opts.judgmentsOut, toJsonl(judgments));
        if (result.failures.length) {
          // Finished judgments are already saved; a failed judge is never graded as a fail.
          throw new core.ProviderError(
            `the judge failed on ${result.failures.length} question(s): ${result.failures
              .map((f) => `${f.question_id} (${f.error})`)
              .join('; ')}${opts.judgmentsOut ? `; the other judgments are in ${opts.judgmentsOut}` : ''}`,
          );
        }
      }
      if (opts.judgmentsOut && judgmentsFile !== undefined)
        await writeFileAtomic(opts.judgmentsOut, toJsonl(judgments));

      let report: RagReport;
      try {
        report = core.gradeRag({
          golden,
          pages: snapshot.pages,
          outputs,
          judgments,
          k: opts.k,
          snapshotId: snapshot.id,
          judge: judgeId,
        });
      } catch (e) {
        if (!core.InputError.isInputError(e)) throw e;
        // Name the file (and line) each problem sits in.
        throw new core.InputError(
          e.issues.map((i) => {
            const qid = i.question ?? '';
            if (i.rule === 'missing-output') return { ...i, file: opts.run };
            if (i.rule === 'missing-judgment') return { ...i, file: judgmentsFile ?? opts.judge };
            if ((/judgment|fact|ragchecker/.test(i.rule) || i.message.startsWith('judgment')) && judgmentsFile) {
              const line = judgmentLine.get(qid);
              return { ...i, file: judgmentsFile, ...(line !== undefined && { line }) };
            }
            const line = outputLine.get(qid);
            return { ...i, file: opts.run, ...(line !== undefined && { line }) };
          }),
        );
      }

      let compared: { file: string; summary: RagReport['summary'] } | undefined;
      if (opts.compare) {
        const { parseRecords } = await import('../../io/read-records.js');
        const other = parseRecords(await readText(opts.compare), opts.compare)[0]?.value as RagReport;
        core.assertComparableRagReports(report, other, { a: 'this run', b: opts.compare });
        compared = { file: opts.compare, summary: other.summary };
      }

      if (opts.report) {
        const { writeRagReport } = await import('./score-report.js');
        const written = await writeRagReport({ out: opts.report, report, golden, pages: snapshot.pages, outputs });
        // stdout carries the report text or JSON; where the HTML went is said on stderr.
        process.stderr.write(`wrote ${written.out} (${(written.bytes / 1024).toFixed(0)} KB)\n`);
      }
      if (opts.json) {
        process.stdout.write(
          `${JSON.stringify(compared ? { ...report, compared_with: compared } : report, null, 2)}\n`,
        );
      } else {
        process.stdout.write(renderRagReport(report, { offlineJudge: judgeId === 'offline' }));
        if (compared)
          process.stdout.write(
            `\n${renderComparison(report.summary, compared.summary, { a: 'this run', b: compared.file })}`,
          );
      }
      if (opts.failUnder !== undefined) {
        const { passRateGateFailure } = await import('./pass-rate-gate.js');
        const failure = passRateGateFailure(report.summary.pass_rate, opts.failUnder);
        if (failure !== undefined) throw new GateFailed(failure);
      }
    });
}

async function startProgress(enabled: boolean): Promise<{ update(done: number, total: number): void; stop(): void }> {
  if (!enabled) return { update() {}, stop() {} };
  const { SingleBar } = await import('cli-progress');
  const bar = new SingleBar({
    format: 'judging {bar} {value}/{total} questions',
    stream: process.stderr,
    hideCursor: true,
  });
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
