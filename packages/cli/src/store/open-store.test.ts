import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteStore } from '@gamut/store';
import { freePort, judgeArgs, useCliFixture } from '@gamut/testkit';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeProblem } from './open-store.js';

const meta = {
  question_id: 'q-1',
  question: 'What is it?',
  language: 'en',
  items: [{ id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Says it is tea' }],
};
const answer = { question_id: 'q-1', model: 'm', setting: 'text_only', response: 'Tea.' };
const judge = (store: string) => [...judgeArgs('offline'), '--quiet', '--store', store];

const fx = useCliFixture(
  { beforeAll, afterAll },
  { prefix: 'gamut-open-store-', files: { 'meta.jsonl': [meta], 'answers.jsonl': [answer] }, server: false },
);

describe('a store that will not open', () => {
  it('a file that is not a database: exit 2 naming the file and what to do, no stack trace', async () => {
    mkdirSync(join(fx.dir, 'garbage'));
    writeFileSync(join(fx.dir, 'garbage', 'gamut.db'), 'this is a text file, not SQLite\n'.repeat(200));
    const r = await fx.gamut(judge('garbage'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(join(fx.dir, 'garbage', 'gamut.db'));
    expect(r.stderr).toContain('not a Gamut store (file is not a database)');
    expect(r.stderr).toContain('move it aside or pass --store');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("another program's SQLite database: exit 2, the file named", async () => {
    mkdirSync(join(fx.dir, 'foreign'));
    const db = new Database(join(fx.dir, 'foreign', 'gamut.db'));
    db.exec('CREATE TABLE runs (something_else TEXT)');
    db.close();
    const r = await fx.gamut(judge('foreign'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(join(fx.dir, 'foreign', 'gamut.db'));
    expect(r.stderr).toContain('not a Gamut store');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a store another program holds an exclusive lock on is named as locked', () => {
    const file = join(fx.dir, 'locked.db');
    openSqliteStore({ file }).close();
    const holder = new Database(file);
    holder.pragma('locking_mode = EXCLUSIVE');
    holder.exec('BEGIN EXCLUSIVE');
    try {
      let error: unknown;
      try {
        openSqliteStore({ file, busyTimeoutMs: 20 });
      } catch (e) {
        error = e;
      }
      expect(storeProblem(error)).toMatch(/^the store is locked by another program/);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it('a PostgreSQL server that is not there: exit 2 naming the URL without its password', async () => {
    const port = await freePort();
    const r = await fx.gamut(judge(`postgres://ann:s3cret@127.0.0.1:${port}/gamut`));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`postgres://ann:***@127.0.0.1:${port}/gamut`);
    expect(r.stderr).toContain('ECONNREFUSED');
    expect(r.stderr).toContain('check that the server is running');
    expect(r.stderr).not.toContain('s3cret');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('leaves errors that are not about the file alone', () => {
    expect(storeProblem(new TypeError('x is undefined'))).toBeUndefined();
  });
});
