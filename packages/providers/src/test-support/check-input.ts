import { Check, type CheckJudgeInput } from '@gamut/core';

/** One check of one answer, for tests that only need the judge to be asked something. */
export function checkInput(text = 'Names the dish'): CheckJudgeInput {
  const check = Check.parse({
    id: 'I1.fact',
    tier: 'answer_critical',
    kind: 'fact',
    text,
    item: 'I1',
    secondary: false,
    snippets: [],
  });
  return { questionId: 'q1', question: 'Q?', answer: 'A.', language: 'en', check };
}
