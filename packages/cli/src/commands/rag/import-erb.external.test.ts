import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { describe, expect, it } from 'vitest';
import { externalFile } from '../../../../../test/support/external-data.js';

describe('gamut rag import-erb on the published sample', () => {
  it('converts the EnterpriseRAG-Bench sample into a golden set that rag score accepts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gamut-erb-'));
    const src = externalFile('enterprise-rag-bench/questions_sample.jsonl');
    const out = join(dir, 'erb.json');
    const r = await runGamut(['rag', 'import-erb', src, '-o', out, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ questions: 160, facts: 737, unanswerable: 20 });
    const g = JSON.parse(readFileSync(out, 'utf8'));
    expect(g.questions.find((q: { question_id: string }) => q.question_id === 'qst_0481')).toMatchObject({
      type: 'unanswerable',
      source_type: 'info_not_found',
    });
  });
});
