import { formatCi, formatScore, type ReportSummary } from '@gamut/core';
import { HeatTable } from '../components/heat-table.js';
import { Tabs } from '../components/tabs.js';
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
          <Tabs
            options={['domain', 'popularity'] as const}
            current={by}
            label={(b) => `by ${b}`}
            onSelect={(b) => setQuery(route, { by: b === 'domain' ? null : b })}
          />
        )}
      </div>
      {domains.length === 0 ? (
        <p className="empty">The rubrics carry no domains.</p>
      ) : (
        <HeatTable
          testId="heatmap"
          models={models}
          columns={domains}
          cell={(m, d) => {
            const c = cell(m, d);
            return {
              value: c?.score,
              title: c ? `${formatScore(c.score)} ${formatCi(c.ci95)} · n = ${c.n}` : '',
              href: href(['questions'], { model: m, setting, domain: d ?? '' }),
            };
          }}
        />
      )}
    </section>
  );
}
