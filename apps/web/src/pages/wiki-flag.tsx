import type { WikiFlagContent } from '@gamut/core';
import { useRef, useState } from 'react';
import type { Me, ReviewApi } from '../client/review-api.js';
import {
  type AnswerableDraft,
  AnswerableEditor,
  changeOf,
  draftOf,
  editedChange,
  type MakeAnswerable,
} from '../components/answerable-editor.js';
import { DecisionChoices, keysText, MyDecision, NoteField } from '../components/queue-decision.js';
import { QueueHead, QueueLoading, useQueueKeys } from '../components/queue-frame.js';
import { useQueueWork } from '../components/use-queue-work.js';
import type { Route } from '../router.js';

/** What a reviewer's keys decide on a wiki flag, as on the other reviewer queues. */
const KEYS = { a: 'confirm', r: 'reject' } as const;

/** Why each kind of flag was raised and what confirming it means, for the reviewer. */
const MEANING: Record<string, string> = {
  value_override: 'an exact value check overrode the judge. Confirm when the wiki now states the answer’s value.',
  citation_missing_page: 'the answer cites a page that is not in the snapshot.',
  citation_not_current: 'the answer cites an archived page or an old version.',
  invalid_version: 'a citation or a retrieved chunk names a page version the snapshot does not have.',
  retrieved_missing_page: 'the agent retrieved a page that is not in the snapshot.',
  abstention_disagreement: 'the judge and the claims disagree on whether the agent abstained.',
  other_page_supports: 'another current page states the fact’s values. Confirm to add it to the fact’s pages.',
  looks_answerable:
    'a current page holds nearly every word of an unanswerable question. Confirm to make it answerable.',
};

/**
 * A wiki-flag queue for a reviewer: the flag, the question and its facts, the agent's answer and
 * the pages involved, then confirm (a) or reject (r) with a reason; j/k move, u undoes. A confirmed
 * flag's change goes into the next golden version (`gamut rag golden propose --review`).
 */
