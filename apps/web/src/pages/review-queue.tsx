import { useCallback, useEffect, useState } from 'react';
import type { Me, PostedEvent, ReviewApi, ReviewQueuePage } from '../client/review-api.js';
import { ReviewProgress } from '../components/review-progress.js';
import { useKeys } from '../components/use-keys.js';
import { VERDICT_DEFINITION, VERDICTS, type VerdictName } from '../components/verdicts.js';
import { href, type Route, replaceQuery, setQuery } from '../router.js';

const LABEL = (v: string) => v.replace('_', ' ');
/** What a reviewer's keys decide on the queues they work. */
const REVIEWER_KEYS: Record<string, Record<string, PostedEvent['kind']>> = {
  question_review: { a: 'accept', r: 'revise', d: 'discard' },
  rubric_revision: { a: 'accept', r: 'revise', d: 'discard' },
  wiki_flag: { a: 'confirm', d: 'reject' },
};

/**
 * One queue, one item at a time, keyboard first: 1–4 give a verdict (and move on to the next
 * item open to you), j/k move, u undoes your last decision (a new event), a/r/d accept, revise or
 * discard. The item is in the URL, and without one the server picks the next open to you, so a
 * reload keeps your place. An annotator never sees the model, the judge or anyone else's label.
 */
export function ReviewQueueWork({
  api,
  me,
  queueId,
  route,
  imageUrl,
}: {
  api: ReviewApi;
  me: Me;
  queueId: string;
  route: Route;
  imageUrl: (path: string) => string | null;
}) {
  const itemParam = route.query.get('item');
  const [page, setPage] = useState<ReviewQueuePage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [change, setChange] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  // `tick` reloads the page after a decision; `route` is read only to write the item into the URL.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    let live = true;
    api.page(queueId, itemParam).then(
      (p) => {
        if (!live) return;
        setPage(p);
        setError(null);
        setNote('');
        setChange(null);
        // The item shown goes into the URL: a reload or a shared link shows the same one.
        if (!itemParam && p.item) replaceQuery(route, { item: p.item.item_id });
      },
      (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [api, queueId, itemParam, tick]);

  const item = page?.item ?? null;
  const goTo = useCallback(
    // Without an item the server shows the next one open to the person (or none is left).
    (id: string | null) => setQuery(route, { item: id }),
    [route],
  );
  const move = (step: number) => {
    if (!page || !item) return;
    const at = page.item_ids.indexOf(item.item_id);
    const to = page.item_ids[at + step];
    if (to) goTo(to);
  };
  const send = async (event: PostedEvent, advance: boolean) => {
    if (busy || !page) return;
    setBusy(true);
    try {
      const { event: stored } = await api.post(queueId, event);
      if (event.kind === 'undo') goTo(stored.item_id);
      else if (advance) goTo(page.next_item_id);
      setTick((t) => t + 1);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const decideLabel = (value: string) => {
    if (!item) return;
    const kind = me.role === 'adjudicator' ? 'adjudicate' : 'label';
    void send({ kind, item_id: item.item_id, value, reason: note.trim() }, true);
  };
  const decideOther = (kind: PostedEvent['kind']) => {
    if (!item || kind === 'label' || kind === 'adjudicate' || kind === 'undo') return;
    if (kind === 'revise') {
      if (change === null) return setChange('{\n  \n}');
      let parsed: unknown;
      try {
        parsed = JSON.parse(change);
      } catch {
        return setError('the change must be a JSON object: field → new value');
      }
      return void send(
        { kind, item_id: item.item_id, reason: note.trim(), change: parsed as Record<string, unknown> },
        true,
      );
    }
    void send({ kind, item_id: item.item_id, reason: note.trim() }, true);
  };

  const kind = page?.queue.kind;
  const labelled = kind === 'verdict_label' || me.role === 'adjudicator';
  const keys: Record<string, () => void> = {
    j: () => move(1),
    k: () => move(-1),
    u: () => void send({ kind: 'undo' }, false),
  };
  if (labelled) for (const [i, l] of (page?.queue.labels ?? []).entries()) keys[String(i + 1)] = () => decideLabel(l);
  else for (const [k, v] of Object.entries(REVIEWER_KEYS[kind ?? ''] ?? {})) keys[k] = () => decideOther(v);
  useKeys(keys, page !== null);

  if (!page) return error ? <p className="error">{error}</p> : <p className="muted">Loading {queueId}…</p>;
  const q = page.queue;
  return (
    <div data-testid="review-queue" data-queue={q.id}>
      <p>
        <a href={href(['review'])}>← your queues</a>
      </p>
      <h1>
        {q.id}{' '}
        {item && (
          <span className="muted">
            · item {item.position} of {item.total}
          </span>
        )}
      </h1>
      <p className="muted" data-testid="my-progress">
        {q.title && `${q.title} · `}
        {me.role === 'adjudicator' ? 'you decided' : 'you labelled'} {q.mine.decided} · open to you {q.mine.open}
      </p>
      <p className="muted small keys">
        Keys:{' '}
        {labelled
          ? `1–${q.labels.length} decide`
          : Object.entries(REVIEWER_KEYS[q.kind] ?? {})
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')}{' '}
        (and move on) · j next · k previous · u undo your last decision
      </p>
      {error && (
        <p className="error" role="alert" data-testid="review-error">
          {error}
        </p>
      )}
      {!item ? (
        <p className="empty" data-testid="queue-finished">
          Nothing left for you in this queue{q.mine.open === 0 ? '' : ` here; ${q.mine.open} still open`}. Thank you.
        </p>
      ) : (
        <div className="review-grid" data-testid="review-item" data-item={item.item_id}>
          <div className="pane">
            {page.content ? (
              <>
                <h2>Question</h2>
                <p data-testid="review-question">{page.content.question ?? page.content.question_id}</p>
                {page.content.image && <ReviewImage path={page.content.image} imageUrl={imageUrl} />}
                <h2>Answer</h2>
                <div className="answer-text" data-testid="review-answer">
                  {page.content.answer ?? '(no answer)'}
                </div>
              </>
            ) : (
              <>
                <h2>Item</h2>
                <pre className="payload" data-testid="review-payload">
                  {JSON.stringify(item.payload, null, 2)}
                </pre>
              </>
            )}
          </div>
          <div className="pane">
            {page.content && (
              <>
                <h2>Check</h2>
                <p className="check-text" data-testid="review-check">
                  {page.content.check.text}
                </p>
                <p className="muted small">
                  {page.content.check.kind} · {page.content.check.tier.replace('_', ' ')}
                </p>
              </>
            )}
            {item.decisions && (
              <div className="decisions" data-testid="review-decisions">
                <h2>Labels</h2>
                <ul>
                  {item.decisions.map((d) => (
                    <li key={d.who} data-testid="review-decision" data-who={d.who} data-value={d.value}>
                      <strong>{d.who}</strong>: <span className={`badge v-${code(d.value)}`}>{LABEL(d.value)}</span>
                      {d.reason && <span className="note"> — {d.reason}</span>}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {labelled ? (
              <fieldset className="verdict-choices" aria-label="Verdict">
                {q.labels.map((l, i) => (
                  <button
                    key={l}
                    type="button"
                    className={`verdict-choice ${item.mine?.value === l ? 'chosen' : ''}`}
                    data-testid="verdict-choice"
                    data-verdict={l}
                    aria-pressed={item.mine?.value === l}
                    disabled={busy}
                    onClick={() => decideLabel(l)}
                  >
                    <kbd>{i + 1}</kbd> <span className={`badge v-${code(l)}`}>{LABEL(l)}</span>
                    <span className="definition">{VERDICT_DEFINITION[l as VerdictName] ?? ''}</span>
                  </button>
                ))}
              </fieldset>
            ) : (
              <fieldset className="verdict-choices" aria-label="Decision">
                {Object.entries(REVIEWER_KEYS[q.kind] ?? {}).map(([k, v]) => (
                  <button
                    key={k}
                    type="button"
                    className={`verdict-choice ${item.mine?.value === v ? 'chosen' : ''}`}
                    disabled={busy}
                    onClick={() => decideOther(v)}
                  >
                    <kbd>{k}</kbd> {v}
                  </button>
                ))}
                {change !== null && (
                  <textarea
                    aria-label="Change (JSON)"
                    value={change}
                    onChange={(e) => setChange(e.target.value)}
                    rows={5}
                  />
                )}
              </fieldset>
            )}
            {item.mine && (
              <p className="muted small" data-testid="my-decision">
                Your decision: {LABEL(item.mine.value)}
                {item.mine.reason ? ` — ${item.mine.reason}` : ''} (decide again to change it, or u to undo)
              </p>
            )}
            <label className="note-field">
              Note (optional)
              <textarea
                aria-label="Note"
                value={note}
                rows={2}
                placeholder="why, in a few words (Esc leaves the field)"
                onChange={(e) => setNote(e.target.value)}
              />
            </label>
            {page.content && page.content.snippets.length > 0 && (
              <>
                <h2>Evidence for the check</h2>
                {page.content.snippets.map((s) => (
                  <blockquote key={s.id} className="snippet" data-testid="review-snippet">
                    <span className="muted">
                      [{s.id}] {s.title ?? ''}
                    </span>{' '}
                    {s.text}
                  </blockquote>
                ))}
              </>
            )}
            <details className="explain" open={kind === 'verdict_label'}>
              <summary>Guidelines</summary>
              <p className="small">
                Judge the answer against this one check only, in any wording. Naming something outside a flexible list
                neither helps nor hurts. You do not see which model wrote the answer, what the judge said, or anyone
                else's label
                {me.role === 'adjudicator'
                  ? ' (as adjudicator you see both labels, still not the model or the judge)'
                  : ''}
                .
              </p>
            </details>
          </div>
        </div>
      )}
      {me.role === 'adjudicator' && <ReviewProgress api={api} queueId={q.id} tick={tick} />}
    </div>
  );
}

const code = (v: string) => VERDICTS.find((x) => x.verdict === v)?.code ?? '-';

function ReviewImage({ path, imageUrl }: { path: string; imageUrl: (path: string) => string | null }) {
  const url = imageUrl(path);
  return url ? <img className="qimage" src={url} alt="" /> : <p className="muted">image: {path}</p>;
}
