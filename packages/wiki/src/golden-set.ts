import { fromZodError, GoldenSet, goldenSetHash, InputError, type Issue } from '@gamut/core';
import type { WikiSnapshot } from './snapshot.js';

/** The set with `frozen_hash` recorded: `goldenSetHash`, the one hash reports carry. */
export function freezeGoldenSet(golden: GoldenSet): GoldenSet {
  return { ...golden, frozen_hash: goldenSetHash(golden) };
}

export interface GoldenCheckOptions {
  /** When given, every fact's pages must exist in it and be current. */
  readonly snapshot?: WikiSnapshot;
  /** Accept a frozen set whose content no longer matches its hash (only `freeze --force` does). */
  readonly allowStaleHash?: boolean;
  readonly file?: string;
}

/**
 * Every rule a golden set breaks, each issue naming question, fact and page:
 * unique question ids, unique fact ids per question, unanswerable questions
 * without required facts, fact pages present and current in the snapshot,
 * the snapshot id it names, and a frozen hash that still matches.
 */
export function checkGoldenSet(golden: GoldenSet, opts: GoldenCheckOptions = {}): Issue[] {
  const file = opts.file !== undefined ? { file: opts.file } : {};
  const firstOf = new Map<string, number>();
  const issues = golden.questions.flatMap((q, qi) => {
    const at: At = (p) => ({ ...file, path: `questions[${qi}]${p}`, question: q.question_id });
    const found = [...questionIssues(q, at, firstOf.get(q.question_id)), ...factIssues(q, at, opts.snapshot)];
    if (!firstOf.has(q.question_id)) firstOf.set(q.question_id, qi);
    return found;
  });
  return [...issues, ...setIssues(golden, opts, file)];
}

type GoldenQuestion = GoldenSet['questions'][number];
/** Where in the file an issue about one question sits. */
type At = (path: string) => Pick<Issue, 'file' | 'path' | 'question'>;

/** A repeated question id (`earlier` is the first question with it), and type against answerable. */
function questionIssues(q: GoldenQuestion, at: At, earlier: number | undefined): Issue[] {
  const issues: Issue[] = [];
  if (earlier !== undefined) {
    issues.push({
      rule: 'duplicate-question-id',
      message: `question id ${q.question_id} also used by questions[${earlier}]`,
      ...at('.question_id'),
    });
  }
  const unanswerable = q.type === 'unanswerable';
  if (unanswerable === q.answerable) {
    issues.push({
      rule: 'answerable-type',
      message: `type "${q.type}" needs answerable: ${!q.answerable}`,
      ...at('.answerable'),
    });
  }
  if (!q.answerable && q.required_facts.length) {
    issues.push({
      rule: 'unanswerable-with-facts',
      message: 'an unanswerable question has no required facts',
      ...at('.required_facts'),
    });
  }
  return issues;
}

/** Fact ids repeated in a question, and (with a snapshot) each fact's pages that are missing or not current. */
function factIssues(q: GoldenQuestion, at: At, snapshot: WikiSnapshot | undefined): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  q.required_facts.forEach((f, fi) => {
    const fp = `.required_facts[${fi}]`;
    if (seen.has(f.id))
      issues.push({
        rule: 'duplicate-fact-id',
        message: `fact id ${f.id} appears twice in this question`,
        ...at(`${fp}.id`),
        item: f.id,
      });
    seen.add(f.id);
    if (!snapshot) return;
    f.page_ids.forEach((pid, pi) => {
      const issue = pageIssue(f.id, pid, snapshot);
      if (issue) issues.push({ ...issue, ...at(`${fp}.page_ids[${pi}]`), item: f.id });
    });
  });
  return issues;
}

/** Why a fact's page is no evidence: not in the snapshot, or with no current version. */
function pageIssue(fact: string, pid: string, snapshot: WikiSnapshot): Pick<Issue, 'rule' | 'message'> | undefined {
  if (snapshot.current.has(pid)) return undefined;
  const versions = snapshot.pages.filter((p) => p.page_id === pid);
  if (!versions.length)
    return { rule: 'unknown-page', message: `fact ${fact} cites page ${pid}, which is not in the wiki snapshot` };
  const statuses = [...new Set(versions.map((v) => v.status))].join('/');
  return {
    rule: 'page-not-current',
    message: `fact ${fact} cites page ${pid}, which has no current version (${statuses}); only current pages are valid evidence`,
  };
}

/** The snapshot the set names against the one given, and a frozen hash that no longer matches. */
function setIssues(golden: GoldenSet, opts: GoldenCheckOptions, file: { file?: string }): Issue[] {
  const issues: Issue[] = [];
  if (opts.snapshot && /^[0-9a-f]{64}$/.test(golden.wiki_snapshot) && golden.wiki_snapshot !== opts.snapshot.id) {
    issues.push({
      rule: 'snapshot-mismatch',
      message: `golden set was made on wiki snapshot ${golden.wiki_snapshot.slice(0, 12)}…, but the wiki given is ${opts.snapshot.id.slice(0, 12)}…`,
      ...file,
      path: 'wiki_snapshot',
    });
  }
  if (golden.frozen_hash !== undefined && !opts.allowStaleHash) {
    const hash = goldenSetHash(golden);
    if (hash !== golden.frozen_hash) {
      issues.push({
        rule: 'frozen-hash-mismatch',
        message: `golden set was edited after it was frozen (recorded ${golden.frozen_hash.slice(0, 12)}…, content now ${hash.slice(0, 12)}…); re-freeze it with \`gamut rag freeze --force\` if the edit is intended`,
        ...file,
        path: 'frozen_hash',
      });
    }
  }
  return issues;
}

/** Parses and validates a golden set file; throws an InputError listing every problem. */
export function parseGoldenSet(value: unknown, opts: GoldenCheckOptions = {}): GoldenSet {
  const parsed = GoldenSet.safeParse(value);
  if (!parsed.success) {
    throw new InputError(
      fromZodError(parsed.error, value, { ...(opts.file !== undefined && { file: opts.file }) }).map((i) => {
        const qi = /^questions\[(\d+)\]/.exec(i.path ?? '')?.[1];
        const qid =
          qi !== undefined
            ? (value as { questions?: Array<{ question_id?: unknown }> }).questions?.[Number(qi)]?.question_id
            : undefined;
        return typeof qid === 'string' ? { ...i, question: qid } : i;
      }),
    );
  }
  const issues = checkGoldenSet(parsed.data, opts);
  if (issues.length) throw new InputError(issues);
  return parsed.data;
}