export function WikiFlagWork({ api, me, queueId, route }: { api: ReviewApi; me: Me; queueId: string; route: Route }) {
  const [reason, setReason] = useState('');
  // The reviewer's edit of a proposed "make answerable" change, for the item it was typed on.
  const [edit, setEdit] = useState<{ item: string; draft: AnswerableDraft } | null>(null);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const work = useQueueWork(api, queueId, route, () => {
    setReason('');
    setEdit(null);
  });
  const { page, error, setError, busy, tick, send } = work;
  const item = page?.item ?? null;
  const c = page?.content && 'flag' in page.content ? (page.content as WikiFlagContent) : null;
  const proposed = c?.change?.op === 'make_answerable' ? c.change : null;
  const draft = item && proposed ? draftFor(item.item_id, proposed, item.mine?.change, edit) : null;
  const decide = (kind: 'confirm' | 'reject') => {
    if (!item) return;
    if (!reason.trim()) {
      setError(`say why you ${kind} this flag: the reason goes into the golden set’s changelog`);
      reasonField.current?.focus();
      return;
    }
    // An edited change goes with the confirmation; an unedited one is the proposal (the server
    // refuses a placeholder).
    const change = kind === 'confirm' && proposed && draft ? editedChange(proposed, draft) : null;
    void send({ kind, item_id: item.item_id, reason: reason.trim(), ...(change && { change }) }, true);
  };
  useQueueKeys(work, { a: () => decide('confirm'), r: () => decide('reject') });
  if (!page) return <QueueLoading queueId={queueId} error={error} />;
  const q = page.queue;
  return (
    <div data-testid="wiki-flag-queue" data-queue={q.id} data-tick={tick}>
      <QueueHead page={page} noun="flag" done="decided" decideKeys={keysText(KEYS)} error={error} />
      {!item ? (
        <p className="empty" data-testid="queue-finished">
          No flag left for you in this queue. Next:{' '}
          <code>gamut rag golden propose &lt;golden&gt; --review {me.run}</code> collects the confirmed changes.
        </p>
      ) : (
        <div className="review-grid" data-testid="review-item" data-item={item.item_id}>
          <div className="pane">
            {c ? (
              <>
                <h2>Flag</h2>
                <p data-testid="flag-kind">
                  <span className="badge">{c.flag.kind.replaceAll('_', ' ')}</span> on {c.flag.question_id} ·{' '}
                  {c.golden.name} {c.golden.version}
                </p>
                <p data-testid="flag-detail">{c.flag.detail}</p>
                <p className="muted small">{MEANING[c.flag.kind] ?? ''}</p>
                <h2>Question</h2>
                <p data-testid="flag-question">
                  {c.question ?? c.flag.question_id}{' '}
                  <span className="muted small">{c.answerable === false ? '(marked unanswerable)' : ''}</span>
                </p>
                {c.facts.length > 0 && (
                  <table className="facts">
                    <thead>
                      <tr>
                        <th scope="col">Fact</th>
                        <th scope="col">Values</th>
                        <th scope="col">Pages</th>
                      </tr>
                    </thead>
                    <tbody>
                      {c.facts.map((f) => (
                        <tr key={f.id}>
                          <td>
                            {f.id} {f.fact}
                          </td>
                          <td>{f.values.join(', ')}</td>
                          <td>{f.page_ids.join(', ')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
                <h2>Answer</h2>
                <div className="answer-text" data-testid="flag-answer">
                  {c.answer ?? '(no answer)'}
                </div>
              </>
            ) : (
              <pre className="payload">{JSON.stringify(item.payload, null, 2)}</pre>
            )}
          </div>
          <div className="pane">
            <h2>Confirming changes the golden set</h2>
            <p data-testid="flag-change">
              {proposed && draft
                ? changeText(changeOf(proposed, draft))
                : c?.change
                  ? changeText(c.change)
                  : 'nothing: the set stays as it is'}
            </p>
            {proposed && draft && (
              <AnswerableEditor
                proposed={proposed}
                draft={draft}
                onChange={(d) => setEdit({ item: item.item_id, draft: d })}
              />
            )}
            <DecisionChoices keys={KEYS} chosen={item.mine?.value} busy={busy} onDecide={decide} testId="flag-choice" />
            <MyDecision mine={item.mine} />
            <NoteField label="Reason" name="Reason" value={reason} onChange={setReason} fieldRef={reasonField} />
            {c && c.pages.length > 0 && (
              <>
                <h2>Pages</h2>
                {c.pages.map((p) => (
                  <blockquote key={p.page_id} className="snippet" data-testid="flag-page" data-page={p.page_id}>
                    <span className="muted">
                      [{p.page_id} v{p.version}, {p.status}] {p.title}
                    </span>{' '}
                    {p.excerpt}
                  </blockquote>
                ))}
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** A golden-set change in words: "add OPS-102 to q-ko-006 F1's pages". */
function changeText(change: NonNullable<WikiFlagContent['change']>): string {
  switch (change.op) {
    case 'add_fact_page':
      return `add ${change.page_id} to ${change.question_id} ${change.fact_id}'s pages`;
    case 'remove_fact_page':
      return `remove ${change.page_id} from ${change.question_id} ${change.fact_id}'s pages`;
    case 'set_fact_values':
      return `${change.question_id} ${change.fact_id}'s values become ${change.values.join(', ')}`;
    case 'make_answerable':
      return `${change.question_id} becomes answerable (${change.type}) from ${change.required_facts.flatMap((f) => f.page_ids).join(', ')}`;
    case 'set_gold_answer':
      return `${change.question_id}'s gold answer becomes "${change.gold_answer}"`;
    case 'remove_question':
      return `${change.question_id} is removed`;
  }
}

/** What the change form shows: the reviewer's typing on this item, else their confirmed edit, else the proposal. */
function draftFor(
  itemId: string,
  proposed: MakeAnswerable,
  mine: Record<string, unknown> | undefined,
  edit: { item: string; draft: AnswerableDraft } | null,
): AnswerableDraft {
  if (edit?.item === itemId) return edit.draft;
  return draftOf(mine?.op === 'make_answerable' ? (mine as unknown as MakeAnswerable) : proposed);
}
