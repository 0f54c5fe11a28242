import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleAnnotator, sampleReviewEvent, storeConformanceCases } from '@gamut/core/test';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferCases } from '../transfer/transfer-cases.test-helpers.js';
import { PG_MIGRATIONS } from './migrations.js';
import { openPostgresStore } from './postgres-store.js';

// Against GAMUT_PG_URL when set; otherwise a throwaway cluster this file starts and stops.
const clusterScript = fileURLToPath(new URL('../../../../scripts/pg-cluster.sh', import.meta.url));
let url = process.env.GAMUT_PG_URL ?? '';
let clusterDir: string | undefined;
const schemas: string[] = [];
let n = 0;
const freshSchema = () => {
  const s = `gamut_test_${process.pid}_${++n}`;
  schemas.push(s);
  return s;
};
const clock = () => new Date('2026-01-01T00:00:00Z');

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

beforeAll(() => {
  if (url !== '') return;
  clusterDir = mkdtempSync(join(tmpdir(), 'gamut-pg-'));
  url = execFileSync('bash', [clusterScript, 'start', clusterDir], { encoding: 'utf8' }).trim();
}, 60_000);

afterAll(async () => {
  if (clusterDir !== undefined) {
    execFileSync('bash', [clusterScript, 'stop', clusterDir]);
    rmSync(clusterDir, { recursive: true, force: true });
  } else if (url !== '') {
    await admin(async (c) => {
      for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    });
  }
}, 60_000);

describe('postgres store conformance', () => {
  const cases = storeConformanceCases({
    async fresh() {
      const schema = freshSchema();
      return { open: () => openPostgresStore({ url, schema, now: clock }) };
    },
  });
  for (const c of cases) it(c.name, c.run);
});

describe('postgres store: moving runs in and out', () => {
  for (const c of transferCases(async () => {
    const schema = freshSchema();
    return () => openPostgresStore({ url, schema, now: clock });
  }))
    it(c.name, c.run);
});

describe('postgres store specifics', () => {
  it('records each migration once, however often the database is opened, even by two at once', async () => {
    const schema = freshSchema();
    const [a, b] = await Promise.all([openPostgresStore({ url, schema }), openPostgresStore({ url, schema })]);
    await Promise.all([a.close(), b.close()]);
    await (await openPostgresStore({ url, schema })).close();
    const rows = await admin(async (c) => (await c.query(`SELECT version FROM ${schema}.schema_migrations`)).rows);
    expect(rows).toEqual(PG_MIGRATIONS.map((m) => ({ version: m.version })));
  });

  it('refuses a store written by a newer schema, naming both versions', async () => {
    const schema = freshSchema();
    await (await openPostgresStore({ url, schema })).close();
    await admin((c) => c.query(`INSERT INTO ${schema}.schema_migrations VALUES (999, 'future', 'x')`));
    const latest = PG_MIGRATIONS.at(-1)?.version;
    await expect(openPostgresStore({ url, schema })).rejects.toThrow(new RegExp(`schema 999.*up to ${latest}\\)`));
  });

  it('labels cannot be updated or deleted even through raw SQL', async () => {
    const schema = freshSchema();
    const s = await openPostgresStore({ url, schema });
    await s.appendLabel({
      questionId: 'q1',
      model: 'm',
      setting: 'multimodal',
      checkId: 'c',
      verdict: 'meets',
      author: 'a',
      reason: 'r',
      createdAt: '2026-01-01T00:00:00Z',
    });
    await s.close();
    await expect(admin((c) => c.query(`UPDATE ${schema}.labels SET verdict = 'missing'`))).rejects.toThrow(
      /append-only/,
    );
    await expect(admin((c) => c.query(`DELETE FROM ${schema}.labels`))).rejects.toThrow(/append-only/);
  });

  it('review events and annotators cannot be updated or deleted even through raw SQL', async () => {
    const schema = freshSchema();
    const s = await openPostgresStore({ url, schema });
    await s.appendAnnotator(sampleAnnotator('ann', 'r'));
    await s.appendReviewEvents([sampleReviewEvent('e1', { owner_id: 'r' })]);
    await s.close();
    await expect(admin((c) => c.query(`UPDATE ${schema}.review_events SET who = 'x'`))).rejects.toThrow(/append-only/);
    await expect(admin((c) => c.query(`DELETE FROM ${schema}.review_events`))).rejects.toThrow(/append-only/);
    await expect(admin((c) => c.query(`DELETE FROM ${schema}.review_annotators`))).rejects.toThrow(/append-only/);
  });

  it('an unreachable server is reported by its URL, without the password', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const bad = `postgres://ann:s3cret@127.0.0.1:${port}/gamut`;
    const err = await openPostgresStore({ url: bad }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toContain(`postgres://ann:***@127.0.0.1:${port}/gamut`);
    expect(err?.message).toContain('ECONNREFUSED');
    expect(err?.message).not.toContain('s3cret');
  });

  it('writes made without waiting land in the order they were made', async () => {
    const s = await openPostgresStore({ url, schema: freshSchema() });
    try {
      const v = {
        runId: 'r',
        questionId: 'q',
        model: 'm',
        setting: 'text' as const,
        checkId: 'c',
        judge: 'j',
        sample: 0,
      };
      const writes: Promise<void>[] = [];
      // A failure then a verdict (which clears it), 50 times over, never awaited in between.
      for (let i = 0; i < 50; i++) {
        writes.push(s.putJudgeFailure({ ...v, checkId: `c${i}`, error: 'timeout', raw: null }));
        writes.push(s.putVerdict({ ...v, checkId: `c${i}`, verdict: 'meets', rationale: 'ok', quote: null }));
      }
      writes.push(s.putJudgeFailure({ ...v, checkId: 'c49', error: 'late', raw: null }));
      await Promise.all(writes);
      expect((await s.getJudgeFailures('r')).map((f) => [f.checkId, f.error])).toEqual([['c49', 'late']]);
      expect(await s.countVerdicts('r')).toBe(50);
    } finally {
      await s.close();
    }
  });
});
