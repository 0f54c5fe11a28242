import { formatScore, judgeLabel, type RagGroupSummary, type ReportSummary } from '@gamut/core';
import { textLang } from '../components/text-lang.js';
import { href, type Route, setQuery } from '../router.js';

const METRICS: Array<[keyof RagGroupSummary, string]> = [
  ['pass_rate', 'Pass'],
  ['recall_at_k', 'Recall@k'],
  ['fact_coverage', 'Fact coverage'],
  ['faithfulness', 'Faithfulness'],
  ['citation_precision', 'Citation precision'],
  ['correct_abstention_rate', 'Correct abst.'],
  ['false_abstention_rate', 'False abst.'],
  ['erb_composite', 'ERB composite'],
];

/** What each metric measures and over which questions (docs/wiki-qa.md). */
const METRIC_HELP: Record<string, string> = {
  pass_rate:
    'answerable: every required fact met, no contradicted or unsupported key claim, each key claim validly cited; unanswerable: the agent abstains. Over all questions.',
  recall_at_k: 'share of the gold pages found in the top k retrieved. Over answerable questions.',
  fact_coverage: 'share of the required facts the answer meets. Over answerable questions.',
  faithfulness: 'factual claims supported by the retrieved pages / factual claims. Over questions with a claim.',
  citation_precision:
    'cited claims whose cited page exists, is current and supports the claim / cited claims. Over questions with a cited claim.',
  correct_abstention_rate: 'abstentions on unanswerable questions / unanswerable questions.',
  false_abstention_rate: 'abstentions on answerable questions / answerable questions.',
  erb_composite:
    'EnterpriseRAG-Bench composite: the mean over answerable questions of correct (1 when the judge finds the answer correct as a whole, else 0) × fact coverage; shown beside the other metrics, never instead of them.',
};

function GroupTable({ title, groups }: { title: string; groups: Record<string, RagGroupSummary> }) {
  return (
    <>
      <h2>{title}</h2>
      <table data-testid={`rag-${title.toLowerCase().replace(/\s+/g, '-')}`}>
        <thead>
          <tr>
            <th scope="col">{title.replace('By ', '')}</th>
            <th scope="col">n</th>
            {METRICS.map(([, l]) => (
              <th key={l} scope="col">
                {l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Object.entries(groups).map(([k, g]) => (
            <tr key={k}>
              <td>{k}</td>
              <td className="num">{g.n}</td>
              {METRICS.map(([m]) => (
                <td key={m} className="num">
                  {formatScore(g[m] as number | null)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** Wiki-QA: per-question metrics side by side, tables by type, stage and origin, and flags for review. */
export function RagPage({ summary, route }: { summary: ReportSummary; route: Route }) {
  const rag = summary.rag;
  if (!rag) return <p className="empty">This run has no wiki-QA grading.</p>;
  const type = route.query.get('type') ?? '';
  const stage = route.query.get('stage') ?? '';
  const origin = route.query.get('origin') ?? '';
  const rows = rag.questions.filter(
    (q) =>
      (!type || q.type === type) &&
      (!origin || q.origin === origin) &&
      (!stage || (stage === 'pass' ? q.pass : q.failure_stage === stage)),
  );
  const s = rag.summary;
  return (
    <section>
      <h1>Wiki-QA agent</h1>
      <p className="muted">
        agent {rag.agent ?? '—'} · judge {judgeLabel(rag.judge)} · k = {s.k} · {s.n} questions ({s.n_answerable}{' '}
        answerable, {s.n_unanswerable} unanswerable)
      </p>
      <div className="cards">
        {METRICS.map(([m, l]) => (
          <div key={m} className="card" title={METRIC_HELP[m]}>
            <div className="muted small">{l}</div>
            <div className="big">{formatScore(s[m] as number | null)}</div>
          </div>
        ))}
      </div>
      <details className="explain" data-testid="rag-metric-help">
        <summary>What these metrics mean (ERB composite and the rest)</summary>
        <dl className="explain">
          {METRICS.map(([m, l]) => (
            <div key={m} style={{ display: 'contents' }}>
              <dt>{l}</dt>
              <dd>{METRIC_HELP[m]}</dd>
            </div>
          ))}
        </dl>
      </details>
      <GroupTable title="By type" groups={rag.by_type} />
      <GroupTable title="By origin" groups={rag.by_origin} />
      <h2>By failure stage</h2>
      <table data-testid="rag-by-stage">
        <tbody>
          {Object.entries(rag.by_stage).map(([k, n]) => (
            <tr key={k}>
              <td>
                <a href={href(['rag'], { stage: k })}>{k}</a>
              </td>
              <td className="num">{n}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Flags for review ({rag.flags.length})</h2>
      <ul className="flags" data-testid="rag-flags">
        {rag.flags.map((f) => (
          <li key={`${f.question_id}:${f.kind}:${f.detail}`}>
            <a href={href(['rag', f.question_id])}>{f.question_id}</a> <span className="badge">{f.kind}</span>{' '}
            {f.detail}
          </li>
        ))}
      </ul>
      <h2>Questions</h2>
      <div className="filters">
        <select aria-label="Type" value={type} onChange={(e) => setQuery(route, { type: e.target.value })}>
          <option value="">all types</option>
          {Object.keys(rag.by_type).map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
        <select aria-label="Origin" value={origin} onChange={(e) => setQuery(route, { origin: e.target.value })}>
          <option value="">all origins</option>
          {Object.keys(rag.by_origin).map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
        <select aria-label="Stage" value={stage} onChange={(e) => setQuery(route, { stage: e.target.value })}>
          <option value="">all outcomes</option>
          <option value="pass">pass</option>
          {Object.keys(rag.by_stage).map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
        <span className="muted">{rows.length} questions</span>
      </div>
      <div className="scroll-x">
        <table data-testid="rag-questions">
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Type</th>
              <th scope="col">Origin</th>
              <th scope="col">Recall@{s.k}</th>
              <th scope="col">Facts</th>
              <th scope="col">Faithful</th>
              <th scope="col">Cit. prec.</th>
              <th scope="col">Abstained</th>
              <th scope="col">Pass</th>
              <th scope="col">Failure stage</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((q) => (
              <tr key={q.question_id} lang={textLang(q.question)}>
                <td>
                  <a href={href(['rag', q.question_id])}>{q.question_id}</a> <span className="small">{q.question}</span>
                </td>
                <td>{q.type}</td>
                <td>{q.origin}</td>
                <td className="num">{formatScore(q.recall_at_k)}</td>
                <td className="num">{formatScore(q.fact_coverage)}</td>
                <td className="num">{formatScore(q.faithfulness)}</td>
                <td className="num">{formatScore(q.citation_precision)}</td>
                <td>{q.abstained ? 'yes' : 'no'}</td>
                <td className={q.pass ? 'ok' : 'bad'}>{q.pass ? 'pass' : 'fail'}</td>
                <td>{q.failure_stage ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
