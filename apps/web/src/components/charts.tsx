import { formatCi, formatScore, type LeaderboardRow, type TierScoreView } from '@gamut/core';

const TIER_LABEL: Record<keyof TierScoreView, string> = {
  answer_critical: 'critical',
  valuable: 'valuable',
  context: 'context',
};

/** Maps a score in [−1, 1] to a 0–100% position. */
const pos = (x: number) => `${((Math.max(-1, Math.min(1, x)) + 1) / 2) * 100}%`;

/** A point with its 95% interval on a −100…100 axis. */
export function CiBar({ value, ci }: { value: number | null; ci: [number, number] | null }) {
  return (
    <div className="ci-bar" title={`${formatScore(value)} ${formatCi(ci)}`}>
      <div className="ci-zero" />
      {ci && <div className="ci-range" style={{ left: pos(ci[0]), width: `calc(${pos(ci[1])} - ${pos(ci[0])})` }} />}
      {value !== null && <div className="ci-point" style={{ left: pos(value) }} />}
    </div>
  );
}

/** One small bar per tier score. */
export function TierBars({ tiers }: { tiers: TierScoreView }) {
  return (
    <div className="tier-bars">
      {(Object.keys(TIER_LABEL) as Array<keyof TierScoreView>).map((t) => {
        const v = tiers[t];
        return (
          <div key={t} className="tier-bar" title={`${TIER_LABEL[t]}: ${formatScore(v)}`}>
            <span className="tier-name">{TIER_LABEL[t]}</span>
            <span className="tier-track">
              {v !== null && (
                <span
                  className={`tier-fill ${v < 0 ? 'neg' : ''}`}
                  style={{ width: `${Math.abs(v) * 100}%` }}
                  data-tier={t}
                />
              )}
            </span>
            <span className="tier-value">{formatScore(v)}</span>
          </div>
        );
      })}
    </div>
  );
}

/** Stacked verdict shares: meets, partially meets, missing, contradicts. */
export function VerdictBar({ counts }: { counts: LeaderboardRow['verdicts'] }) {
  const total = counts.meets + counts.partially_meets + counts.missing + counts.contradicts;
  if (total === 0) return <span className="muted">—</span>;
  const parts: Array<[keyof typeof counts, string]> = [
    ['meets', 'v-M'],
    ['partially_meets', 'v-P'],
    ['missing', 'v-S'],
    ['contradicts', 'v-C'],
  ];
  return (
    <div className="verdict-bar" title={parts.map(([k]) => `${k.replace('_', ' ')} ${counts[k]}`).join(' · ')}>
      {parts.map(([k, cls]) => (
        <span key={k} className={cls} style={{ width: `${(counts[k] / total) * 100}%` }} />
      ))}
    </div>
  );
}

/** Background colour for a heat-map cell: red below zero, green above. */
export function heatColor(score: number | null): string {
  if (score === null) return 'transparent';
  const s = Math.max(-1, Math.min(1, score));
  return s >= 0 ? `hsl(140 55% ${92 - s * 45}%)` : `hsl(0 65% ${92 + s * 30}%)`;
}
