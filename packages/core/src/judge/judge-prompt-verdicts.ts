/**
 * SPEC §4's definitions, word for word: the judge prompt, the offline judge
 * and human labelling guidelines all use the same words, so that agreement
 * between them measures the graders, not the wording.
 */
export const VERDICT_DEFINITIONS = `- \`meets\`: the answer states what the check asks, in any wording; for a threshold, at least N of the listed options; for a sequence, the steps in that order.
- \`partially_meets\`: directionally right but imprecise or incomplete, e.g. the right genus but not the species, a value close to but not the stated one where the check allows approximation, N−1 of N options.
- \`missing\`: the answer does not address it (including a cautious "I don't know").
- \`contradicts\`: the answer asserts something incompatible with the check: a different entity, value, date or order, or the negation of the fact.
Naming something outside a flexible list neither helps nor hurts.`;
