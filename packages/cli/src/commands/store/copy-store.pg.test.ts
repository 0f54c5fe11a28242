import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresStore, openSqliteStore } from '@gamut/store';
import { freePort, REPO_ROOT, useCliFixture } from '@gamut/testkit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, contentsOf, meta, seedReview } from './copy-store.test-helpers.js';

// Against GAMUT_PG_URL when set (.ci/run); otherwise a throwaway cluster this file starts and stops.
let server = process.env.GAMUT_PG_URL ?? '';
let clusterDir: string | undefined;
let pgStore = '';
const DB = `gamut_store_copy_${process.pid}`;

async function admin(query: string): Promise<void> {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

const fx = useCliFixture(
  { beforeAll, afterAll },
  { prefix: 'gamut-store-copy-pg-', files: { 'meta.jsonl': meta, 'answers.jsonl': answers } },
);

beforeAll(async () => {
  if (server === '') {
    clusterDir = mkdtempSync(join(tmpdir(), 'gamut-pg-'));
    server = execFileSync('bash', [join(REPO_ROOT, 'scripts/pg-cluster.sh'), 'start', clusterDir], {
      encoding: 'utf8',
    }).trim();
  }
  await admin(`DROP DATABASE IF EXISTS ${DB}`);
  await admin(`CREATE DATABASE ${DB}`);
  const url = new URL(server);
  url.pathname = `/${DB}`;
  pgStore = url.toString();
  fx.write({
    'run.yaml': [
      'name: copy-me',
      'dataset: meta.jsonl',
      'answers: answers.jsonl',
      'judges:',
      '  - offline',
      `  - openai-compatible:judge-x@${fx.server.url}`,
      'settings: [text_only]',
      'output: runs/copy-me',
      '',
    ].join('\n'),
  });
  const run = await fx.gamut(['run', 'run.yaml', '--store', 'a', '--quiet']);
  expect(run.code, run.stderr).toBe(0);
  expect((await fx.gamut(['compile', 'meta.jsonl', '-o', 'rubrics.jsonl'])).code).toBe(0);
  const a = openSqliteStore({ file: join(fx.dir, 'a', 'gamut.db') });
  await seedReview(a, 'copy-me');
  await a.close();
}, 120_000);

afterAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  if (clusterDir !== undefined) {
    execFileSync('bash', [join(REPO_ROOT, 'scripts/pg-cluster.sh'), 'stop', clusterDir]);
    rmSync(clusterDir, { recursive: true, force: true });
  }
}, 60_000);

const copy = (...args: string[]) => fx.gamut(['store', 'copy', ...args, '--json']);
const score = (store: string, ...more: string[]) =>
  fx.gamut(['score', '--rubrics', 'rubrics.jsonl', '--store', store, '--run', 'copy-me', '--json', ...more]);

describe('SQLite → PostgreSQL → SQLite', () => {
  it('the run comes back as it left: verdicts, answers, failures, review rows, calls; gamut score the same', async () => {
    const there = await copy('a', pgStore);
    expect(there.code, there.stderr).toBe(0);
    const summary = JSON.parse(there.stdout);
    // 2 questions × 2 checks × 2 models, by 2 judges; 4 answers.
    expect(summary.runs).toEqual([
      {
        run_id: 'copy-me',
        outcome: 'copied',
        answers: 4,
        verdicts: 16,
        failures: 0,
        annotators: 1,
        queues: 1,
        events: 2,
      },
    ]);
    expect(summary.calls.read).toBeGreaterThan(0);
    expect(summary.calls.added).toBe(summary.calls.read);
    const back = await copy(pgStore, 'b');
    expect(back.code, back.stderr).toBe(0);
    const [a, b, p] = [
      openSqliteStore({ file: join(fx.dir, 'a', 'gamut.db') }),
      openSqliteStore({ file: join(fx.dir, 'b', 'gamut.db') }),
      await openPostgresStore({ url: pgStore }),
    ];
    try {
      const original = await contentsOf(a);
      expect(await contentsOf(p)).toEqual(original);
      expect(await contentsOf(b)).toEqual(original);
    } finally {
      await Promise.all([a.close(), b.close(), p.close()]);
    }
    for (const judge of ['offline', 'openai-compatible:judge-x']) {
      const [fromA, fromPg, fromB] = await Promise.all(['a', pgStore, 'b'].map((s) => score(s, '--judge', judge)));
      expect(fromA?.code, fromA?.stderr).toBe(0);
      expect(fromPg?.stdout).toBe(fromA?.stdout);
      expect(fromB?.stdout).toBe(fromA?.stdout);
    }
  });

  it('copying again adds nothing', async () => {
    const again = await copy('a', pgStore);
    expect(again.code, again.stderr).toBe(0);
    const summary = JSON.parse(again.stdout);
    expect(summary.runs[0].outcome).toBe('updated');
    expect(summary.calls.added).toBe(0);
    const p = await openPostgresStore({ url: pgStore });
    try {
      expect(await p.countVerdicts('copy-me')).toBe(16);
      expect(await p.listReviewEvents('copy-me')).toHaveLength(2);
    } finally {
      await p.close();
    }
  });
});

