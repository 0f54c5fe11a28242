import { randomUUID } from 'node:crypto';
import {
  type Annotator,
  annotatorForToken,
  checkFacets,
  checkReviewEvent,
  fromZodError,
  mayWork,
  type QueueAgreement,
  type QueueSummary,
  queueAgreement,
  queuePage,
  queueState,
  queueSummaries,
  type ReportInput,
  ReviewEvent,
  type ReviewQueue,
  type RunStore,
  undoTarget,
  verdictItemContent,
  wikiFlagContent,
} from '@gamut/core';
import type { Context, Hono } from 'hono';
import { z } from 'zod';

/** What the review routes read and write: the run's files (for item content and the judge), the store, the run id. */
export interface ReviewBackend {
  ownerId: string;
  /** What owns the events: a run (the default) or a build, as messages and the viewer's header name it. */
  owner?: 'run' | 'build';
  /** The run directory, as `gamut review` commands in messages name it. */
  runDir: string;
  run: ReportInput;
  store: RunStore;
  /** What an item of another kind than verdict_label shows (a build's question or rubric), when the backend knows. */
  itemContent?: (queue: ReviewQueue, payload: Record<string, unknown>) => Promise<unknown>;
  /** The clock and ids of new events; injectable so tests are exact. */
  now?: () => string;
  newId?: () => string;
}

/** The header a review request carries its personal token in. */
export const TOKEN_HEADER = 'x-gamut-token';

/** What the viewer may post: the server adds who, role, round, time and id. */
const PostedEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(['label', 'adjudicate']),
    item_id: z.string().min(1),
    value: z.string().min(1),
    reason: z.string().max(4000).default(''),
    // An adjudicated revision of a build's question carries its new text.
    change: z.record(z.string(), z.json()).optional(),
  }),
  z.object({
    kind: z.enum(['accept', 'discard', 'reject']),
    item_id: z.string().min(1),
    reason: z.string().max(4000).default(''),
  }),
  z.object({
    kind: z.literal('confirm'),
    item_id: z.string().min(1),
    reason: z.string().max(4000).default(''),
    // A wiki flag's proposed golden-set change as the reviewer edited it.
    change: z.record(z.string(), z.json()).optional(),
  }),
  z.object({
    kind: z.enum(['revise', 'edit']),
    item_id: z.string().min(1),
    reason: z.string().max(4000).default(''),
    change: z.record(z.string(), z.json()),
  }),
  z.object({ kind: z.literal('comment'), item_id: z.string().min(1), reason: z.string().min(1).max(4000) }),
  z.object({ kind: z.literal('undo') }),
]);

const json = (status: number, body: unknown) => Response.json(body, { status });

/**
 * A queue's counts (done, disagreements) would tell an annotator whether the other agreed with
 * the label just given; only the adjudicator sees them.
 */
function forViewer(s: QueueSummary, who: Annotator): QueueSummary | Omit<QueueSummary, 'counts'> {
  if (who.role === 'adjudicator') return s;
  const { counts: _hidden, ...rest } = s;
  return rest;
}

/** Cohen's kappa, alpha and the judge against the final labels, in `gamut review status --json`'s shape. */
function agreementJson(a: QueueAgreement | null) {
  const block = (b: {
    n: number;
    agreement: number | null;
    kappa: number | null;
    kappa_ci95: readonly [number, number] | null;
  }) => ({
    n: b.n,
    agreement: b.agreement,
    kappa: b.kappa,
    kappa_ci95: b.kappa_ci95,
  });
  return {
    annotators: a?.annotators
      ? {
          pairs: a.annotators.overall.pairs.map((p) => ({ a: p.a, b: p.b, ...block(p) })),
          krippendorff_alpha: a.annotators.overall.krippendorff_alpha,
          fleiss_kappa: a.annotators.overall.fleiss_kappa,
        }
      : null,
    judge_vs_final: a?.judge
      ? {
          judge: a.judge.judge,
          ...block(a.judge.vs_majority),
          by_kind: a.judge.by_kind.map((b) => ({ kind: b.kind, ...block(b) })),
        }
      : null,
  };
}

/** The person a personal token belongs to in the run, if any. */
export async function tokenPerson(b: ReviewBackend, token: string): Promise<Annotator | undefined> {
  return annotatorForToken(await b.store.listAnnotators(b.ownerId), token);
}

/**
 * The review API of `gamut view`: every route needs a personal token in the
 * x-gamut-token header (a cookie is not enough: another site's page could make
 * the browser send one), and a token sees only its role's queues.
 */
