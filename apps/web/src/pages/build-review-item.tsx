import type { BlindItem, BuildItemContent } from '@gamut/core';
import { useState } from 'react';
import type { Me, PostedEvent } from '../client/review-api.js';
import { MyDecision, NoteField } from '../components/queue-decision.js';

type Send = (event: PostedEvent, advance: boolean) => Promise<void>;
type Decision = 'accept' | 'revise' | 'discard';
const DECISIONS: readonly Decision[] = ['accept', 'revise', 'discard'];
const TIERS = ['answer_critical', 'valuable', 'context'] as const;

/**
 * A build's queue item: a candidate question (annotators decide blind, the adjudicator sees both
 * decisions) or a refined rubric (the meta-rubric and snippets beside the compiled checks, each
 * edit with a reason). Every decision and edit needs a reason, as the build records one.
 */
export function BuildReviewItem(props: {
  me: Me;
  item: BlindItem;
  content: BuildItemContent;
  busy: boolean;
  send: Send;
}) {
  return props.content.kind === 'question' ? (
    <QuestionItem {...props} content={props.content} />
  ) : (
    <RubricItem {...props} content={props.content} />
  );
}

function useReason() {
  const [reason, setReason] = useState('');
  const field = (
    <NoteField
      label="Reason (required)"
      name="Reason"
      value={reason}
      onChange={setReason}
      placeholder="why, in a few words"
      testId="build-reason"
    />
  );
  return { reason: reason.trim(), field, clear: () => setReason('') };
}

function QuestionItem({
  me,
  item,
  content,
  busy,
  send,
}: {
  me: Me;
  item: BlindItem;
  content: Extract<BuildItemContent, { kind: 'question' }>;
  busy: boolean;
  send: Send;
}) {
  const { reason, field } = useReason();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const adjudicator = me.role === 'adjudicator';
  const decide = (d: Decision) => {
    if (!reason) return setProblem('give a reason first');
    if (d === 'revise' && (text === null || !text.trim())) {
      setProblem(text === null ? 'write the revised question, then press revise again' : 'the revision is empty');
      if (text === null) setText(content.question);
      return;
    }
    setProblem(null);
    const change = d === 'revise' ? { change: { text: (text as string).trim() } } : {};
    const event: PostedEvent = adjudicator
      ? { kind: 'adjudicate', item_id: item.item_id, value: d, reason, ...change }
      : d === 'revise'
        ? { kind: 'revise', item_id: item.item_id, reason, change: { text: (text as string).trim() } }
        : { kind: d, item_id: item.item_id, reason };
    void send(event, true);
  };
  const image = content.image ?? content.image_url;
  return (
    <div className="review-grid" data-testid="review-item" data-item={item.item_id}>
      <div className="pane">
        <h2>Candidate question</h2>
        <p className="muted small">round {content.round}</p>
        <p data-testid="build-question" lang={content.language}>
          {content.question}
        </p>
        {content.text_only_question && (
          <p className="muted small" lang={content.language}>
            Without the image: {content.text_only_question}
          </p>
        )}
        {image && <img className="qimage" src={image} alt="what the question is asked about" />}
      </div>
      <div className="pane">
        {item.decisions && (
          <div className="decisions" data-testid="review-decisions">
            <h2>The annotators' decisions</h2>
            <ul>
              {item.decisions.map((d) => (
                <li key={d.who} data-testid="review-decision" data-who={d.who} data-value={d.value}>
                  <strong>{d.who}</strong>: {d.value}
                  {typeof d.change?.text === 'string' && <q data-testid="revised-text"> {d.change.text}</q>}
                  {d.reason && <span className="note"> — {d.reason}</span>}
                </li>
              ))}
            </ul>
          </div>
        )}
        <fieldset className="verdict-choices" aria-label="Decision">
          {DECISIONS.map((d) => (
            <button
              key={d}
              type="button"
              className={`verdict-choice ${item.mine?.value === d ? 'chosen' : ''}`}
              data-testid="build-decision"
              data-decision={d}
              disabled={busy}
              onClick={() => decide(d)}
            >
              {d}
            </button>
          ))}
        </fieldset>
        {text !== null && (
          <label className="note-field">
            Revised question
            <textarea
              aria-label="Revised question"
              value={text}
              rows={3}
              lang={content.language}
              onChange={(e) => setText(e.target.value)}
            />
          </label>
        )}
        {field}
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
        <MyDecision mine={item.mine} />
        <details className="explain">
          <summary>Criteria</summary>
          <p className="small">
            A good question needs multi-step research and a multi-paragraph answer, is concise and natural as spoken,
            and names the subject only through what the image shows: a stranger could ask it.
            {adjudicator
              ? ' The annotators disagreed: your decision is final.'
              : ' You do not see the other annotator’s decision.'}
          </p>
        </details>
      </div>
    </div>
  );
}

