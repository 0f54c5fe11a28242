import { describe, expect, it } from 'vitest';
import { MetaRubric } from '../../schema/meta-rubric.js';
import type { BuildImage } from '../build-inputs.js';
import type { Candidate } from '../candidates.js';
import { candidatesPrompt } from '../candidates.js';
import { filterPrompt } from '../question-filter.js';
import { rubricPrompt } from '../rubric-draft.js';
import { refinePrompt } from '../rubric-refine.js';

const image: BuildImage = {
  id: 'pizza',
  entity: 'Pizza margherita',
  domain: 'food',
  popularity: 'head',
  language: 'en',
  aliases: ['margherita'],
};

const text = (p: { system: string; user: Array<{ type: string; text?: string }> }) =>
  [p.system, '---', ...p.user.map((u) => (u.type === 'text' ? u.text : `[${u.type}]`))].join('\n');

describe('build prompts', () => {
  it('candidates: the published criteria, the hidden entity, what was discarded, the task line', () => {
    const p = candidatesPrompt(image, 2, {
      count: 3,
      discarded: [{ question: 'Is this tasty?', reasons: ['too shallow', 'one-line answer'] }],
      imagePart: { type: 'image', data: 'images/pizza.png' },
    });
    expect(text(p)).toMatchInlineSnapshot(`
      "You write open-ended questions a person could ask about a photo, for a benchmark of how completely AI assistants answer.
      Every question must meet all of these criteria:
      1. It needs multi-step research (several sources or facts combined), not one look-up.
      2. A complete answer runs to several paragraphs.
      3. It is concise and natural, as a person would say it aloud to a wearable assistant.
      4. It names the subject only through what the image shows ("this dish", "this plant"), never by name.
      5. A stranger could ask it from the image alone: it presumes nothing that only someone who already knows the subject would know.
      Reply with JSON only: {"candidates": [{"question": "...", "text_only_question": "..."}]}.
      "text_only_question" is the same question with the subject named in words, for asking without the image.
      ---
      [image]
      The image shows Pizza margherita (domain: food). The person asking does not know that; never name it or any of "margherita" in "question".
      Write 3 candidate questions in English (en), each about a different aspect.
      Reviewers discarded these earlier candidates; write different ones that avoid their problems:
      - "Is this tasty?": too shallow; one-line answer
      Task: candidates/pizza/r2"
    `);
  });

  it('filter: the hard requirements with the stranger test, the questions by id, the task line', () => {
    const c: Candidate = {
      id: 'pizza.r1.c1',
      imageId: 'pizza',
      round: 1,
      origin: 'generated',
      question: 'What is this dish?',
      textOnlyQuestion: null,
      parent: null,
    };
    expect(text(filterPrompt(image, 1, [c]))).toMatchInlineSnapshot(`
      "You check questions written for a benchmark about photos. Reviewers have accepted each one; you are an independent guard.
      First reject every question that fails a hard requirement:
      - stranger_test: a question is leading if only someone who already knew what the image shows could ask it. "How does this engine's turbocharger improve on the previous generation?" presumes the car and its engine history are known; "What kind of car is this and how does it perform?" is something a stranger could ask from the image alone.
      - multi_step_research: answering needs several sources or facts combined.
      - multi_paragraph_answer: a complete answer runs to several paragraphs.
      - concise_spoken: it is short and natural as spoken.
      - names_entity: it names the subject instead of referring to it through the image.
      Among the questions that pass, pick the one that is at once most concise, research-intensive and specific to this subject rather than boilerplate that fits any image of its kind.
      If none passes, or the best one is boilerplate, propose new diverse candidates that meet every requirement.
      Reply with JSON only: {"judgements": [{"id": "...", "passes": true, "failed": [], "reason": "..."}], "pick": "<id or null>", "pick_reason": "...", "boilerplate": false, "proposals": [{"question": "...", "text_only_question": "..."}]}.
      ---
      The image shows Pizza margherita (domain: food); the questions must not name it.
      Questions:
      - pizza.r1.c1: What is this dish?
      Task: filter/pizza/r1"
    `);
  });

  const doc = {
    id: 'D1',
    url: 'local:pizza.md',
    title: 'Pizza',
    text: 'Tomato, mozzarella and basil.',
    content_hash: 'f'.repeat(64),
  };
  const q = {
    question_id: 'q-pizza',
    question: 'What is this dish?',
    language: 'en',
    entity: 'Pizza margherita',
    domain: 'food',
    popularity: 'head',
  };

  it('rubric: the meta-rubric guide, grounding in the documents, the documents by id, the task line', () => {
    expect(text(rubricPrompt(q, [doc], 'rubric/q-pizza'))).toMatchInlineSnapshot(`
      "You write the grading rubric of a benchmark question from evidence documents.
      A meta-rubric lists what a complete answer contains, as items of these types:
      - fact: one statement ("text").
      - strict_list: "members", every one required.
      - flexible_list: "members", of which naming "baseline" (one or two numbers) is enough.
      - process: "steps" in order, each "required" true or false.
      - relationship: a related "entity" and the "aspects" of the relation.
      - meta_insight: a conclusion drawn across the facts.
      Each item has an "id" (I1, I2, …), a "type", a "tier" (answer_critical: an answer without it fails; valuable: a good answer has it; context: nice to have) and a "text".
      Ground everything in the documents, not in memory: every snippet copies a passage of one document word for word, and every item (or each of its members, steps or aspects) cites the snippets that support it by id.
      Reply with JSON only: {"snippets": [{"id": "S1", "document": "D1", "text": "<exact passage>"}], "items": [ … ]}.
      ---
      Question (en): What is this dish?
      The image shows: Pizza margherita
      Documents:
      [D1] Pizza (local:pizza.md)
      Tomato, mozzarella and basil.
      Task: rubric/q-pizza"
    `);
  });

  it('refine: the superset rule, the draft, the audit findings and flags, the task line', () => {
    const draft = MetaRubric.parse({
      question_id: 'q-pizza',
      question: 'What is this dish?',
      snippets: [{ id: 'S1', text: 'Tomato, mozzarella and basil.' }],
      items: [{ id: 'I1', type: 'fact', tier: 'answer_critical', text: 'Names the dish', snippets: ['S1'] }],
    });
    const audit = [{ snippet: 'S1', status: 'vanished' as const, reason: 'the source is gone' }];
    const flags = [{ item: 'I2', reason: 'a process of 2 steps: steps may be missing' }];
    expect(text(refinePrompt(q, draft, audit, flags, [doc], 'refine/q-pizza/p1'))).toMatchInlineSnapshot(`
      "You refine the grading rubric of a benchmark question. The draft below was audited against its sources and the question was researched again from scratch.
      A meta-rubric lists what a complete answer contains, as items of these types:
      - fact: one statement ("text").
      - strict_list: "members", every one required.
      - flexible_list: "members", of which naming "baseline" (one or two numbers) is enough.
      - process: "steps" in order, each "required" true or false.
      - relationship: a related "entity" and the "aspects" of the relation.
      - meta_insight: a conclusion drawn across the facts.
      Each item has an "id" (I1, I2, …), a "type", a "tier" (answer_critical: an answer without it fails; valuable: a good answer has it; context: nice to have) and a "text".
      Ground everything in the documents, not in memory: every snippet copies a passage of one document word for word, and every item (or each of its members, steps or aspects) cites the snippets that support it by id.
      Rebuild the meta-rubric as a superset of the draft: keep every item, member, step and aspect of the draft with its id and type, add what the new documents support, and drop something only when the audit refuted its evidence, listing it in "dropped" with the reason.
      Reply with JSON only: {"snippets": [ … ], "items": [ … ], "dropped": [{"ref": "I2" or "I2.m3", "reason": "…"}]}.
      ---
      Question (en): What is this dish?
      The image shows: Pizza margherita
      Draft meta-rubric:
      {"snippets":[{"id":"S1","text":"Tomato, mozzarella and basil."}],"items":[{"id":"I1","tier":"answer_critical","text":"Names the dish","snippets":["S1"],"type":"fact"}]}
      Audit:
      - S1: VANISHED (the source is gone)
      - I2: a process of 2 steps: steps may be missing
      Documents:
      [D1] Pizza (local:pizza.md)
      Tomato, mozzarella and basil.
      Task: refine/q-pizza/p1"
    `);
  });
});
