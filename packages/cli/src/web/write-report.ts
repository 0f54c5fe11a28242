import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { counted, type ReportModel } from '@gamut/core';
import { embeddableImages, readLabelsFile, renderReportHtml, writeFileAtomic } from '@gamut/node';
import { reportModelOfRun } from './build-report.js';
import { loadWebApp } from './web-assets.js';

export interface RunReportOptions {
  judge?: string;
  missingAsMissing?: boolean;
  /** A labels file: the leaderboard shows calibrated scores beside the raw ones. */
  calibrate?: string;
  /** A store holding the run: its verdicts are shown instead of the directory's, and its adjudicated labels calibrate without --calibrate (default .gamut here). */
  store?: string;
}

/** The self-contained report.html of a run directory, and the view model it embeds (for `gamut demo` and others). */
export async function renderRunReport(
  runDir: string,
  o: RunReportOptions = {},
): Promise<{ html: string; model: ReportModel }> {
  const dir = resolve(runDir);
  const [model, app] = await Promise.all([
    reportModelOfRun(dir, {
      ...(o.judge !== undefined && { judge: o.judge }),
      ...(o.missingAsMissing && { missingAsMissing: true }),
      ...(o.calibrate !== undefined
        ? { calibration: await readLabelsFile(o.calibrate) }
        : { labelsStore: { cwd: process.cwd(), ...(o.store !== undefined && { store: o.store }) } }),
      ...(o.store !== undefined && { store: o.store }),
    }),
    loadWebApp(),
  ]);
  const images = await embeddableImages(dir, model.questions);
  const html = renderReportHtml({ app, model, images, title: `Gamut report: ${model.summary.run.run_id ?? runDir}` });
  return { html, model };
}

export interface WriteReportOptions extends RunReportOptions {
  out: string;
  json?: boolean;
}

export async function writeReport(run: string, o: WriteReportOptions): Promise<void> {
  // A large run takes seconds to read and score: say so on a terminal, keep pipes clean.
  const started = Date.now();
  if (process.stderr.isTTY) process.stderr.write(`Reading and scoring ${resolve(run)}…\n`);
  const { html, model } = await renderRunReport(run, o);
  if (process.stderr.isTTY) {
    process.stderr.write(
      `Built the report of ${counted(model.questions.length, 'question')} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }
  const out = resolve(o.out);
  await writeFileAtomic(out, html);
  const bytes = Buffer.byteLength(html);
  if (o.json) {
    process.stdout.write(
      `${JSON.stringify({ report: out, bytes, questions: model.questions.length, models: model.summary.models.length })}\n`,
    );
  } else {
    process.stdout.write(`Wrote ${out} (${(bytes / 1024 / 1024).toFixed(2)} MB). Open: ${pathToFileURL(out).href}\n`);
  }
}