describe('--store postgres://… on the commands that read runs', () => {
  it('report shows the verdicts the store holds for the run', async () => {
    const plain = await fx.gamut(['report', 'runs/copy-me', '-o', 'plain.html']);
    const same = await fx.gamut(['report', 'runs/copy-me', '--store', pgStore, '-o', 'same.html']);
    expect([plain.code, same.code]).toEqual([0, 0]);
    expect(readFileSync(join(fx.dir, 'same.html'), 'utf8')).toBe(readFileSync(join(fx.dir, 'plain.html'), 'utf8'));
    // A store whose copy of the run was judged differently is what the report shows.
    const other = `${pgStore.replace(/\/[^/]*$/, '')}/${DB}_other`;
    await admin(`DROP DATABASE IF EXISTS ${DB}_other`);
    await admin(`CREATE DATABASE ${DB}_other`);
    expect((await copy('a', other)).code).toBe(0);
    const s = await openPostgresStore({ url: other });
    for await (const v of s.verdicts('copy-me')) await s.putVerdict({ ...v, verdict: 'contradicts' });
    await s.close();
    const changed = await fx.gamut(['report', 'runs/copy-me', '--store', other, '-o', 'changed.html']);
    expect(changed.code, changed.stderr).toBe(0);
    expect(readFileSync(join(fx.dir, 'changed.html'), 'utf8')).not.toBe(
      readFileSync(join(fx.dir, 'plain.html'), 'utf8'),
    );
    await admin(`DROP DATABASE IF EXISTS ${DB}_other WITH (FORCE)`);
  });

  it('analyze reads the run from the store as from its directory', async () => {
    const fromDir = await fx.gamut(['analyze', 'judges', 'runs/copy-me', '--json']);
    const fromPg = await fx.gamut(['analyze', 'judges', 'runs/copy-me', '--store', pgStore, '--json']);
    expect(fromPg.code, fromPg.stderr).toBe(0);
    expect(JSON.parse(fromPg.stdout)).toEqual(JSON.parse(fromDir.stdout));
    const both = await fx.gamut(['analyze', 'settings', 'runs/copy-me', '--store', pgStore, '--verdicts', 'x.jsonl']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('without --verdicts');
  });

  it('view serves the run from a PostgreSQL store', async () => {
    const port = await freePort();
    const served = fx.gamut(['view', 'runs/copy-me', '--store', pgStore, '--port', String(port)], {
      timeoutMs: 8000,
    });
    let body = '';
    for (let i = 0; i < 60 && body === ''; i++) {
      await new Promise((r) => setTimeout(r, 100));
      body = await fetch(`http://127.0.0.1:${port}/`).then(
        (r) => r.text(),
        () => '',
      );
    }
    expect(body).toContain('<html');
    await served;
  });

  it('build keeps its store in PostgreSQL', async () => {
    const demo = await fx.gamut(['build', 'demo', '--out', 'bd', '--json']);
    expect(demo.code, demo.stderr).toBe(0);
    await admin(`DROP DATABASE IF EXISTS ${DB}_build`);
    await admin(`CREATE DATABASE ${DB}_build`);
    const url = `${pgStore.replace(/\/[^/]*$/, '')}/${DB}_build`;
    const r = await fx.gamut(['build', 'questions', 'bd/build', '--store', url, '--json']);
    expect(r.code, r.stderr).toBe(0);
    // The build's store was made there: migrated, and empty of runs.
    const s = await openPostgresStore({ url });
    expect(await s.listRuns()).toEqual([]);
    await s.close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const { rows } = await c.query('SELECT count(*)::int AS n FROM schema_migrations');
    await c.end();
    expect(rows[0].n).toBeGreaterThan(0);
    await admin(`DROP DATABASE IF EXISTS ${DB}_build WITH (FORCE)`);
  });

  it('a server that is not there is exit 2 naming --store, on every command', async () => {
    const bad = `postgres://ann:s3cret@127.0.0.1:${await freePort()}/gamut`;
    const commands = [
      ['score', '--rubrics', 'rubrics.jsonl', '--store', bad],
      ['report', 'runs/copy-me', '--store', bad, '-o', 'x.html'],
      ['analyze', 'judges', 'runs/copy-me', '--store', bad],
      ['view', 'runs/copy-me', '--store', bad, '--port', '0'],
      ['review', 'status', 'runs/copy-me', '--store', bad],
      ['build', 'questions', 'bd/build', '--store', bad],
      ['store', 'copy', 'a', bad],
      ['store', 'copy', bad, 'c'],
    ];
    for (const args of commands) {
      const r = await fx.gamut(args, { timeoutMs: 20_000 });
      expect([args[0], r.code]).toEqual([args[0], 2]);
      expect(r.stderr).toContain('check that the server is running and that --store names it');
      expect(r.stderr).not.toContain('s3cret');
    }
  });
});
