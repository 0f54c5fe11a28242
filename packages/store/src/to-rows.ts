import type {
  CachedCall,
  CallMeta,
  HumanLabel,
  RunLeaseRequest,
  RunRecord,
  StoredAnswer,
  StoredJudgeFailure,
  StoredVerdict,
  VerdictKeyParts,
} from '@gamut/core';
import type { KeyRow } from './rows.js';
import type { Tables } from './tables.js';

/** The port's records as both stores write them: the other direction of `rows.ts`. */

export function runRow(run: RunRecord): Tables['runs'] {
  return {
    run_id: run.runId,
    config_hash: run.configHash,
    config_parts: JSON.stringify(run.configParts),
    manifest: JSON.stringify(run.manifest),
    status: run.status,
    started_at: run.startedAt,
    ended_at: run.endedAt,
  };
}

export function callRow(key: string, value: CachedCall, meta: CallMeta, createdAt: string): Tables['calls'] {
  return {
    key,
    provider: meta.provider,
    model_id: meta.modelId,
    text: value.text,
    finish_reason: value.finishReason ?? null,
    response_id: value.responseId ?? null,
    input_tokens: value.usage.inputTokens,
    output_tokens: value.usage.outputTokens,
    cached_input_tokens: value.usage.cachedInputTokens,
    latency_ms: meta.latencyMs,
    cost_usd: meta.costUsd,
    created_at: createdAt,
    valid: meta.valid !== false,
  };
}

export function answerRow(a: StoredAnswer): Tables['answers'] {
  return {
    run_id: a.runId,
    question_id: a.questionId,
    model: a.model,
    setting: a.setting,
    response: a.response,
    call_key: a.callKey,
  };
}

export function keyRow(k: VerdictKeyParts): KeyRow {
  return {
    run_id: k.runId,
    question_id: k.questionId,
    model: k.model,
    setting: k.setting,
    check_id: k.checkId,
    judge: k.judge,
    sample: k.sample,
  };
}

/** The key of one answer's checks by one judge sample: `finishedChecks`' filter. */
export function checksKey(k: Omit<VerdictKeyParts, 'checkId'>): Omit<KeyRow, 'check_id'> {
  return {
    run_id: k.runId,
    question_id: k.questionId,
    model: k.model,
    setting: k.setting,
    judge: k.judge,
    sample: k.sample,
  };
}

// Written out rather than spread from keyRow: this is on the judge's hot path.
export function verdictRow(v: StoredVerdict): Tables['verdicts'] {
  return {
    run_id: v.runId,
    question_id: v.questionId,
    model: v.model,
    setting: v.setting,
    check_id: v.checkId,
    judge: v.judge,
    sample: v.sample,
    verdict: v.verdict,
    rationale: v.rationale,
    quote: v.quote,
  };
}

export function failureRow(f: StoredJudgeFailure): Tables['judge_failures'] {
  return { ...keyRow(f), error: f.error, raw: f.raw, kind: f.kind ?? null };
}

export function labelRow(l: HumanLabel): Omit<Tables['labels'], 'id'> {
  return {
    question_id: l.questionId,
    model: l.model,
    setting: l.setting,
    check_id: l.checkId,
    verdict: l.verdict,
    author: l.author,
    reason: l.reason,
    created_at: l.createdAt,
  };
}

/** The lease a request would hold, started now unless its owner already held it since `startedAt`. */
export function leaseRow(r: RunLeaseRequest, startedAt = r.now): Tables['run_leases'] {
  return { run_id: r.runId, owner_id: r.ownerId, pid: r.pid, host: r.host, started_at: startedAt, heartbeat_at: r.now };
}
