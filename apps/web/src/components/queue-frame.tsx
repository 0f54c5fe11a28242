import type { ReviewQueuePage } from '../client/review-api.js';
import { href } from '../router.js';
import { useKeys } from './use-keys.js';
import type { QueueWork } from './use-queue-work.js';

/** The keys that decide on a queue's page, with j, k and u, which move and undo the same way on every queue. */
export function useQueueKeys(work: QueueWork, decide: Readonly<Record<string, () => void>>): void {
  useKeys(
    {
      ...decide,
      j: () => work.move(1),
      k: () => work.move(-1),
      u: () => void work.send({ kind: 'undo' }, false),
    },
    work.page !== null,
  );
}

/** What a queue's page shows before its first page arrives. */
export function QueueLoading({ queueId, error }: { queueId: string; error: string | null }) {
  return error ? <p className="error">{error}</p> : <p className="muted">Loading {queueId}…</p>;
}

/**
 * The top of a queue's page: the way back, which item of how many (`noun`: item, flag), what the
 * person has `done` and what is open to them, the keys (`decideKeys` before the moves) and the
 * last error.
 */
export function QueueHead({
  page,
  noun,
  done,
  decideKeys,
  keysHidden = false,
  error,
}: {
  page: ReviewQueuePage;
  noun: string;
  done: string;
  decideKeys: string;
  keysHidden?: boolean;
  error: string | null;
}) {
  const { queue: q, item } = page;
  return (
    <>
      <p>
        <a href={href(['review'])}>← your queues</a>
      </p>
      <h1>
        {q.id}{' '}
        {item && (
          <span className="muted">
            · {noun} {item.position} of {item.total}
          </span>
        )}
      </h1>
      <p className="muted" data-testid="my-progress">
        {q.title && `${q.title} · `}you {done} {q.mine.decided} · open to you {q.mine.open}
      </p>
      <p className="muted small keys" hidden={keysHidden}>
        Keys: {decideKeys} (and move on) · j next · k previous · u undo your last decision
      </p>
      {error && (
        <p className="error" role="alert" data-testid="review-error">
          {error}
        </p>
      )}
    </>
  );
}
