import type { JudgeModel } from '@gamut/core';
import { createJudgeModel } from '../create-judge-model.js';

/** Test keys of every provider family, for adapters pointed at a local test server. */
export const TEST_KEYS = { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'ak-test', GEMINI_API_KEY: 'gk-test' };

/** One spec per wire format the adapters speak (and openai-compatible, which names its base URL). */
export const FAMILY_SPECS = {
  'openai-chat': 'openai-chat:gpt-4.1-mini',
  responses: 'openai:gpt-4.1',
  anthropic: 'anthropic:claude-sonnet-4-5',
  gemini: 'google:gemini-2.5-flash',
  compatible: 'openai-compatible:deepseek-r1',
} as const;
export type Family = keyof typeof FAMILY_SPECS;

/** The real adapter of `family`, sending to the test server at `origin`. */
export function familyModel(family: Family, origin: string): Promise<JudgeModel> {
  const compatible = family === 'compatible';
  return createJudgeModel(compatible ? `${FAMILY_SPECS[family]}@${origin}/v1` : FAMILY_SPECS[family], {
    env: TEST_KEYS,
    baseURL: compatible ? undefined : `${origin}/v1`,
  });
}
