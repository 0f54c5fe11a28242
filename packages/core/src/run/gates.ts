import { counted } from '../issues/counted.js';
import type { ScoreReport } from '../score/score-report.js';

/** `--max-judge-failures`: a count of checks, or a fraction of them. */
export type FailureAllowance = { count: number } | { fraction: number };

/** How many failed checks the allowance lets through, out of `checks`. */
export function allowedFailures(allowance: FailureAllowance | undefined, checks: number): number {
  if (!allowance) return 0;
  return 'count' in allowance ? allowance.count : Math.floor(allowance.fraction * checks);
}

/** Why the run fails for its judge failures, or undefined when they are within the allowance. */
export function judgeFailureGate(o: {
  failures: number;
  checks: number;
  allowance: FailureAllowance | undefined;
  listedIn: string;
}): string | undefined {
  const allowed = allowedFailures(o.allowance, o.checks);
  if (o.failures <= allowed) return undefined;
  const of = o.allowance && 'fraction' in o.allowance ? ` (${o.allowance.fraction * 100}% of ${o.checks})` : '';
  return (
    `${o.failures} of ${counted(o.checks, 'check')} ended as ${o.failures === 1 ? 'a judge failure' : 'judge failures'}, ${allowed}${of} allowed by --max-judge-failures; ` +
    `listed in ${o.listedIn}`
  );
}

/**
 * Why the run fails for answers its models under test did not give, or
 * undefined when every planned answer came back: like a judge failure, a
 * missing answer is recorded and the run goes on, but it is never a pass.
 */
export function answerFailureGate(o: { failures: number; planned: number; listedIn: string }): string | undefined {
  if (o.failures === 0) return undefined;
  const answers = `${o.failures} of ${counted(o.planned, 'answer')}`;
  return `${answers} failed (the model under test gave no answer, so nothing was judged); listed in ${o.listedIn}`;
}

/** Why the quality gate fails, if it does: a model below `--fail-under` (judge failures are gated apart). */
export function scoreGate(report: ScoreReport | null, failUnder: number | undefined): string[] {
  const out: string[] = [];
  if (failUnder === undefined) return out;
  for (const m of report?.models ?? []) {
    if (m.gamut !== null && m.gamut < failUnder) {
      out.push(
        `${m.model} (${m.setting}) scored ${(m.gamut * 100).toFixed(1)}, below --fail-under ${(failUnder * 100).toFixed(1)}`,
      );
    }
  }
  if (!report?.answers.length) out.push('no answer could be scored, so --fail-under cannot pass');
  return out;
}
