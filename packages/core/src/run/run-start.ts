import { InputError } from '../issues/errors.js';
import type { RunRecord, RunStore } from '../ports/store.js';
import { hashCanonical } from '../schema/canonical.js';
import { changedConfigParts } from './config-hash.js';
import type { EvaluationParticipants, RunEvaluationOptions } from './run-evaluation.js';

/** Where a restart keeps the earlier run's files (a run directory), beside their own place. */
export interface RunAside {
  /** Whether something already sits where the files would go with this suffix. */
  taken(suffix: string): Promise<boolean>;
  /** Moves the files to the suffix, now belonging to `runId`; where they went, or null when there were none. */
  move(suffix: string, runId: string): Promise<string | null>;
}

/** What `onStarted` hears once the run is stored as running. */
export interface RunStart {
  runId: string;
  /** The stored run this one continues. */
  resumed: RunRecord | undefined;
  /** The earlier run a restart kept aside: its new id and where its files went. */
  restarted: { runId: string; dir: string | null } | null;
}

interface Started {
  runId: string;
  record: RunRecord;
  participants: EvaluationParticipants;
  lease: { release(): Promise<void> } | undefined;
}

/**
 * Takes the lease, resumes or refuses (naming the parts that changed),
 * resolves the participants, keeps an earlier run aside on a restart, and
 * stores the run as running. Nothing is stored when any step fails.
 */
export async function startRun(o: RunEvaluationOptions): Promise<Started> {
  const configParts = { ...o.configParts };
  const configHash = hashCanonical(configParts);
  const runId = typeof o.runId === 'function' ? o.runId(configHash) : o.runId;
  const lease = await o.holdLease?.(runId);
  try {
    const existing = await o.store.getRun(runId);
    refuseUnresumable(o, runId, existing, configHash);
    const participants = typeof o.participants === 'function' ? await o.participants() : o.participants;
    const restarted = existing && o.mode === 'restart' ? await setRunAside(o.store, runId, existing, o.aside) : null;
    const resumed = restarted ? undefined : existing;
    const startedAt = resumed?.startedAt ?? o.clock().toISOString();
    const record: RunRecord = {
      runId,
      configHash,
      configParts,
      manifest: {
        run_id: runId,
        toolkit_version: o.manifest.toolkit_version,
        config_hash: configHash,
        ...manifestRest(o.manifest),
        started_at: startedAt,
        ended_at: null,
      },
      status: 'running',
      startedAt,
      endedAt: null,
    };
    await o.store.putRun(record);
    o.onStarted?.({ runId, resumed, restarted });
    return { runId, record, participants, lease };
  } catch (e) {
    await lease?.release();
    throw e;
  }
}

function refuseUnresumable(
  o: RunEvaluationOptions,
  runId: string,
  existing: RunRecord | undefined,
  configHash: string,
): void {
  const file = o.where.config !== undefined ? { file: o.where.config } : {};
  if (o.mode === 'resume' && !existing) {
    throw new InputError({
      rule: 'no-run-to-resume',
      message: `there is no run "${runId}" in ${o.where.store} to resume`,
      ...file,
    });
  }
  if (existing && o.mode !== 'restart' && existing.configHash !== configHash) {
    const changed = changedConfigParts(existing.configParts, o.configParts);
    throw new InputError({
      rule: 'config-changed',
      message:
        `run "${runId}" was started with a different configuration (changed: ${changed.join(', ')}); ` +
        'it cannot be resumed. Start it over with `--restart` (the earlier run is kept aside), ' +
        'or give the run a new `name` in the config to start a separate run.',
      ...file,
    });
  }
}

/**
 * Moves an earlier run out of the way of a restart: its store rows to
 * `<name>.<start time>` (`-2`, `-3`… when taken) and its files beside
 * themselves with the same suffix. Nothing is deleted.
 */
export async function setRunAside(
  store: RunStore,
  runName: string,
  existing: RunRecord,
  aside: RunAside | undefined,
): Promise<{ runId: string; dir: string | null }> {
  const stamp = existing.startedAt.replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
  let suffix = stamp;
  for (let n = 2; (await store.getRun(`${runName}.${suffix}`)) !== undefined || (await aside?.taken(suffix)); n++) {
    suffix = `${stamp}-${n}`;
  }
  const runId = `${runName}.${suffix}`;
  await store.renameRun(runName, runId);
  return { runId, dir: (await aside?.move(suffix, runId)) ?? null };
}

function manifestRest(m: RunEvaluationOptions['manifest']) {
  const { toolkit_version: _, ...rest } = m;
  return rest;
}
