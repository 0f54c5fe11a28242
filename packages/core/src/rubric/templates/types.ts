/**
 * Wording of check texts, one implementation per language. Every function
 * returns a complete, self-contained sentence a judge can grade without the
 * meta-rubric. `subject` is the entity the question is about; the compiler
 * passes it only when the texts it puts in the sentence do not name it already.
 */
export interface CheckTemplates {
  /** A fact, or a top-level meta-insight: the item text stated as a requirement. */
  fact(p: { text: string; subject?: string }): string;
  /** An insight nested in a list or process, about that list. */
  insight(p: { label: string; text: string; subject?: string }): string;
  /** One member of a strict list (all are required). */
  member(p: { label: string; member: string; subject?: string }): string;
  /** One option of a flexible list (credit for breadth). */
  option(p: { label: string; member: string; subject?: string }): string;
  /** "Mentions at least `min` of" every option, enumerated: baseline and coverage checks. */
  atLeast(p: { label: string; min: number; options: readonly string[]; subject?: string }): string;
  /** One step of a process is present. */
  step(p: { label: string; step: string; subject?: string }): string;
  /** The required steps come in this order. */
  sequence(p: { label: string; steps: readonly string[]; subject?: string }): string;
  /** All steps, optional ones included, come in this order. */
  fullSequence(p: { label: string; steps: readonly string[]; subject?: string }): string;
  /** The related entity of a relationship item is named. */
  relatedEntity(p: { label: string; related: string; subject?: string }): string;
  /** One aspect of a relationship. */
  aspect(p: { label: string; related: string; aspect: string; subject?: string }): string;
}
