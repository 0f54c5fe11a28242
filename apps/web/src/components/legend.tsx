import { VERDICT_DEFINITION, VERDICTS } from './verdicts.js';

/** What the verdict colours mean, with each verdict's definition on hover; a judge failure has a look of its own. */
export function VerdictLegend({ failures = false }: { failures?: boolean }) {
  return (
    <div className="legend" data-testid="verdict-legend">
      {VERDICTS.map((v) => (
        <span key={v.code} title={VERDICT_DEFINITION[v.verdict]} data-verdict={v.verdict}>
          <span className={`swatch v-${v.code}`} />
          {v.label}
        </span>
      ))}
      {failures && (
        <span title="The judge gave no verdict (refusal, unusable reply, provider error): not scored as any verdict">
          <span className="swatch v-F" />
          judge failed
        </span>
      )}
    </div>
  );
}

/** The answer's underlines: the quote each verdict rests on, coloured by that verdict. */
export function UnderlineLegend() {
  return (
    <div className="legend" data-testid="underline-legend">
      <span className="muted">Underlined: the words a verdict rests on (the judge's quote), in its colour —</span>
      {VERDICTS.map((v) => (
        <span key={v.code} title={VERDICT_DEFINITION[v.verdict]} data-verdict={v.verdict}>
          <span className={`underline v-${v.code}`}>abc</span>
          {v.label}
        </span>
      ))}
      <span className="muted">· click a check to outline its quote</span>
    </div>
  );
}
