import { sql } from 'kysely';
import type { BatchRow } from '../batch-rows.js';
import type { KeyRow } from '../rows.js';
import type { Tables } from '../tables.js';
import { CALL_UPDATE, fromExcluded, KEY, pick, RUN_UPDATE } from './columns.js';
import { type Dialect, query } from './query.js';

/** Every query both stores run, typed by `Tables`, compiled per dialect (each export is prepared by the stores). */

type Key = Omit<KeyRow, 'check_id'> & { check_id: string };

// A list of ids goes in as one JSON array: a batch of 50,000 is past either dialect's bound-parameter limit.
const jsonIds = (ids: string, dialect: Dialect) =>
  dialect === 'sqlite'
    ? sql`(SELECT value FROM json_each(${ids}))`
    : sql`(SELECT value FROM json_array_elements_text(cast(${ids} as json)))`;

// PostgreSQL cannot type a parameter that is only tested for null.
const unset = (v: string | null) => sql<boolean>`cast(${v} as text) is null`;

const CALL_COLS = ['key', 'provider', 'model_id', 'created_at', ...CALL_UPDATE] as const;
const RUN_COLS = ['run_id', ...RUN_UPDATE] as const;
const LEASE_COLS = ['run_id', 'owner_id', 'pid', 'host', 'started_at', 'heartbeat_at'] as const;

export const getCall = query((db, p: { key: string }) =>
  db
    .selectFrom('calls')
    .select(['text', 'finish_reason', 'response_id', 'input_tokens', 'output_tokens', 'cached_input_tokens'])
    .where('key', '=', p.key)
    .where('valid', '=', true),
);

export const putCall = query((db, p: Tables['calls']) =>
  db
    .insertInto('calls')
    .values(pick(p, CALL_COLS))
    .onConflict((oc) => oc.column('key').doUpdateSet(fromExcluded(CALL_UPDATE))),
);

// SUM of integers is numeric in PostgreSQL, which pg returns as a string: cast to a double in both.
const total = <A extends string>(col: 'input_tokens' | 'output_tokens' | 'cached_input_tokens' | 'cost_usd', as: A) =>
  sql<number>`cast(coalesce(sum(${sql.ref(col)}), 0) as double precision)`.as(as);

export const callTotals = query((db, p: { since: string }) =>
  db
    .selectFrom('calls')
    .select([
      sql<number>`cast(count(*) as integer)`.as('calls'),
      total('input_tokens', 'inputTokens'),
      total('output_tokens', 'outputTokens'),
      total('cached_input_tokens', 'cachedInputTokens'),
      total('cost_usd', 'costUsd'),
    ])
    .where('created_at', '>=', p.since),
);

export const putRun = query((db, p: Tables['runs']) =>
  db
    .insertInto('runs')
    .values(pick(p, RUN_COLS))
    .onConflict((oc) => oc.column('run_id').doUpdateSet(fromExcluded(RUN_UPDATE))),
);

export const getRun = query((db, p: { run_id: string }) =>
  db.selectFrom('runs').selectAll().where('run_id', '=', p.run_id),
);

export const listRuns = query((db, _p: Record<never, never>) =>
  db.selectFrom('runs').selectAll().orderBy('started_at').orderBy('run_id'),
);

export const setRunStatus = query((db, p: Pick<Tables['runs'], 'run_id' | 'status' | 'ended_at'>) =>
  db.updateTable('runs').set({ status: p.status, ended_at: p.ended_at }).where('run_id', '=', p.run_id),
);

interface Rename {
  from: string;
  to: string;
}

export const renameRun = query((db, p: Rename, dialect) =>
  db
    .updateTable('runs')
    .set({
      run_id: p.to,
      manifest:
        dialect === 'sqlite'
          ? sql<string>`json_set(manifest, '$.run_id', ${p.to})`
          : sql<string>`jsonb_set(manifest::jsonb, '{run_id}', to_jsonb(cast(${p.to} as text)))::text`,
    })
    .where('run_id', '=', p.from),
);

const renameIn = (table: 'answers' | 'verdicts' | 'judge_failures') =>
  query((db, p: Rename) => db.updateTable(table).set({ run_id: p.to }).where('run_id', '=', p.from));
export const renameAnswers = renameIn('answers');
export const renameVerdicts = renameIn('verdicts');
export const renameFailures = renameIn('judge_failures');

