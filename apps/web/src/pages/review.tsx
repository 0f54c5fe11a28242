import { useEffect, useMemo, useState } from 'react';
import { forgetToken, type Me, ReviewApi, ReviewError, saveToken, storedToken } from '../client/review-api.js';
import { doneWordOf } from '../components/done-word.js';
import { href, type Route } from '../router.js';
import { ReviewQueueWork } from './review-queue.js';
import { WikiFlagWork } from './wiki-flag.js';

/** The review workspace: a token prompt, then the queues the token's role works, then one queue. */
export function ReviewPage({ route, imageUrl }: { route: Route; imageUrl: (path: string) => string | null }) {
  const [token, setToken] = useState<string | null>(storedToken);
  const [me, setMe] = useState<Me | null>(null);
  const [error, setError] = useState<string | null>(null);
  const api = useMemo(() => (token ? new ReviewApi(token) : null), [token]);
  useEffect(() => {
    if (!api) return;
    let live = true;
    api.me().then(
      (m) => live && setMe(m),
      (e: unknown) => {
        if (!live) return;
        if (e instanceof ReviewError && e.status === 401) {
          forgetToken();
          setToken(null);
        }
        setError(e instanceof Error ? e.message : String(e));
      },
    );
    return () => {
      live = false;
    };
  }, [api]);
  const signOut = () => {
    forgetToken();
    setMe(null);
    setToken(null);
    setError(null);
  };
  const signIn = (t: string) => {
    saveToken(t);
    setError(null);
    setToken(t);
  };
  if (!api) return <TokenPrompt error={error} onToken={signIn} />;
  if (!me) return error ? <p className="error">{error}</p> : <p className="muted">Checking your token…</p>;
  const queueId = route.segments[1];
  return (
    <section className="review">
      <p className="muted small" data-testid="review-who">
        Signed in as <strong>{me.name}</strong> ({me.role}) on run {me.run} ·{' '}
        <button type="button" className="link" onClick={signOut}>
          sign out
        </button>
      </p>
      {queueId && me.queues.find((q) => q.id === queueId)?.kind === 'wiki_flag' ? (
        <WikiFlagWork api={api} me={me} queueId={queueId} route={route} />
      ) : queueId ? (
        <ReviewQueueWork api={api} me={me} queueId={queueId} route={route} imageUrl={imageUrl} />
      ) : (
        <QueueList me={me} />
      )}
    </section>
  );
}

function TokenPrompt({ error, onToken }: { error: string | null; onToken: (token: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <section className="review">
      <h1>Review</h1>
      <form
        className="token-prompt"
        onSubmit={(e) => {
          e.preventDefault();
          if (value.trim()) onToken(value.trim());
        }}
      >
        <label>
          Your personal token{' '}
          <input
            type="password"
            autoComplete="off"
            aria-label="Personal token"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the prompt is the only thing on the page
            autoFocus
          />
        </label>{' '}
        <button type="submit">Sign in</button>
      </form>
      {error && (
        <p className="error" data-testid="token-error">
          {error}
        </p>
      )}
      <p className="muted small">
        Whoever runs the review gives you one with{' '}
        <code>gamut review add-annotator &lt;run&gt; --name you --role …</code>; it stays in this browser until you sign
        out.
      </p>
    </section>
  );
}

function QueueList({ me }: { me: Me }) {
  if (me.queues.length === 0)
    return (
      <p className="empty" data-testid="no-queues">
        No queue for a {me.role} yet: <code>gamut review queue &lt;run&gt; --sample N</code> (or <code>--flags</code>,
        for reviewers) creates one.
      </p>
    );
  return (
    <>
      <h1>Your queues</h1>
      <table data-testid="queue-list">
        <thead>
          <tr>
            <th scope="col">Queue</th>
            <th scope="col">Kind</th>
            <th scope="col" className="num">
              Items
            </th>
            <th scope="col" className="num">
              You{' '}
              {doneWordOf(
                me.queues.map((q) => q.kind),
                me.role,
              )}
            </th>
            <th scope="col" className="num">
              Open to you
            </th>
          </tr>
        </thead>
        <tbody>
          {me.queues.map((q) => (
            <tr key={q.id}>
              <td>
                <a href={href(['review', q.id])}>{q.id}</a> {q.title && <span className="muted small">{q.title}</span>}
              </td>
              <td>{q.kind.replace('_', ' ')}</td>
              <td className="num">{q.total}</td>
              <td className="num">{q.mine.decided}</td>
              <td className="num">{q.mine.open}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
