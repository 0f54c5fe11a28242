import type { BuildConfig } from './build-inputs.js';
import type { ImageQuestions } from './question-rounds.js';

/** One line of `gamut build status`: who or what a number of items wait for, at which step. */
export interface Waiting {
  step: 'candidates' | 'question-review' | 'adjudication' | 'filter' | 'rubric' | 'refine' | 'rubric-review';
  /** `model`, an annotator's name, `annotator` (anyone), or `adjudicator`. */
  who: string;
  items: number;
  /** What to run or do about it. */
  action: string;
}

/** What the question steps wait for: the model (generate or filter), each annotator, the adjudicator. */
export function questionWaiting(
  images: readonly ImageQuestions[],
  config: Pick<BuildConfig, 'annotators' | 'adjudicator'>,
): Waiting[] {
  const out: Waiting[] = [];
  const count = (step: Waiting['step'], who: string, action: string) => {
    const w = out.find((x) => x.step === step && x.who === who);
    if (w) w.items++;
    else out.push({ step, who, items: 1, action });
  };
  for (const img of images) {
    const next = img.next;
    if (next.kind === 'generate') count('candidates', 'model', 'gamut build questions');
    else if (next.kind === 'filter') count('filter', 'model', 'gamut build questions');
    else if (next.kind === 'review') {
      for (const { outcome } of next.waiting) {
        if (outcome.for === 'adjudicator') {
          count(
            'adjudication',
            config.adjudicator ?? 'adjudicator',
            'adjudicate in gamut view, or gamut review import',
          );
          continue;
        }
        const named = config.annotators.filter((a) => !outcome.have.includes(a));
        if (config.annotators.length === 0 || named.length < outcome.need) {
          count('question-review', 'annotator', 'review in gamut view, or gamut review import');
        } else for (const a of named) count('question-review', a, 'review in gamut view, or gamut review import');
      }
    }
  }
  return out;
}
