import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GAMUT_BIN, runGamut } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
let run: string;
const servers: ChildProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gamut-view-host-'));
  run = join(dir, 'run');
  const demo = await runGamut(['demo', '--out', run]);
  expect(demo.code, demo.stderr).toBe(0);
}, 120_000);
afterAll(() => {
  for (const s of servers) s.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `gamut view` on a free port and returns the port it printed. */
async function startView(extra: string[] = []): Promise<number> {
  const child = spawn(process.execPath, [GAMUT_BIN, 'view', run, '--port', '0', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  return new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /http:\/\/[^\s/]+:(\d+)\//.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.on('exit', (code) => reject(new Error(`gamut view exited with ${code}: ${out}`)));
  });
}

/** One request written by hand, so the Host header is exactly what a rebinding page's browser would send. */
function rawGet(
  address: string,
  port: number,
  path: string,
  host: string | null,
  token?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address, port }, () => {
      const head =
        host === null
          ? `GET ${path} HTTP/1.0\r\n\r\n`
          : `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${token ? `x-gamut-token: ${token}\r\n` : ''}Connection: close\r\n\r\n`;
      socket.write(head);
    });
    let text = '';
    socket.setEncoding('utf8').on('data', (d: string) => {
      text += d;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

describe('gamut view answers only requests addressed to itself', () => {
  it('refuses a foreign Host header (DNS rebinding) with 421 and serves the loopback names', async () => {
    const port = await startView();
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      const ok = await rawGet('127.0.0.1', port, '/api/summary', host);
      expect(ok.status, host).toBe(200);
      expect(JSON.parse(ok.body.slice(ok.body.indexOf('{'))).leaderboard.length).toBeGreaterThan(0);
    }
    for (const host of [
      `attacker.example:${port}`,
      'attacker.example',
      `127.0.0.1.attacker.example:${port}`,
      `localhost:${port + 1}`,
      '127.0.0.1',
      `localhost.:${port}`,
    ]) {
      for (const path of ['/api/summary', '/', '/api/questions/q-en-01', '/api/images/images/q-en-01.png']) {
        const res = await rawGet('127.0.0.1', port, path, host);
        expect(res.status, `${host} ${path}`).toBe(421);
        expect(res.body).toContain(`gamut view answers only requests addressed to http://127.0.0.1:${port}/`);
        expect(res.body).not.toContain('leaderboard');
      }
    }
    // HTTP/1.0 without any Host header.
    expect((await rawGet('127.0.0.1', port, '/api/summary', null)).status).toBe(421);
  }, 60_000);

  it('with --host, needs a token for every request, serves that name as well and still refuses others', async () => {
    const store = join(dir, 'team-store');
    const refused = await runGamut(['view', run, '--port', '0', '--host', '127.0.0.2', '--store', store]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--host opens the viewer to a team, .* has no annotators/);
    const added = await runGamut([
      'review',
      'add-annotator',
      run,
      '--name',
      'ann',
      '--role',
      'annotator',
      '--store',
      store,
      '--json',
    ]);
    expect(added.code, added.stderr).toBe(0);
    const { token } = JSON.parse(added.stdout) as { token: string };
    const port = await startView(['--host', '127.0.0.2', '--store', store]);
    const host = `127.0.0.2:${port}`;
    expect((await rawGet('127.0.0.2', port, '/api/summary', host)).status).toBe(401);
    expect((await rawGet('127.0.0.2', port, '/', host)).status).toBe(303);
    expect((await rawGet('127.0.0.2', port, '/api/summary', host, token)).status).toBe(200);
    const foreign = await rawGet('127.0.0.2', port, '/api/summary', `attacker.example:${port}`, token);
    expect(foreign.status).toBe(421);
    expect(foreign.body).toContain(`http://127.0.0.2:${port}/`);
  }, 60_000);

  it('refuses a wildcard --host, which would say nothing about the name people use', async () => {
    const res = await runGamut(['view', run, '--port', '0', '--host', '0.0.0.0']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--host must be the name or address people will open/);
  });
});

describe('gamut view --compare', () => {
  it('serves the second run beside the first, question by question', async () => {
    const other = join(dir, 'other');
    expect((await runGamut(['demo', '--out', other])).code).toBe(0);
    const port = await startView(['--compare', other]);
    const res = await rawGet('127.0.0.1', port, '/api/compare', `127.0.0.1:${port}`);
    const c = JSON.parse(res.body.slice(res.body.indexOf('{')));
    // The same demo twice: every question compared, every difference zero.
    expect(c.questions).toHaveLength(12);
    expect(c.changed).toEqual([]);
    expect(c.units).toHaveLength(6);
    expect(c.units.every((u: { delta: number; n: number }) => u.delta === 0 && u.n === 12)).toBe(true);
  }, 60_000);

  it('refuses a second run that shares no rubric with the first', async () => {
    const other = join(dir, 'unrelated');
    expect((await runGamut(['demo', '--out', other])).code).toBe(0);
    const file = join(other, 'rubrics.jsonl');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    const changed = lines.map((l, i) => JSON.stringify({ ...JSON.parse(l), rubric_hash: String(i).padStart(64, '0') }));
    writeFileSync(file, `${changed.join('\n')}\n`);
    const res = await runGamut(['view', run, '--port', '0', '--compare', other]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--compare .*unrelated: no question of .* has the same rubric hash there \(12 changed/);
  }, 60_000);
});
