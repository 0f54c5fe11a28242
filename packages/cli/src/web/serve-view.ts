import { resolve } from 'node:path';
import { buildReportModel, compareRuns, type ReportCalibrationInput } from '@gamut/core';
import type { ReviewBackend } from '@gamut/node';
import {
  assertTeamCanSignIn,
  checkServeAddress,
  comparedRuns,
  createViewApp,
  liveReportModel,
  loadRun,
  reviewOnRequest,
  serveViewApp,
} from '@gamut/node';
import { reportModelOfRun } from './build-report.js';
import { openReviewBackend } from './review-backend.js';
import { withStoredVerdicts } from './stored-verdicts.js';
import { loadWebApp } from './web-assets.js';

export interface ServeViewOptions {
  port: string;
  host?: string;
  judge?: string;
  missingAsMissing?: boolean;
  compare?: string;
  store?: string;
  /**
   * Opens `dir` as a build (its review queues, no answers to score), or null when it is not one;
   * given by the command, since the viewer knows nothing of builds.
   */
  openBuild?: (dir: string, where: { cwd: string; store?: string }) => Promise<ReviewBackend | null>;
}

export async function serveView(run: string, o: ServeViewOptions): Promise<void> {
  checkServeAddress(o.port, o.host);
  const runDir = resolve(run);
  if (process.stderr.isTTY) process.stderr.write(`Reading and scoring ${runDir}…\n`);
  const scoring = {
    ...(o.judge !== undefined && { judge: o.judge }),
    ...(o.missingAsMissing && { missingAsMissing: true }),
  };
  const otherDir = o.compare === undefined ? null : resolve(o.compare);
  const where = { cwd: process.cwd(), ...(o.store !== undefined && { store: o.store }) };
  // A build directory is viewed for its review queues: it has no answers to score.
  const build = (await o.openBuild?.(runDir, where)) ?? null;
  const [input, app, other] = await Promise.all([
    build ? build.run : loadRun(runDir, scoring),
    loadWebApp(),
    otherDir === null ? null : reportModelOfRun(otherDir, scoring),
  ]);
  const shown = await withStoredVerdicts(input, process.cwd(), o.store);
  let hosts: ReadonlySet<string> = new Set();
  // A store made after the viewer started (`gamut judge`, `gamut review queue`) opens on the next request.
  const review = reviewOnRequest(async () => build ?? (await openReviewBackend(input, run, where)));
  if (o.host !== undefined) await assertTeamCanSignIn(await review(), run);
  // The run's own adjudicated labels put calibrated scores beside the raw ones; `gamut review` in
  // another process adds labels while the viewer runs, so they are read again per request.
  const calibration = await review.labels();
  const modelWith = (c: ReportCalibrationInput | null) => buildReportModel({ ...shown, ...(c && { calibration: c }) });
  const model = modelWith(calibration);
  const comparison = other ? comparedRuns(runDir, otherDir as string, compareRuns(model.summary, other.summary)) : null;
  const hono = createViewApp({
    runDir,
    model: liveReportModel({ labels: review.labels, build: modelWith, firstLabels: calibration, first: model }),
    app,
    hosts: () => hosts,
    comparison,
    review,
    tokensRequired: o.host !== undefined,
  });
  await serveViewApp({
    hono,
    port: o.port,
    host: o.host,
    setHosts: (served) => {
      hosts = served;
    },
    onListening: (name, port) => {
      process.stdout.write(`Gamut viewer for ${runDir}\nhttp://${name}:${port}/\n`);
      if (o.host !== undefined) {
        process.stderr.write(
          `gamut: open to ${name}:${port}; every request needs a personal token (gamut review add-annotator)\n`,
        );
      }
    },
    onStop: review.close,
  });
}
