import { formatScore, matchesTerms, type ReportSummary, searchTerms } from '@gamut/core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { ClientApi } from '../client/api.js';
import { VirtualList } from '../components/virtual-list.js';
import { href, type Route, setQuery } from '../router.js';
import { settingOf } from './leaderboard.js';

const ROW = 36;

/** Question ids whose answers hold the query, once the API has searched them (null until then). */
function useAnswerMatches(api: ClientApi, query: string): { query: string; ids: Set<string> } | null {
  const [found, setFound] = useState<{ query: string; ids: Set<string> } | null>(null);
  useEffect(() => {
    if (searchTerms(query).length === 0) return;
    let live = true;
    // Typing fires one search per pause, not one per key.
    const t = setTimeout(() => {
      api.answerMatches(query).then(
        (ids) => live && setFound({ query, ids }),
        () => live && setFound({ query, ids: new Set() }),
      );
    }, 150);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [api, query]);
  return found?.query === query ? found : null;
}

/** The drill-down list: search ids, text, entity and answers; filter by domain and language; sort by a model's score; virtualised. */
export function QuestionsPage({ api, summary, route }: { api: ClientApi; summary: ReportSummary; route: Route }) {
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
  const inAnswers = useAnswerMatches(api, text);
  const terms = useMemo(() => searchTerms(text), [text]);
  // Rows matched only through an answer say so.
  const { rows, byAnswer } = useMemo(() => {
    const out: number[] = [];
    const viaAnswer = new Set<number>();
    for (let i = 0; i < q.ids.length; i++) {
      if (domain && q.domain[i] !== domain) continue;
      if (lang && q.language[i] !== lang) continue;
      if (!matchesTerms(terms, [q.ids[i], q.text[i], q.entity?.[i]])) {
        if (!inAnswers?.ids.has(q.ids[i] as string)) continue;
        viaAnswer.add(i);
      }
      out.push(i);
    }
    if (sort === 'score' || sort === '-score') {
      const dir = sort === 'score' ? 1 : -1;
      out.sort((a, b) => dir * ((scores[a] ?? Number.POSITIVE_INFINITY) - (scores[b] ?? Number.POSITIVE_INFINITY)));
    }
    return { rows: out, byAnswer: viaAnswer };
  }, [q, terms, inAnswers, domain, lang, sort, scores]);
  const searching = terms.length > 0 && inAnswers === null;
  const height = Math.min(640, Math.max(ROW * 4, rows.length * ROW));
  return (
    <section>
      <h1>Questions</h1>
      <div className="filters">
        <input
          type="search"
          placeholder="Search text, ids, entities, answers…"
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
        <span className="muted" data-testid="question-count">
          {rows.length} of {q.ids.length}
          {searching ? ' · searching answers…' : ''}
        </span>
      </div>
      {q.ids.length === 0 ? (
        <p className="empty">This run has no questions.</p>
      ) : rows.length === 0 && !searching ? (
        <p className="empty" data-testid="questions-empty">
          No question matches {text ? `“${text}”` : 'these filters'}
          {domain ? ` in ${domain}` : ''}
          {lang ? ` in language ${lang}` : ''}: the search looks in question text, ids, entities and answers.{' '}
          <a href={href(['questions'], { model, setting })}>Clear the search and filters</a>
        </p>
      ) : (
        <QuestionTable
          rows={rows}
          height={height}
          model={model}
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
                  {byAnswer.has(i) && <span className="qmatch">in an answer · </span>}
                  {q.text[i]}
                </span>
                <span className="qmeta">{q.domain[i] ?? ''}</span>
                <span className="qscore num">{formatScore(scores[i] ?? null)}</span>
              </a>
            );
          }}
        />
      )}
    </section>
  );
}

/** The header in the same box as the rows, on the same grid, so each label sits over its column. */
function QuestionTable({
  rows,
  height,
  model,
  renderRow,
}: {
  rows: readonly number[];
  height: number;
  model: string;
  renderRow: (k: number) => ReactNode;
}) {
  return (
    <div className="qtable" data-testid="questions-table">
      <div className="qhead" role="presentation">
        <span className="qid">id</span>
        <span className="qtext">question</span>
        <span className="qmeta">domain</span>
        <span className="qscore num">{model}</span>
      </div>
      <VirtualList count={rows.length} rowHeight={ROW} height={height} label="questions" renderRow={renderRow} />
    </div>
  );
}
