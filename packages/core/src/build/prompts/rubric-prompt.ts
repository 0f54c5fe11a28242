import { buildTemplate } from '../build-template.js';

/** How a meta-rubric is laid out, shared by the draft and the refinement prompts. */
export const META_RUBRIC_GUIDE = [
  'A meta-rubric lists what a complete answer contains, as items of these types:',
  '- fact: one statement ("text").',
  '- strict_list: "members", every one required.',
  '- flexible_list: "members", of which naming "baseline" (one or two numbers) is enough.',
  '- process: "steps" in order, each "required" true or false.',
  '- relationship: a related "entity" and the "aspects" of the relation.',
  '- meta_insight: a conclusion drawn across the facts.',
  'Each item has an "id" (I1, I2, …), a "type", a "tier" (answer_critical: an answer without it fails; valuable: a good answer has it; context: nice to have) and a "text".',
  'Ground everything in the documents, not in memory: every snippet copies a passage of one document word for word, and every item (or each of its members, steps or aspects) cites the snippets that support it by id.',
].join('\n');

export const RUBRIC_PROMPT = buildTemplate(
  'gamut-build-rubric',
  1,
  [
    'You write the grading rubric of a benchmark question from evidence documents.',
    '{guide}',
    'Reply with JSON only: {"snippets": [{"id": "S1", "document": "D1", "text": "<exact passage>"}], "items": [ … ]}.',
  ].join('\n'),
  ['Question ({language}): {question}', 'The image shows: {entity}', 'Documents:', '{documents}', '{task}'].join('\n'),
);

export const REFINE_PROMPT = buildTemplate(
  'gamut-build-refine',
  1,
  [
    'You refine the grading rubric of a benchmark question. The draft below was audited against its sources and the question was researched again from scratch.',
    '{guide}',
    'Rebuild the meta-rubric as a superset of the draft: keep every item, member, step and aspect of the draft with its id and type, add what the new documents support, and drop something only when the audit refuted its evidence, listing it in "dropped" with the reason.',
    'Reply with JSON only: {"snippets": [ … ], "items": [ … ], "dropped": [{"ref": "I2" or "I2.m3", "reason": "…"}]}.',
  ].join('\n'),
  [
    'Question ({language}): {question}',
    'The image shows: {entity}',
    'Draft meta-rubric:',
    '{draft}',
    'Audit:',
    '{audit}',
    'Documents:',
    '{documents}',
    '{task}',
  ].join('\n'),
);
