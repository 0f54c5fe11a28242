import { InputError } from '../issues/errors.js';
import type { Issue } from '../issues/issue.js';

interface Hashes {
  golden?: { hash?: string };
  snapshot?: { id?: string };
}

/**
 * Two RAG reports are comparable only when made on the same frozen golden set
 * and the same wiki snapshot. Throws an `InputError` naming both hashes.
 */
export function assertComparableRagReports(a: Hashes, b: Hashes, names: { a: string; b: string }): void {
  const issues: Issue[] = [];
  const ga = a.golden?.hash;
  const gb = b.golden?.hash;
  const sa = a.snapshot?.id;
  const sb = b.snapshot?.id;
  if (!ga || !gb || ga !== gb)
    issues.push({
      rule: 'golden-hash-mismatch',
      message: `runs use different golden sets: ${names.a} has ${ga ?? 'no hash'}, ${names.b} has ${gb ?? 'no hash'}`,
      file: names.b,
    });
  if (!sa || !sb || sa !== sb)
    issues.push({
      rule: 'snapshot-mismatch',
      message: `runs use different wiki snapshots: ${names.a} has ${sa ?? 'no id'}, ${names.b} has ${sb ?? 'no id'}`,
      file: names.b,
    });
  if (issues.length) throw new InputError(issues);
}
