import { resolve } from 'node:path';
import { buildReportModel, compareRuns, InputError, type RunComparison } from '@gamut/core';
import type { ReviewBackend } from '@gamut/node';
import { createViewApp, hostForHeader, loadRun, servedHosts } from '@gamut/node';
import { serve } from '@hono/node-server';
import { reportModelOfRun } from './build-report.js';
import { openReviewBackend } from './review-backend.js';
import { storedLabels } from './store-labels.js';
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

const WILDCARD = new Set(['0.0.0.0', '::', '[::]', '']);

/** Two runs compare only over questions with the same rubric; with none in common the comparison says nothing. */
function comparedRuns(a: string, b: string, c: RunComparison): RunComparison {
  if (c.questions.length > 0) return c;
  throw new InputError({
    rule: 'option-invalid',
    message:
      `--compare ${b}: no question of ${a} has the same rubric hash there ` +
      `(${c.changed.length} changed, ${c.only_a.length} only in the first run, ${c.only_b.length} only in the second); ` +
      'compare two runs of the same dataset and rubrics',
  });
}

/** With --host every request needs a token: without people in the store nobody could get in. */
async function assertTeamCanSignIn(review: ReviewBackend | null, run: string): Promise<void> {
  const people = review ? await review.store.listAnnotators(review.ownerId) : [];
  if (people.length > 0) return;
  await review?.store.close();
  throw new InputError({
    rule: 'option-invalid',
    message:
      `--host opens the viewer to a team, and every request then needs a personal token, but run ${review?.ownerId ?? run} has no annotators` +
      `${review ? '' : ' (no review store here: pass --store or start where `gamut review` ran)'}; ` +
      `add people first with \`gamut review add-annotator ${run} --name N --role annotator|adjudicator|reviewer\``,
  });
}

export async function serveView(run: string, o: ServeViewOptions): Promise<void> {
  if (!/^\d+$/.test(o.port) || Number(o.port) > 65535) {
    throw new InputError({
      rule: 'option-invalid',
      message: `--port must be an integer between 0 and 65535; got "${o.port}"`,
    });
  }
  if (o.host !== undefined && WILDCARD.has(o.host.trim())) {
    throw new InputError({
      rule: 'option-invalid',
      message:
        `--host must be the name or address people will open (e.g. --host 10.0.0.5 or --host gamut.internal), not "${o.host}": ` +
        'the viewer answers only requests addressed to that name',
    });
  }
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
  const bind = o.host?.replace(/^\[(.*)\]$/, '$1') ?? '127.0.0.1';
  let hosts: ReadonlySet<string> = new Set();
  const review = build ?? (await openReviewBackend(input, run, where));
  if (o.host !== undefined) await assertTeamCanSignIn(review, run);
  // The run's own adjudicated labels put calibrated scores beside the raw ones.
  const calibration = review ? await storedLabels(review.store, review.ownerId) : null;
  const model = buildReportModel({ ...shown, ...(calibration && { calibration }) });
  const comparison = other ? comparedRuns(runDir, otherDir as string, compareRuns(model.summary, other.summary)) : null;
  const hono = createViewApp({
    runDir,
    model,
    app,
    hosts: () => hosts,
    comparison,
    review,
    tokensRequired: o.host !== undefined,
  });
  await new Promise<void>((done, fail) => {
    const server = serve({ fetch: hono.fetch, hostname: bind, port: Number(o.port) }, (info) => {
      hosts = servedHosts(info.port, o.host);
      const name = o.host === undefined ? '127.0.0.1' : hostForHeader(o.host);
      process.stdout.write(`Gamut viewer for ${runDir}\nhttp://${name}:${info.port}/\n`);
      if (o.host !== undefined) {
        process.stderr.write(
          `gamut: open to ${name}:${info.port}; every request needs a personal token (gamut review add-annotator)\n`,
        );
      }
    });
    server.on('error', (e: NodeJS.ErrnoException) =>
      fail(
        e.code === 'EADDRINUSE'
          ? new InputError({ rule: 'port-in-use', message: `port ${o.port} is in use; pass --port` })
          : e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND'
            ? new InputError({
                rule: 'option-invalid',
                message: `--host ${o.host}: not an address of this machine (${e.code}); name one of its addresses`,
              })
            : e,
      ),
    );
    const stop = () => server.close(() => void (review?.store.close() ?? Promise.resolve()).then(() => done()));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
