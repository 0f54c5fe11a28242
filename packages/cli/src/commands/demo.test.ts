import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GivenVerdictLine, Manifest } from '@gamut/core';
import { type GamutResult, REPO_ROOT, runGamut } from '@gamut/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Preloaded into the demo: any attempt to open a socket, resolve a name or fetch throws. */
const NO_NETWORK = `
const block = (what) => function () { throw new Error('network disabled in this test: ' + what); };
for (const m of ['node:net', 'node:tls']) { const x = require(m); x.connect = block(m + '.connect'); x.createConnection = block(m + '.createConnection'); }
require('node:net').Socket.prototype.connect = block('Socket.connect');
for (const m of ['node:http', 'node:https']) { const x = require(m); x.request = block(m + '.request'); x.get = block(m + '.get'); }
const dns = require('node:dns'); dns.lookup = block('dns.lookup'); dns.resolve = block('dns.resolve');
dns.promises.lookup = block('dns.promises.lookup');
globalThis.fetch = block('fetch');
`;

const canUnshare = spawnSync('unshare', ['-rn', 'true']).status === 0;

/** Runs the built CLI in a network namespace with no interfaces when permitted, always with the preload. */
function runOffline(args: string[], cwd: string, preload: string): Promise<GamutResult> {
  return runGamut(args, {
    cwd,
    env: { NODE_OPTIONS: `--require ${preload}` },
    ...(canUnshare && { launcher: ['unshare', '-rn'] }),
  });
}

const readJsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as unknown);

