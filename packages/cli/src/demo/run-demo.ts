import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  DEFAULT_OFFLINE_OPTIONS,
  DEFAULT_SCORE_PARAMS,
  hashCanonical,
  type Manifest,
  OFFLINE_JUDGE_ID,
  OFFLINE_JUDGE_LABEL,
} from '@gamut/core';
import { SingleBar } from 'cli-progress';
import { writeFileAtomic } from '../io/atomic-write.js';
import { VERSION } from '../version.js';
import { DEMO_SEED, type DemoData, runDemoPipeline } from './demo-pipeline.js';
import { type DemoRag, gradeDemoRag } from './demo-rag.js';
import { countVerdicts, type DemoCounts, renderSummary } from './demo-summary.js';
import { locateFixtures } from './locate-fixtures.js';
import { checkOutDir, writeDemoRun } from './write-demo-run.js';

export interface DemoOptions {
  /** Output directory (resolved against cwd). */
  out: string;
  json: boolean;
  open: boolean;
  /** Show a progress bar (a terminal on stderr). */
  progress: boolean;
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

/** What `gamut demo --json` prints. */
export interface DemoResult {
  out: string;
  report: string;
  elapsed_ms: number;
  counts: DemoCounts;
  models: DemoData['scores']['models'];
  rag: DemoRag['report']['summary'] | null;
  judge: { id: string; label: string };
}

function manifestOf(data: DemoData, rag: DemoRag | null, startedAt: string): Manifest {
  return {
    run_id: 'demo',
    toolkit_version: VERSION,
    dataset_hash: hashCanonical({ metas: data.metas, answers: data.answers }),
    rubric_hashes: Object.fromEntries(data.rubrics.map((r) => [r.question_id, r.rubric_hash])),
    models: [...new Set(data.answers.map((a) => a.model as string))].sort(),
    settings: [...new Set(data.answers.map((a) => a.setting))].sort(),
    judges: [
      {
        spec: OFFLINE_JUDGE_ID,
        parameters: { ...DEFAULT_OFFLINE_OPTIONS, label: OFFLINE_JUDGE_LABEL, rag: rag !== null },
      },
    ],
    prompt_templates: {},
    lambda: DEFAULT_SCORE_PARAMS.lambda,
    mu: DEFAULT_SCORE_PARAMS.mu,
    weights: { ...DEFAULT_SCORE_PARAMS.weights },
    seed: DEMO_SEED,
    started_at: startedAt,
    ended_at: new Date().toISOString(),
  };
}

function openInBrowser(file: string, stderr: (s: string) => void): void {
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [file]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', file]]
        : ['xdg-open', [file]];
  try {
    const child = spawn(cmd, args as string[], { detached: true, stdio: 'ignore' });
    child.on('error', () => stderr(`gamut: could not open a browser; open ${file} yourself\n`));
    child.unref();
  } catch {
    stderr(`gamut: could not open a browser; open ${file} yourself\n`);
  }
}

/** `gamut demo`: the whole flow on the bundled data, offline. */
export async function runDemo(o: DemoOptions): Promise<DemoResult> {
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  const out = resolve(o.out);
  await checkOutDir(out);
  const fixtures = locateFixtures();

  const bar = o.progress
    ? new SingleBar({ format: 'judging answers {bar} {value}/{total}', clearOnComplete: true, stream: process.stderr })
    : null;
  let started = false;
  const data = await runDemoPipeline(fixtures.gamut, (done, total) => {
    if (!bar) return;
    if (!started) bar.start(total, 0);
    started = true;
    bar.update(done);
  });
  bar?.stop();
  const rag = await gradeDemoRag(fixtures.wiki);

  const counts: DemoCounts = {
    questions: data.rubrics.length,
    checks: data.rubrics.reduce((s, r) => s + r.checks.length, 0),
    answers: data.answers.length,
    verdicts: data.verdicts.length,
    by_verdict: countVerdicts(data.verdicts),
  };
  await writeDemoRun({
    dir: out,
    gamutDir: fixtures.gamut,
    data,
    rag,
    manifest: manifestOf(data, rag, startedAt),
  });
  // The same report `gamut report` writes, read back from the run directory just written.
  const report = resolve(out, 'report.html');
  const { renderRunReport } = await import('../web/write-report.js');
  await writeFileAtomic(report, (await renderRunReport(out)).html);
  const elapsed = performance.now() - t0;
  const result: DemoResult = {
    out,
    report,
    elapsed_ms: Math.round(elapsed),
    counts,
    models: data.scores.models,
    rag: rag?.report.summary ?? null,
    judge: { id: OFFLINE_JUDGE_ID, label: OFFLINE_JUDGE_LABEL },
  };
  if (o.json) o.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else
    o.stdout(
      renderSummary({
        models: data.scores.models,
        counts,
        rag,
        seconds: elapsed / 1000,
        report: pathToFileURL(report).href,
      }),
    );
  if (o.open) openInBrowser(report, o.stderr);
  return result;
}