export const putAnswer = query((db, p: Tables['answers']) =>
  db
    .insertInto('answers')
    .values(pick(p, ['run_id', 'question_id', 'model', 'setting', 'response', 'call_key']))
    .onConflict((oc) =>
      oc.columns(['run_id', 'question_id', 'model', 'setting']).doUpdateSet(fromExcluded(['response', 'call_key'])),
    ),
);

export const getAnswers = query((db, p: { run_id: string }) =>
  db
    .selectFrom('answers')
    .selectAll()
    .where('run_id', '=', p.run_id)
    .orderBy('question_id')
    .orderBy('model')
    .orderBy('setting'),
);

export const putVerdict = query((db, p: Tables['verdicts']) =>
  db
    .insertInto('verdicts')
    .values(pick(p, [...KEY, 'verdict', 'rationale', 'quote']))
    .onConflict((oc) => oc.columns(KEY).doUpdateSet(fromExcluded(['verdict', 'rationale', 'quote']))),
);

export const deleteFailure = query((db, p: Key) => db.deleteFrom('judge_failures').where((eb) => eb.and(pick(p, KEY))));

export const countVerdicts = query((db, p: { run_id: string }) =>
  db.selectFrom('verdicts').select(sql<number>`cast(count(*) as integer)`.as('n')).where('run_id', '=', p.run_id),
);

export const finishedChecks = query((db, p: Omit<Key, 'check_id'>) =>
  db
    .selectFrom('verdicts')
    .select('check_id')
    .where((eb) => eb.and(pick(p, ['run_id', 'question_id', 'model', 'setting', 'judge', 'sample']))),
);

// The stable order of a run's verdicts and failures: one expression, as kysely has no multi-column orderBy.
const BY_KEY = sql`question_id, model, setting, check_id, judge, sample`;

export const verdictPageFirst = query((db, p: { run_id: string; limit: number }) =>
  db.selectFrom('verdicts').selectAll().where('run_id', '=', p.run_id).orderBy(BY_KEY).limit(p.limit),
);

// Pages by primary key instead of holding a cursor open. Six columns: more than kysely's tuple
// helpers take, so the row comparison is written out.
export const verdictPageAfter = query((db, p: Key & { limit: number }) =>
  db
    .selectFrom('verdicts')
    .selectAll()
    .where('run_id', '=', p.run_id)
    .where(
      sql<boolean>`(question_id, model, setting, check_id, judge, sample) > (${p.question_id}, ${p.model}, ${p.setting}, ${p.check_id}, ${p.judge}, ${p.sample})`,
    )
    .orderBy(BY_KEY)
    .limit(p.limit),
);

export const putFailure = query((db, p: Tables['judge_failures']) =>
  db
    .insertInto('judge_failures')
    .values(pick(p, [...KEY, 'error', 'raw', 'kind']))
    .onConflict((oc) => oc.columns(KEY).doUpdateSet(fromExcluded(['error', 'raw', 'kind']))),
);

export const getFailures = query((db, p: { run_id: string }) =>
  db.selectFrom('judge_failures').selectAll().where('run_id', '=', p.run_id).orderBy(BY_KEY),
);

/** Takes a free lease: inserts it unless the run has one, and returns the run id when it did. */
export const insertLease = query((db, p: Tables['run_leases']) =>
  db
    .insertInto('run_leases')
    .values(pick(p, LEASE_COLS))
    .onConflict((oc) => oc.column('run_id').doNothing())
    .returning('run_id'),
);

// PostgreSQL locks the row, so a concurrent taker waits and then sees this one's decision;
// SQLite's immediate transaction already holds the whole database.
export const getLease = query((db, p: { run_id: string }, dialect) => {
  const q = db.selectFrom('run_leases').selectAll().where('run_id', '=', p.run_id);
  return dialect === 'postgres' ? q.forUpdate() : q;
});

export const replaceLease = query((db, p: Tables['run_leases']) =>
  db.updateTable('run_leases').set(pick(p, LEASE_COLS)).where('run_id', '=', p.run_id),
);

export const renewLease = query((db, p: Pick<Tables['run_leases'], 'run_id' | 'owner_id' | 'heartbeat_at'>) =>
  db
    .updateTable('run_leases')
    .set({ heartbeat_at: p.heartbeat_at })
    .where('run_id', '=', p.run_id)
    .where('owner_id', '=', p.owner_id),
);

