import { useEffect, useState } from 'react';
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
        <table data-testid="annotator-agreement">
          <thead>
            <tr>
              <th scope="col">Annotators</th>
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
            {status.annotators.pairs.map((p) => (
              <tr key={`${p.a}|${p.b}`}>
                <td>
                  {p.a} vs {p.b}
                </td>
                <td className="num">{p.n}</td>
                <td className="num">{pct(p.agreement)}</td>
                <td className="num" data-testid="pair-kappa">
                  {kappa(p)}
                </td>
              </tr>
            ))}
            <tr>
              <td colSpan={3}>Krippendorff's α</td>
              <td className="num" data-testid="alpha">
                {coef(status.annotators.krippendorff_alpha)}
              </td>
            </tr>
          </tbody>
        </table>
      ) : (
        <p className="empty">Agreement between annotators comes once two have labelled the same items.</p>
      )}
      {status.judge_vs_final ? (
        <>
          <h3>Judge {status.judge_vs_final.judge} against the final labels</h3>
          <table data-testid="judge-agreement">
            <thead>
              <tr>
                <th scope="col">Check kind</th>
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
              {[
                ...status.judge_vs_final.by_kind.map((b) => [b.kind ?? '(unknown)', b] as const),
                ['all', status.judge_vs_final] as const,
              ].map(([k, b]) => (
                <tr key={k} data-testid="judge-kind" data-kind={k}>
                  <td>{k}</td>
                  <td className="num">{b.n}</td>
                  <td className="num">{pct(b.agreement)}</td>
                  <td className="num" data-testid="judge-kappa">
                    {kappa(b)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="empty">No item is decided yet: the judge's agreement comes with the first final labels.</p>
      )}
    </section>
  );
}
