import type {
  CachedCall,
  HumanLabel,
  JudgeFailureKind,
  RunLease,
  RunRecord,
  RunStatus,
  StoredAnswer,
  StoredJudgeFailure,
  StoredVerdict,
} from '@gamut/core';
import { Annotator, Manifest, ReviewEvent, ReviewQueue } from '@gamut/core';

/** Rows as both stores return them (snake-case columns), and their mapping to the port's records. */
type Setting = StoredVerdict['setting'];
type VerdictValue = StoredVerdict['verdict'];
export interface RunRow {
  run_id: string;
  config_hash: string;
  config_parts: string;
  manifest: string;
  status: RunStatus;
  started_at: string;
  ended_at: string | null;
}
export interface AnswerRow {
  run_id: string;
  question_id: string;
  model: string;
  setting: Setting;
  response: string;
  call_key: string | null;
}
export interface KeyRow {
  run_id: string;
  question_id: string;
  model: string;
  setting: Setting;
  check_id: string;
  judge: string;
  sample: number;
}
export interface VerdictRow extends KeyRow {
  verdict: VerdictValue;
  rationale: string;
  quote: string | null;
}
export interface FailureRow extends KeyRow {
  error: string;
  raw: string | null;
  kind: JudgeFailureKind | null;
}
export interface LabelRow {
  question_id: string;
  model: string;
  setting: Setting;
  check_id: string;
  verdict: VerdictValue;
  author: string;
  reason: string;
  created_at: string;
}
export interface CallRow {
  text: string;
  finish_reason: string | null;
  response_id: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  cached_input_tokens: number | null;
}

export function runFromRow(r: RunRow): RunRecord {
  return {
    runId: r.run_id,
    configHash: r.config_hash,
    configParts: JSON.parse(r.config_parts) as Record<string, string>,
    manifest: Manifest.parse(JSON.parse(r.manifest)),
    status: r.status,
    startedAt: r.started_at,
    endedAt: r.ended_at,
  };
}

const keyFromRow = (r: KeyRow) => ({
  runId: r.run_id,
  questionId: r.question_id,
  model: r.model,
  setting: r.setting,
  checkId: r.check_id,
  judge: r.judge,
  sample: r.sample,
});

export function verdictFromRow(r: VerdictRow): StoredVerdict {
  return { ...keyFromRow(r), verdict: r.verdict, rationale: r.rationale, quote: r.quote };
}

export function failureFromRow(r: FailureRow): StoredJudgeFailure {
  return { ...keyFromRow(r), error: r.error, raw: r.raw, ...(r.kind !== null && { kind: r.kind }) };
}

export function callFromRow(r: CallRow): CachedCall {
  return {
    text: r.text,
    usage: { inputTokens: r.input_tokens, outputTokens: r.output_tokens, cachedInputTokens: r.cached_input_tokens },
    ...(r.finish_reason !== null && { finishReason: r.finish_reason }),
    ...(r.response_id !== null && { responseId: r.response_id }),
  };
}

export interface LeaseRow {
  run_id: string;
  owner_id: string;
  pid: number;
  host: string;
  started_at: string;
  heartbeat_at: string;
}

export function leaseFromRow(r: LeaseRow): RunLease {
  return {
    runId: r.run_id,
    ownerId: r.owner_id,
    pid: r.pid,
    host: r.host,
    startedAt: r.started_at,
    heartbeatAt: r.heartbeat_at,
  };
}

export function answerFromRow(r: AnswerRow): StoredAnswer {
  return {
    runId: r.run_id,
    questionId: r.question_id,
    model: r.model,
    setting: r.setting,
    response: r.response,
    callKey: r.call_key,
  };
}

export function labelFromRow(r: LabelRow): HumanLabel {
  return {
    questionId: r.question_id,
    model: r.model,
    setting: r.setting,
    checkId: r.check_id,
    verdict: r.verdict,
    author: r.author,
    reason: r.reason,
    createdAt: r.created_at,
  };
}

export interface AnnotatorRow {
  owner_id: string;
  name: string;
  role: string;
  token_hash: string;
  created_at: string;
}

export function annotatorFromRow(r: AnnotatorRow): Annotator {
  return Annotator.parse(r);
}

/** Queues and events are kept whole as JSON (`body`), with the columns they are looked up by beside it. */
export interface ReviewQueueRow {
  owner_id: string;
  queue_id: string;
  kind: string;
  created_at: string;
  body: string;
}

export function reviewQueueRow(q: ReviewQueue): ReviewQueueRow {
  return { owner_id: q.owner_id, queue_id: q.id, kind: q.kind, created_at: q.created_at, body: JSON.stringify(q) };
}

export function reviewQueueFromRow(r: Pick<ReviewQueueRow, 'body'>): ReviewQueue {
  return ReviewQueue.parse(JSON.parse(r.body));
}

export interface ReviewEventRow {
  owner_id: string;
  event_id: string;
  queue_id: string;
  item_id: string;
  kind: string;
  who: string;
  at: string;
  body: string;
}

export function reviewEventRow(e: ReviewEvent): ReviewEventRow {
  return {
    owner_id: e.owner_id,
    event_id: e.id,
    queue_id: e.queue_id,
    item_id: e.item_id,
    kind: e.kind,
    who: e.who,
    at: e.at,
    body: JSON.stringify(e),
  };
}

export function reviewEventFromRow(r: Pick<ReviewEventRow, 'body'>): ReviewEvent {
  return ReviewEvent.parse(JSON.parse(r.body));
}
