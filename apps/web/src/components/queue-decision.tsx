import type { BlindItem } from '@gamut/core';
import type { ReactNode, Ref } from 'react';

/** The person's own standing decision on the item shown, if any, and how to change it. */
export function MyDecision({ mine, label = (v) => v }: { mine: BlindItem['mine']; label?: (value: string) => string }) {
  if (!mine) return null;
  return (
    <p className="muted small" data-testid="my-decision">
      Your decision: {label(mine.value)}
      {mine.reason ? ` — ${mine.reason}` : ''} (decide again to change it, or u to undo)
    </p>
  );
}

/** `a confirm, r reject`: the keys a queue decides with, for its line of keys. */
export const keysText = (keys: Readonly<Record<string, string>>) =>
  Object.entries(keys)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/** A button for each decision with the key that makes it (`keys`: key → decision), the person's current one pressed. */
export function DecisionChoices<D extends string>({
  keys,
  chosen,
  busy,
  onDecide,
  testId,
  children,
}: {
  keys: Readonly<Record<string, D>>;
  chosen: string | undefined;
  busy: boolean;
  onDecide: (decision: D) => void;
  testId?: string;
  /** Shown after the buttons, inside the same group (a revision's text, say). */
  children?: ReactNode;
}) {
  return (
    <fieldset className="verdict-choices" aria-label="Decision">
      {Object.entries(keys).map(([k, v]) => (
        <button
          key={k}
          type="button"
          className={`verdict-choice ${chosen === v ? 'chosen' : ''}`}
          data-testid={testId}
          data-decision={v}
          aria-pressed={chosen === v}
          disabled={busy}
          onClick={() => onDecide(v)}
        >
          <kbd>{k}</kbd> {v}
        </button>
      ))}
      {children}
    </fieldset>
  );
}

/** The text that goes with a decision; Escape leaves it, so the keys decide again. */
export function NoteField({
  label,
  name,
  value,
  onChange,
  fieldRef,
  placeholder = 'why, in a few words (Esc leaves the field)',
  testId,
}: {
  /** What the field is called on the page (`Note (optional)`), and its accessible name (`Note`). */
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  fieldRef?: Ref<HTMLTextAreaElement>;
  placeholder?: string;
  testId?: string;
}) {
  return (
    <label className="note-field">
      {label}
      <textarea
        ref={fieldRef}
        aria-label={name}
        data-testid={testId}
        value={value}
        rows={2}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
