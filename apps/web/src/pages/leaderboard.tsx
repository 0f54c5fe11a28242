import { formatCi, formatScore, judgeLabel, type LeaderboardRow, type ReportSummary, unscoredNote } from '@gamut/core';
import { CalibratedCell, CalibratedHeader, CalibrationNote, hasCalibration } from '../components/calibrated-column.js';
import { CiBar, TierBars, VerdictBar } from '../components/charts.js';
import { VerdictLegend } from '../components/legend.js';
import { ScoreParams } from '../components/score-params.js';
import { Tabs } from '../components/tabs.js';
import { href, type Route, setQuery } from '../router.js';

type SortKey = 'rank' | 'model' | 'gamut' | 'n' | 'answer_critical' | 'valuable' | 'context';
const SORT_KEYS: readonly SortKey[] = ['rank', 'model', 'gamut', 'n', 'answer_critical', 'valuable', 'context'];

function sortValue(r: LeaderboardRow, k: SortKey): number | string {
  if (k === 'model') return r.model;
  if (k === 'rank') return r.rank;
  if (k === 'gamut') return r.gamut ?? Number.NEGATIVE_INFINITY;
  if (k === 'n') return r.n;
  return r.tiers[k] ?? Number.NEGATIVE_INFINITY;
}

export function settingOf(summary: ReportSummary, route: Route): string {
  const s = route.query.get('setting');
  return s && summary.settings.includes(s as never) ? s : (summary.settings[0] ?? 'multimodal');
}

export function SettingTabs({ summary, route }: { summary: ReportSummary; route: Route }) {
  const current = settingOf(summary, route);
  return (
    <Tabs
      options={summary.settings}
      current={current}
      label={(s) => s.replace('_', '-')}
      onSelect={(s) => setQuery(route, { setting: s })}
    />
  );
}

/** The judge the leaderboard shows: `?judge=` when that judge has a leaderboard of its own, else the run's. */
export function judgeOf(summary: ReportSummary, route: Route): string | null {
  const j = route.query.get('judge');
  return j && summary.leaderboards_by_judge?.[j] ? j : summary.judge;
}

export function JudgeSwitcher({ summary, route }: { summary: ReportSummary; route: Route }) {
  const byJudge = summary.leaderboards_by_judge;
  if (!byJudge || Object.keys(byJudge).length < 2) return null;
  const current = judgeOf(summary, route);
  return (
    <label className="judge-switcher">
      Judge{' '}
      <select
        aria-label="Judge"
        value={current ?? ''}
        onChange={(e) => setQuery(route, { judge: e.target.value === summary.judge ? null : e.target.value })}
      >
        {Object.keys(byJudge).map((j) => (
          <option key={j} value={j}>
            {judgeLabel(j)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function LeaderboardPage({ summary, route }: { summary: ReportSummary; route: Route }) {
  const setting = settingOf(summary, route);
  const judge = judgeOf(summary, route);
  const board = (judge !== null && summary.leaderboards_by_judge?.[judge]) || summary.leaderboard;
  // The failure kinds behind each unscored count are known for the run's own judge.
  const unscored = judge === summary.judge ? summary.unscored : [];
  const sortParam = route.query.get('sort');
  const sort: SortKey = SORT_KEYS.includes(sortParam as SortKey) ? (sortParam as SortKey) : 'rank';
  const asc = route.query.get('dir') ? route.query.get('dir') === 'asc' : sort === 'rank' || sort === 'model';
  const rows = board
    .filter((r) => r.setting === setting)
    .slice()
    .sort((a, b) => {
      const x = sortValue(a, sort);
      const y = sortValue(b, sort);
      const c = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
      return asc ? c : -c;
    });
  // The column appears only when a judge failure left answers out of some model's mean.
  const withUnscored = rows.some((r) => r.unscored > 0);
  const withCalibrated = hasCalibration(summary);
  const header = (k: SortKey, label: string) => (
    <th
      scope="col"
      aria-sort={sort === k ? (asc ? 'ascending' : 'descending') : 'none'}
      className="sortable"
      onClick={() => setQuery(route, { sort: k, dir: sort === k ? (asc ? 'desc' : 'asc') : null })}
    >
      {label}
      {sort === k ? (asc ? ' ▲' : ' ▼') : ''}
    </th>
  );
  return (
    <section>
      <h1>Leaderboard</h1>
      <p className="muted">
        Mean Gamut score per model, ×100, with 95% bootstrap CIs over questions
        {judge ? ` · judge: ${judgeLabel(judge)}` : ''}
        {summary.judge_failures > 0 ? ` · ${summary.judge_failures} judge failures (not counted as verdicts)` : ''}
      </p>
      <ScoreParams run={summary.run} />
      <CalibrationNote summary={summary} />
      {rows.some((r) => r.unscored > 0) && (
        <ul className="unscored" data-testid="lb-unscored-notes">
          {rows
            .filter((r) => r.unscored > 0)
            .map((r) => (
              <li key={r.model}>
                <strong>{r.model}</strong>:{' '}
                {unscored.length > 0
                  ? unscoredNote(r.unscored, unscored, r)
                  : `${r.unscored} answer${r.unscored === 1 ? '' : 's'} unscored (judge failures)`}
                ; left out of its mean — the failed checks are listed on each{' '}
                <a href={href(['questions'], { model: r.model, setting: r.setting })}>question</a>
              </li>
            ))}
        </ul>
      )}
      <div className="row">
        <SettingTabs summary={summary} route={route} />
        <JudgeSwitcher summary={summary} route={route} />
      </div>
      {rows.length === 0 ? (
        <p className="empty">
          {summary.models.length === 0
            ? 'No answers in this run yet: `gamut run` writes them, then `gamut judge` the verdicts.'
            : `No scored answers in the ${setting.replace('_', '-')} setting${judge ? ` for ${judgeLabel(judge)}` : ''}.`}
        </p>
      ) : (
        <>
          <table className="leaderboard" data-testid="leaderboard">
            <thead>
              <tr>
                {header('rank', '#')}
                {header('model', 'Model')}
                {header('gamut', 'Gamut')}
                <th scope="col">95% CI</th>
                {withCalibrated && <CalibratedHeader />}
                <th scope="col" className="wide">
                  −100 … 0 … 100
                </th>
                {header('n', 'n')}
                {withUnscored && <th scope="col">Unscored</th>}
                <th scope="col">Tier scores</th>
                <th scope="col">Verdicts</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.model} data-testid="lb-row" data-model={r.model} data-setting={r.setting}>
                  <td className="num">{r.rank}</td>
                  <td>
                    <a href={href(['questions'], { model: r.model, setting: r.setting })}>{r.model}</a>
                  </td>
                  <td className="num strong" data-testid="lb-gamut">
                    {formatScore(r.gamut)}
                  </td>
                  <td className="num" data-testid="lb-ci">
                    {formatCi(r.ci95)}
                  </td>
                  {withCalibrated && <CalibratedCell row={r} />}
                  <td className="wide">
                    <CiBar value={r.gamut} ci={r.ci95} />
                  </td>
                  <td className="num">{r.n}</td>
                  {withUnscored && (
                    <td className={`num${r.unscored > 0 ? ' unscored-count' : ''}`} data-testid="lb-unscored">
                      {r.unscored}
                    </td>
                  )}
                  <td>
                    <TierBars tiers={r.tiers} />
                  </td>
                  <td>
                    <VerdictBar counts={r.verdicts} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <VerdictLegend />
        </>
      )}
    </section>
  );
}
