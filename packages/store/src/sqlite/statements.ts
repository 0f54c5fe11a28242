import type { Database, Statement } from 'better-sqlite3';

const KEY_COLS = 'run_id, question_id, model, setting, check_id, judge, sample';
const ORDER = 'ORDER BY question_id, model, setting, check_id, judge, sample';

/** Prepared once per connection: the hot path (cache get/put, verdict put) runs no SQL parsing. */
export function prepareStatements(db: Database): Record<StatementName, Statement> {
  const p = (sql: string): Statement => db.prepare(sql);
  return {
    getCall: p(
      'SELECT text, finish_reason, response_id, input_tokens, output_tokens, cached_input_tokens FROM calls WHERE key = ? AND valid = 1',
    ),
    putCall:
      p(`INSERT INTO calls (key, provider, model_id, text, finish_reason, response_id, input_tokens, output_tokens,
        cached_input_tokens, latency_ms, cost_usd, created_at, valid) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)
      ON CONFLICT (key) DO UPDATE SET text = excluded.text, finish_reason = excluded.finish_reason,
        response_id = excluded.response_id, input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,
        cached_input_tokens = excluded.cached_input_tokens, latency_ms = excluded.latency_ms, cost_usd = excluded.cost_usd,
        valid = excluded.valid`),
    callTotals: p(`SELECT COUNT(*) AS calls, SUM(input_tokens) AS inputTokens, SUM(output_tokens) AS outputTokens,
        SUM(cached_input_tokens) AS cachedInputTokens, SUM(cost_usd) AS costUsd FROM calls WHERE created_at >= ?`),
    putRun: p(`INSERT INTO runs (run_id, config_hash, config_parts, manifest, status, started_at, ended_at)
      VALUES (?,?,?,?,?,?,?) ON CONFLICT (run_id) DO UPDATE SET config_hash = excluded.config_hash,
        config_parts = excluded.config_parts, manifest = excluded.manifest, status = excluded.status,
        started_at = excluded.started_at, ended_at = excluded.ended_at`),
    getRun: p('SELECT * FROM runs WHERE run_id = ?'),
    listRuns: p('SELECT * FROM runs ORDER BY started_at, run_id'),
    setRunStatus: p('UPDATE runs SET status = ?, ended_at = ? WHERE run_id = ?'),
    renameRun: p(`UPDATE runs SET run_id = @to, manifest = json_set(manifest, '$.run_id', @to) WHERE run_id = @from`),
    renameAnswers: p('UPDATE answers SET run_id = @to WHERE run_id = @from'),
    renameVerdicts: p('UPDATE verdicts SET run_id = @to WHERE run_id = @from'),
    renameFailures: p('UPDATE judge_failures SET run_id = @to WHERE run_id = @from'),
    putAnswer: p(`INSERT INTO answers (run_id, question_id, model, setting, response, call_key) VALUES (?,?,?,?,?,?)
      ON CONFLICT (run_id, question_id, model, setting) DO UPDATE SET response = excluded.response, call_key = excluded.call_key`),
    getAnswers: p('SELECT * FROM answers WHERE run_id = ? ORDER BY question_id, model, setting'),
    putVerdict: p(`INSERT INTO verdicts (${KEY_COLS}, verdict, rationale, quote) VALUES (?,?,?,?,?,?,?,?,?,?)
      ON CONFLICT (${KEY_COLS}) DO UPDATE SET verdict = excluded.verdict, rationale = excluded.rationale, quote = excluded.quote`),
    deleteFailure: p(`DELETE FROM judge_failures WHERE (${KEY_COLS}) = (?,?,?,?,?,?,?)`),
    countVerdicts: p('SELECT COUNT(*) AS n FROM verdicts WHERE run_id = ?'),
    finishedChecks: p(`SELECT check_id FROM verdicts
      WHERE run_id = ? AND question_id = ? AND model = ? AND setting = ? AND judge = ? AND sample = ?`).pluck(),
    verdictPageFirst: p(`SELECT * FROM verdicts WHERE run_id = ? ${ORDER} LIMIT ?`),
    verdictPageAfter: p(`SELECT * FROM verdicts WHERE run_id = ?
      AND (question_id, model, setting, check_id, judge, sample) > (?,?,?,?,?,?) ${ORDER} LIMIT ?`),
    putFailure: p(`INSERT INTO judge_failures (${KEY_COLS}, error, raw, kind) VALUES (?,?,?,?,?,?,?,?,?,?)
      ON CONFLICT (${KEY_COLS}) DO UPDATE SET error = excluded.error, raw = excluded.raw, kind = excluded.kind`),
    getFailures: p(`SELECT * FROM judge_failures WHERE run_id = ? ${ORDER}`),
    getLease: p('SELECT * FROM run_leases WHERE run_id = ?'),
    putLease: p(`INSERT INTO run_leases (run_id, owner_id, pid, host, started_at, heartbeat_at) VALUES (?,?,?,?,?,?)
      ON CONFLICT (run_id) DO UPDATE SET owner_id = excluded.owner_id, pid = excluded.pid, host = excluded.host,
        started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at`),
    renewLease: p('UPDATE run_leases SET heartbeat_at = ? WHERE run_id = ? AND owner_id = ?'),
    releaseLease: p('DELETE FROM run_leases WHERE run_id = ? AND owner_id = ?'),
    appendLabel: p(`INSERT INTO labels (question_id, model, setting, check_id, verdict, author, reason, created_at)
      VALUES (?,?,?,?,?,?,?,?)`),
    getLabels: p(
      `SELECT * FROM labels WHERE (@q IS NULL OR question_id = @q) AND (@c IS NULL OR check_id = @c) ORDER BY id`,
    ),
    appendAnnotator: p(`INSERT INTO review_annotators (owner_id, name, role, token_hash, created_at)
      VALUES (@owner_id, @name, @role, @token_hash, @created_at)`),
    listAnnotators: p(
      'SELECT owner_id, name, role, token_hash, created_at FROM review_annotators WHERE owner_id = ? ORDER BY seq',
    ),
    appendQueue: p(`INSERT INTO review_queues (owner_id, queue_id, kind, created_at, body)
      VALUES (@owner_id, @queue_id, @kind, @created_at, @body)`),
    listQueues: p('SELECT body FROM review_queues WHERE owner_id = ? ORDER BY seq'),
    appendEvent: p(`INSERT INTO review_events (owner_id, event_id, queue_id, item_id, kind, who, at, body)
      VALUES (@owner_id, @event_id, @queue_id, @item_id, @kind, @who, @at, @body)`),
    listEvents: p(
      'SELECT body FROM review_events WHERE owner_id = @owner AND (@queue IS NULL OR queue_id = @queue) ORDER BY seq',
    ),
    // Custom ids go in as one JSON array: a batch of 50,000 is past SQLite's bound-parameter limit.
    putBatch: p(`INSERT INTO batches (provider, batch_id, endpoint, submitted_at) VALUES (?,?,?,?)
      ON CONFLICT (provider, batch_id) DO UPDATE SET endpoint = excluded.endpoint, submitted_at = excluded.submitted_at`),
    putBatchItems:
      p(`INSERT INTO batch_items (custom_id, provider, batch_id) SELECT value, ?, ? FROM json_each(?) WHERE true
      ON CONFLICT (custom_id) DO UPDATE SET provider = excluded.provider, batch_id = excluded.batch_id`),
    findBatches: p(`SELECT i.custom_id, b.provider, b.batch_id, b.endpoint, b.submitted_at
      FROM batch_items i JOIN batches b ON b.provider = i.provider AND b.batch_id = i.batch_id
      WHERE i.custom_id IN (SELECT value FROM json_each(?))`),
    dropBatchItems: p('DELETE FROM batch_items WHERE custom_id IN (SELECT value FROM json_each(?))'),
  };
}

export type StatementName =
  | 'getLease'
  | 'putLease'
  | 'renewLease'
  | 'releaseLease'
  | 'getCall'
  | 'putCall'
  | 'callTotals'
  | 'putRun'
  | 'getRun'
  | 'listRuns'
  | 'setRunStatus'
  | 'renameRun'
  | 'renameAnswers'
  | 'renameVerdicts'
  | 'renameFailures'
  | 'putAnswer'
  | 'getAnswers'
  | 'putVerdict'
  | 'deleteFailure'
  | 'countVerdicts'
  | 'finishedChecks'
  | 'verdictPageFirst'
  | 'verdictPageAfter'
  | 'putFailure'
  | 'getFailures'
  | 'appendLabel'
  | 'getLabels'
  | 'appendAnnotator'
  | 'listAnnotators'
  | 'appendQueue'
  | 'listQueues'
  | 'appendEvent'
  | 'listEvents'
  | 'putBatch'
  | 'putBatchItems'
  | 'findBatches'
  | 'dropBatchItems';
export type Statements = Record<StatementName, Statement>;
