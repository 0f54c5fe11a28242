import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { InputError, type ModelScore, OFFLINE_JUDGE_ID, OFFLINE_JUDGE_LABEL } from '@gamut/core';
import { checkOutDir, type DemoRag, gradeDemoRag, writeDemoRag, writeFileAtomic } from '@gamut/node';
import { locateFixtures } from '../../demo/locate-fixtures.js';
import { renderRunReport } from '../../web/write-report.js';
import { evaluateDemo } from './demo-evaluation.js';
import { type DemoCounts, renderSummary } from './demo-summary.js';

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
  models: ModelScore[];
  rag: DemoRag['report']['summary'] | null;
  judge: { id: string; label: string };
}

/** `gamut demo`: the whole flow on the bundled data, offline, through the one run engine. */
export async function runDemo(o: DemoOptions): Promise<DemoResult> {
  const t0 = performance.now();
  const out = resolve(o.out);
  await checkOutDir(out);
  const fixtures = locateFixtures();
  const answersFile = join(fixtures.gamut, 'answers.jsonl');
  if (!existsSync(answersFile)) {
    throw new InputError({
      rule: 'demo-data-missing',
      message: `the bundled answers are missing: ${answersFile}`,
      file: answersFile,
    });
  }
  const rag = await gradeDemoRag(fixtures.wiki);
  const demo = await evaluateDemo({
    out,
    metasFile: join(fixtures.gamut, 'meta-rubrics.jsonl'),
    answersFile,
    progress: o.progress,
    rag,
    writeRag: (dir) => (rag ? writeDemoRag(dir, rag) : Promise.resolve()),
  });
  // The same report `gamut report` writes, read back from the run directory just written.
  const report = resolve(out, 'report.html');
  await writeFileAtomic(report, (await renderRunReport(out)).html);
  const elapsed = performance.now() - t0;
  const result: DemoResult = {
    out,
    report,
    elapsed_ms: Math.round(elapsed),
    counts: demo.counts,
    models: demo.models,
    rag: rag?.report.summary ?? null,
    judge: { id: OFFLINE_JUDGE_ID, label: OFFLINE_JUDGE_LABEL },
  };
  if (o.json) o.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const summary = { models: demo.models, counts: demo.counts, rag, seconds: elapsed / 1000 };
    o.stdout(renderSummary({ ...summary, report: pathToFileURL(report).href }));
  }
  if (o.open) openInBrowser(report, o.stderr);
  return result;
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
