import { describe, expect, it } from 'vitest';
import { modelNames, modelOfSpec, RunConfig } from './run-config.js';

describe('model display names', () => {
  it('are the model part of the spec unless a name is given', () => {
    expect(modelOfSpec('openai:gpt-4.1-mini')).toBe('gpt-4.1-mini');
    expect(modelOfSpec('openai-compatible:llama-3@http://localhost:8000/v1')).toBe('llama-3');
    expect(modelOfSpec('ollama:qwen2.5:7b')).toBe('qwen2.5:7b');
    expect(modelNames([{ spec: 'openai:gpt-4.1-mini' }, { spec: 'anthropic:claude-x', name: 'Claude' }])).toEqual([
      'gpt-4.1-mini',
      'Claude',
    ]);
  });

  it('fall back to the whole spec where two models would share a name', () => {
    expect(
      modelNames([{ spec: 'openai:gpt-4.1' }, { spec: 'openai-chat:gpt-4.1' }, { spec: 'google:gemini-2.5-pro' }]),
    ).toEqual(['openai:gpt-4.1', 'openai-chat:gpt-4.1', 'gemini-2.5-pro']);
  });

  it('two models given the same name are refused', () => {
    const r = RunConfig.safeParse({
      dataset: 'd.jsonl',
      judges: ['offline'],
      models: [
        { spec: 'openai:a', name: 'x' },
        { spec: 'openai:b', name: 'x' },
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('two models are named "x"; give one a `name`');
  });
});
