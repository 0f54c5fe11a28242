import { highlightSegments } from '@gamut/core';

interface Props {
  text: string;
  quotes: ReadonlyArray<readonly [number, number] | string | null>;
  /** Quote index → class (e.g. its verdict), and the one currently selected. */
  classOf: (mark: number) => string;
  active: number | null;
}

/**
 * The answer as plain text with judge quotes highlighted. The text is split
 * into spans and rendered by React as text: nothing a model wrote is parsed as HTML.
 */
export function HighlightedText({ text, quotes, classOf, active }: Props) {
  let at = 0;
  // Start offsets are unique and stable: keys that survive re-highlighting.
  const segments = highlightSegments(text, quotes).map((seg) => {
    const key = at;
    at += seg.text.length;
    return { ...seg, key };
  });
  return (
    <div className="answer-text" data-testid="answer-text">
      {segments.map((s) => {
        if (s.marks.length === 0) return <span key={s.key}>{s.text}</span>;
        const isActive = active !== null && s.marks.includes(active);
        const first = s.marks[0] as number;
        return (
          <mark
            key={s.key}
            className={`q ${classOf(first)} ${isActive ? 'active' : ''}`}
            data-checks={s.marks.join(' ')}
          >
            {s.text}
          </mark>
        );
      })}
    </div>
  );
}
