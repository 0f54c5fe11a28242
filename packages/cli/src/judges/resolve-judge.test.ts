import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CachedCall, CallCache, InputError } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { type CallSettings, JUDGE_SPECS, resolveJudge, resolveModel, resolveRagJudge } from './resolve-judge.js';

function memoryCache(): CallCache {
  const entries = new Map<string, CachedCall>();
  return {
    get: async (key) => entries.get(key),
    put: async (key, value) => {
      entries.set(key, value);
    },
  };
}

const calls = (): CallSettings => ({ cache: memoryCache(), concurrency: 2, timeoutMs: 5000, retries: 0, env: {} });

async function thrown(p: Promise<unknown>): Promise<InputError> {
  return (await p.then(
    () => undefined,
    (e: unknown) => e,
  )) as InputError;
}

const ALL_FORMS =
  'offline, labels:<file>, openai:<model>, openai-chat:<model>, anthropic:<model>, google:<model>, ' +
  'openai-compatible:<model>@<base URL>, ollama:<model>, mock:<mode>';

describe('the judge spec registry', () => {
  it('every entry makes both a check judge and a RAG judge', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gamut-judges-'));
    const verdict = {
      question_id: 'q1',
      model: 'm',
      setting: 'text',
      check_id: 'I1.fact',
      verdict: 'meets',
      judge: 'human',
    };
    writeFileSync(join(dir, 'verdicts.jsonl'), `${JSON.stringify(verdict)}\n`);
    const judgment = { question_id: 'q1', judge: 'human', abstained: false, correct: true };
    const second = { ...judgment, question_id: 'q2' };
    writeFileSync(join(dir, 'judgments.jsonl'), `${JSON.stringify(judgment)}\n${JSON.stringify(second)}\n`);
    // offline, labels:, and model specs; a new entry needs its case here.
    expect(JUDGE_SPECS).toHaveLength(3);

    const offline = await resolveJudge('offline', calls());
    expect(offline).toMatchObject({ spec: 'offline', parameters: {}, promptTemplates: {} });
    expect((await resolveRagJudge('offline', { calls: async () => calls() })).kind).toBe('judge');

    const labels = await resolveJudge('labels:verdicts.jsonl', { ...calls(), baseDir: dir });
    expect(labels.parameters).toEqual({ file: 'verdicts.jsonl' });
    const ragLabels = await resolveRagJudge(`labels:${join(dir, 'judgments.jsonl')}`, {
      calls: () => Promise.reject(new Error('labels need no store')),
    });
    expect(ragLabels).toMatchObject({ kind: 'labels', file: join(dir, 'judgments.jsonl') });
    expect(ragLabels.kind === 'labels' && ragLabels.lines.get('q2')).toBe(2);

    const model = await resolveJudge('mock:judge', { ...calls(), batched: true });
    expect(model.parameters).toEqual({ batched: true, temperature: 0 });
    expect(Object.keys(model.promptTemplates).length).toBeGreaterThan(0);
    let opened = 0;
    const rag = await resolveRagJudge('mock:judge', {
      calls: async () => {
        opened++;
        return calls();
      },
    });
    expect(rag.kind === 'judge' && rag.judge.id).toBeTruthy();
    expect(opened).toBe(1);
  });

  it('a bad judge spec names the problem and lists every judge form, for check and RAG judges alike', async () => {
    let opened = 0;
    const ragSettings = {
      calls: async () => {
        opened++;
        return calls();
      },
    };
    for (const e of [
      await thrown(resolveJudge('nonsense:x', calls())),
      await thrown(resolveRagJudge('nonsense:x', ragSettings)),
    ]) {
      expect(e.issues).toEqual([
        {
          rule: 'judge-spec',
          path: 'judge',
          message: `judge spec "nonsense:x": unknown provider "nonsense". Valid forms: ${ALL_FORMS}`,
        },
      ]);
    }
    // A spec that cannot work opens no store.
    expect(opened).toBe(0);
    const labels = await thrown(resolveRagJudge('labels:', ragSettings));
    expect(labels.issues[0]?.message).toBe(
      `judge spec "labels:": labels: needs a file, e.g. labels:judgments.jsonl. Valid forms: ${ALL_FORMS}`,
    );
  });

  it('a model under test lists only the model forms', async () => {
    const e = await thrown(resolveModel('gpt-4.1', calls()));
    expect(e.issues[0]).toMatchObject({
      path: 'model',
      message:
        'model spec "gpt-4.1": unknown provider "gpt-4.1" (a model spec is <provider>:<model>). ' +
        `Valid forms: ${ALL_FORMS.replace('offline, labels:<file>, ', '')}`,
    });
    const noURL = await thrown(resolveModel('openai-compatible:qwen3', calls()));
    expect(noURL.issues[0]?.message).toContain(
      'openai-compatible needs a base URL: openai-compatible:<model>@http://host:port/v1, or OPENAI_COMPATIBLE_BASE_URL set',
    );
  });
});
