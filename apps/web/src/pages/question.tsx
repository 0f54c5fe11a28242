import { formatScore, verdictOfCode } from '@gamut/core';
import { Fragment } from 'react';
import type { ClientApi } from '../client/api.js';
import { HighlightedText } from '../components/highlighted-text.js';
import { JudgeCall } from '../components/judge-call.js';
import { UnderlineLegend, VerdictLegend } from '../components/legend.js';
import { useLoaded } from '../components/use-loaded.js';
import { href, type Route, setQuery } from '../router.js';

const VERDICT_LABEL: Record<string, string> = {
  M: 'meets',
  P: 'partially meets',
  S: 'missing',
  C: 'contradicts',
  F: 'judge failed',
  '-': 'no verdict',
};

const loadQuestion = (api: ClientApi, id: string) => api.question(id);

/**
 * One question: the question and image, an answer with each check's verdict, and the meta-rubric behind the checks.
 * Everything chosen is in the URL (model, setting, judge, verdict filter, the open check and its judge call), so a
 * link shows the same.
 */
export function QuestionPage({ api, id, route }: { api: ClientApi; id: string; route: Route }) {
  const state = useLoaded(api, id, loadQuestion);
  if (!state) return <p className="muted">Loading {id}…</p>;
  if (state.error) return <p className="error">{state.error}</p>;
  const q = state.value;
  if (!q) return <p className="empty">No question “{id}” in this run.</p>;
  const models = [...new Set(q.answers.map((a) => a.model))];
  const settings = [...new Set(q.answers.map((a) => a.setting))];
  const model = models.includes(route.query.get('model') ?? '') ? (route.query.get('model') as string) : models[0];
  const setting = settings.includes((route.query.get('setting') ?? '') as never)
    ? route.query.get('setting')
    : settings[0];
  const answer = q.answers.find((a) => a.model === model && a.setting === setting) ?? q.answers[0];
  const judges = answer ? Object.keys(answer.judgements) : [];
  const judge = judges.includes(route.query.get('judge') ?? '') ? (route.query.get('judge') as string) : judges[0];
  const jv = answer && judge ? answer.judgements[judge] : undefined;
  // A judge failure is not a verdict: the answer is unscored for that judge, and says why.
  const failures = answer?.failures.filter((f) => f.judge === judge) ?? [];
  const failureOf = new Map(failures.map((f) => [f.check_id, f]));
  const filter = route.query.get('verdict') ?? '';
  const image = q.image ? api.imageUrl(q.image) : null;
  const snippets = new Map(q.snippets.map((s) => [s.id, s]));
  const items = new Map(q.items.map((it) => [it.id, it]));
  const lang = q.language ?? undefined;
  const found = q.checks.findIndex((c) => c.id === route.query.get('check'));
  const active = found >= 0 ? found : null;
  const call = route.query.get('call');
  return (
    <section className="question" lang={lang}>
      <p>
        <a href={href(['questions'], { model, setting })}>← questions</a>
      </p>
      <h1 data-testid="question-title">
        <span className="muted">{q.question_id}</span> {q.question}
      </h1>
      <p className="muted">
        {[q.entity, q.domain, q.popularity, q.language].filter(Boolean).join(' · ')}
        {q.text_only_question ? ` · text-only: “${q.text_only_question}”` : ''}
      </p>
      {q.image &&
        (image ? (
          <img className="qimage" src={image} alt={q.entity ?? q.question_id} />
        ) : (
          <p className="muted">image: {q.image} (not embedded)</p>
        ))}
      <div className="filters">
        <select aria-label="Model" value={model} onChange={(e) => setQuery(route, { model: e.target.value })}>
          {models.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <select
          aria-label="Setting"
          value={setting ?? ''}
          onChange={(e) => setQuery(route, { setting: e.target.value })}
        >
          {settings.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
        {judges.length > 1 && (
          <select aria-label="Judge" value={judge} onChange={(e) => setQuery(route, { judge: e.target.value })}>
            {judges.map((j) => (
              <option key={j}>{j}</option>
            ))}
          </select>
        )}
        <select
          aria-label="Verdict filter"
          value={filter}
          onChange={(e) => setQuery(route, { verdict: e.target.value })}
        >
          <option value="">all verdicts</option>
          {Object.entries(VERDICT_LABEL).map(([c, l]) => (
            <option key={c} value={c}>
              {l}
            </option>
          ))}
        </select>
        {answer && (
          <span>
            Gamut{' '}
            <strong data-testid="answer-gamut">{failures.length > 0 ? 'unscored' : formatScore(answer.gamut)}</strong>
          </span>
        )}
      </div>
      {!answer ? (
        <p className="empty">No answers to this question.</p>
      ) : (
        <div className="split">
          <div className="pane">
            <h2>Answer</h2>
            <HighlightedText
              text={answer.response}
              quotes={jv?.quotes ?? []}
              classOf={(i) => `v-${jv?.codes[i] ?? '-'}`}
              active={active}
            />
            <UnderlineLegend />
            {failures.length > 0 && (
              <div className="judge-failures" data-testid="judge-failures">
                <p>
                  <strong>Unscored:</strong> the judge gave no verdict on {failures.length} check
                  {failures.length === 1 ? '' : 's'}, so this answer is left out of its model’s mean.
                </p>
                <ul>
                  {failures.map((f) => (
                    <li key={f.check_id} data-testid="judge-failure" data-kind={f.kind}>
                      <span className="badge v-F">{f.kind.replace('_', ' ')}</span> {f.check_id}: {f.reason}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <div className="pane">
            <h2>Checks</h2>
            <VerdictLegend failures={failures.length > 0} />
            <table className="checks" data-testid="checks">
              <thead>
                <tr>
                  <th scope="col">Verdict</th>
                  <th scope="col">Check</th>
                  <th scope="col">Rationale</th>
                </tr>
              </thead>
              <tbody>
                {q.checks.map((c, i) => {
                  const code = jv?.codes[i] ?? '-';
                  if (filter && code !== filter) return null;
                  return (
                    <Fragment key={c.id}>
                      <tr
                        data-testid="check-row"
                        data-check={c.id}
                        data-verdict={code === 'F' ? 'failed' : (verdictOfCode(code) ?? 'none')}
                        className={active === i ? 'active' : ''}
                        onClick={() => setQuery(route, { check: active === i ? null : c.id })}
                      >
                        <td>
                          <span className={`badge v-${code}`}>{VERDICT_LABEL[code]}</span>
                          {failureOf.has(c.id) && (
                            <div className="muted small">{failureOf.get(c.id)?.kind.replace('_', ' ')}</div>
                          )}
                        </td>
                        <td>
                          <div>{c.text}</div>
                          <div className="muted small">
                            {c.id} · {c.tier.replace('_', ' ')} · {c.kind}
                            {c.secondary ? ' · secondary' : ''}
                          </div>
                          {active === i && (
                            <div className="origin" data-testid="check-origin">
                              <div className="small">
                                from <strong>{c.item}</strong> {items.get(c.item)?.text ?? ''}
                              </div>
                              {(c.snippets.length > 0 ? c.snippets : (items.get(c.item)?.snippets ?? [])).map((sid) => {
                                const sn = snippets.get(sid);
                                return sn ? (
                                  <blockquote key={sid} className="snippet">
                                    <span className="muted">[{sn.id}]</span> {sn.text}
                                  </blockquote>
                                ) : null;
                              })}
                            </div>
                          )}
                        </td>
                        <td className="small">
                          {jv?.rationales[i] ?? ''}
                          {judge && (
                            <div>
                              <button
                                type="button"
                                className="link small"
                                data-testid="show-judge-call"
                                aria-expanded={call === c.id}
                                onClick={(e) => {
                                  e.stopPropagation();
                                  setQuery(route, { call: call === c.id ? null : c.id });
                                }}
                              >
                                {call === c.id ? 'hide prompt & reply' : 'prompt & reply'}
                              </button>
                            </div>
                          )}
                        </td>
                      </tr>
                      {call === c.id && judge && (
                        <tr className="call-row">
                          <td colSpan={3}>
                            <JudgeCall question={q} answer={answer} judge={judge} index={i} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <h2>Meta-rubric</h2>
      <div className="items">
        {q.items.map((it) => (
          <div
            key={it.id}
            className={`item ${active !== null && q.checks[active]?.item === it.id ? 'active' : ''}`}
            data-testid="meta-item"
          >
            <div>
              <strong>{it.id}</strong>{' '}
              <span className="muted">
                {it.type.replace('_', ' ')} · {it.tier.replace('_', ' ')}
              </span>{' '}
              {it.text}
            </div>
            {it.parts.length > 0 && (
              <ul>
                {it.parts.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
            {it.snippets.map((sid) => {
              const s = snippets.get(sid);
              return s ? (
                <blockquote key={sid} className="snippet">
                  <span className="muted">
                    [{s.id}] {s.title ?? ''}
                  </span>{' '}
                  {s.text}
                  {s.url && <div className="muted small">{s.url}</div>}
                </blockquote>
              ) : null;
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
