import { formatScore, type RunComparison } from '@gamut/core';
import { textLang } from '../components/text-lang.js';
import { href, type Route, setQuery } from '../router.js';

function Delta({ value }: { value: number | null }) {
  const text = formatScore(value);
  if (value === null) return <span className="muted">{text}</span>;
  return (
    <span className={value > 0 ? 'delta-pos' : value < 0 ? 'delta-neg' : ''}>{value > 0 ? `+${text}` : text}</span>
  );
}

const runName = (r: RunComparison['a']) => r.run_id ?? 'run';

/** The two runs' columns and their difference. */
function RunColumns({ c }: { c: RunComparison }) {
  return (
    <>
      <th scope="col" className="num">
        {runName(c.a)}
      </th>
      <th scope="col" className="num">
        {runName(c.b)}
      </th>
      <th scope="col" className="num">
        Δ
      </th>
    </>
  );
}

/** Two runs side by side: the means per model, then each question's difference (b − a) for one model. */
export function ComparePage({ comparison, route }: { comparison: RunComparison | null; route: Route }) {
  if (!comparison)
    return (
      <p className="empty">
        No second run to compare with: start the viewer with{' '}
        <code>gamut view &lt;run&gt; --compare &lt;other run&gt;</code>.
      </p>
    );
  const c = comparison;
  const unit = c.units.some((u) => u.unit === route.query.get('unit'))
    ? route.query.get('unit')
    : (c.units[0]?.unit ?? null);
  const sort = route.query.get('sort') === 'id' ? 'id' : 'delta';
  const rows = c.questions
    .map((q) => ({ q, s: unit ? q.scores[unit] : undefined }))
    .sort((x, y) =>
      sort === 'id'
        ? x.q.question_id.localeCompare(y.q.question_id)
        : Math.abs(y.s?.delta ?? -1) - Math.abs(x.s?.delta ?? -1) || x.q.question_id.localeCompare(y.q.question_id),
    );
  const [model, setting] = (unit ?? '|').split('|');
  return (
    <section>
      <h1>
        {runName(c.a)} vs {runName(c.b)}
      </h1>
      <p className="muted">
        Differences are b − a ({runName(c.b)} − {runName(c.a)}), paired over the questions both runs scored with the
        same rubric hash: {c.questions.length} questions compared
        {c.changed.length > 0 ? `, ${c.changed.length} left out because their rubric changed` : ''}
        {c.only_a.length > 0 ? `, ${c.only_a.length} only in ${runName(c.a)}` : ''}
        {c.only_b.length > 0 ? `, ${c.only_b.length} only in ${runName(c.b)}` : ''}.
      </p>
      {c.changed.length > 0 && (
        <p className="small" data-testid="compare-changed">
          Rubric changed: {c.changed.join(', ')}
        </p>
      )}
      {c.units.length === 0 ? (
        <p className="empty">The two runs share no model and setting, so there is nothing to compare.</p>
      ) : (
        <table data-testid="compare-units">
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Setting</th>
              <RunColumns c={c} />
              <th scope="col" className="num">
                n
              </th>
            </tr>
          </thead>
          <tbody>
            {c.units.map((u) => (
              <tr
                key={u.unit}
                data-testid="compare-unit"
                data-unit={u.unit}
                className={u.unit === unit ? 'active' : ''}
              >
                <td>
                  <button type="button" className="link" onClick={() => setQuery(route, { unit: u.unit })}>
                    {u.model}
                  </button>
                </td>
                <td>{u.setting}</td>
                <td className="num">{formatScore(u.a)}</td>
                <td className="num">{formatScore(u.b)}</td>
                <td className="num strong" data-testid="compare-unit-delta">
                  <Delta value={u.delta} />
                </td>
                <td className="num">{u.n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {unit && (
        <>
          <h2>
            Per question: {model} ({setting})
          </h2>
          <div className="filters">
            <select aria-label="Sort" value={sort} onChange={(e) => setQuery(route, { sort: e.target.value })}>
              <option value="delta">largest difference first</option>
              <option value="id">by id</option>
            </select>
          </div>
          {rows.length === 0 ? (
            <p className="empty">No question has the same rubric in both runs.</p>
          ) : (
            <table data-testid="compare-questions">
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <RunColumns c={c} />
                </tr>
              </thead>
              <tbody>
                {rows.map(({ q, s }) => (
                  <tr
                    key={q.question_id}
                    data-testid="compare-question"
                    data-question={q.question_id}
                    lang={textLang(q.question)}
                  >
                    <td>
                      <a href={href(['questions', q.question_id], { model, setting })}>{q.question_id}</a>{' '}
                      <span className="small">{q.question}</span>
                    </td>
                    <td className="num">{formatScore(s?.a)}</td>
                    <td className="num">{formatScore(s?.b)}</td>
                    <td className="num strong" data-testid="compare-delta">
                      <Delta value={s?.delta ?? null} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
