import type { BuildItemContent } from '@gamut/core';
import { useState } from 'react';
import type { Me, PostedEvent, ReviewApi } from '../client/review-api.js';
import { doneWord } from '../components/done-word.js';
import { DecisionChoices, keysText, MyDecision, NoteField } from '../components/queue-decision.js';
import { QueueHead, QueueLoading, useQueueKeys } from '../components/queue-frame.js';
import { ReviewProgress } from '../components/review-progress.js';
import { useQueueWork } from '../components/use-queue-work.js';
import { VERDICT_DEFINITION, VERDICTS, type VerdictName } from '../components/verdicts.js';
import type { Route } from '../router.js';
import { BuildReviewItem } from './build-review-item.js';

const LABEL = (v: string) => v.replace('_', ' ');
/** What a reviewer's keys decide on the queues they work. */
const REVIEWER_KEYS: Record<string, Record<string, PostedEvent['kind']>> = {
  question_review: { a: 'accept', r: 'revise', d: 'discard' },
  rubric_revision: { a: 'accept', r: 'revise', d: 'discard' },
  wiki_flag: { a: 'confirm', r: 'reject' },
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
  const [note, setNote] = useState('');
  const [change, setChange] = useState<string | null>(null);
  const work = useQueueWork(api, queueId, route, () => {
    setNote('');
    setChange(null);
  });
  const { page, error, setError, busy, tick, send } = work;
  const item = page?.item ?? null;
  const decideLabel = (value: string) => {
    if (!item) return;
    const kind = me.role === 'adjudicator' ? 'adjudicate' : 'label';
    void send({ kind, item_id: item.item_id, value, reason: note.trim() }, true);
  };
  const decideOther = (kind: PostedEvent['kind']) => {
    if (!item || kind === 'label' || kind === 'adjudicate' || kind === 'undo' || kind === 'edit') return;
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
  const decideKeys: Record<string, () => void> = {};
  if (labelled)
    for (const [i, l] of (page?.queue.labels ?? []).entries()) decideKeys[String(i + 1)] = () => decideLabel(l);
  else for (const [k, v] of Object.entries(REVIEWER_KEYS[kind ?? ''] ?? {})) decideKeys[k] = () => decideOther(v);
  // A build's queue has its own page (a reason is required, a revision needs its text): no single-key decisions.
  const build = kind === 'question_review' || kind === 'rubric_revision';
  useQueueKeys(work, build ? {} : decideKeys);

  if (!page) return <QueueLoading queueId={queueId} error={error} />;
  const q = page.queue;
  const content = page.content && 'check' in page.content ? page.content : null;
  return (
    <div data-testid="review-queue" data-queue={q.id}>
      <QueueHead
        page={page}
        noun="item"
        done={doneWord(q.kind, me.role)}
        decideKeys={labelled ? `1–${q.labels.length} decide` : keysText(REVIEWER_KEYS[q.kind] ?? {})}
        keysHidden={build}
        error={error}
      />
      {item && build && page.content ? (
        <BuildReviewItem
          me={me}
          item={item}
          content={page.content as unknown as BuildItemContent}
          busy={busy}
          send={send}
        />
      ) : !item ? (
        <p className="empty" data-testid="queue-finished">
          Nothing left for you in this queue{q.mine.open === 0 ? '' : ` here; ${q.mine.open} still open`}. Thank you.
        </p>
      ) : (
        <div className="review-grid" data-testid="review-item" data-item={item.item_id}>
          <div className="pane">
            {content ? (
              <>
                <h2>Question</h2>
                <p data-testid="review-question">{content.question ?? content.question_id}</p>
                {content.image && <ReviewImage path={content.image} imageUrl={imageUrl} />}
                <h2>Answer</h2>
                <div className="answer-text" data-testid="review-answer">
                  {content.answer ?? '(no answer)'}
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
            {content && (
              <>
                <h2>Check</h2>
                <p className="check-text" data-testid="review-check">
                  {content.check.text}
                </p>
                <p className="muted small">
                  {content.check.kind} · {content.check.tier.replace('_', ' ')}
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
              <DecisionChoices
                keys={REVIEWER_KEYS[q.kind] ?? {}}
                chosen={item.mine?.value}
                busy={busy}
                onDecide={decideOther}
              >
                {change !== null && (
                  <textarea
                    aria-label="Change (JSON)"
                    value={change}
                    onChange={(e) => setChange(e.target.value)}
                    rows={5}
                  />
                )}
              </DecisionChoices>
            )}
            <MyDecision mine={item.mine} label={LABEL} />
            <NoteField label="Note (optional)" name="Note" value={note} onChange={setNote} />
            {content && content.snippets.length > 0 && (
              <>
                <h2>Evidence for the check</h2>
                {content.snippets.map((s) => (
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
