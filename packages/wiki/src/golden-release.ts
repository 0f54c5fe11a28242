import {
  type ChangelogEntry,
  type FlagDecision,
  type FlagRef,
  GoldenProposal,
  type GoldenRelease,
  type GoldenSet,
  goldenSetHash,
  InputError,
  type Issue,
} from '@gamut/core';
import { applyGoldenChange } from './golden-change.js';
import { checkGoldenSet, freezeGoldenSet } from './golden-set.js';
import type { WikiSnapshot } from './snapshot.js';

/** A decision as read, with the line it came from (for issues). */
export interface LocatedDecision {
  decision: FlagDecision;
  line?: number;
}

export interface ProposeOptions {
  golden: GoldenSet;
  decisions: readonly LocatedDecision[];
  /** The version to release as; default: the base version with its last number raised (`nextVersion`). */
  version?: string;
  /** When given, pages the changes add must be in it and current. */
  snapshot?: WikiSnapshot;
  /** The decisions file, for issues. */
  file?: string;
}

/**
 * The next version of a golden set from reviewers' decisions on flags: the
 * latest decision on each flag counts (earlier ones stay in the record, not
 * here), the confirmed changes are applied in decision order, and each one
 * becomes a changelog entry naming the flag, the reason and who confirmed
 * it. The base set is not modified, and nothing is frozen: that is
 * `releaseGoldenVersion`. Every problem is thrown at once as an `InputError`.
 */
export function proposeGoldenVersion(options: ProposeOptions): GoldenProposal {
  const { golden } = options;
  const file = options.file !== undefined ? { file: options.file } : {};
  const version = options.version ?? nextVersion(golden.version);
  const issues: Issue[] = [];
  if (version === golden.version) {
    issues.push({ rule: 'same-version', message: `the next version must differ from ${golden.version}` });
  }
  const questions = new Set(golden.questions.map((q) => q.question_id as string));
  const latest = latestDecisions(options.decisions);
  const { frozen_hash: _base, ...unfrozen } = golden;
  let next: GoldenSet = { ...unfrozen, version };
  const changelog: ChangelogEntry[] = [];
  const confirmedWithoutChange: FlagDecision[] = [];
  const rejected: FlagDecision[] = [];
  for (const { decision: d, line } of latest) {
    const where = { ...file, ...(line !== undefined && { line }), question: d.flag.question_id };
    if (!questions.has(d.flag.question_id)) {
      issues.push({
        ...where,
        rule: 'unknown-question',
        message: 'the flag is on a question the golden set does not have',
      });
      continue;
    }
    if (d.decision === 'reject') {
      rejected.push(d);
      continue;
    }
    if (!d.change) {
      confirmedWithoutChange.push(d);
      continue;
    }
    const applied = applyGoldenChange(next, d.change);
    if (!applied.ok) {
      issues.push({ ...where, rule: applied.rule, message: `${d.who}'s confirmed change: ${applied.message}` });
      continue;
    }
    next = applied.golden;
    changelog.push({
      change: d.change,
      summary: applied.summary,
      flag: d.flag,
      confirmed_by: d.who,
      at: d.at,
      reason: d.reason,
    });
  }
  const check = checkGoldenSet(next, { ...file, ...(options.snapshot && { snapshot: options.snapshot }) });
  issues.push(...check.map((i) => ({ ...i, message: `the proposed set: ${i.message}` })));
  if (issues.length) throw new InputError(issues);
  return GoldenProposal.parse({
    format: 'gamut-golden-proposal',
    base: { name: golden.name, version: golden.version, hash: goldenSetHash(golden) },
    version,
    changelog,
    confirmed_without_change: confirmedWithoutChange,
    rejected,
    golden: next,
  });
}

