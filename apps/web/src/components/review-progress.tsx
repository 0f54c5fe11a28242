import { type ReactNode, useEffect, useState } from 'react';
import type { Block, QueueStatus, ReviewApi } from '../client/review-api.js';

const POLL_MS = 3000;
const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
/** Three decimals, as `gamut review status` and `gamut analyze calibration` print them. */
const coef = (x: number | null) => (x === null ? '—' : x.toFixed(3));
const kappa = (b: Block) =>
  `${coef(b.kappa)}${b.kappa_ci95 ? ` [${coef(b.kappa_ci95[0])}, ${coef(b.kappa_ci95[1])}]` : ''}`;

/**
 * Live progress and agreement of a queue, refreshed every few seconds and after each decision:
 * the numbers `gamut review status` prints (the same function, seed and resamples).
 */
export function ReviewProgress({ api, queueId, tick }: { api: ReviewApi; queueId: string; tick: number }) {
  const [status, setStatus] = useState<QueueStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  // `tick` refreshes it at once after a decision, besides the timer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    let live = true;
    const load = () =>
      api.status(queueId).then(
        (s) => {
          if (!live) return;
          setStatus(s);
          setError(null);
        },
        (e: unknown) => live && setError(e instanceof Error ? e.message : String(e)),
      );
    void load();
    const timer = setInterval(load, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, queueId, tick]);
  if (error) return <p className="error">{error}</p>;
  if (!status) return null;
  const c = status.counts;
  return (
    <section className="review-progress" data-testid="review-progress">
      <h2>Progress and agreement</h2>
      <div className="cards">
        {(
          [
            ['done', 'done (agreed)', c.done],
            ['waiting', 'waiting for labels', c.waiting],
            ['disagreement', 'disagreements', c.disagreement],
            ['adjudicated', 'adjudicated', c.adjudicated],
          ] as const
        ).map(([k, label, n]) => (
          <div key={k} className="card" data-testid={`count-${k}`} data-n={n}>
            <div className="muted small">{label}</div>
            <div className="big">{n}</div>
          </div>
        ))}
      </div>
      {status.annotators ? (
        <AgreementTable
          testId="annotator-agreement"
          first="Annotators"
          kappaTestId="pair-kappa"
          rows={status.annotators.pairs.map((p) => ({ key: `${p.a}|${p.b}`, name: `${p.a} vs ${p.b}`, block: p }))}
        >
          <tr>
            <td colSpan={3}>Krippendorff's α</td>
            <td className="num" data-testid="alpha">
              {coef(status.annotators.krippendorff_alpha)}
            </td>
          </tr>
        </AgreementTable>
      ) : (
        <p className="empty">Agreement between annotators comes once two have labelled the same items.</p>
      )}
      {status.judge_vs_final ? (
        <>
          <h3>Judge {status.judge_vs_final.judge} against the final labels</h3>
          <AgreementTable
            testId="judge-agreement"
            first="Check kind"
            kappaTestId="judge-kappa"
            rowTestId="judge-kind"
            rows={[
              ...status.judge_vs_final.by_kind.map((b) => ({ key: b.kind ?? '(unknown)', block: b })),
              { key: 'all', block: status.judge_vs_final },
            ]}
          />
        </>
      ) : (
        <p className="empty">No item is decided yet: the judge's agreement comes with the first final labels.</p>
      )}
    </section>
  );
}

interface AgreementRow {
  key: string;
  /** The first cell; default `key`. */
  name?: string;
  block: Block;
}

/**
 * Agreement by row: n, raw agreement and Cohen's κ with its interval. With `rowTestId`, each row
 * carries it and its key as `data-kind`; `children` are rows after them (a total).
 */
function AgreementTable({
  testId,
  first,
  kappaTestId,
  rowTestId,
  rows,
  children,
}: {
  testId: string;
  first: string;
  kappaTestId: string;
  rowTestId?: string;
  rows: readonly AgreementRow[];
  children?: ReactNode;
}) {
  return (
    <table data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col" className="num">
            n
          </th>
          <th scope="col" className="num">
            Agreement
          </th>
          <th scope="col" className="num">
            Cohen's κ [95% CI]
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-testid={rowTestId} data-kind={rowTestId && r.key}>
            <td>{r.name ?? r.key}</td>
            <td className="num">{r.block.n}</td>
            <td className="num">{pct(r.block.agreement)}</td>
            <td className="num" data-testid={kappaTestId}>
              {kappa(r.block)}
            </td>
          </tr>
        ))}
        {children}
      </tbody>
    </table>
  );
}
