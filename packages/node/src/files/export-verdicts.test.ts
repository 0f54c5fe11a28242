import type { StoredJudgeFailure, StoredVerdict } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { verdictText } from './export-verdicts.js';

const key = { runId: 'r', questionId: 'q1', model: 'm', setting: 'text_only' as const, judge: 'j', sample: 0 };
const v = (checkId: string, extra: Partial<StoredVerdict> = {}): StoredVerdict => ({
  ...key,
  checkId,
  verdict: 'meets',
  rationale: 'ok',
  quote: null,
  ...extra,
});
const failure: StoredJudgeFailure = { ...key, checkId: 'c9', error: 'timeout after 60 s', raw: null, kind: 'timeout' };

async function* pages(...ps: StoredVerdict[][]): AsyncGenerator<StoredVerdict[]> {
  yield* ps;
}

async function text(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

describe('verdictText', () => {
  it('writes one piece per page of JSON lines, then one for the failures', async () => {
    const got = await text(
      verdictText(pages([v('c1'), v('c2', { quote: '"x"', sample: 2 })], [v('c3')]), 'jsonl', [failure]),
    );
    expect(got).toEqual([
      '{"question_id":"q1","model":"m","setting":"text_only","check_id":"c1","verdict":"meets","rationale":"ok","judge":"j"}\n' +
        '{"question_id":"q1","model":"m","setting":"text_only","check_id":"c2","verdict":"meets","rationale":"ok","judge":"j","quote":"\\"x\\"","sample":2}\n',
      '{"question_id":"q1","model":"m","setting":"text_only","check_id":"c3","verdict":"meets","rationale":"ok","judge":"j"}\n',
      '{"question_id":"q1","model":"m","setting":"text_only","check_id":"c9","verdict":null,"failure":{"kind":"timeout","reason":"timeout after 60 s"},"judge":"j"}\n',
    ]);
  });

  it('writes CSV with one header (after a BOM), a piece per page, the failures last', async () => {
    const got = await text(verdictText(pages([v('c1', { rationale: 'a, "b"' })], [v('c2')]), 'csv', [failure]));
    expect(got).toEqual([
      '\ufeffquestion_id,model,setting,check_id,verdict,rationale,judge,quote,sample,failure_kind,failure_reason\n',
      'q1,m,text_only,c1,meets,"a, ""b""",j,,0,,\n',
      'q1,m,text_only,c2,meets,ok,j,,0,,\n',
      'q1,m,text_only,c9,,,j,,0,timeout,timeout after 60 s\n',
    ]);
  });

  it('writes nothing for a run without verdicts or failures, and only the header in CSV', async () => {
    expect(await text(verdictText(pages(), 'jsonl'))).toEqual([]);
    expect((await text(verdictText(pages(), 'csv'))).join('')).toBe(
      '\ufeffquestion_id,model,setting,check_id,verdict,rationale,judge,quote,sample,failure_kind,failure_reason\n',
    );
  });
});
