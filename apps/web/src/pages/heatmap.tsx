import { formatCi, formatScore, type ReportSummary } from '@gamut/core';
import { heatColor } from '../components/charts.js';
import { href, type Route, setQuery } from '../router.js';
import { SettingTabs, settingOf } from './leaderboard.js';

export function HeatmapPage({ summary, route }: { summary: ReportSummary; route: Route }) {
  const setting = settingOf(summary, route);
  const by = route.query.get('by') === 'popularity' && summary.popularity.values.length > 0 ? 'popularity' : 'domain';
  const { domains, cells } =
    by === 'popularity' ? { domains: summary.popularity.values, cells: summary.popularity.cells } : summary.heatmap;
  const models = summary.leaderboard.filter((r) => r.setting === setting).map((r) => r.model);
  const cell = (model: string, domain: string | null) =>
    cells.find((c) => c.model === model && c.setting === setting && c.domain === domain);
  return (
    <section>
      <h1>Model × {by}</h1>
      <p className="muted">Mean Gamut score per {by} (×100); hover a cell for its 95% CI and n.</p>
      <div className="row">
        <SettingTabs summary={summary} route={route} />
        {summary.popularity.values.length > 0 && (
          <div className="tabs" role="tablist">
            {(['domain', 'popularity'] as const).map((b) => (
              <button
                key={b}
                type="button"
                role="tab"
                aria-selected={b === by}
                className={b === by ? 'tab active' : 'tab'}
                onClick={() => setQuery(route, { by: b === 'domain' ? null : b })}
              >
                by {b}
              </button>
            ))}
          </div>
        )}
      </div>
      {domains.length === 0 ? (
        <p className="empty">The rubrics carry no domains.</p>
      ) : (
        <div className="scroll-x">
          <table className="heatmap" data-testid="heatmap">
            <thead>
              <tr>
                <th scope="col">Model</th>
                {domains.map((d) => (
                  <th key={d ?? '∅'} scope="col">
                    {d ?? '(none)'}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {models.map((m) => (
                <tr key={m}>
                  <th scope="row">{m}</th>
                  {domains.map((d) => {
                    const c = cell(m, d);
                    return (
                      <td
                        key={d ?? '∅'}
                        className="num heat"
                        style={{ background: heatColor(c?.score ?? null) }}
                        title={c ? `${formatScore(c.score)} ${formatCi(c.ci95)} · n = ${c.n}` : ''}
                      >
                        <a href={href(['questions'], { model: m, setting, domain: d ?? '' })}>
                          {formatScore(c?.score)}
                        </a>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
