import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { matchesTerms, QuestionId, type ReportModel, type RunComparison, Setting, searchTerms } from '@gamut/core';
import { Hono } from 'hono';
import { refuseForeignHost } from './host-check.js';
import { IMAGE_TYPES } from './images.js';
import { mountReviewRoutes, type ReviewBackend, tokenPerson } from './review-routes.js';
import { resolveInside } from './safe-path.js';
import { mountTokenGate } from './token-gate.js';
import type { WebApp } from './web-app.js';

export interface ViewAppOptions {
  runDir: string;
  /** The run's report model, or how to get it as it stands now (read per request: see `liveReportModel`). */
  model: ReportModel | (() => Promise<ReportModel>);
  app: WebApp;
  /** The Host header values to answer (`servedHosts`); read per request, as the port is known only once listening. */
  hosts: () => ReadonlySet<string>;
  /** This run beside the one `--compare` named. */
  comparison?: RunComparison | null;
  /** The review store of the run, when there is one, or how to find it per request (see `reviewOnRequest`). */
  review?: ReviewBackend | null | (() => Promise<ReviewBackend | null>);
  /** With `--host`: every request needs a valid personal token (the team's viewer). */
  tokensRequired?: boolean;
}

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
const MAX_LIMIT = 1000;
const MAX_QUERY = 500;

function badRequest(message: string) {
  return Response.json({ error: message }, { status: 400 });
}
const notFound = () => Response.json({ error: 'not found' }, { status: 404 });

/** The path after `prefix`, percent-decoded; null when the encoding is malformed. */
function decodedPath(path: string, prefix: string): string | null {
  try {
    return decodeURIComponent(path.slice(prefix.length));
  } catch {
    return null;
  }
}

/**
 * The `gamut view` server: the web app and a JSON API over one run directory.
 * Every parameter is validated (bad → 400 with a message); files are served
 * only from the run directory and the app's build folder (anything else → 404);
 * a request addressed to another host name is refused (421).
 */
