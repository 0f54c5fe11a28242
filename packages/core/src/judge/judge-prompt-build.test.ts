import { describe, expect, it } from 'vitest';
import { hashCanonical } from '../schema/canonical.js';
import { Check } from '../schema/compiled-rubric.js';
import type { CheckJudgeInput } from './check-judge.js';
import type { ModelCallOptions } from './judge-model.js';
import { createJudgePromptBuilder, withRetryFeedback } from './judge-prompt-build.js';
import { CHECK_PROMPT, PROMPT_TEMPLATES } from './judge-prompt-templates.js';
import { VERDICT_DEFINITIONS } from './judge-prompt-verdicts.js';

const fact = Check.parse({
  id: 'I1.fact',
  tier: 'answer_critical',
  kind: 'fact',
  text: 'Identifies the dish as beef bourguignon',
  item: 'I1',
  secondary: false,
  snippets: [],
});
const threshold = Check.parse({
  id: 'I3.min2',
  tier: 'answer_critical',
  kind: 'threshold',
  text: 'Mentions at least 2 of the following: coq au vin; daube; carbonnade',
  item: 'I3',
  secondary: false,
  snippets: [],
  min: 2,
  options: ['coq au vin', 'daube', 'carbonnade'],
});

const input: CheckJudgeInput = {
  questionId: 'q-0001',
  question: 'What dish is this?',
  answer: 'It is beef bourguignon, a Burgundy stew.',
  check: fact,
  language: 'en',
  model: 'secret-model-x',
  setting: 'multimodal',
  image: 'images/q-0001.jpg',
};

function texts(call: ModelCallOptions): string[] {
  return call.messages.flatMap((m) => m.content.map((p) => (p.type === 'text' ? p.text : `<image ${String(p.data)}>`)));
}

describe('judge prompt layout', () => {
  it('puts instructions, question, image and answer first and the check last', () => {
    const call = createJudgePromptBuilder().checkCall(input);
    expect(call.system).toContain(VERDICT_DEFINITIONS);
    expect(texts(call)).toMatchInlineSnapshot(`
      [
        "# Question
      What dish is this?",
        "<image images/q-0001.jpg>",
        "(The image the question refers to is attached.)",
        "# Answer to grade
      <answer>
      It is beef bourguignon, a Burgundy stew.
      </answer>",
        "# Check
      Identifies the dish as beef bourguignon

      Grade the answer above against this check only.",
      ]
    `);
    const parts = call.messages[0]?.content ?? [];
    expect(parts.findIndex((p) => p.type === 'text' && p.cacheBreakpoint === true)).toBe(parts.length - 2);
    expect(call.promptTemplate).toBe(CHECK_PROMPT.ref);
    expect(call.responseFormat?.name).toBe('gamut_verdict');
  });

  it('sends exactly this system prompt', () => {
    expect(createJudgePromptBuilder().checkCall(input).system).toMatchInlineSnapshot(`
      "You grade one answer to a question against binary checks written by experts. You are strict, literal and fair.

      Verdicts, and what each means:
      - \`meets\`: the answer states what the check asks, in any wording; for a threshold, at least N of the listed options; for a sequence, the steps in that order.
      - \`partially_meets\`: directionally right but imprecise or incomplete, e.g. the right genus but not the species, a value close to but not the stated one where the check allows approximation, N−1 of N options.
      - \`missing\`: the answer does not address it (including a cautious "I don't know").
      - \`contradicts\`: the answer asserts something incompatible with the check: a different entity, value, date or order, or the negation of the fact.
      Naming something outside a flexible list neither helps nor hurts.

      Rules:
      - Judge only what the answer says. Do not use your own knowledge to fill gaps, and do not reward length, style or confidence.
      - Credit any wording that states what the check asks: synonyms, paraphrases, translations and equivalent units count.
      - Choose \`contradicts\` only when the answer asserts something incompatible with the check, not when it merely omits it.
      - \`quote\` is the shortest span of the answer, copied exactly, that your verdict rests on; null when the answer has nothing relevant.

      Reply with a JSON object only: {"rationale": string, "quote": string or null, "verdict": one of meets, partially_meets, missing, contradicts}."
    `);
  });

  it('never shows the answering model', () => {
    const call = createJudgePromptBuilder().checkCall(input);
    expect(JSON.stringify(call)).not.toContain('secret-model-x');
  });

  it('shares the very same prefix objects between checks of one answer', () => {
    const builder = createJudgePromptBuilder();
    const a = builder.checkCall(input).messages[0]?.content ?? [];
    const b = builder.checkCall({ ...input, check: threshold }).messages[0]?.content ?? [];
    for (let i = 0; i < a.length - 1; i++) expect(b[i]).toBe(a[i]);
    expect(b.at(-1)).not.toBe(a.at(-1));
  });

  it('tells the judge how to count a threshold', () => {
    const call = createJudgePromptBuilder().checkCall({ ...input, check: threshold, image: undefined });
    expect(texts(call).at(-1)).toBe(
      '# Check\nMentions at least 2 of the following: coq au vin; daube; carbonnade\nCount the listed options the answer mentions: at least 2 is `meets`. Naming something outside the list neither helps nor hurts.\n\nGrade the answer above against this check only.',
    );
    expect(texts(call)).toHaveLength(3);
  });

  it('tells the judge to read Korean for Korean checks', () => {
    const ko = createJudgePromptBuilder().checkCall({ ...input, language: 'ko', question: '이 요리는 무엇인가요?' });
    expect(ko.system).toContain('The question, the answer and the check are in Korean.');
    const en = createJudgePromptBuilder().checkCall(input);
    expect(en.system).not.toContain('Korean');
  });

  it('lists every check by id in batched mode, with the ids in the schema', () => {
    const call = createJudgePromptBuilder().batchCall(input, [fact, threshold]);
    expect(texts(call).at(-1)).toContain('[I1.fact] Identifies the dish as beef bourguignon');
    expect(texts(call).at(-1)).toContain('[I3.min2] Mentions at least 2');
    expect(JSON.stringify(call.responseFormat?.schema)).toContain('["I1.fact","I3.min2"]');
  });

  it('feeds an unusable reply back with the reason, leaving the original intact', () => {
    const call = createJudgePromptBuilder().checkCall(input);
    const retry = withRetryFeedback(call, 'meets!', 'the reply is not a JSON object');
    expect(retry.messages).toHaveLength(3);
    expect(call.messages).toHaveLength(1);
    expect(texts(retry).slice(-2)).toEqual([
      'meets!',
      'Your previous reply could not be used: the reply is not a JSON object. Reply again with only the JSON object.',
    ]);
  });
});

describe('PROMPT_TEMPLATES', () => {
  it('are versioned and hashed over their text', () => {
    expect(PROMPT_TEMPLATES.map((t) => t.name)).toEqual(['gamut-judge-check', 'gamut-judge-batch']);
    const { name, version, text } = CHECK_PROMPT;
    expect(PROMPT_TEMPLATES[0]?.sha256).toBe(hashCanonical({ name, version, text }));
    expect(PROMPT_TEMPLATES[0]?.sha256).not.toBe(PROMPT_TEMPLATES[1]?.sha256);
  });
});
