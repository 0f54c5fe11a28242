import { InputError } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { parseJudgeSpec } from './judge-spec.js';
import { ollamaBaseURL } from './registry/providers.js';

describe('parseJudgeSpec', () => {
  it.each([
    ['openai:gpt-4.1', { provider: 'openai', modelId: 'gpt-4.1' }],
    ['anthropic:claude-sonnet-4-5', { provider: 'anthropic', modelId: 'claude-sonnet-4-5' }],
    ['gemini:gemini-2.5-flash', { provider: 'google', modelId: 'gemini-2.5-flash' }],
    ['ollama:llama3.1:8b', { provider: 'ollama', modelId: 'llama3.1:8b' }],
    [
      'openai-compatible:meta-llama/Llama-3.1-8B-Instruct@http://127.0.0.1:8000/v1',
      {
        provider: 'openai-compatible',
        modelId: 'meta-llama/Llama-3.1-8B-Instruct',
        baseURL: 'http://127.0.0.1:8000/v1',
      },
    ],
    [
      'openai-compatible:model@v2@https://openrouter.ai/api/v1',
      { provider: 'openai-compatible', modelId: 'model@v2', baseURL: 'https://openrouter.ai/api/v1' },
    ],
    ['openai-compatible:local', { provider: 'openai-compatible', modelId: 'local' }],
    ['mock:garbage', { provider: 'mock', modelId: 'garbage' }],
  ])('%s', (spec, expected) => {
    expect(parseJudgeSpec(spec)).toEqual(expected);
  });

  it.each([
    ['gpt-4.1', 'unknown provider "gpt-4.1"'],
    ['azure:gpt', 'unknown provider "azure"'],
    ['openai:', 'openai needs a model: openai:<model>'],
    [
      'openai-compatible:@http://x/v1',
      'openai-compatible needs a model: openai-compatible:<model>@http://host:port/v1',
    ],
    [
      'openai-compatible:m@localhost:8000/v1',
      'needs a base URL: openai-compatible:<model>@http://host:port/v1 (http:// missing in "localhost:8000/v1")',
    ],
  ])('rejects %s as bad input', (spec, message) => {
    let caught: unknown;
    try {
      parseJudgeSpec(spec);
    } catch (e) {
      caught = e;
    }
    expect(InputError.isInputError(caught)).toBe(true);
    expect((caught as InputError).issues[0]).toMatchObject({ rule: 'judge-spec', path: 'judge' });
    expect((caught as InputError).message).toContain(message);
  });
});

describe('ollamaBaseURL', () => {
  it.each([
    [undefined, 'http://127.0.0.1:11434/v1'],
    ['0.0.0.0:11434', 'http://0.0.0.0:11434/v1'],
    ['https://ollama.example.org/', 'https://ollama.example.org/v1'],
    ['http://gpu-box:11434/v1', 'http://gpu-box:11434/v1'],
  ])('%s → %s', (host, url) => {
    expect(ollamaBaseURL(host)).toBe(url);
  });
});