export function createViewApp(o: ViewAppOptions): Hono {
  const current = modelIndex(o.model);
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('x-content-type-options', 'nosniff');
    c.header('content-security-policy', "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'");
  });
  app.use('*', refuseForeignHost(o.hosts));
  const given = o.review ?? null;
  const reviewNow = typeof given === 'function' ? given : async () => given;
  if (o.tokensRequired) {
    // No store, no people: nobody could sign in, so serve_view refuses --host without annotators.
    app.use(
      '*',
      mountTokenGate(app, async (token) => {
        const review = await reviewNow();
        return review !== null && (await tokenPerson(review, token)) !== undefined;
      }),
    );
  }

  app.get('/', (c) => c.html(o.app.indexHtml));
  app.get('/index.html', (c) => c.html(o.app.indexHtml));
  app.get('/assets/*', async (c) => {
    const rel = decodedPath(c.req.path, '/');
    if (rel === null) return badRequest('malformed path encoding');
    const type = ASSET_TYPES[extname(rel)];
    const file = type ? await resolveInside(o.app.dir, rel) : null;
    if (!file || !type) return notFound();
    return new Response(await readFile(file), { headers: { 'content-type': type } });
  });

  app.get('/api/summary', async (c) => c.json((await current()).model.summary));

  app.get('/api/questions/:id', async (c) => {
    const id = QuestionId.safeParse(c.req.param('id'));
    if (!id.success) return badRequest('question id must be a non-empty string');
    const q = (await current()).questions.get(id.data);
    return q ? c.json(q) : notFound();
  });

  app.get('/api/rag/questions/:id', async (c) => {
    const id = QuestionId.safeParse(c.req.param('id'));
    if (!id.success) return badRequest('question id must be a non-empty string');
    const q = (await current()).rag.get(id.data);
    return q ? c.json(q) : notFound();
  });

  // Per-answer scores, filterable and paged: for scripts and large runs.
  app.get('/api/answers', async (c) => {
    const q = c.req.query();
    const known = new Set(['model', 'setting', 'limit', 'offset']);
    const unknown = Object.keys(q).filter((k) => !known.has(k));
    if (unknown.length)
      return badRequest(`unknown parameter(s): ${unknown.join(', ')}; known: ${[...known].join(', ')}`);
    let setting: Setting | undefined;
    if (q.setting !== undefined) {
      const s = Setting.safeParse(q.setting);
      if (!s.success) return badRequest(`setting must be one of ${Setting.options.join(', ')}; got "${q.setting}"`);
      setting = s.data;
    }
    const int = (name: string, v: string | undefined, dflt: number, max: number): number | string => {
      if (v === undefined) return dflt;
      if (!/^\d+$/.test(v) || Number(v) > max) return `${name} must be an integer between 0 and ${max}; got "${v}"`;
      return Number(v);
    };
    const limit = int('limit', q.limit, 100, MAX_LIMIT);
    if (typeof limit === 'string') return badRequest(limit);
    const offset = int('offset', q.offset, 0, Number.MAX_SAFE_INTEGER);
    if (typeof offset === 'string') return badRequest(offset);
    if (q.model !== undefined && q.model === '') return badRequest('model must be a non-empty string');
    const rows = (await current()).answers.filter(
      (a) => (q.model === undefined || a.model === q.model) && (setting === undefined || a.setting === setting),
    );
    return c.json({ total: rows.length, offset, limit, answers: rows.slice(offset, offset + limit) });
  });

  // Which questions have an answer holding every word of q: the viewer's search over answers.
  app.get('/api/search', async (c) => {
    const q = c.req.query('q');
    if (q === undefined) return badRequest('q is required: the words to look for in the answers');
    if (q.length > MAX_QUERY) return badRequest(`q must be at most ${MAX_QUERY} characters; got ${q.length}`);
    const terms = searchTerms(q);
    const ids =
      terms.length === 0
        ? []
        : (await current()).model.questions
            .filter((x) => x.answers.some((a) => matchesTerms(terms, [a.response])))
            .map((x) => x.question_id);
    return c.json({ question_ids: ids });
  });

  // null (not 404) without a second run, so the viewer's start-up check leaves no error in the console.
  app.get('/api/compare', (c) => c.json(o.comparison ?? null));

  app.get('/api/images/*', async (c) => {
    const rel = decodedPath(c.req.path, '/api/images/');
    if (rel === null) return badRequest('malformed path encoding');
    const type = IMAGE_TYPES[extname(rel).toLowerCase()];
    const file = type ? await resolveInside(o.runDir, rel) : null;
    if (!file || !type) return notFound();
    return new Response(await readFile(file), { headers: { 'content-type': type } });
  });

  // Whether this viewer has a review (answered without a token, so the app knows to offer it).
  // A build's viewer names the build and its queues in the header (ids and sizes, nothing anyone decided).
  app.get('/api/review', async (c) => {
    const review = await reviewNow();
    const base = { available: review !== null, run: review?.ownerId ?? null };
    if (review?.owner !== 'build') return c.json(base);
    const queues = (await review.store.listReviewQueues(review.ownerId)).map((q) => ({
      id: q.id,
      kind: q.kind,
      items: q.items.length,
    }));
    return c.json({ ...base, build: { name: review.ownerId, queues } });
  });
  mountReviewRoutes(app, reviewNow);

  app.all('/api/*', () => notFound());
  app.notFound(() => notFound());
  app.onError((err) => Response.json({ error: `internal error: ${err.message}` }, { status: 500 }));
  return app;
}

/** What the routes look up in a model, built once per model: a rebuilt one (new labels) gets its own. */
function modelIndex(source: ViewAppOptions['model']) {
  const index = (model: ReportModel) => ({
    model,
    questions: new Map(model.questions.map((q) => [q.question_id, q])),
    rag: new Map(model.rag.map((q) => [q.question_id, q])),
    answers: model.questions.flatMap((q) =>
      q.answers.map((a) => ({ question_id: q.question_id, model: a.model, setting: a.setting, gamut: a.gamut })),
    ),
  });
  if (typeof source !== 'function') {
    const fixed = index(source);
    return async () => fixed;
  }
  let last: ReturnType<typeof index> | null = null;
  return async () => {
    const model = await source();
    if (last?.model !== model) last = index(model);
    return last;
  };
}
