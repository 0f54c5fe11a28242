import { describe, expect, it } from 'vitest';
import { hashCanonical } from '../schema/canonical.js';
import { demoManifest } from './demo-manifest.js';
import type { AnswerToJudge } from './judge-answers.js';

describe('demoManifest', () => {
  it('names the models and settings once each, sorted, the rubric hashes by question and the default parameters', () => {
    const answers = [
      { question_id: 'q1', model: 'm-b', setting: 'text' },
      { question_id: 'q1', model: 'm-a', setting: 'multimodal' },
      { question_id: 'q2', model: 'm-b', setting: 'text' },
    ] as unknown as AnswerToJudge[];
    const compiled = [{ question_id: 'q1', rubric_hash: 'h1', checks: [] }] as never[];
    const m = demoManifest([], answers, compiled, { rag: true, toolkitVersion: '1.2.3' });
    expect(m.models).toEqual(['m-a', 'm-b']);
    expect(m.settings).toEqual(['multimodal', 'text']);
    expect(m.rubric_hashes).toEqual({ q1: 'h1' });
    expect(m.dataset_hash).toBe(hashCanonical({ metas: [], answers }));
    expect(m.judges).toMatchObject([
      { spec: 'offline', parameters: { rag: true, label: 'offline judge (lexical baseline)' } },
    ]);
    expect([m.lambda, m.mu, m.seed, m.toolkit_version]).toEqual([0.5, -2, 0, '1.2.3']);
  });
});
