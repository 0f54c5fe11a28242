/** Cue phrases of a declined answer, English and Korean (lower case, NFKC). */
export const ABSTENTION_CUES: readonly string[] = [
  "i don't know",
  'i do not know',
  "i couldn't find",
  'i could not find',
  'could not find',
  "can't find",
  'cannot find',
  'not able to find',
  'unable to find',
  'no information',
  'not mentioned',
  'not documented',
  'does not say',
  "doesn't say",
  'is not specified',
  'not in the wiki',
  'cannot be determined',
  'cannot answer',
  "can't answer",
  '모르겠',
  '알 수 없',
  '찾을 수 없',
  '찾지 못',
  '확인되지 않',
  '확인할 수 없',
  '확인이 어렵',
  '나와 있지 않',
  '나와있지 않',
  '정보가 없',
  '내용이 없',
  '언급되어 있지 않',
  '언급이 없',
  '답변할 수 없',
  '답할 수 없',
];

/** Whether a sentence declines to answer, by cue phrases (the offline baseline's abstention test). */
export function hasAbstentionCue(text: string): boolean {
  const t = text.normalize('NFKC').toLowerCase().replace(/[’`]/g, "'");
  return ABSTENTION_CUES.some((c) => t.includes(c));
}