function RubricItem({
  item,
  content,
  busy,
  send,
}: {
  item: BlindItem;
  content: Extract<BuildItemContent, { kind: 'rubric' }>;
  busy: boolean;
  send: Send;
}) {
  const { reason, field, clear } = useReason();
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ check: string; text: string } | null>(null);
  const [added, setAdded] = useState<{ text: string; tier: string }>({ text: '', tier: 'valuable' });
  const edit = (change: Record<string, string>) => {
    if (!reason) return setProblem('give a reason for the edit first');
    setProblem(null);
    setEditing(null);
    clear();
    void send({ kind: 'edit', item_id: item.item_id, reason, change }, false);
  };
  return (
    <div className="review-grid" data-testid="review-item" data-item={item.item_id}>
      <div className="pane">
        <h2>Question</h2>
        <p data-testid="build-question">{content.question}</p>
        <h2>Meta-rubric</h2>
        <ul className="small" data-testid="meta-rubric">
          {content.meta.items.map((it) => (
            <li key={it.id}>
              <strong>{it.id}</strong> {it.type}: {'text' in it ? String(it.text) : ''}
            </li>
          ))}
        </ul>
        <h2>Snippets</h2>
        {content.snippets.map((s) => (
          <blockquote key={s.id} className="snippet" data-testid="build-snippet">
            <span className="muted">
              [{s.id}] {s.title ?? ''} <a href={s.url}>{s.url}</a>
            </span>{' '}
            {s.text}
          </blockquote>
        ))}
      </div>
      <div className="pane">
        <h2>Compiled checks, with the edits so far</h2>
        {field}
        {problem && (
          <p className="error" role="alert">
            {problem}
          </p>
        )}
        <table className="small" data-testid="build-checks">
          <tbody>
            {content.checks.map((c) => (
              <tr key={c.id} data-testid="build-check" data-check={c.id} data-tier={c.tier}>
                <td>{c.id}</td>
                <td>
                  {editing?.check === c.id ? (
                    <>
                      <textarea
                        aria-label={`New wording of ${c.id}`}
                        value={editing.text}
                        rows={3}
                        onChange={(e) => setEditing({ check: c.id, text: e.target.value })}
                      />
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => edit({ op: 'reword', check: c.id, text: editing.text.trim(), was: c.text })}
                      >
                        Save wording
                      </button>
                    </>
                  ) : (
                    <span data-testid="build-check-text">{c.text}</span>
                  )}
                </td>
                <td>
                  <select
                    aria-label={`Tier of ${c.id}`}
                    value={c.tier}
                    disabled={busy}
                    onChange={(e) => edit({ op: 'retier', check: c.id, tier: e.target.value, was: c.text })}
                  >
                    {TIERS.map((t) => (
                      <option key={t} value={t}>
                        {t.replace('_', ' ')}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <button type="button" disabled={busy} onClick={() => setEditing({ check: c.id, text: c.text })}>
                    Reword
                  </button>{' '}
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => edit({ op: 'delete', check: c.id, was: c.text })}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>Add a check</h2>
        <textarea
          aria-label="New check"
          value={added.text}
          rows={2}
          onChange={(e) => setAdded({ ...added, text: e.target.value })}
        />
        <select
          aria-label="Tier of the new check"
          value={added.tier}
          onChange={(e) => setAdded({ ...added, tier: e.target.value })}
        >
          {TIERS.map((t) => (
            <option key={t} value={t}>
              {t.replace('_', ' ')}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={busy || !added.text.trim()}
          onClick={() => {
            edit({ op: 'add', text: added.text.trim(), tier: added.tier });
            setAdded({ text: '', tier: 'valuable' });
          }}
        >
          Add check
        </button>
        {(content.applied.length > 0 || content.stale.length > 0) && (
          <>
            <h2>Edits</h2>
            <ul className="small" data-testid="build-edits">
              {content.applied.map((e) => (
                <li key={`${e.at}-${e.author}-${e.op}-${e.check ?? ''}`} data-testid="build-edit" data-status="applied">
                  {e.author}: {e.op} {e.check ?? ''} — {e.reason}
                </li>
              ))}
              {content.stale.map(({ edit: e, reason: why }) => (
                <li key={`${e.at}-${e.author}-${e.op}-${e.check ?? ''}`} data-testid="build-edit" data-status="stale">
                  stale: {e.author}: {e.op} {e.check ?? ''} — {why}
                </li>
              ))}
            </ul>
          </>
        )}
        <button
          type="button"
          className="verdict-choice"
          data-testid="rubric-done"
          disabled={busy}
          onClick={() => void send({ kind: 'accept', item_id: item.item_id, reason: 'reviewed' }, true)}
        >
          Done with this rubric
        </button>
      </div>
    </div>
  );
}