describe('gamut demo', () => {
  let tmp: string;
  let preload: string;
  let out: string;
  let first: GamutResult;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'gamut-demo-test-'));
    preload = join(tmp, 'no-network.cjs');
    writeFileSync(preload, NO_NETWORK);
    out = join(tmp, 'run');
    first = await runOffline(['demo', '--out', out, '--json'], tmp, preload);
  }, 60_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('the network guard really blocks sockets and fetch', async () => {
    const r = spawnSync(process.execPath, ['-e', "require('node:net').connect(80, '127.0.0.1')"], {
      env: { ...process.env, NODE_OPTIONS: `--require ${preload}` },
      encoding: 'utf8',
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('network disabled in this test');
    const f = spawnSync(process.execPath, ['-e', "fetch('http://127.0.0.1/')"], {
      env: { ...process.env, NODE_OPTIONS: `--require ${preload}` },
      encoding: 'utf8',
    });
    expect(f.stderr).toContain('network disabled in this test: fetch');
  });

  it(`runs offline${canUnshare ? ' in a network namespace' : ''} and writes the run directory`, () => {
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const result = JSON.parse(first.stdout);
    expect(result.judge).toEqual({ id: 'offline', label: 'offline judge (lexical baseline)' });
    expect(result.counts.questions).toBeGreaterThanOrEqual(12);

    const manifest = Manifest.parse(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')));
    expect(manifest.judges[0]?.spec).toBe('offline');
    expect(manifest.ended_at).not.toBeNull();
    const rubrics = readJsonl(join(out, 'rubrics.jsonl')) as { question_id: string; checks: unknown[] }[];
    expect(rubrics).toHaveLength(result.counts.questions);
    expect(Object.keys(manifest.rubric_hashes).sort()).toEqual(rubrics.map((r) => r.question_id).sort());
    expect(readJsonl(join(out, 'meta-rubrics.jsonl'))).toHaveLength(result.counts.questions);
    const answers = readJsonl(join(out, 'answers.jsonl'));
    expect(answers).toHaveLength(result.counts.answers);
    const checks = rubrics.reduce((s, r) => s + r.checks.length, 0);
    expect(result.counts.checks).toBe(checks);

    const verdicts = readJsonl(join(out, 'verdicts.jsonl')).map((v) => GivenVerdictLine.parse(v));
    expect(verdicts).toHaveLength(result.counts.verdicts);
    expect(new Set(verdicts.map((v) => v.judge))).toEqual(new Set(['offline']));
    const byVerdict = { meets: 0, partially_meets: 0, missing: 0, contradicts: 0 };
    for (const v of verdicts) byVerdict[v.verdict]++;
    expect(result.counts.by_verdict).toEqual(byVerdict);
    expect(verdicts.every((v) => v.rationale.startsWith('lexical baseline: '))).toBe(true);
    expect(readFileSync(join(out, 'judge-failures.jsonl'), 'utf8')).toBe('');

    if (result.rag) {
      const rag = JSON.parse(readFileSync(join(out, 'rag', 'rag-score.json'), 'utf8'));
      expect(rag.summary).toEqual(result.rag);
      expect(readJsonl(join(out, 'rag', 'judgments.jsonl')).length).toBeGreaterThan(0);
    }
  });

  it('writes a self-contained report.html whose embedded data carries every model and the offline judge', () => {
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    const result = JSON.parse(first.stdout);
    // Opens from disk: nothing is fetched from a server or the network.
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=["']?(https?:)?\/\//i);
    const embedded = /<script type="application\/json" id="gamut-summary">([\s\S]*?)<\/script>/.exec(html);
    expect(embedded).not.toBeNull();
    // Model text can never close the data element early: every `<` inside it is escaped.
    expect(embedded![1]).not.toContain('<');
    const summary = JSON.parse(embedded![1]!);
    expect(summary.judge).toBe('offline');
    const text = JSON.stringify(summary);
    for (const m of result.models) {
      expect(text).toContain(`"${m.model}"`);
      expect(text).toContain(String(m.gamut));
    }
  });

  it('gives the same verdicts as `gamut judge --judge offline` over the rubrics and answers it wrote', async () => {
    const judged = join(tmp, 'judged.jsonl');
    const r = await runGamut([
      'judge',
      '--rubrics',
      join(out, 'rubrics.jsonl'),
      '--answers',
      join(out, 'answers.jsonl'),
      '--judge',
      'offline',
      '--store',
      join(tmp, 'store'),
      '--quiet',
      '-o',
      judged,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const key = (v: GivenVerdictLine) => `${v.question_id}|${v.model}|${v.setting}|${v.check_id}`;
    const asMap = (file: string) =>
      new Map((readJsonl(file) as GivenVerdictLine[]).map((v) => [key(v), [v.verdict, v.rationale]]));
    const demo = asMap(join(out, 'verdicts.jsonl'));
    const cli = asMap(judged);
    expect(cli.size).toBe(demo.size);
    expect(cli).toEqual(demo);
  });

  it('prints the numbers `gamut score --json` computes from the written rubrics and verdicts', async () => {
    const score = await runGamut(
      ['score', '--rubrics', join(out, 'rubrics.jsonl'), '--verdicts', join(out, 'verdicts.jsonl'), '--json'],
      { cwd: tmp },
    );
    expect(score.code).toBe(0);
    const scored = JSON.parse(score.stdout);
    const result = JSON.parse(first.stdout);
    expect(result.models).toEqual(scored.models);
    expect(JSON.parse(readFileSync(join(out, 'scores.json'), 'utf8')).models).toEqual(scored.models);

    // The human summary shows the same numbers ×100 with one decimal, one line per model.
    const again = await runOffline(['demo', '--out', out], tmp, preload);
    expect(again.code).toBe(0);
    const lines = again.stdout.split('\n');
    for (const m of scored.models as { model: string; gamut: number; ci95: [number, number] }[]) {
      const f = (x: number) => (x * 100).toFixed(1);
      const row = lines.find((l) => l.includes(` ${m.model} `) && l.includes(`[${f(m.ci95[0])}, ${f(m.ci95[1])}]`));
      expect(row, `a row for ${m.model}`).toBeDefined();
      expect(row).toContain(` ${f(m.gamut)} `);
    }
    expect(again.stdout).toMatch(/Done in \d+\.\d s\. Open the report: file:\/\/.*report\.html/);
    expect(again.stdout).toContain('offline judge (lexical baseline)');
  });

  it('refuses to write into a directory that holds something other than a demo run', async () => {
    const busy = join(tmp, 'busy');
    spawnSync('mkdir', ['-p', busy]);
    writeFileSync(join(busy, 'notes.txt'), 'keep me');
    const r = await runGamut(['demo', '--out', busy], { cwd: REPO_ROOT });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not a gamut demo run');
    expect(readFileSync(join(busy, 'notes.txt'), 'utf8')).toBe('keep me');
  });
});
