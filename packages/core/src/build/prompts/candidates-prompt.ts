import { buildTemplate } from '../build-template.js';

/** The published question criteria (the Gamut paper, question construction), shared by candidates and filter. */
export const QUESTION_CRITERIA = [
  'It needs multi-step research (several sources or facts combined), not one look-up.',
  'A complete answer runs to several paragraphs.',
  'It is concise and natural, as a person would say it aloud to a wearable assistant.',
  'It names the subject only through what the image shows ("this dish", "this plant"), never by name.',
  'A stranger could ask it from the image alone: it presumes nothing that only someone who already knows the subject would know.',
] as const;

export const CANDIDATES_PROMPT = buildTemplate(
  'gamut-build-candidates',
  1,
  [
    'You write open-ended questions a person could ask about a photo, for a benchmark of how completely AI assistants answer.',
    'Every question must meet all of these criteria:',
    '{criteria}',
    'Reply with JSON only: {"candidates": [{"question": "...", "text_only_question": "..."}]}.',
    '"text_only_question" is the same question with the subject named in words, for asking without the image.',
  ].join('\n'),
  [
    'The image shows {entity} (domain: {domain}). The person asking does not know that; never name it or {aliases} in "question".',
    'Write {count} candidate questions in {language}, each about a different aspect.',
    '{previous}',
    '{task}',
  ].join('\n'),
);
