import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledRubric, InputError, ScoreAccumulator } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { streamVerdicts } from './stream-verdicts.js';

const rubric = CompiledRubric.parse({
  question_id: 'q1',
  rubric_hash: 'd'.repeat(64),
  checks: [
    { id: 'I1.fact', tier: 'answer_critical', kind: 'fact', text: 't', item: 'I1', secondary: false, snippets: [] },
  ],
});

/** One verdict per model; Korean names and a long rationale so lines straddle the 256 KiB reads. */
function line(m: number): string {
  return JSON.stringify({
    question_id: 'q1',
    model: `모델-${m}`,
    check_id: 'I1.fact',
    verdict: m % 3 === 0 ? 'contradicts' : 'meets',
    rationale: `근거 ${'x'.repeat(m % 300)} "quoted"`,
    judge: 'j',
  });
}

async function stream(text: string | Uint8Array) {
  const dir = await mkdtemp(join(tmpdir(), 'gamut-stream-'));
  const file = join(dir, 'v.jsonl');
  await writeFile(file, text);
  const acc = new ScoreAccumulator({ rubrics: [rubric], resamples: 10, files: { verdicts: file } });
  const seen: number[] = [];
  await streamVerdicts(file, acc, (read) => seen.push(read));
  return { acc, seen };
}

describe('streamVerdicts', () => {
  it('reads every line of a file larger than one read: BOM, CRLF, blank lines, no final line break', async () => {
    const n = 3000;
    const lines = Array.from({ length: n }, (_, m) => line(m));
    const text = `\ufeff${lines.slice(0, 1500).join('\r\n')}\r\n\r\n${lines.slice(1500).join('\n')}`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(2 * (1 << 18));
    const { acc, seen } = await stream(text);
    expect(acc.counted).toBe(n);
    expect(seen.at(-1)).toBe(Buffer.byteLength(text));
    const run = acc.finish();
    expect(run.answerCount).toBe(n);
    // Every third model contradicts (score μ = −1 by default), the rest meet (1).
    const byModel = new Map<string, number | null>(run.models.map((m) => [m.model, m.gamut]));
    expect(byModel.get('모델-0')).toBe(-1);
    expect(byModel.get('모델-2999')).toBe(1);
  });

  it('names the line of a bad record past the first read, and reads a line longer than a read', async () => {
    const lines = Array.from({ length: 2000 }, (_, m) => line(m));
    lines[1999] = lines[1999]?.replace('"rationale":"', `"rationale":"${'y'.repeat(600_000)}`) ?? '';
    lines.splice(1700, 0, '{"question_id": "q1",');
    const { acc } = await stream(`${lines.join('\n')}\n`);
    expect(acc.counted).toBe(2000);
    const issues = (() => {
      try {
        acc.finish();
        return [];
      } catch (e) {
        return InputError.isInputError(e) ? e.issues : [];
      }
    })();
    expect(issues).toEqual([expect.objectContaining({ rule: 'json-syntax', line: 1701 })]);
  });

  it('reports an unreadable file as bad input', async () => {
    const acc = new ScoreAccumulator({ rubrics: [rubric] });
    await expect(streamVerdicts('/nonexistent/v.jsonl', acc)).rejects.toSatisfy(
      (e) => InputError.isInputError(e) && e.issues[0]?.rule === 'file-unreadable',
    );
  });
});
