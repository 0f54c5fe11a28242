/** Deterministic keys of LLM steps and ids of candidates, so scripted reviewers and replies can name them ahead. */

export function candidatesKey(imageId: string, round: number): string {
  return `candidates/${imageId}/r${round}`;
}

export function filterKey(imageId: string, round: number): string {
  return `filter/${imageId}/r${round}`;
}

export function rubricKey(questionId: string): string {
  return `rubric/${questionId}`;
}

export function refineKey(questionId: string, pass: number): string {
  return `refine/${questionId}/p${pass}`;
}

/** `<image>.r<round>.<origin letter><k>`: c generated, v a reviewer's revision, p proposed by the filter. */
export function candidateId(
  imageId: string,
  round: number,
  origin: 'generated' | 'revised' | 'proposed',
  k: number,
): string {
  const letter = origin === 'generated' ? 'c' : origin === 'revised' ? 'v' : 'p';
  return `${imageId}.r${round}.${letter}${k}`;
}
