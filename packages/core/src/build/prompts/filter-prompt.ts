import { buildTemplate } from '../build-template.js';

/** Hard requirements of the filter; a rejection names the ones a question fails. */
export const FILTER_REQUIREMENTS = [
  'stranger_test',
  'multi_step_research',
  'multi_paragraph_answer',
  'concise_spoken',
  'names_entity',
] as const;
export type FilterRequirement = (typeof FILTER_REQUIREMENTS)[number];

export const FILTER_PROMPT = buildTemplate(
  'gamut-build-filter',
  1,
  [
    'You check questions written for a benchmark about photos. Reviewers have accepted each one; you are an independent guard.',
    'First reject every question that fails a hard requirement:',
    '- stranger_test: a question is leading if only someone who already knew what the image shows could ask it. "How does this engine\'s turbocharger improve on the previous generation?" presumes the car and its engine history are known; "What kind of car is this and how does it perform?" is something a stranger could ask from the image alone.',
    '- multi_step_research: answering needs several sources or facts combined.',
    '- multi_paragraph_answer: a complete answer runs to several paragraphs.',
    '- concise_spoken: it is short and natural as spoken.',
    '- names_entity: it names the subject instead of referring to it through the image.',
    'Among the questions that pass, pick the one that is at once most concise, research-intensive and specific to this subject rather than boilerplate that fits any image of its kind.',
    'If none passes, or the best one is boilerplate, propose new diverse candidates that meet every requirement.',
    'Reply with JSON only: {"judgements": [{"id": "...", "passes": true, "failed": [], "reason": "..."}], "pick": "<id or null>", "pick_reason": "...", "boilerplate": false, "proposals": [{"question": "...", "text_only_question": "..."}]}.',
  ].join('\n'),
  [
    'The image shows {entity} (domain: {domain}); the questions must not name it.',
    'Questions:',
    '{questions}',
    '{task}',
  ].join('\n'),
);
