import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { REPO_ROOT, runGamut } from '@gamut/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { removeStaleTemps, tempPathFor } from './temp-files.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const scratch = () => {
  const d = mkdtempSync(join(tmpdir(), 'gamut-temps-'));
  dirs.push(d);
  return d;
};
const temps = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

/**
 * A process that starts exporting to `target` through Gamut's own streaming
 * writer and is killed with SIGKILL halfway: what a killed `gamut judge -o` leaves.
 */
async function killMidExport(target: string): Promise<void> {
  const writer = join(REPO_ROOT, 'packages/node/dist/files/export-verdicts.js');
  // It says "writing" once its temporary file is on disk, and then waits to be killed.
  const script = `
    const { readdirSync } = await import('node:fs');
    const { writeStreamAtomic } = await import(${JSON.stringify(writer)});
    setInterval(() => {}, 1000);
    await writeStreamAtomic(${JSON.stringify(target)}, (async function* () {
      yield '{"half":"a line"\\n';
      while (!readdirSync(${JSON.stringify(dirname(target))}).some((n) => n.endsWith('.tmp'))) {
        await new Promise((r) => setTimeout(r, 5));
      }
      process.stdout.write('writing\\n');
      await new Promise(() => {});
    })());`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('temporary files of a killed write', () => {
  it('are removed by the next export to the same file; the export is then whole', async () => {
    const dir = scratch();
    const out = join(dir, 'verdicts.jsonl');
    await killMidExport(out);
    expect(temps(dir)).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
    const fixtures = join(REPO_ROOT, 'fixtures', 'gamut');
    const r = await runGamut(
      [
        'judge',
        '--rubrics',
        join(fixtures, 'rubrics.jsonl'),
        '--answers',
        join(fixtures, 'answers.jsonl'),
        '--judge',
        'offline',
        '--store',
        join(dir, 'store'),
        '--quiet',
        '-o',
        out,
      ],
      { cwd: dir },
    );
    expect(r.stderr).not.toMatch(/internal error/);
    expect(temps(dir)).toEqual([]);
    // 72 answers × their question's checks (280 checks over 12 questions, each answered by 6).
    expect(readFileSync(out, 'utf8').trim().split('\n')).toHaveLength(280 * 6);
  });

  it('leave a live writer’s file, another target’s file and unrelated files alone', async () => {
    const dir = scratch();
    const target = join(dir, 'report.html');
    await killMidExport(target);
    const [dead] = temps(dir);
    const live = tempPathFor(target).slice(dir.length + 1);
    writeFileSync(join(dir, live), 'in progress');
    const old = '.report.html.0123456789ab.tmp';
    writeFileSync(join(dir, old), 'left by an older version');
    writeFileSync(join(dir, '.other.html.99999999-0123456789ab.tmp'), 'another target');
    writeFileSync(join(dir, 'notes.tmp'), 'the user’s');
    expect(await removeStaleTemps(dir, 'report.html')).toBe(2);
    expect(temps(dir).sort()).toEqual([live, '.other.html.99999999-0123456789ab.tmp', 'notes.tmp'].sort());
    expect(dead).toBeDefined();
    expect(await removeStaleTemps(dir)).toBe(1);
    expect(temps(dir).sort()).toEqual([live, 'notes.tmp'].sort());
  });
});
