import { formatCoefficient, formatScore, judgeLabel, type ReportSummary } from '@gamut/core';
import { type Route, setQuery } from '../router.js';

const S = 320;
const PAD = 36;
const p = (v: number) => PAD + ((Math.max(-1, Math.min(1, v)) + 1) / 2) * (S - 2 * PAD);

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
        <div>
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
            <>
              <svg width={S} height={S} role="img" aria-label={`${pair.a} vs ${pair.b}`} className="chart">
                <line x1={p(-1)} y1={S - p(-1)} x2={p(1)} y2={S - p(1)} className="axis zero" />
                <rect x={PAD} y={PAD} width={S - 2 * PAD} height={S - 2 * PAD} className="frame" />
                {pair.points.map((pt) => (
                  <circle
                    key={`${pt.model}|${pt.setting}`}
                    cx={p(pt.x)}
                    cy={S - p(pt.y)}
                    r={5}
                    className={pt.setting === 'multimodal' ? 'mm' : 'to'}
                  >
                    <title>{`${pt.model} (${pt.setting}): ${formatScore(pt.x)} vs ${formatScore(pt.y)}`}</title>
                  </circle>
                ))}
                <text x={S / 2} y={S - 6} textAnchor="middle" className="label">
                  {pair.a}
                </text>
                <text x={12} y={S / 2} textAnchor="middle" className="label" transform={`rotate(-90 12 ${S / 2})`}>
                  {pair.b}
                </text>
              </svg>
              <p>
                Kendall's τ = <strong data-testid="kendall-tau">{formatCoefficient(pair.kendall_tau)}</strong>{' '}
                {pair.kendall_tau_ci95 &&
                  `[${formatCoefficient(pair.kendall_tau_ci95[0])}, ${formatCoefficient(pair.kendall_tau_ci95[1])}]`}{' '}
                · verdict κ = {formatCoefficient(pair.verdict_kappa)} · agreement{' '}
                {pair.verdict_agreement === null ? '—' : `${(pair.verdict_agreement * 100).toFixed(1)}%`} · n = {pair.n}
              </p>
            </>
          )}
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
