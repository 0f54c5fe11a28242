import { type Verdict, verdictCode } from '@gamut/core';
import type { ClientApi } from '../client/api.js';
import { textLang } from '../components/text-lang.js';
import { useLoaded } from '../components/use-loaded.js';
import { href } from '../router.js';

const loadRagQuestion = (api: ClientApi, id: string) => api.ragQuestion(id);

/** One wiki-QA question: the answer, facts, and each claim beside the passage of the page it cites. */
export function RagQuestionPage({ api, id }: { api: ClientApi; id: string }) {
  const state = useLoaded(api, id, loadRagQuestion);
  if (!state) return <p className="muted">Loading {id}…</p>;
  if (state.error) return <p className="error">{state.error}</p>;
  const q = state.value;
  if (!q) return <p className="empty">No wiki-QA question “{id}” in this run.</p>;
  return (
    <section className="question" lang={textLang(q.question)}>
      <p>
        <a href={href(['rag'])}>← wiki-QA</a>
      </p>
      <h1>
        <span className="muted">{q.question_id}</span> {q.question}
      </h1>
      {q.flags.map((f) => (
        <p key={`${f.kind}:${f.detail}`} className="error">
          <span className="badge">{f.kind}</span> {f.detail}
        </p>
      ))}
      <div className="split">
        <div className="pane">
          <h2>Answer</h2>
          <div className="answer-text">{q.answer ?? '(no output)'}</div>
          {q.gold_answer && (
            <>
              <h3>Gold answer</h3>
              <div className="answer-text muted">{q.gold_answer}</div>
            </>
          )}
        </div>
        <div className="pane">
          <h2>Required facts</h2>
          <table>
            <tbody>
              {q.facts.map((f) => (
                <tr key={f.id}>
                  <td>{f.id}</td>
                  <td>
                    {f.fact}
                    {f.values.length > 0 && <div className="muted small">values: {f.values.join(', ')}</div>}
                  </td>
                  <td>
                    <span className={`badge v-${f.verdict ? verdictCode(f.verdict as Verdict) : '-'}`}>
                      {f.verdict ?? '—'}
                    </span>
                    {f.judge_verdict && f.judge_verdict !== f.verdict && (
                      <div className="small">judge said {f.judge_verdict}</div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h2>Retrieved</h2>
          <ol className="small">
            {q.retrieved.map((r) => (
              <li key={`${r.page_id}@${r.version}`}>
                {r.page_id} v{r.version} · {r.status} {r.title ? `· ${r.title}` : ''}
              </li>
            ))}
          </ol>
        </div>
      </div>
      <h2>Claims and cited passages</h2>
      <table className="claims" data-testid="rag-claims">
        <thead>
          <tr>
            <th scope="col">Claim</th>
            <th scope="col">Cited passage</th>
          </tr>
        </thead>
        <tbody>
          {q.claims.map((c) => (
            <tr key={c.text}>
              <td>
                <div>{c.text}</div>
                <div className="small">
                  {c.key ? 'key · ' : ''}
                  <span className={c.supported ? 'ok' : 'bad'}>{c.supported ? 'supported' : 'unsupported'}</span>
                  {c.contradicted ? ' · contradicted' : ''}
                </div>
              </td>
              <td>
                {c.citations.length === 0 && <span className="muted">no citation</span>}
                {c.citations.map((cit) => (
                  <div key={`${cit.page_id}:${cit.location ?? ''}`} className="citation">
                    <div className="small">
                      <strong>{cit.page_id}</strong> {cit.title ?? ''} · {cit.status} ·{' '}
                      <span className={cit.valid ? 'ok' : 'bad'}>{cit.valid ? 'valid' : 'invalid'}</span>
                      {cit.location ? ` · ${cit.location}` : ''}
                      {cit.reason ? ` · ${cit.reason}` : ''}
                    </div>
                    {cit.passage && <blockquote className="snippet">{cit.passage}</blockquote>}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
