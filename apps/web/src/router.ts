import { useEffect, useState } from 'react';

export interface Route {
  /** Path segments after `#/`, decoded. */
  segments: string[];
  query: URLSearchParams;
}

/** Hash routing (`#/questions/q-1?model=a`): works from file:// and is shareable as a URL. */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [path = '', search = ''] = raw.split('?', 2);
  return {
    segments: path
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s)),
    query: new URLSearchParams(search),
  };
}

export function href(segments: readonly string[], query: Record<string, string | null | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== null && v !== undefined && v !== '') q.set(k, v);
  const qs = q.toString();
  return `#/${segments.map(encodeURIComponent).join('/')}${qs ? `?${qs}` : ''}`;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(window.location.hash));
  useEffect(() => {
    const on = () => setRoute(parseHash(window.location.hash));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}

/** Changes one query parameter of the current route, keeping the rest. */
export function setQuery(route: Route, changes: Record<string, string | null>): void {
  const q: Record<string, string | null> = Object.fromEntries(route.query.entries());
  Object.assign(q, changes);
  window.location.hash = href(route.segments, q).slice(1);
}

/** The same change without a new history entry or a re-render: the URL catches up with what is shown. */
export function replaceQuery(route: Route, changes: Record<string, string | null>): void {
  const q: Record<string, string | null> = Object.fromEntries(route.query.entries());
  Object.assign(q, changes);
  window.history.replaceState(window.history.state, '', href(route.segments, q));
}
