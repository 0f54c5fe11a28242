import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { counted, InputError, type RunRecord } from '@gamut/core';
import { type CopyProgress, type CopyRefusals, type CopySummary, copyRuns, type GamutStore } from '@gamut/store';
import { isPostgresUrl } from '@gamut/store/url';
import { openProjectStore, storeFile } from '../../store/open-store.js';

export interface CopyStoreOptions {
  from: string;
  to: string;
  run?: string[];
  quiet?: boolean;
  json?: boolean;
  cwd: string;
}

/** `gamut store copy FROM TO`: opens both stores, copies, and prints what moved. */
export async function copyStoreCommand(o: CopyStoreOptions): Promise<void> {
  const names = { from: storeFile(o.cwd, o.from), to: storeFile(o.cwd, o.to) };
  if (!isPostgresUrl(o.from) && !existsSync(names.from)) {
    throw new InputError({
      rule: 'store',
      file: names.from,
      message: 'no store here to copy from; name the folder that holds gamut.db, or a postgres:// URL',
    });
  }
  if (sameStore(o)) {
    throw new InputError({ rule: 'usage', message: `${names.from} is both FROM and TO; name two different stores` });
  }
  const from = await openProjectStore(o.cwd, o.from);
  let to: GamutStore | undefined;
  const bar = !o.quiet && !o.json && process.stderr.isTTY ? await progressBar() : undefined;
  try {
    to = await openProjectStore(o.cwd, o.to);
    const summary = await copyRuns(from, to, {
      refuse: refusals(names),
      ...(o.run && { runs: o.run }),
      ...(bar && { progress: bar }),
    });
    bar?.stop();
    if (o.json) process.stdout.write(`${JSON.stringify({ from: names.from, to: names.to, ...summary })}\n`);
    else if (!o.quiet) process.stderr.write(describe(summary, names.to));
  } finally {
    bar?.stop();
    await from.close();
    await to?.close();
  }
}

function refusals(names: { from: string; to: string }): CopyRefusals {
  const what = (r: RunRecord) => `started ${r.startedAt}, config ${r.configHash.slice(0, 12)}`;
  return {
    unknownRuns(missing, all) {
      const have = all.length > 0 ? `; it has ${all.map((r) => r.runId).join(', ')}` : '; it has no runs';
      return new InputError({
        rule: 'unknown-run',
        file: names.from,
        message: `no run ${missing.join(', ')} in ${names.from}${have}`,
      });
    },
    otherRun(run, there) {
      return new InputError({
        rule: 'store-conflict',
        file: names.to,
        message:
          `${names.to} already has another run named ${run.runId} (${what(there)}; the one in ${names.from}: ${what(run)}); ` +
          'nothing was copied. Copy into another store, leave it out with --run, or move the one there aside first ' +
          `(\`gamut run <config> --restart --store ${names.to}\` keeps it as ${run.runId}.<start time>)`,
      });
    },
  };
}

function sameStore(o: CopyStoreOptions): boolean {
  if (isPostgresUrl(o.from) || isPostgresUrl(o.to)) return o.from === o.to;
  return resolve(o.cwd, o.from) === resolve(o.cwd, o.to);
}

/** `copied run judge-1a2b (new): 3 answers, 12 verdicts, 0 failures, 1 queue, 4 review events`, a line per run. */
export function describe(s: CopySummary, to: string): string {
  const lines = s.runs.map((r) => {
    const review =
      r.queues + r.events + r.annotators > 0
        ? `, ${counted(r.annotators, 'annotator')}, ${counted(r.queues, 'queue')}, ${counted(r.events, 'review event')}`
        : '';
    const how = r.outcome === 'copied' ? 'new' : 'already there, topped up';
    return `copied run ${r.run_id} (${how}): ${counted(r.answers, 'answer')}, ${counted(r.verdicts, 'verdict')}, ${counted(r.failures, 'failure')}${review}\n`;
  });
  if (s.runs.length === 0) lines.push('no runs to copy\n');
  lines.push(
    `into ${to}; model calls: ${s.calls.added} of ${s.calls.read} added (the rest were there)` +
      (s.labels.added > 0 ? `; ${counted(s.labels.added, 'label')} added` : '') +
      '\n',
  );
  return lines.join('');
}

async function progressBar(): Promise<CopyProgress & { stop(): void }> {
  const { SingleBar } = await import('cli-progress');
  const bar = new SingleBar({
    format: '{phase} {run} {bar} {percentage}%',
    barsize: 24,
    hideCursor: true,
    clearOnComplete: true,
    stream: process.stderr,
  });
  let started = false;
  let stopped = false;
  let value = 0;
  let total = 1;
  return {
    total(n) {
      total = Math.max(n, 1);
      bar.start(total, 0, { phase: 'reading', run: '' });
      started = true;
    },
    phase(run, phase) {
      bar.update({ phase, run });
    },
    // Writing counts every row, not only verdicts: held at the end until the copy is done.
    advance(n) {
      value = Math.min(total, value + n);
      bar.update(value);
    },
    stop() {
      if (started && !stopped) bar.stop();
      stopped = true;
    },
  };
}
