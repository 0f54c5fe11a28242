import { InputError } from '@gamut/core';
import { isPostgresUrl, redactUrl } from '@gamut/store/url';

/** The `--queue` server as the queue package takes it: its URL, and the URL shown in messages. */
export function queueServer(url: string): { url: string; shownAs: string } {
  return { url, shownAs: redactUrl(url) };
}

/**
 * Workers on other machines read and write the same store as the
 * coordinator, so `--queue` needs a server store: a SQLite file is local.
 */
export function requireServerStore(store: string | undefined, verb: string): void {
  if (store !== undefined && isPostgresUrl(store)) return;
  throw new InputError({
    rule: 'queue-store',
    message:
      `${verb} --queue needs --store postgres://user@host:port/db: the workers (on any machine) ` +
      `read the answers and write the verdicts there${store === undefined ? '' : `, and ${store} is a local SQLite store`}`,
  });
}
