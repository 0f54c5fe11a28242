import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { runGamut } from '@gamut/testkit';
import { describe, expect, it } from 'vitest';

const script = (html: string, id: string): string =>
  new RegExp(`<script type="[^"]+" id="${id}"[^>]*>([^<]*)</script>`).exec(html)?.[1] ?? '';

describe('gamut rag score --report', () => {
  it('writes a self-contained wiki-QA report (no Gamut run) while --json stays clean', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'gamut-rag-report-')), 'wiki-qa.html');
    const r = await runGamut([
      'rag',
      'score',
      '--golden',
      'fixtures/wiki/golden.json',
      '--wiki',
      'fixtures/wiki/wiki.jsonl',
      '--run',
      'fixtures/wiki/agent-output.jsonl',
      '--judge',
      'labels:fixtures/wiki/judgments.jsonl',
      '--report',
      out,
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).summary.pass_rate).toBe(0.75);
    expect(r.stderr).toMatch(/^wrote .*wiki-qa\.html \(\d+ KB\)\n$/);
    const html = await readFile(out, 'utf8');
    expect(html).toContain('<title>Gamut wiki-QA report: norumi-wiki-qa 1.0.0</title>');
    expect(html).not.toMatch(/<script[^>]+src=/);
    const summary = JSON.parse(script(html, 'gamut-summary'));
    expect(summary.models).toEqual([]);
    expect(summary.questions.ids).toEqual([]);
    expect(summary.rag).toMatchObject({ agent: 'gamut-baseline-bm25', summary: { n: 24, pass_rate: 0.75 } });
    const details = JSON.parse(gunzipSync(Buffer.from(script(html, 'gamut-rag'), 'base64')).toString('utf8'));
    const q = details.find((d: { question_id: string }) => d.question_id === 'q-ko-001');
    // The passage beside a claim is the table row the judge read, not a window across the table.
    expect(q.claims[0].citations[0]).toMatchObject({
      page_id: 'POL-101',
      valid: true,
      passage: '등급: P1 | 고객 공지 시한: 30분 이내',
    });
  });
});
