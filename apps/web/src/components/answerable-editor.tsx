import { placeholderFacts, type WikiFlagContent } from '@gamut/core';

/** The change a `looks_answerable` flag proposes: the question made answerable from a page. */
export type MakeAnswerable = Extract<NonNullable<WikiFlagContent['change']>, { op: 'make_answerable' }>;

/** The form's fields as typed: lists stay text until confirmed, so a half-typed "HR-2, " survives. */
export interface AnswerableDraft {
  type: MakeAnswerable['type'];
  facts: Array<{ id: string; fact: string; pages: string; values: string }>;
  gold_answer: string;
}

const TYPES: ReadonlyArray<MakeAnswerable['type']> = ['single_page', 'multi_page', 'version_conflict'];

export function draftOf(change: MakeAnswerable): AnswerableDraft {
  return {
    type: change.type,
    facts: change.required_facts.map((f) => ({
      id: f.id,
      fact: f.fact,
      pages: f.page_ids.join(', '),
      values: f.values.join('\n'),
    })),
    gold_answer: change.gold_answer,
  };
}

const list = (text: string, sep: RegExp) =>
  text
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);

/** The draft as a golden-set change, without the placeholder mark: a person wrote it. */
export function changeOf(proposed: MakeAnswerable, d: AnswerableDraft): MakeAnswerable {
  return {
    op: 'make_answerable',
    question_id: proposed.question_id,
    type: d.type,
    required_facts: d.facts.map((f) => ({
      id: f.id as MakeAnswerable['required_facts'][number]['id'],
      fact: f.fact.trim(),
      page_ids: list(f.pages, /[\s,]+/) as MakeAnswerable['required_facts'][number]['page_ids'],
      values: list(f.values, /\n/),
    })),
    gold_answer: d.gold_answer.trim(),
  };
}

/** The draft as a change when it says something the proposal does not, else null. */
export function editedChange(proposed: MakeAnswerable, d: AnswerableDraft): MakeAnswerable | null {
  const change = changeOf(proposed, d);
  return JSON.stringify(change) === JSON.stringify(changeOf(proposed, draftOf(proposed))) ? null : change;
}

/**
 * The proposed "make answerable" change as a form the reviewer edits before confirming: each
 * fact's text, its pages (comma-separated) and exact values (one a line), the question type and
 * the gold answer. A fact still in the placeholder's words is marked, and the server refuses to
 * confirm it so.
 */
export function AnswerableEditor({
  proposed,
  draft,
  onChange,
}: {
  proposed: MakeAnswerable;
  draft: AnswerableDraft;
  onChange: (d: AnswerableDraft) => void;
}) {
  const drafts = new Set(placeholderFacts(changeOf(proposed, draft), proposed));
  const setFact = (i: number, field: 'fact' | 'pages' | 'values', value: string) =>
    onChange({ ...draft, facts: draft.facts.map((f, j) => (j === i ? { ...f, [field]: value } : f)) });
  return (
    <fieldset className="change-editor" data-testid="change-editor">
      <legend>Edit the change before confirming</legend>
      {proposed.placeholder && (
        <p className="placeholder-note" data-testid="placeholder-note">
          The proposed fact is a <strong>placeholder</strong>: the question’s own words. Write what a correct answer
          states, and check its pages; it cannot be confirmed as it stands.
        </p>
      )}
      {draft.facts.map((f, i) => {
        const placeholder = drafts.has(f.id);
        return (
          <div key={f.id} className={placeholder ? 'fact-edit placeholder' : 'fact-edit'}>
            <label className="note-field">
              <span>
                Fact {f.id}{' '}
                {placeholder && (
                  <span className="badge" data-testid="placeholder-mark">
                    placeholder
                  </span>
                )}
              </span>
              <textarea
                aria-label={`Fact ${f.id}`}
                value={f.fact}
                onChange={(e) => setFact(i, 'fact', e.target.value)}
              />
            </label>
            <label className="note-field">
              Pages of {f.id} (comma-separated)
              <input
                aria-label={`Pages of ${f.id}`}
                value={f.pages}
                onChange={(e) => setFact(i, 'pages', e.target.value)}
              />
            </label>
            <label className="note-field">
              Exact values of {f.id} (one a line, optional)
              <textarea
                aria-label={`Values of ${f.id}`}
                rows={2}
                value={f.values}
                onChange={(e) => setFact(i, 'values', e.target.value)}
              />
            </label>
          </div>
        );
      })}
      <label className="note-field">
        Question type
        <select
          aria-label="Question type"
          value={draft.type}
          onChange={(e) => onChange({ ...draft, type: e.target.value as MakeAnswerable['type'] })}
        >
          {TYPES.map((t) => (
            <option key={t} value={t}>
              {t.replace('_', ' ')}
            </option>
          ))}
        </select>
      </label>
      <label className="note-field">
        Gold answer
        <textarea
          aria-label="Gold answer"
          rows={2}
          value={draft.gold_answer}
          onChange={(e) => onChange({ ...draft, gold_answer: e.target.value })}
        />
      </label>
    </fieldset>
  );
}
