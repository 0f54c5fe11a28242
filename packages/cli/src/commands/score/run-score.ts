import { dirname, resolve } from 'node:path';
import {
  calibrateRun,
  feedStoredVerdicts,
  parseScoreOptions,
  formatScore as pct,
  pickStoredRun,
  ScoreAccumulator,
  type ScoredRun,
  type ScoreOptionStrings,
  scoreJsonChunks,
} from '@gamut/core';
import { assertNotInIncompleteRun, readLabelsFile, streamVerdicts } from '@gamut/node';
import { GateFailed } from '../../io/exit-codes.js';
import { openProjectStore, storeFile } from '../../store/open-store.js';
import { readCompiledRubrics } from './read-rubrics.js';
import { renderScoreText } from './render-score.js';

/** `gamut score`: rubrics in memory, verdicts streamed, then the table or JSON, then the gate. */
export async function runScore(o: ScoreOptionStrings): Promise<void> {
  const opts = parseScoreOptions(o);
  const files = [o.rubrics, ...(o.verdicts === undefined ? [] : [o.verdicts])];
  for (const dir of new Set(files.map((f) => dirname(resolve(f))))) await assertNotInIncompleteRun(dir);
  const rubrics = await readCompiledRubrics(o.rubrics);
  const labels = o.calibrate !== undefined ? await readLabelsFile(o.calibrate) : undefined;
  const acc = new ScoreAccumulator({
    rubrics,
    params: opts.params,
    ...(o.judge !== undefined && { judge: o.judge }),
    ...(opts.sample !== undefined && { sample: opts.sample }),
    missingAsMissing: o.missingAsMissing === true,
    ...(opts.seed !== undefined && { seed: opts.seed }),
    ...(opts.resamples !== undefined && { resamples: opts.resamples }),
    breakdowns: opts.by,
    files: { rubrics: o.rubrics, verdicts: o.verdicts ?? storeFile(process.cwd(), o.store) },
  });
  if (acc.params.mu > -0.5) {
    // See score-properties.test.ts: with |μ| < 0.5 a contradiction can score above a missing check.
    process.stderr.write(
      `gamut: warning: with μ = ${acc.params.mu} a contradiction can score higher than a missing check\n`,
    );
  }
  if (o.verdicts !== undefined) await scoreFile(o.verdicts, acc);
  else await scoreStoredRun(o.store, o.run, acc);
  const run = acc.finish();
  const calibrated = labels ? calibrateRun(run, rubrics, labels) : undefined;
  if (o.json) await writeChunks(scoreJsonChunks(run, calibrated));
  else process.stdout.write(renderScoreText(run, opts.by, o.verdicts ?? storeFile(process.cwd(), o.store), calibrated));
  if (opts.failUnder !== undefined) gate(run, opts.failUnder);
}

async function scoreFile(file: string, acc: ScoreAccumulator): Promise<void> {
  const progress = await makeProgress(file);
  try {
    await streamVerdicts(file, acc, progress?.update);
  } finally {
    progress?.stop();
  }
}

async function scoreStoredRun(
  where: string | undefined,
  run: string | undefined,
  acc: ScoreAccumulator,
): Promise<void> {
  const store = await openProjectStore(process.cwd(), where);
  try {
    await feedStoredVerdicts(store, await pickStoredRun(store, storeFile(process.cwd(), where), run), acc);
  } finally {
    await store.close();
  }
}

/** Writes each chunk, waiting for stdout to drain, so a long report is never held whole. */
async function writeChunks(chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) {
    await new Promise<void>((resolve, reject) => {
      const ok = process.stdout.write(chunk, (e) => (e ? reject(e) : undefined));
      if (ok) resolve();
      else process.stdout.once('drain', resolve);
    });
  }
}

function gate(run: ScoredRun, threshold: number): void {
  const below = run.models.filter((m) => m.gamut !== null && m.gamut < threshold);
  if (below.length === 0) return;
  const list = below.map((m) => `${m.model} (${m.setting}) ${pct(m.gamut)}`).join(', ');
  throw new GateFailed(`below --fail-under ${pct(threshold)}: ${list}`);
}

/** A byte-based bar on stderr, only for a person at a terminal and a file worth waiting for. */
async function makeProgress(file: string) {
  if (!process.stderr.isTTY) return undefined;
  const { stat } = await import('node:fs/promises');
  const size = await stat(file).then(
    (s) => s.size,
    () => 0,
  );
  if (size < 16 << 20) return undefined;
  const { SingleBar, Presets } = await import('cli-progress');
  const bar = new SingleBar(
    {
      format: 'scoring {bar} {percentage}% | {value}/{total} MB',
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: true,
    },
    Presets.shades_classic,
  );
  const mb = (b: number) => Math.round(b / (1 << 20));
  bar.start(mb(size), 0);
  return { update: (read: number) => bar.update(mb(read)), stop: () => bar.stop() };
}