export interface ReleaseOptions {
  proposal: GoldenProposal;
  /** Who releases it, and when (passed in: the wiki package reads no clock). */
  who: string;
  at: string;
  /** When given, the released set is checked against it again (pages may have changed since the proposal). */
  snapshot?: WikiSnapshot;
  /** The base set as it is now: a proposal made on another version of it is stale. */
  base?: GoldenSet;
  file?: string;
}

/**
 * Freezes a proposal under its new version: the set gets `frozen_hash` (the
 * one golden hash, `goldenSetHash`), and the release record names the version
 * it replaces, so runs graded on the old version keep naming it. A proposal
 * with no change, or made on a base that has changed since, is refused.
 */
export function releaseGoldenVersion(options: ReleaseOptions): { golden: GoldenSet; release: GoldenRelease } {
  const { proposal } = options;
  const file = options.file !== undefined ? { file: options.file } : {};
  const issues: Issue[] = [];
  if (proposal.changelog.length === 0) {
    issues.push({
      ...file,
      rule: 'no-changes',
      message: 'the proposal changes nothing: no confirmed flag carries a change',
    });
  }
  if (options.base) {
    const hash = goldenSetHash(options.base);
    if (hash !== proposal.base.hash) {
      issues.push({
        ...file,
        rule: 'stale-proposal',
        message: `the proposal was made on ${proposal.base.name} v${proposal.base.version} (${proposal.base.hash.slice(0, 12)}…), but that set is now ${options.base.version} (${hash.slice(0, 12)}…); propose again`,
      });
    }
  }
  const golden = freezeGoldenSet({ ...proposal.golden, version: proposal.version });
  issues.push(...checkGoldenSet(golden, { ...file, ...(options.snapshot && { snapshot: options.snapshot }) }));
  if (issues.length) throw new InputError(issues);
  return {
    golden,
    release: {
      format: 'gamut-golden-release',
      name: golden.name,
      version: golden.version,
      hash: golden.frozen_hash as string,
      previous: proposal.base,
      released_by: options.who,
      released_at: options.at,
      changelog: proposal.changelog,
    },
  };
}

/** "1" → "2", "1.4" → "1.5", "v2" → "v3"; a version without a number gets ".2". */
export function nextVersion(version: string): string {
  const m = /(\d+)(\D*)$/.exec(version);
  if (!m || m.index === undefined) return `${version}.2`;
  return `${version.slice(0, m.index)}${BigInt(m[1] as string) + 1n}${m[2]}`;
}

/** The latest decision on each flag (by time, then file order), in that order. */
function latestDecisions(decisions: readonly LocatedDecision[]): LocatedDecision[] {
  const byFlag = new Map<string, { d: LocatedDecision; i: number }>();
  decisions.forEach((d, i) => {
    const key = flagKey(d.decision.flag);
    const seen = byFlag.get(key);
    if (!seen || Date.parse(d.decision.at) >= Date.parse(seen.d.decision.at)) byFlag.set(key, { d, i });
  });
  return [...byFlag.values()]
    .sort((a, b) => Date.parse(a.d.decision.at) - Date.parse(b.d.decision.at) || a.i - b.i)
    .map((x) => x.d);
}

/** A flag has no id of its own: its question, kind and detail name it. */
export function flagKey(flag: FlagRef): string {
  return `${flag.question_id}\u0000${flag.kind}\u0000${flag.detail}`;
}

/** The changelog as Markdown, for people and release notes. */
export function changelogMarkdown(release: GoldenRelease): string {
  const lines = [
    `# ${release.name} ${release.version}`,
    '',
    `Released by ${release.released_by} at ${release.released_at}; replaces ${release.previous.version} (${release.previous.hash.slice(0, 12)}…). Hash ${release.hash}.`,
    '',
    ...release.changelog.map(
      (e) =>
        `- ${e.summary}. Flag ${e.flag.kind}${e.flag.detail ? `: ${e.flag.detail}` : ''}. Confirmed by ${e.confirmed_by} (${e.at})${e.reason ? `: ${e.reason}` : ''}.`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}
