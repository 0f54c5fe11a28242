import type { Hono, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { TOKEN_HEADER } from './review-routes.js';

/** The cookie `/login` sets for a team's browser, so page loads and images carry the token too. */
export const TOKEN_COOKIE = 'gamut_token';

const LOGIN_HTML = (message: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gamut: sign in</title><link rel="icon" href="data:,">
<style>body{font:15px system-ui,sans-serif;margin:3rem auto;max-width:32rem;color:#1d2330}input{font:inherit;padding:.3rem;width:100%}button{font:inherit;margin-top:.6rem}p.e{color:#b3261e}</style>
</head><body><h1>Gamut viewer</h1>
<p>This viewer is open to a team: sign in with the personal token <code>gamut review add-annotator</code> gave you.</p>
${message ? `<p class="e">${message}</p>` : ''}
<form method="post" action="/login"><label>Personal token <input type="password" name="token" autocomplete="off" autofocus></label>
<button type="submit">Sign in</button></form></body></html>`;

/**
 * With `--host`, every request needs a personal token: the x-gamut-token header, or the
 * cookie `/login` sets (SameSite=Strict, so no other site's page sends it). Without one a
 * page load is sent to the sign-in form and anything else gets 401; nothing of the run is served.
 */
export function mountTokenGate(app: Hono, valid: (token: string) => Promise<boolean>): MiddlewareHandler {
  app.get('/login', (c) => c.html(LOGIN_HTML('')));
  app.post('/login', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = typeof form.token === 'string' ? form.token.trim() : '';
    if (!token || !(await valid(token)))
      return c.html(LOGIN_HTML('That token is not one of this run’s. Check it and try again.'), 401);
    setCookie(c, TOKEN_COOKIE, token, { path: '/', sameSite: 'Strict', httpOnly: false });
    return c.redirect('/', 303);
  });
  app.get('/logout', (c) => {
    deleteCookie(c, TOKEN_COOKIE, { path: '/' });
    return c.redirect('/login', 303);
  });
  return async (c, next) => {
    if (c.req.path === '/login' || c.req.path === '/logout') return next();
    const token = c.req.header(TOKEN_HEADER) ?? getCookie(c, TOKEN_COOKIE);
    if (token && (await valid(token))) return next();
    if (c.req.method === 'GET' && (c.req.path === '/' || c.req.path === '/index.html'))
      return c.redirect('/login', 303);
    return c.json(
      { error: `this viewer needs a personal token (the ${TOKEN_HEADER} header or signing in at /login)` },
      401,
    );
  };
}
