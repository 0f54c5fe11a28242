import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunRecord } from '@gamut/core';
import { sampleRun, sampleVerdict } from '@gamut/core/test';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../sqlite/sqlite-store.js';
import { type CopyRefusals, copyRuns } from './copy-runs.js';

const root = mkdtempSync(join(tmpdir(), 'gamut-copy-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = () => openSqliteStore({ file: join(root, `s${++n}`, 'gamut.db') });

class Refused extends Error {}
const refuse: CopyRefusals = {
  unknownRuns: (missing, have) => new Refused(`unknown ${missing.join(',')}; have ${have.map((r) => r.runId)}`),
  otherRun: (run: RunRecord, there: RunRecord) => new Refused(`other ${run.runId} ${there.startedAt}`),
};

async function withRun(runId: string, verdicts: number, over: Partial<RunRecord> = {}) {
  const s = fresh();
  await s.putRun({ ...sampleRun(runId), ...over });
  for (let i = 0; i < verdicts; i++) await s.putVerdict(sampleVerdict({ runId, checkId: `c${i}` }));
  return s;
}

describe('copyRuns', () => {
  it('copies a run whole, then tops it up on a second copy without adding anything', async () => {
    const from = await withRun('r1', 3);
    const to = fresh();
    const first = await copyRuns(from, to, { refuse });
    expect(first.runs).toEqual([
      { run_id: 'r1', outcome: 'copied', answers: 0, verdicts: 3, failures: 0, annotators: 0, queues: 0, events: 0 },
    ]);
    expect(await to.countVerdicts('r1')).toBe(3);
    const again = await copyRuns(from, to, { refuse });
    expect(again.runs.map((r) => r.outcome)).toEqual(['updated']);
    expect(await to.countVerdicts('r1')).toBe(3);
    await Promise.all([from.close(), to.close()]);
  });

  it('refuses, writing nothing, a run of the same name started at another time in the target', async () => {
    const from = await withRun('r1', 2);
    const to = await withRun('r1', 0, { startedAt: '2020-01-01T00:00:00.000Z' });
    await expect(copyRuns(from, to, { refuse })).rejects.toThrow(new Refused('other r1 2020-01-01T00:00:00.000Z'));
    expect(await to.countVerdicts('r1')).toBe(0);
    await Promise.all([from.close(), to.close()]);
  });

  it('copies only the runs named, and refuses one the source does not have', async () => {
    const from = await withRun('r1', 1);
    await from.putRun(sampleRun('r2'));
    const to = fresh();
    await expect(copyRuns(from, to, { refuse, runs: ['r2', 'r9'] })).rejects.toThrow(
      new Refused('unknown r9; have r1,r2'),
    );
    const copied = await copyRuns(from, to, { refuse, runs: ['r2', 'r2'] });
    expect(copied.runs.map((r) => r.run_id)).toEqual(['r2']);
    expect((await to.listRuns()).map((r) => r.runId)).toEqual(['r2']);
    await Promise.all([from.close(), to.close()]);
  });
});
