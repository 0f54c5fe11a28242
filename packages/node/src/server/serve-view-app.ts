import { InputError, type RunComparison } from '@gamut/core';
import type { Hono } from 'hono';
import { hostForHeader, servedHosts } from './host-check.js';
import type { ReviewBackend } from './review-routes.js';

const WILDCARD = new Set(['0.0.0.0', '::', '[::]', '']);

/** Two runs compare only over questions with the same rubric; with none in common the comparison says nothing. */
export function comparedRuns(a: string, b: string, c: RunComparison): RunComparison {
  if (c.questions.length > 0) return c;
  throw new InputError({
    rule: 'option-invalid',
    message:
      `--compare ${b}: no question of ${a} has the same rubric hash there ` +
      `(${c.changed.length} changed, ${c.only_a.length} only in the first run, ${c.only_b.length} only in the second); ` +
      'compare two runs of the same dataset and rubrics',
  });
}

/** With --host every request needs a token: without people in the store nobody could get in. */
export async function assertTeamCanSignIn(review: ReviewBackend | null, run: string): Promise<void> {
  const people = review ? await review.store.listAnnotators(review.ownerId) : [];
  if (people.length > 0) return;
  await review?.store.close();
  throw new InputError({
    rule: 'option-invalid',
    message:
      `--host opens the viewer to a team, and every request then needs a personal token, but run ${review?.ownerId ?? run} has no annotators` +
      `${review ? '' : ' (no review store here: pass --store or start where `gamut review` ran)'}; ` +
      `add people first with \`gamut review add-annotator ${run} --name N --role annotator|adjudicator|reviewer\``,
  });
}

/** `--port` and `--host` as `gamut view` takes them: a port number, and a name people open, never a wildcard. */
export function checkServeAddress(port: string, host: string | undefined): void {
  if (!/^\d+$/.test(port) || Number(port) > 65535) {
    throw new InputError({
      rule: 'option-invalid',
      message: `--port must be an integer between 0 and 65535; got "${port}"`,
    });
  }
  if (host !== undefined && WILDCARD.has(host.trim())) {
    throw new InputError({
      rule: 'option-invalid',
      message:
        `--host must be the name or address people will open (e.g. --host 10.0.0.5 or --host gamut.internal), not "${host}": ` +
        'the viewer answers only requests addressed to that name',
    });
  }
}

/**
 * Serves the viewer's app on `host` (127.0.0.1 without one) until SIGINT or SIGTERM; `setHosts`
 * gets the Host names it answers once the port is known. A port in use or an address not of this
 * machine is an InputError naming the option.
 */
export async function serveViewApp(o: {
  hono: Hono;
  port: string;
  host: string | undefined;
  setHosts: (hosts: ReadonlySet<string>) => void;
  onListening: (name: string, port: number) => void;
  onStop: () => Promise<void>;
}): Promise<void> {
  // Loaded here, not with @gamut/node: its module touches globalThis.Headers (Node then compiles its
  // bundled undici) and loads node:http2 and node:tls, about 40 ms of CPU every other command paid at start.
  const { serve } = await import('@hono/node-server');
  const bind = o.host?.replace(/^\[(.*)\]$/, '$1') ?? '127.0.0.1';
  return new Promise<void>((done, fail) => {
    const server = serve({ fetch: o.hono.fetch, hostname: bind, port: Number(o.port) }, (info) => {
      o.setHosts(servedHosts(info.port, o.host));
      o.onListening(o.host === undefined ? '127.0.0.1' : hostForHeader(o.host), info.port);
    });
    server.on('error', (e: NodeJS.ErrnoException) =>
      fail(
        e.code === 'EADDRINUSE'
          ? new InputError({ rule: 'port-in-use', message: `port ${o.port} is in use; pass --port` })
          : e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND'
            ? new InputError({
                rule: 'option-invalid',
                message: `--host ${o.host}: not an address of this machine (${e.code}); name one of its addresses`,
              })
            : e,
      ),
    );
    const stop = () => server.close(() => void o.onStop().then(() => done()));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
