import { formatCi, formatScore, type ReportSummary } from '@gamut/core';
import { HeatTable } from '../components/heat-table.js';

const W = 640;
const ROW = 34;
const LEFT = 160;
const x = (v: number) => LEFT + ((Math.max(-1, Math.min(1, v)) + 1) / 2) * (W - LEFT - 20);

/** Multimodal vs text-only: one dumbbell per model, and the table of differences. */
export function SettingsPage({ summary }: { summary: ReportSummary }) {
  const pairs = summary.settings_ablation;
  if (!pairs)
    return <p className="empty">This run has one setting only; the ablation needs multimodal and text-only answers.</p>;
  const h = pairs.length * ROW + 40;
  return (
    <section>
      <h1>Multimodal vs text-only</h1>
      <p className="muted">
        <span className="dot mm" /> multimodal <span className="dot to" /> text-only · difference over questions
        answered in both settings, with a paired bootstrap 95% CI.
      </p>
      <svg width={W} height={h} role="img" aria-label="Gamut score by setting" className="chart">
        {[-1, -0.5, 0, 0.5, 1].map((t) => (
          <g key={t}>
            <line x1={x(t)} x2={x(t)} y1={10} y2={h - 20} className={t === 0 ? 'axis zero' : 'axis'} />
            <text x={x(t)} y={h - 5} textAnchor="middle" className="tick">
              {t * 100}
            </text>
          </g>
        ))}
        {pairs.map((p, i) => {
          const y = 25 + i * ROW;
          return (
            <g key={p.model}>
              <text x={LEFT - 8} y={y + 4} textAnchor="end" className="label">
                {p.model}
              </text>
              {p.multimodal !== null && p.text_only !== null && (
                <line x1={x(p.multimodal)} x2={x(p.text_only)} y1={y} y2={y} className="link" />
              )}
              {p.multimodal !== null && <circle cx={x(p.multimodal)} cy={y} r={6} className="mm" />}
              {p.text_only !== null && <circle cx={x(p.text_only)} cy={y} r={6} className="to" />}
            </g>
          );
        })}
      </svg>
      <table data-testid="settings-table">
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Multimodal</th>
            <th scope="col">Text-only</th>
            <th scope="col">Difference</th>
            <th scope="col">95% CI</th>
            <th scope="col">n</th>
          </tr>
        </thead>
        <tbody>
          {pairs.map((p) => (
            <tr key={p.model}>
              <td>{p.model}</td>
              <td className="num">{formatScore(p.multimodal)}</td>
              <td className="num">{formatScore(p.text_only)}</td>
              <td className="num strong">{formatScore(p.difference)}</td>
              <td className="num">{formatCi(p.difference_ci95)}</td>
              <td className="num">{p.n}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ByDomain summary={summary} />
    </section>
  );
}

/** The difference per model and domain: where the image helps or hurts. */
function ByDomain({ summary }: { summary: ReportSummary }) {
  const rows = summary.settings_by_domain ?? [];
  const domains = [...new Set(rows.map((r) => r.domain))];
  const models = [...new Set(rows.map((r) => r.model))];
  if (domains.length < 2) return null;
  return (
    <>
      <h2>Difference by domain (multimodal − text-only)</h2>
      <HeatTable
        testId="settings-by-domain"
        models={models}
        columns={domains}
        cell={(m, d) => {
          const c = rows.find((r) => r.model === m && r.domain === d);
          return { value: c?.difference, title: c ? `${formatCi(c.difference_ci95)} · n = ${c.n}` : '' };
        }}
      />
    </>
  );
}
