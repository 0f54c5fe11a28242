import type { MiddlewareHandler } from 'hono';

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/** `host` as it appears in a Host header: IPv6 literals in brackets, names in lower case. */
export function hostForHeader(host: string): string {
  const h = host.toLowerCase();
  return h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
}

/**
 * The Host header values a browser sends for the addresses the viewer serves:
 * the loopback names, and the name `--host` gave. On port 80 a browser leaves
 * the port out, so the bare names count too.
 */
export function servedHosts(port: number, host?: string): Set<string> {
  // The name people were given comes first: refusals point to it.
  const names = [...(host === undefined ? [] : [hostForHeader(host)]), ...LOOPBACK];
  const out = new Set(names.map((n) => `${n}:${port}`));
  if (port === 80) for (const n of names) out.add(n);
  return out;
}

/**
 * Refuses (421) any request addressed to a name the viewer does not serve.
 * A web page on another site can point its own domain at 127.0.0.1 (DNS
 * rebinding) and read the run through the browser; such a request still
 * carries that domain in its Host header, which is what is checked here.
 * `hosts` is read per request because the port is known only once listening.
 */
export function refuseForeignHost(hosts: () => ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    const header = c.req.header('host') ?? new URL(c.req.url).host;
    const served = hosts();
    if (served.has(header.toLowerCase())) return next();
    const home = [...served][0];
    return c.text(
      `gamut view answers only requests addressed to http://${home}/; this one was addressed to "${header}".\n`,
      421,
    );
  };
}
