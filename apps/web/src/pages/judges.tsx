import { formatCoefficient, formatScore, judgeLabel, type ReportSummary } from '@gamut/core';
import { type Route, setQuery } from '../router.js';

const S = 400;
const PAD = 44;
const TICKS = [-1, -0.5, 0, 0.5, 1];
const p = (v: number) => PAD + ((Math.max(-1, Math.min(1, v)) + 1) / 2) * (S - 2 * PAD);

type Pair = NonNullable<ReportSummary['judges_view']>['pairs'][number];

/** Two judges' Gamut scores per model and setting: ticks on both axes (×100), each point named. */
function PairScatter({ pair }: { pair: Pair }) {
  return (
    <svg
      width={S}
      height={S}
      role="img"
      aria-label={`${pair.a} vs ${pair.b}`}
      className="chart"
      data-testid="judge-scatter"
    >
      {TICKS.map((t) => (
        <g key={t}>
          <line x1={p(t)} x2={p(t)} y1={PAD} y2={S - PAD} className="axis" />
          <line x1={PAD} x2={S - PAD} y1={S - p(t)} y2={S - p(t)} className="axis" />
          <text x={p(t)} y={S - PAD + 14} textAnchor="middle" className="tick" data-axis="x">
            {t * 100}
          </text>
          <text x={PAD - 6} y={S - p(t) + 4} textAnchor="end" className="tick" data-axis="y">
            {t * 100}
          </text>
        </g>
      ))}
      <line x1={p(-1)} y1={S - p(-1)} x2={p(1)} y2={S - p(1)} className="axis zero" />
      <rect x={PAD} y={PAD} width={S - 2 * PAD} height={S - 2 * PAD} className="frame" />
      {pair.points.map((pt) => (
        <g key={`${pt.model}|${pt.setting}`} data-testid="scatter-point">
          <circle cx={p(pt.x)} cy={S - p(pt.y)} r={5} className={pt.setting === 'multimodal' ? 'mm' : 'to'}>
            <title>{`${pt.model} (${pt.setting}): ${formatScore(pt.x)} vs ${formatScore(pt.y)}`}</title>
          </circle>
          <text x={p(pt.x) + 8} y={S - p(pt.y) + 4} className="label point-label">
            {pt.model}
          </text>
        </g>
      ))}
      <text x={S / 2} y={S - 8} textAnchor="middle" className="label">
        {pair.a} (×100)
      </text>
      <text x={12} y={S / 2} textAnchor="middle" className="label" transform={`rotate(-90 12 ${S / 2})`}>
        {pair.b} (×100)
      </text>
    </svg>
  );
}

/** Judge robustness: a scatter of two judges' scores, the rank table and Kendall's tau. */
export function JudgesPage({ summary, route }: { summary: ReportSummary; route: Route }) {
  const view = summary.judges_view;
  if (!view) return <p className="empty">This run has one judge; robustness needs verdicts from two or more.</p>;
  const pairIndex = Math.min(Number(route.query.get('pair') ?? 0) || 0, view.pairs.length - 1);
  const pair = view.pairs[pairIndex];
  return (
    <section>
      <h1>Judge agreement and robustness</h1>
      <div className="row">
        <div className="chart-row">
          {pair && <PairScatter pair={pair} />}
          <div className="chart-controls" data-testid="judge-controls">
            <label>
              Judges{' '}
              <select value={pairIndex} onChange={(e) => setQuery(route, { pair: e.target.value })}>
                {view.pairs.map((pr, i) => (
                  <option key={`${pr.a}-${pr.b}`} value={i}>
                    {pr.a} vs {pr.b}
                  </option>
                ))}
              </select>
            </label>
            {pair && (
              <p>
                Kendall's τ = <strong data-testid="kendall-tau">{formatCoefficient(pair.kendall_tau)}</strong>{' '}
                {pair.kendall_tau_ci95 &&
                  `[${formatCoefficient(pair.kendall_tau_ci95[0])}, ${formatCoefficient(pair.kendall_tau_ci95[1])}]`}
                <br />
                verdict κ = {formatCoefficient(pair.verdict_kappa)}
                <br />
                agreement {pair.verdict_agreement === null ? '—' : `${(pair.verdict_agreement * 100).toFixed(1)}%`}
                <br />n = {pair.n}
              </p>
            )}
            <p className="muted small">
              <span className="dot mm" /> multimodal <span className="dot to" /> text-only · on the dashed diagonal both
              judges give the same score
            </p>
          </div>
        </div>
        <div>
          <h2>Leniency</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Judge</th>
                <th scope="col">Mean offset</th>
              </tr>
            </thead>
            <tbody>
              {view.judges.map((j) => (
                <tr key={j.judge}>
                  <td>{judgeLabel(j.judge)}</td>
                  <td className="num">{formatScore(j.leniency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <h2>Rank table</h2>
      <table data-testid="rank-table">
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Setting</th>
            {view.judges.map((j) => (
              <th key={j.judge} scope="col">
                {judgeLabel(j.judge)}
              </th>
            ))}
            <th scope="col">Spread</th>
          </tr>
        </thead>
        <tbody>
          {view.models.map((m) => (
            <tr key={`${m.model}|${m.setting}`}>
              <td>{m.model}</td>
              <td>{m.setting}</td>
              {view.judges.map((j) => {
                const s = m.scores[j.judge];
                return (
                  <td key={j.judge} className="num">
                    {formatScore(s?.gamut)} <span className="muted">#{s?.rank ?? '—'}</span>
                  </td>
                );
              })}
              <td className="num">{formatScore(m.spread)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
