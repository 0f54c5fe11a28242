import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { afterAll, describe, expect, it } from 'vitest';

// bin/compiled-script.js: the bundled CLI run with V8's code cache kept in the user's cache folder.
const root = mkdtempSync(join(tmpdir(), 'gamut-compile-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
const freshCacheHome = () => join(root, `home-${++n}`);
const DEBUG = /^gamut compile cache: (\w+)\n/gm;
const gamut = async (args: string[], cacheHome: string, env: NodeJS.ProcessEnv = {}) => {
  const r = await runGamut(args, { env: { XDG_CACHE_HOME: cacheHome, GAMUT_COMPILE_CACHE_DEBUG: '1', ...env } });
  return { ...r, cache: [...r.stderr.matchAll(DEBUG)].map((m) => m[1]), stderr: r.stderr.replace(DEBUG, '') };
};
const cacheFiles = (home: string) => readdirSync(join(home, 'gamut'));

describe('the compile cache', () => {
  it('is written by the first run and used by the second, which prints the same', async () => {
    const home = freshCacheHome();
    const first = await gamut(['--help'], home);
    const second = await gamut(['--help'], home);
    expect([first.cache, second.cache]).toEqual([['absent', 'written'], ['used']]);
    expect([second.code, second.stdout, second.stderr]).toEqual([first.code, first.stdout, first.stderr]);
    expect(cacheFiles(home)).toEqual([expect.stringMatching(/^code-cache-[0-9a-f]{16}-v[\d.]+-\w+-_\.bin$/)]);
  });

  it('is kept per verb, and survives the V8 flags `gamut judge` sets, with the same error and exit code', async () => {
    const home = freshCacheHome();
    const args = ['judge', '--rubrics', join(root, 'none.jsonl'), '--answers', join(root, 'none.jsonl')];
    const first = await gamut([...args, '--judge', 'openai-compatible:m@http://127.0.0.1:9/v1'], home);
    const second = await gamut([...args, '--judge', 'openai-compatible:m@http://127.0.0.1:9/v1'], home);
    expect([first.cache, second.cache]).toEqual([['absent', 'written'], ['used']]);
    expect(first.code).not.toBe(0);
    expect([second.code, second.stdout, second.stderr]).toEqual([first.code, first.stdout, first.stderr]);
    expect(cacheFiles(home)).toEqual([expect.stringMatching(/-judge\.bin$/)]);
  });

  it('ignores and replaces a damaged cache file', async () => {
    const home = freshCacheHome();
    await gamut(['--version'], home);
    const [file] = cacheFiles(home);
    const path = join(home, 'gamut', file ?? '');
    const bytes = readFileSync(path);
    bytes.fill(0x41, bytes.length >> 1, (bytes.length >> 1) + 64);
    writeFileSync(path, bytes);
    const damaged = await gamut(['--version'], home);
    const after = await gamut(['--version'], home);
    expect([damaged.cache, after.cache]).toEqual([['rejected', 'written'], ['used']]);
    expect([damaged.code, damaged.stdout]).toEqual([0, after.stdout]);
    writeFileSync(path, 'not a cache');
    expect((await gamut(['--version'], home)).cache).toEqual(['rejected', 'written']);
  });

  it('runs as usual when the cache folder cannot be written', async () => {
    const home = join(root, 'a-file');
    writeFileSync(home, '');
    const r = await gamut(['--version'], home);
    expect([r.code, r.stderr, r.cache]).toEqual([0, '', ['absent']]);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('is neither read nor written with GAMUT_COMPILE_CACHE=0', async () => {
    const home = freshCacheHome();
    const r = await gamut(['--version'], home, { GAMUT_COMPILE_CACHE: '0' });
    expect([r.code, r.cache, existsSync(home)]).toEqual([0, [], false]);
  });
});