export const releaseLease = query((db, p: Pick<Tables['run_leases'], 'run_id' | 'owner_id'>) =>
  db.deleteFrom('run_leases').where('run_id', '=', p.run_id).where('owner_id', '=', p.owner_id),
);

export const appendLabel = query((db, p: Omit<Tables['labels'], 'id'>) =>
  db
    .insertInto('labels')
    .values(pick(p, ['question_id', 'model', 'setting', 'check_id', 'verdict', 'author', 'reason', 'created_at'])),
);

export const getLabels = query((db, p: { question_id: string | null; check_id: string | null }) =>
  db
    .selectFrom('labels')
    .selectAll()
    .where((eb) => eb.or([unset(p.question_id), eb('question_id', '=', p.question_id as string)]))
    .where((eb) => eb.or([unset(p.check_id), eb('check_id', '=', p.check_id as string)]))
    .orderBy('id'),
);

export const appendAnnotator = query((db, p: Omit<Tables['review_annotators'], 'seq'>) =>
  db.insertInto('review_annotators').values(pick(p, ['owner_id', 'name', 'role', 'token_hash', 'created_at'])),
);

export const listAnnotators = query((db, p: { owner_id: string }) =>
  db
    .selectFrom('review_annotators')
    .select(['owner_id', 'name', 'role', 'token_hash', 'created_at'])
    .where('owner_id', '=', p.owner_id)
    .orderBy('seq'),
);

export const appendQueue = query((db, p: Omit<Tables['review_queues'], 'seq'>) =>
  db.insertInto('review_queues').values(pick(p, ['owner_id', 'queue_id', 'kind', 'created_at', 'body'])),
);

export const listQueues = query((db, p: { owner_id: string }) =>
  db.selectFrom('review_queues').select('body').where('owner_id', '=', p.owner_id).orderBy('seq'),
);

export const appendEvent = query((db, p: Omit<Tables['review_events'], 'seq'>) =>
  db
    .insertInto('review_events')
    .values(pick(p, ['owner_id', 'event_id', 'queue_id', 'item_id', 'kind', 'who', 'at', 'body'])),
);

export const listEvents = query((db, p: { owner_id: string; queue_id: string | null }) =>
  db
    .selectFrom('review_events')
    .select('body')
    .where('owner_id', '=', p.owner_id)
    .where((eb) => eb.or([unset(p.queue_id), eb('queue_id', '=', p.queue_id as string)]))
    .orderBy('seq'),
);

export const putBatch = query((db, p: BatchRow) =>
  db
    .insertInto('batches')
    .values(pick(p, ['provider', 'batch_id', 'endpoint', 'submitted_at', 'submitting']))
    .onConflict((oc) =>
      oc.columns(['provider', 'batch_id']).doUpdateSet(fromExcluded(['endpoint', 'submitted_at', 'submitting'])),
    ),
);

/** `custom_ids` is a JSON array of strings. */
interface BatchItems {
  provider: string;
  batch_id: string;
  custom_ids: string;
}

// SQLite needs the WHERE to tell the upsert's ON CONFLICT from a join constraint.
export const putBatchItems = query((db, p: BatchItems, dialect) =>
  db
    .insertInto('batch_items')
    .columns(['custom_id', 'provider', 'batch_id'])
    .expression(
      sql`SELECT value, cast(${p.provider} as text), cast(${p.batch_id} as text) FROM ${jsonIds(p.custom_ids, dialect)} AS ids WHERE true`,
    )
    .onConflict((oc) => oc.column('custom_id').doUpdateSet(fromExcluded(['provider', 'batch_id']))),
);

export const findBatches = query((db, p: { custom_ids: string }, dialect) =>
  db
    .selectFrom('batch_items as i')
    .innerJoin('batches as b', (j) => j.onRef('b.provider', '=', 'i.provider').onRef('b.batch_id', '=', 'i.batch_id'))
    .select(['i.custom_id', 'b.provider', 'b.batch_id', 'b.endpoint', 'b.submitted_at', 'b.submitting'])
    .where(sql<boolean>`i.custom_id IN ${jsonIds(p.custom_ids, dialect)}`),
);

export const dropBatchItems = query((db, p: { custom_ids: string }, dialect) =>
  db.deleteFrom('batch_items').where(sql<boolean>`custom_id IN ${jsonIds(p.custom_ids, dialect)}`),
);