export function mountReviewRoutes(app: Hono, backend: () => Promise<ReviewBackend | null>): void {
  const person = async (c: Context): Promise<{ who: Annotator; b: ReviewBackend } | Response> => {
    const b = await backend();
    if (!b) {
      return json(404, {
        error:
          'this viewer has no review store: start gamut view where `gamut review add-annotator` ran, or pass --store',
      });
    }
    const token = c.req.header(TOKEN_HEADER);
    if (!token) {
      return json(401, {
        error: `a personal token is required (the ${TOKEN_HEADER} header); \`gamut review add-annotator ${b.runDir}\` gives one`,
      });
    }
    const who = await tokenPerson(b, token);
    if (!who) return json(401, { error: `no annotator of ${b.owner ?? 'run'} ${b.ownerId} has this token` });
    return { who, b };
  };
  const queueOf = async (b: ReviewBackend, who: Annotator, id: string): Promise<ReviewQueue | Response> => {
    const queues = await b.store.listReviewQueues(b.ownerId);
    const q = queues.find((x) => x.id === id);
    if (!q || !mayWork(q, who)) return json(404, { error: `no review queue "${id}" for a ${who.role}` });
    return q;
  };

  app.get('/api/review/me', async (c) => {
    const p = await person(c);
    if (p instanceof Response) return p;
    const [queues, events] = await Promise.all([
      p.b.store.listReviewQueues(p.b.ownerId),
      p.b.store.listReviewEvents(p.b.ownerId),
    ]);
    const mine = queueSummaries(queues, events, p.who).map((q) => forViewer(q, p.who));
    return c.json({ name: p.who.name, role: p.who.role, run: p.b.ownerId, queues: mine });
  });

  app.get('/api/review/queues/:queue', async (c) => {
    const p = await person(c);
    if (p instanceof Response) return p;
    const q = await queueOf(p.b, p.who, c.req.param('queue'));
    if (q instanceof Response) return q;
    const item = c.req.query('item');
    if (item !== undefined && !q.items.some((it) => it.id === item))
      return json(404, { error: `queue "${q.id}" has no item "${item}"` });
    const events = await p.b.store.listReviewEvents(p.b.ownerId, { queueId: q.id });
    const page = queuePage(q, events, p.who, item);
    if (!page) return json(404, { error: `no review queue "${q.id}" for a ${p.who.role}` });
    // The content comes from the full payload (the model names the answer); only what blindItem kept is sent.
    const full = q.items.find((it) => it.id === page.item?.item_id)?.payload;
    const rag = p.b.run.rag;
    const content = !full
      ? null
      : q.kind === 'verdict_label'
        ? verdictItemContent(p.b.run, full)
        : q.kind === 'wiki_flag' && rag
          ? wikiFlagContent(rag, full)
          : p.b.itemContent
            ? await p.b.itemContent(q, full)
            : null;
    const ids = q.items.map((it) => it.id);
    return c.json({ ...page, queue: forViewer(page.queue, p.who), content, item_ids: ids });
  });

  app.post('/api/review/queues/:queue/events', async (c) => {
    const p = await person(c);
    if (p instanceof Response) return p;
    const q = await queueOf(p.b, p.who, c.req.param('queue'));
    if (q instanceof Response) return q;
    const body = PostedEvent.safeParse(await c.req.json().catch(() => null));
    if (!body.success)
      return json(400, {
        error: fromZodError(body.error, null, {})
          .map((i) => i.message)
          .join('; '),
      });
    const [queues, annotators, events] = await Promise.all([
      p.b.store.listReviewQueues(p.b.ownerId),
      p.b.store.listAnnotators(p.b.ownerId),
      p.b.store.listReviewEvents(p.b.ownerId),
    ]);
    const posted = body.data;
    let fields: Record<string, unknown>;
    if (posted.kind === 'undo') {
      const last = undoTarget(q.id, p.who.name, events);
      if (!last) return json(409, { error: `${p.who.name} has nothing left to undo in ${q.id}` });
      fields = { kind: 'undo', item_id: last.item_id, undoes: last.id, round: last.round };
    } else fields = { ...posted, round: posted.kind === 'adjudicate' ? 2 : 1 };
    const parsed = ReviewEvent.safeParse({
      id: p.b.newId?.() ?? randomUUID(),
      owner_id: p.b.ownerId,
      queue_id: q.id,
      who: p.who.name,
      role: p.who.role,
      at: p.b.now?.() ?? new Date().toISOString(),
      ...fields,
    });
    if (!parsed.success) return json(400, { error: parsed.error.issues.map((i) => i.message).join('; ') });
    const problem = checkReviewEvent(parsed.data, { queues, annotators, events });
    if (problem) return json(409, { error: problem.message, rule: problem.rule });
    await p.b.store.appendReviewEvents([parsed.data]);
    return c.json({ event: parsed.data }, 201);
  });

  app.get('/api/review/queues/:queue/status', async (c) => {
    const p = await person(c);
    if (p instanceof Response) return p;
    const q = await queueOf(p.b, p.who, c.req.param('queue'));
    if (q instanceof Response) return q;
    if (p.who.role !== 'adjudicator') {
      return json(403, { error: 'progress and agreement are shown to the adjudicator, so that labels stay blind' });
    }
    const state = queueState(q, await p.b.store.listReviewEvents(p.b.ownerId, { queueId: q.id }));
    const judge = typeof q.sampling.judge === 'string' ? q.sampling.judge : null;
    const agreement =
      q.kind !== 'verdict_label' || judge === null
        ? null
        : queueAgreement({ queue: q, state, verdicts: p.b.run.verdicts, judge, facets: checkFacets(p.b.run.rubrics) });
    return c.json({
      id: q.id,
      kind: q.kind,
      judge,
      total: q.items.length,
      counts: state.counts,
      ...agreementJson(agreement),
    });
  });
}
