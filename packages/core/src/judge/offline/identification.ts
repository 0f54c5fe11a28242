/**
 * Identification checks ("Identifies the dish as a Neapolitan pizza margherita",
 * 음식을 배추김치로 식별한다): the check names an entity, so its name has to match whole.
 */

/** The verb of an identification check, per language; the check names what the answer must identify. */
const IDENTIFIES: readonly RegExp[] = [
  /\b(?:identif(?:y|ies|ied|ying)|recogni[sz](?:e|es|ed|ing))\b.*\bas\b/iu,
  /식별|알아본다|알아보고/u,
  /(?:と|であると)(?:特定|識別|同定|認識)/u,
  /识别|識別|认出|認出|辨认|辨認/u,
  /\b(?:identifica|reconoce)\b.*\bcomo\b/iu,
  /\b(?:identifie|reconnaît|reconnait)\b.*\bcomme\b/iu,
  /\b(?:identifiziert|erkennt)\b.*\bals\b/iu,
];

export function isIdentification(content: string): boolean {
  return IDENTIFIES.some((re) => re.test(content));
}
