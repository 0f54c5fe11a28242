import { z } from 'zod';

/**
 * One person's decision on a candidate question: an annotator's (two per candidate, blind to
 * each other) or the adjudicator's where they differ. Appended, never overwritten: a later
 * decision by the same person replaces their earlier one for the outcome, and both stay recorded.
 */
export const QuestionDecision = z
  .object({
    candidate: z.string().min(1).describe('Candidate id, e.g. img-001.r1.c2'),
    author: z.string().min(1),
    role: z.enum(['annotator', 'adjudicator']),
    decision: z.enum(['accept', 'revise', 'discard']),
    text: z.string().min(1).optional().describe('The revised question (revise only)'),
    reason: z.string().min(1),
    at: z.string().describe('ISO 8601'),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.decision === 'revise' && d.text === undefined) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'a revision needs the new text' });
    }
    if (d.decision !== 'revise' && d.text !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'only a revision has a text' });
    }
  });
export type QuestionDecision = z.infer<typeof QuestionDecision>;

export type ReviewOutcome =
  | { status: 'waiting'; for: 'annotators'; have: string[]; need: number }
  | { status: 'waiting'; for: 'adjudicator'; annotators: string[] }
  | { status: 'accepted'; agreed: boolean; reasons: string[] }
  | { status: 'revised'; text: string; agreed: boolean; reasons: string[] }
  | { status: 'discarded'; agreed: boolean; reasons: string[] };

/**
 * What the reviews of one candidate decide. The first two annotators count (each by their latest
 * decision); when they agree (a revision only with the same text) that is the outcome, otherwise
 * the adjudicator's latest decision is.
 */
export function resolveCandidate(decisions: readonly QuestionDecision[]): ReviewOutcome {
  const latest = latestByAuthor(decisions.filter((d) => d.role === 'annotator'));
  const authors = [...latest.keys()].slice(0, 2);
  if (authors.length < 2) return { status: 'waiting', for: 'annotators', have: authors, need: 2 - authors.length };
  const [a, b] = authors.map((x) => latest.get(x) as QuestionDecision) as [QuestionDecision, QuestionDecision];
  const reasons = [a.reason, b.reason];
  if (a.decision === b.decision && (a.decision !== 'revise' || a.text === b.text)) return outcome(a, true, reasons);
  const adjudicated = [...latestByAuthor(decisions.filter((d) => d.role === 'adjudicator')).values()].at(-1);
  if (adjudicated === undefined) return { status: 'waiting', for: 'adjudicator', annotators: authors };
  return outcome(adjudicated, false, [...reasons, adjudicated.reason]);
}

function outcome(d: QuestionDecision, agreed: boolean, reasons: string[]): ReviewOutcome {
  if (d.decision === 'accept') return { status: 'accepted', agreed, reasons };
  if (d.decision === 'discard') return { status: 'discarded', agreed, reasons };
  return { status: 'revised', text: d.text as string, agreed, reasons };
}

/** Each author's latest decision (by time, then by order), keyed in the order authors first decided. */
function latestByAuthor(decisions: readonly QuestionDecision[]): Map<string, QuestionDecision> {
  const out = new Map<string, QuestionDecision>();
  for (const d of decisions) {
    const prev = out.get(d.author);
    if (prev === undefined || d.at >= prev.at) out.set(d.author, d);
  }
  return out;
}
