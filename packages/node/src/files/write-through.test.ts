import { execFileSync } from 'node:child_process';
import { createReadStream, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { chmod, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTarget, writeThrough } from './write-through.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gamut-write-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Everything a FIFO's reader receives until the writer closes it. */
function readAll(fifo: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = '';
    createReadStream(fifo, 'utf8')
      .on('data', (d) => {
        got += String(d);
      })
      .on('end', () => resolve(got))
      .on('error', reject);
  });
}

describe('writeThrough', () => {
  it('replaces a regular file atomically, keeping its permissions and leaving no temporary file', async () => {
    const sub = join(dir, 'regular');
    mkdirSync(sub);
    const f = join(sub, 'out.jsonl');
    await writeFile(f, 'old\n');
    await chmod(f, 0o640);
    const before = statSync(f).ino;
    await writeThrough(f, ['a\n', 'b\n']);
    expect(readFileSync(f, 'utf8')).toBe('a\nb\n');
    expect(statSync(f).mode & 0o777).toBe(0o640);
    // A rename, not a rewrite: readers holding the old file never see half of the new one.
    expect(statSync(f).ino).not.toBe(before);
    expect(readdirSync(sub)).toEqual(['out.jsonl']);
  });

  it('writes a symlink’s target, atomically beside the target, and the link stays a link', async () => {
    const real = join(dir, 'targets');
    mkdirSync(real);
    await writeFile(join(real, 'verdicts.jsonl'), 'old\n');
    const link = join(dir, 'link.jsonl');
    await symlink('targets/verdicts.jsonl', link);
    await writeThrough(link, ['new\n']);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('targets/verdicts.jsonl');
    expect(readFileSync(join(real, 'verdicts.jsonl'), 'utf8')).toBe('new\n');
    expect(readdirSync(real)).toEqual(['verdicts.jsonl']);
  });

  it('creates the missing target of a dangling symlink, through a chain of links', async () => {
    const a = join(dir, 'chain-a');
    await symlink('chain-b', a);
    await symlink('made-by-link.txt', join(dir, 'chain-b'));
    await writeThrough(a, ['x']);
    expect(readFileSync(join(dir, 'made-by-link.txt'), 'utf8')).toBe('x');
    expect(lstatSync(a).isSymbolicLink()).toBe(true);
  });

  it('writes a FIFO in place, to a reader at its other end', async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const got = readAll(fifo);
    await writeThrough(fifo, ['one\n', 'two\n']);
    expect(await got).toBe('one\ntwo\n');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('writes /dev/null in place', async () => {
    expect(await writeTarget('/dev/null')).toEqual({ kind: 'in-place', path: '/dev/null' });
    await writeThrough('/dev/null', ['nothing\n']);
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('refuses a directory, naming it', async () => {
    await expect(writeThrough(dir, ['x'])).rejects.toThrow(`cannot write ${dir}: it is a directory; name a file`);
  });
});

describe('gamut -o writes through what the user names', () => {
  const meta = {
    question_id: 'q1',
    question: 'What is beef bourguignon?',
    language: 'en',
    items: [{ id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Says it is a beef stew braised in red wine' }],
  };
  const answer = { question_id: 'q1', model: 'm', setting: 'text_only', response: 'A beef stew braised in red wine.' };
  let cwd: string;
  beforeAll(async () => {
    cwd = join(dir, 'cli');
    mkdirSync(cwd);
    await writeFile(join(cwd, 'meta.jsonl'), `${JSON.stringify(meta)}\n`);
    await writeFile(join(cwd, 'answers.jsonl'), `${JSON.stringify(answer)}\n`);
  });
  const judge = (out: string) =>
    runGamut(
      ['judge', '--rubrics', 'meta.jsonl', '--answers', 'answers.jsonl', '--judge', 'offline', '--quiet', '-o', out],
      { cwd },
    );

  it('gamut judge -o /dev/null leaves /dev/null a character device', async () => {
    const r = await judge('/dev/null');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('gamut judge -o link.jsonl keeps the symlink and writes its target', async () => {
    await symlink('kept/verdicts.jsonl', join(cwd, 'link.jsonl'));
    const r = await judge('link.jsonl');
    expect(r.code).toBe(0);
    expect(lstatSync(join(cwd, 'link.jsonl')).isSymbolicLink()).toBe(true);
    const line = JSON.parse(readFileSync(join(cwd, 'kept', 'verdicts.jsonl'), 'utf8').trim());
    expect(line).toMatchObject({ question_id: 'q1', model: 'm', check_id: 'I1.fact', judge: 'offline' });
  });

  it('gamut compile -o FIFO streams the rubrics to the reader', async () => {
    const fifo = join(cwd, 'rubrics.fifo');
    execFileSync('mkfifo', [fifo]);
    const got = readAll(fifo);
    const r = await runGamut(['compile', 'meta.jsonl', '-o', fifo], { cwd });
    expect(r.code).toBe(0);
    const rubric = JSON.parse((await got).trim());
    expect(rubric.question_id).toBe('q1');
    expect(rubric.checks.map((c: { id: string }) => c.id)).toEqual(['I1.fact']);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });
});
