import { formatScore, type ReportSummary } from '@gamut/core';
import { useMemo } from 'react';
import { VirtualList } from '../components/virtual-list.js';
import { href, type Route, setQuery } from '../router.js';
import { settingOf } from './leaderboard.js';

const ROW = 36;

/** The drill-down list: filter by text, domain and language; sort by a model's score; virtualised. */
export function QuestionsPage({ summary, route }: { summary: ReportSummary; route: Route }) {
  const q = summary.questions;
  const setting = settingOf(summary, route);
  const model = route.query.get('model') ?? summary.models[0] ?? '';
  const text = route.query.get('q') ?? '';
  const domain = route.query.get('domain') ?? '';
  const lang = route.query.get('lang') ?? '';
  const sort = route.query.get('sort') ?? 'id';
  const scores = q.scores[`${model}|${setting}`] ?? [];
  const domains = useMemo(() => [...new Set(q.domain.filter((d): d is string => d !== null))].sort(), [q.domain]);
  const languages = useMemo(() => [...new Set(q.language.filter((d): d is string => d !== null))].sort(), [q.language]);
  const rows = useMemo(() => {
    const needle = text.toLocaleLowerCase();
    const out: number[] = [];
    for (let i = 0; i < q.ids.length; i++) {
      if (domain && q.domain[i] !== domain) continue;
      if (lang && q.language[i] !== lang) continue;
      if (needle && !`${q.ids[i]} ${q.text[i]}`.toLocaleLowerCase().includes(needle)) continue;
      out.push(i);
    }
    if (sort === 'score' || sort === '-score') {
      const dir = sort === 'score' ? 1 : -1;
      out.sort((a, b) => dir * ((scores[a] ?? Number.POSITIVE_INFINITY) - (scores[b] ?? Number.POSITIVE_INFINITY)));
    }
    return out;
  }, [q, text, domain, lang, sort, scores]);
  const height = Math.min(640, Math.max(ROW * 4, rows.length * ROW));
  return (
    <section>
      <h1>Questions</h1>
      <div className="filters">
        <input
          type="search"
          placeholder="Search questions…"
          aria-label="Search questions"
          value={text}
          onChange={(e) => setQuery(route, { q: e.target.value })}
        />
        <select aria-label="Model" value={model} onChange={(e) => setQuery(route, { model: e.target.value })}>
          {summary.models.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <select aria-label="Setting" value={setting} onChange={(e) => setQuery(route, { setting: e.target.value })}>
          {summary.settings.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        <select aria-label="Domain" value={domain} onChange={(e) => setQuery(route, { domain: e.target.value })}>
          <option value="">all domains</option>
          {domains.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
        <select aria-label="Language" value={lang} onChange={(e) => setQuery(route, { lang: e.target.value })}>
          <option value="">all languages</option>
          {languages.map((d) => (
            <option key={d}>{d}</option>
          ))}
        </select>
        <select aria-label="Sort" value={sort} onChange={(e) => setQuery(route, { sort: e.target.value })}>
          <option value="id">by id</option>
          <option value="score">lowest score first</option>
          <option value="-score">highest score first</option>
        </select>
        <span className="muted">
          {rows.length} of {q.ids.length}
        </span>
      </div>
      <div className="qhead">
        <span className="qid">id</span>
        <span className="qtext">question</span>
        <span className="qmeta">domain</span>
        <span className="qscore">{model}</span>
      </div>
      <VirtualList
        count={rows.length}
        rowHeight={ROW}
        height={height}
        label="questions"
        renderRow={(k) => {
          const i = rows[k] as number;
          const id = q.ids[i] as string;
          return (
            <a
              className="qrow"
              data-testid="question-row"
              href={href(['questions', id], { model, setting })}
              lang={q.language[i] ?? undefined}
            >
              <span className="qid">{id}</span>
              <span className="qtext" title={q.text[i]}>
                {q.text[i]}
              </span>
              <span className="qmeta">{q.domain[i] ?? ''}</span>
              <span className="qscore num">{formatScore(scores[i] ?? null)}</span>
            </a>
          );
        }}
      />
    </section>
  );
}
