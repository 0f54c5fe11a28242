/**
 * What a person's finished items are called on a queue: labels on a verdict queue, decisions on
 * a build's question queue (and by any adjudicator), reviews on a build's rubric queue.
 */
export function doneWord(kind: string, role: string): 'labelled' | 'decided' | 'reviewed' {
  if (role === 'adjudicator' || kind === 'question_review') return 'decided';
  return kind === 'rubric_revision' ? 'reviewed' : 'labelled';
}

/** The word for a list of queues: the one they share, else plain "done". */
export function doneWordOf(kinds: readonly string[], role: string): string {
  const words = new Set(kinds.map((k) => doneWord(k, role)));
  return words.size === 1 ? ([...words][0] as string) : 'done';
}
