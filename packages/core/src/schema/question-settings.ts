import type { Setting } from './ids.js';

/** The fields of a question (meta-rubric or compiled rubric) that decide its settings. */
export interface QuestionMedia {
  image?: string | undefined;
  text_only_question?: string | undefined;
}

/**
 * The settings a question can be asked in, from its data: a question without
 * an image is asked as it is (`text`); one with an image is asked with it
 * (`multimodal`) and, when it has a `text_only_question`, also without it.
 */
export function questionSettings(q: QuestionMedia): Setting[] {
  if (q.image === undefined) return ['text'];
  return q.text_only_question === undefined ? ['multimodal'] : ['multimodal', 'text_only'];
}

/**
 * The setting a line that names none belongs to: the question's only setting,
 * or `undefined` when the question has two (then the line is ambiguous).
 */
export function impliedSetting(q: QuestionMedia): Setting | undefined {
  const settings = questionSettings(q);
  return settings.length === 1 ? settings[0] : undefined;
}

/**
 * The setting of a verdict line: as named, else the question's only setting,
 * else `multimodal` (what a verdict line without a setting has always meant).
 */
export function verdictSetting(given: Setting | undefined, q: QuestionMedia): Setting {
  return given ?? impliedSetting(q) ?? 'multimodal';
}
