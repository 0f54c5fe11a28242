import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What a user gets from npm: every workspace packed (`npm pack --workspaces`), the public tarballs
// installed into an empty project outside the repository, and gamut run there. Third-party
// dependencies come from the npm registry (or npm's cache: --prefer-offline); after that gamut
// runs with no network (where `unshare -rn` is allowed) and reads nothing from the repository.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Packed {
  name: string;
  filename: string;
  files: { path: string }[];
}

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

const execFileP = promisify(execFile);

/** Runs a command to its end; a non-zero exit is a result to assert on, not a throw. */
async function run(cmd: string, args: string[], cwd: string, timeoutMs = 120_000): Promise<Result> {
  try {
    const { stdout, stderr } = await execFileP(cmd, args, { cwd, timeout: timeoutMs, maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number | string; stdout?: string; stderr?: string; message: string };
    return {
      code: typeof err.code === 'number' ? err.code : null,
      stdout: err.stdout ?? '',
      stderr: err.stderr ?? err.message,
    };
  }
}

/** With no network at all where the machine allows it (as `gamut demo`'s own test does). */
const OFFLINE = spawnSync('unshare', ['-rn', 'true']).status === 0 ? ['unshare', '-rn'] : [];
const offline = (cmd: string, args: string[], cwd: string) =>
  OFFLINE.length ? run(OFFLINE[0] as string, [...OFFLINE.slice(1), cmd, ...args], cwd) : run(cmd, args, cwd);

/** `npx --no`: the installed bin or an error, never a package of that name fetched from the registry. */
const gamut = (args: string[], cwd = project) => offline('npx', ['--no', '--', 'gamut', ...args], cwd);

let work: string;
let project: string;
let packed: Packed[];
let publicNames: string[];
let install: Result;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'gamut-pack-'));
  const tarballs = join(work, 'tarballs');
  project = join(work, 'project');
  mkdirSync(tarballs);
  mkdirSync(project);
  const pack = await run('npm', ['pack', '--workspaces', '--json', '--pack-destination', tarballs], ROOT);
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  packed = JSON.parse(pack.stdout) as Packed[];

  const workspaces = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] })
    .workspaces;
  const manifests = workspaces.map(
    (w) => JSON.parse(readFileSync(join(ROOT, w, 'package.json'), 'utf8')) as { name: string; private?: boolean },
  );
  publicNames = manifests.filter((m) => !m.private).map((m) => m.name);

  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'gamut-user', private: true, type: 'module' })}\n`,
  );
  copyFileSync(join(ROOT, 'examples/api.mjs'), join(project, 'api.mjs'));
  const files = packed.filter((p) => publicNames.includes(p.name)).map((p) => join(tarballs, p.filename));
  install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', ...files], project, 600_000);
}, 660_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const filesOf = (name: string) => new Set(packed.find((p) => p.name === name)?.files.map((f) => f.path));

describe('the packed tarballs', () => {
  it('npm pack packs every workspace; the private ones are not installed', () => {
    expect(publicNames).toEqual(
      expect.arrayContaining(['@gamut/core', '@gamut/providers', '@gamut/store', '@gamut/wiki', 'gamut']),
    );
    expect(publicNames).not.toContain('@gamut/web');
    expect(packed.map((p) => p.name)).toEqual(expect.arrayContaining(publicNames));
  });

  it('each public tarball holds LICENSE, package.json and its built entry, and no tests or sources', () => {
    for (const name of publicNames) {
      const files = filesOf(name);
      expect([name, files.has('LICENSE'), files.has('package.json'), files.has('dist/index.js')]).toEqual([
        name,
        true,
        true,
        true,
      ]);
      expect(files.has('dist/index.d.ts'), name).toBe(true);
      expect([...files].filter((f) => /\.test\.|^src\/|test-support/.test(f))).toEqual([]);
    }
  });

  it('gamut holds its bin, the bundle, the demo data and the built web app', () => {
    const files = filesOf('gamut');
    for (const f of [
      'bin/gamut.js',
      'bin/compiled-script.js',
      'dist/bundle/main.js',
      'dist/script/main.cjs',
      'dist/assets/demo/gamut/meta-rubrics.jsonl',
      'dist/assets/demo/gamut/answers.jsonl',
      'dist/assets/demo/wiki/golden.json',
      'dist/assets/web/index.html',
    ]) {
      expect(files.has(f), f).toBe(true);
    }
    expect([...files].some((f) => /^dist\/assets\/web\/assets\/.+\.js$/.test(f))).toBe(true);
  });
});

describe('installed into an empty project outside the repository', () => {
  it('npm install of the tarballs succeeds, with no node_modules above the project to lean on', () => {
    expect(install.code, install.stderr).toBe(0);
    for (let dir = dirname(project); dirname(dir) !== dir; dir = dirname(dir)) {
      expect(existsSync(join(dir, 'node_modules')), dir).toBe(false);
    }
    expect(existsSync(join(project, 'node_modules/gamut/dist/assets/web/index.html'))).toBe(true);
  });

  it('gamut --version prints the package version', async () => {
    const r = await gamut(['--version']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'packages/cli/package.json'), 'utf8')).version);
  });

  it('the installed gamut runs its bundled script with a compile cache from the second run', async () => {
    const env = { ...process.env, XDG_CACHE_HOME: join(work, 'cache'), GAMUT_COMPILE_CACHE_DEBUG: '1' };
    const bin = join(project, 'node_modules/gamut/bin/gamut.js');
    const runs = [];
    for (let i = 0; i < 2; i++) runs.push(await execFileP(process.execPath, [bin, '--version'], { cwd: project, env }));
    expect(runs.map((r) => r.stderr)).toEqual([
      'gamut compile cache: absent\ngamut compile cache: written\n',
      'gamut compile cache: used\n',
    ]);
  });

  it('npx gamut demo finds its bundled data and writes the run and report', async () => {
    const r = await gamut(['demo', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { counts: { questions: number; verdicts: number }; models: unknown[] };
    expect(summary.counts.questions).toBe(12);
    expect(summary.counts.verdicts).toBeGreaterThan(0);
    expect(summary.models.length).toBeGreaterThan(0);
    expect(existsSync(join(project, 'gamut-demo/report.html'))).toBe(true);
  });

  it('gamut report writes a self-contained report of the run', async () => {
    const r = await gamut(['report', 'gamut-demo', '-o', 'report.html', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).questions).toBe(12);
    const html = readFileSync(join(project, 'report.html'), 'utf8');
    expect(html).toMatch(/<script type="module">/);
    expect(html).not.toMatch(/<script[^>]+src=/);
  });

  it('gamut view serves the app and the run over HTTP, then stops', async () => {
    // The installed bin itself, not npx: the signal that stops it must reach the server.
    const child: ChildProcess = spawn(join(project, 'node_modules/.bin/gamut'), ['view', 'gamut-demo', '--port', '0'], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout?.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
          if (m) resolve(m[0]);
        });
        child.stderr?.setEncoding('utf8').on('data', (d: string) => {
          out += d;
        });
        child.on('exit', (code) => reject(new Error(`gamut view exited with ${code}: ${out}`)));
      });
      const page = await fetch(base);
      expect(page.status).toBe(200);
      const html = await page.text();
      const script = /<script type="module"[^>]*src="\.?\/?([^"]+)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      expect((await fetch(new URL(script as string, base))).status).toBe(200);
      const summary = (await (await fetch(new URL('api/summary', base))).json()) as { leaderboard: unknown[] };
      expect(summary.leaderboard.length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('gamut init and gamut run work there, the SQLite store included', async () => {
    const init = await gamut(['init', 'my-eval']);
    expect(init.code, init.stderr).toBe(0);
    const r = await gamut(['run', 'run.yaml'], join(project, 'my-eval'));
    expect(r.code, r.stderr).toBe(0);
  });

  it('examples/api.mjs imports the published packages and prints the scores with models', async () => {
    const r = await offline(process.execPath, ['api.mjs'], project);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { models: { model: string; gamut: number | null }[] };
    expect(report.models.map((m) => m.model).sort()).toEqual(['terse', 'thorough']);
    const gamutOf = (model: string) => report.models.find((m) => m.model === model)?.gamut ?? Number.NaN;
    expect(gamutOf('thorough')).toBeGreaterThan(gamutOf('terse'));
  });
});
