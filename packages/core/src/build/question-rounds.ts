import type { BuildImage } from './build-inputs.js';
import type { Candidate, Discarded, ProposedQuestion } from './candidates.js';
import { type QuestionDecision, type ReviewOutcome, resolveCandidate } from './question-decisions.js';
import { type FilterJudgement, type FilterReply, lexicalRejection } from './question-filter.js';
import { candidateId, candidatesKey, filterKey } from './step-keys.js';
import type { StepRecord } from './step-records.js';

/** What a candidates step produced: the proposals with the ids they were given. */
export interface CandidatesProduced {
  candidates: Array<ProposedQuestion & { id: string }>;
}

/** What a filter step produced: the model's reply, and its proposals with their ids. */
export interface FilterProduced {
  reply: FilterReply;
  proposals: Array<ProposedQuestion & { id: string }>;
}

export interface Rejection {
  candidate: string;
  by: 'filter' | 'rule';
  failed: string[];
  reason: string;
}

/** Where one image stands in question construction: what happens next, and everything decided so far. */
export interface ImageQuestions {
  image: BuildImage;
  round: number;
  candidates: Candidate[];
  outcomes: Map<string, ReviewOutcome>;
  rejections: Rejection[];
  next:
    | { kind: 'generate'; key: string; round: number; discarded: Discarded[] }
    | { kind: 'filter'; key: string; round: number; candidates: Candidate[] }
    | {
        kind: 'review';
        round: number;
        waiting: Array<{ candidate: string; outcome: ReviewOutcome & { status: 'waiting' } }>;
      }
    | { kind: 'selected'; candidate: Candidate; reason: string; boilerplate: boolean }
    | { kind: 'dropped'; reason: string }
    | { kind: 'failed'; key: string; failure: string };
}

export interface QuestionRoundsInput {
  image: BuildImage;
  records: ReadonlyMap<string, StepRecord>;
  decisions: ReadonlyMap<string, readonly QuestionDecision[]>;
  maxRounds: number;
}

/**
 * Replays an image's rounds from the recorded steps and human decisions. Each round's candidates
 * are reviewed; human-accepted ones go to the filter (after the rule that none names the entity);
 * a passing, specific pick is the image's question. Revisions and the filter's proposals form
 * the next round; when a round leaves neither, new candidates are generated, told what was
 * discarded and why. Past `maxRounds` the image is dropped (or keeps a boilerplate pick).
 */
export function questionRounds(input: QuestionRoundsInput): ImageQuestions {
  const { image, records, decisions } = input;
  const state: ImageQuestions = {
    image,
    round: 1,
    candidates: [],
    outcomes: new Map(),
    rejections: [],
    next: { kind: 'dropped', reason: '' },
  };
  const discarded: Discarded[] = [];
  let carried: Candidate[] = [];
  let fallback: { candidate: Candidate; reason: string } | undefined;
  for (let round = 1; ; round++) {
    state.round = round;
    if (round > input.maxRounds) {
      state.round = input.maxRounds;
      state.next = fallback
        ? { kind: 'selected', candidate: fallback.candidate, reason: fallback.reason, boilerplate: true }
        : {
            kind: 'dropped',
            reason: `no question was accepted by both reviewers and the filter in ${input.maxRounds} rounds`,
          };
      return state;
    }
    let pool = carried;
    if (pool.length === 0) {
      const key = candidatesKey(image.id, round);
      const rec = records.get(key);
      if (rec === undefined) return done(state, { kind: 'generate', key, round, discarded });
      if (rec.status === 'failed') return done(state, { kind: 'failed', key, failure: rec.failure ?? 'failed' });
      pool = (rec.produced as CandidatesProduced).candidates.map((c) =>
        candidate(image.id, round, 'generated', c, null),
      );
    }
    state.candidates.push(...pool);
    const waiting: Array<{ candidate: string; outcome: ReviewOutcome & { status: 'waiting' } }> = [];
    for (const c of pool) {
      const o = resolveCandidate(decisions.get(c.id) ?? []);
      state.outcomes.set(c.id, o);
      if (o.status === 'waiting') waiting.push({ candidate: c.id, outcome: o });
    }
    if (waiting.length) return done(state, { kind: 'review', round, waiting });

    const next: Candidate[] = [];
    const accepted: Candidate[] = [];
    for (const c of pool) {
      const o = state.outcomes.get(c.id) as ReviewOutcome;
      if (o.status === 'accepted') accepted.push(c);
      else if (o.status === 'revised') {
        const id = candidateId(image.id, round + 1, 'revised', next.length + 1);
        next.push({
          id,
          imageId: image.id,
          round: round + 1,
          origin: 'revised',
          question: o.text,
          textOnlyQuestion: null,
          parent: c.id,
        });
      } else if (o.status === 'discarded') discarded.push({ question: c.question, reasons: o.reasons });
    }
    const toModel: Candidate[] = [];
    for (const c of accepted) {
      const rule = lexicalRejection(c, image);
      if (rule === undefined) toModel.push(c);
      else {
        state.rejections.push(rejection(rule, 'rule'));
        discarded.push({ question: c.question, reasons: [rule.reason] });
      }
    }
    if (toModel.length) {
      const key = filterKey(image.id, round);
      const rec = records.get(key);
      if (rec === undefined) return done(state, { kind: 'filter', key, round, candidates: toModel });
      if (rec.status === 'failed') return done(state, { kind: 'failed', key, failure: rec.failure ?? 'failed' });
      const produced = rec.produced as FilterProduced;
      for (const j of produced.reply.judgements) {
        if (j.passes) continue;
        state.rejections.push(rejection(j, 'filter'));
        const c = toModel.find((t) => t.id === j.id);
        if (c) discarded.push({ question: c.question, reasons: [j.reason] });
      }
      const pick = toModel.find((c) => c.id === produced.reply.pick);
      if (pick && !produced.reply.boilerplate) {
        return done(state, {
          kind: 'selected',
          candidate: pick,
          reason: produced.reply.pick_reason,
          boilerplate: false,
        });
      }
      if (pick) fallback = { candidate: pick, reason: produced.reply.pick_reason };
      for (const p of produced.proposals) next.push(candidate(image.id, round + 1, 'proposed', p, null));
    }
    carried = next;
  }
}

function done(state: ImageQuestions, next: ImageQuestions['next']): ImageQuestions {
  state.next = next;
  return state;
}

function candidate(
  imageId: string,
  round: number,
  origin: Candidate['origin'],
  p: ProposedQuestion & { id: string },
  parent: string | null,
): Candidate {
  return { id: p.id, imageId, round, origin, question: p.question, textOnlyQuestion: p.text_only_question, parent };
}

function rejection(j: FilterJudgement, by: Rejection['by']): Rejection {
  return { candidate: j.id, by, failed: j.failed, reason: j.reason };
}

/** Gives a step's proposals their candidate ids (`<image>.r<round>.c<k>` or `.p<k>`). */
export function withCandidateIds(
  imageId: string,
  round: number,
  origin: 'generated' | 'proposed',
  proposals: readonly ProposedQuestion[],
): Array<ProposedQuestion & { id: string }> {
  return proposals.map((p, i) => ({ ...p, id: candidateId(imageId, round, origin, i + 1) }));
}
