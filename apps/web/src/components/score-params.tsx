import type { ReportSummary } from '@gamut/core';

const TIER: Record<string, string> = { answer_critical: 'answer-critical', valuable: 'valuable', context: 'context' };

/** λ, μ and the tier weights with what each does to a score, where they are shown. */
export function ScoreParams({ run }: { run: ReportSummary['run'] }) {
  const { lambda, mu, weights } = run;
  return (
    <details className="explain" data-testid="score-params">
      <summary>
        λ = {lambda} · μ = {mu} · tier weights {Object.values(weights).join(' / ')}: what these mean
      </summary>
      <dl className="explain">
        <dt>λ = {lambda}</dt>
        <dd>a partially met check counts {lambda} of a met one</dd>
        <dt>μ = {mu}</dt>
        <dd>
          a contradicted check counts {mu}, and weighs |μ| = {Math.abs(mu)} checks in the denominator, so a
          contradiction costs more than leaving the point out
        </dd>
        <dt>tier score</dt>
        <dd>
          (meets + λ·partially + μ·contradicts) / (meets + partially + missing + |μ|·contradicts), from −100 to 100
        </dd>
        <dt>Gamut</dt>
        <dd>
          the tier scores weighted{' '}
          {Object.entries(weights)
            .map(([t, w]) => `${TIER[t] ?? t} ${w}`)
            .join(', ')}{' '}
          (a tier without checks passes its weight to the others), ×100
        </dd>
      </dl>
    </details>
  );
}
