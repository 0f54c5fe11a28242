import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beginRunDirectory } from '@gamut/node';
import { runGamut } from '@gamut/testkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { embedded } from '../test-support/embedded-json.js';

const HOSTILE = '</script><script>window.__pwned=1</script><img src=x onerror=alert(1)> 김치';

let dir: string;
let run: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gamut-report-'));
  run = join(dir, 'run');
  const demo = await runGamut(['demo', '--out', run]);
  expect(demo.code, demo.stderr).toBe(0);
  const file = join(run, 'answers.jsonl');
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  lines[0] = JSON.stringify({ ...JSON.parse(lines[0] as string), response: HOSTILE });
  writeFileSync(file, `${lines.join('\n')}\n`);
}, 120_000);

describe('gamut report', () => {
  it('writes a self-contained report whose leaderboard equals `gamut score --json`', async () => {
    const out = join(dir, 'report.html');
    const res = await runGamut(['report', run, '-o', out, '--json']);
    expect(res.code, res.stderr).toBe(0);
    const printed = JSON.parse(res.stdout);
    expect(printed).toMatchObject({ report: out, questions: 12, models: 3 });
    const html = readFileSync(out, 'utf8');
    expect(printed.bytes).toBe(Buffer.byteLength(html));
    // Nothing is fetched: no external script, stylesheet or src/href URL.
    expect(html).not.toMatch(/<script[^>]+src=/);
    // (the favicon is a data: URI, which fetches nothing)
    expect(html).not.toMatch(/<link[^>]+href="(?!data:)/);
    const summary = JSON.parse(embedded(html, 'gamut-summary'));
    const score = await runGamut([
      'score',
      '--rubrics',
      join(run, 'rubrics.jsonl'),
      '--verdicts',
      join(run, 'verdicts.jsonl'),
      '--json',
    ]);
    const models = JSON.parse(score.stdout).models as Array<{
      model: string;
      setting: string;
      gamut: number;
      ci95: number[];
    }>;
    expect(summary.leaderboard).toHaveLength(models.length);
    for (const m of models) {
      const row = summary.leaderboard.find(
        (r: { model: string; setting: string }) => r.model === m.model && r.setting === m.setting,
      );
      expect(row.gamut).toBe(m.gamut);
      expect(row.ci95).toEqual(m.ci95);
    }
    expect(summary.rag.summary.n).toBe(24);
    // Images are embedded as data URLs.
    const images = JSON.parse(embedded(html, 'gamut-images'));
    expect(images['images/q-en-01.png']).toMatch(/^data:image\/png;base64,/);
  });

  it('embeds a hostile answer only as data: no markup from it reaches the page', async () => {
    const out = join(dir, 'hostile.html');
    expect((await runGamut(['report', run, '-o', out])).code).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).not.toContain('window.__pwned');
    expect(html).not.toContain('onerror=alert');
    const index = JSON.parse(embedded(html, 'gamut-detail-index'));
    expect(index.blocks).toBe(1);
    const block = JSON.parse(gunzipSync(Buffer.from(embedded(html, 'gamut-details-0'), 'base64')).toString('utf8'));
    expect(block.map((q: { question_id: string }) => q.question_id).sort()).toEqual(
      Object.keys(index.questions).sort(),
    );
    const answers = block.flatMap((q: { answers: Array<{ response: string }> }) => q.answers);
    expect(answers.some((a: { response: string }) => a.response === HOSTILE)).toBe(true);
  });

  it('shows beside a wiki-QA claim the passage of the text view the judge read: a table row stays whole', async () => {
    const out = join(dir, 'passages.html');
    expect((await runGamut(['report', run, '-o', out])).code).toBe(0);
    const rag = JSON.parse(
      gunzipSync(Buffer.from(embedded(readFileSync(out, 'utf8'), 'gamut-rag'), 'base64')).toString(),
    );
    const q = rag.find((d: { question_id: string }) => d.question_id === 'q-ko-001');
    const passages = q.claims.flatMap((c: { citations: Array<{ page_id: string; passage: string }> }) =>
      c.citations.map((ci) => [ci.page_id, ci.passage]),
    );
    expect(passages).toEqual([
      ['POL-101', '등급: P1 | 고객 공지 시한: 30분 이내'],
      ['OPS-102', '온콜 호출 안내 호출 기준 P1 장애가 발생하면 담당자를 15분 이내 호출한다.'],
    ]);
  });

  it('exits 2 with a message for a directory that is not a run', async () => {
    const res = await runGamut(['report', join(dir, 'nowhere'), '-o', join(dir, 'x.html')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/not a run directory: there is no such directory/);
    const folder = join(dir, 'just-a-folder');
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.txt'), 'hello');
    const other = await runGamut(['report', folder, '-o', join(dir, 'x.html')]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/not a run directory: it holds neither manifest\.json nor rubrics\.jsonl/);
    expect(other.stderr).not.toMatch(/internal error/);
    const file = await runGamut(['report', join(folder, 'notes.txt'), '-o', join(dir, 'x.html')]);
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/not a run directory: it is a file/);
    expect(existsSync(join(dir, 'x.html'))).toBe(false);
  });

  it('calls loose run files without a manifest incomplete, not an empty result', async () => {
    const loose = join(dir, 'loose');
    mkdirSync(loose);
    writeFileSync(join(loose, 'rubrics.jsonl'), readFileSync(join(run, 'rubrics.jsonl')));
    const res = await runGamut(['report', loose, '-o', join(dir, 'loose.html')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/is incomplete: no manifest\.json/);
    expect(res.stderr).toMatch(/gamut score --rubrics/);
  });

  it('exits 2 naming the file and line of a broken verdict', async () => {
    const bad = join(dir, 'bad');
    await runGamut(['demo', '--out', bad]);
    writeFileSync(
      join(bad, 'verdicts.jsonl'),
      '{"question_id":"q-en-01","model":"m","check_id":"I1.fact","verdict":"great","judge":"j"}\n',
    );
    const res = await runGamut(['report', bad, '-o', join(dir, 'y.html')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/verdicts\.jsonl/);
    expect(res.stderr).toMatch(/verdict/);
  });
});

/** Temporary files in `folder` (atomic writes in progress, or left by a killed one). */
const temps = (folder: string) => readdirSync(folder).filter((n) => n.endsWith('.tmp'));

describe('a run directory interrupted while being written', () => {
  it('is incomplete for report, view and score (exit 2, naming the rerun), and whole again after the rerun', async () => {
    const half = join(dir, 'half');
    expect((await runGamut(['demo', '--out', half])).code).toBe(0);
    // The state a kill leaves between the writer's first step and its manifest, plus a temp file of a
    // write it was in the middle of (its process, 99999999, no longer exists).
    await beginRunDirectory(half, `gamut demo --out ${half}`);
    writeFileSync(join(half, '.verdicts.jsonl.99999999-0123456789ab.tmp'), '{"question_id":"q-en');
    writeFileSync(join(half, 'rag', '.judgments.jsonl.99999999-0123456789ab.tmp'), '');
    expect(existsSync(join(half, 'manifest.json'))).toBe(false);
    const message = `is incomplete: no manifest.json — the run was interrupted while writing; rerun \`gamut demo --out ${half}\` to finish it`;

    const report = await runGamut(['report', half, '-o', join(dir, 'half.html')]);
    expect(report.code).toBe(2);
    expect(report.stderr).toContain(message);
    expect(existsSync(join(dir, 'half.html'))).toBe(false);
    const view = await runGamut(['view', half, '--port', '0']);
    expect(view.code).toBe(2);
    expect(view.stderr).toContain(message);
    const score = await runGamut([
      'score',
      '--rubrics',
      join(half, 'rubrics.jsonl'),
      '--verdicts',
      join(half, 'verdicts.jsonl'),
    ]);
    expect(score.code).toBe(2);
    expect(score.stderr).toContain(message);
    expect(score.stdout).toBe('');

    const again = await runGamut(['demo', '--out', half]);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(half, 'manifest.json'))).toBe(true);
    expect(readdirSync(half)).not.toContain('.gamut-writing.json');
    expect(temps(half)).toEqual([]);
    expect(temps(join(half, 'rag'))).toEqual([]);
    expect((await runGamut(['report', half, '-o', join(dir, 'half.html')])).code).toBe(0);
    const rescore = await runGamut([
      'score',
      '--rubrics',
      join(half, 'rubrics.jsonl'),
      '--verdicts',
      join(half, 'verdicts.jsonl'),
    ]);
    expect(rescore.code, rescore.stderr).toBe(0);
    rmSync(half, { recursive: true });
  });
});

describe('gamut view', () => {
  it('rejects a bad port with exit 2', async () => {
    const res = await runGamut(['view', run, '--port', 'http']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--port must be an integer/);
  });
});
