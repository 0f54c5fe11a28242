import { randomBytes } from 'node:crypto';
import { addPerson, InputError, REVIEW_ROLES, type ReviewRole } from '@gamut/core';
import { nowIso, type ReviewRun, withReviewRun } from './review-run.js';

export interface AddAnnotatorOptions {
  name: string;
  role: string;
  store?: string;
  json?: boolean;
}

/** Adds a person and prints their token once: the store keeps only its hash, so it cannot be shown again. */
export async function addAnnotator(dir: string, o: AddAnnotatorOptions): Promise<void> {
  if (!REVIEW_ROLES.includes(o.role as ReviewRole)) {
    throw new InputError({
      rule: 'usage',
      message: `--role must be one of ${REVIEW_ROLES.join(', ')}, not "${o.role}"`,
    });
  }
  await withReviewRun(dir, o.store, async (r) => {
    const name = o.name.trim();
    const token = await addToken(r, name, o.role as ReviewRole, '--name');
    if (o.json) {
      process.stdout.write(`${JSON.stringify({ name, role: o.role, token })}\n`);
      return;
    }
    process.stdout.write(
      `Added ${name} (${o.role}) to ${r.label}.\n` +
        `Personal token, shown only now (Gamut keeps only its hash): ${token}\n`,
    );
  });
}

/** Stores a person of `r` with a new token and returns the token (the store keeps only its hash). */
export async function addToken(r: ReviewRun, name: string, role: ReviewRole, what?: string): Promise<string> {
  const token = `gmt_${randomBytes(24).toString('base64url')}`;
  await addPerson(r, { name, role, token, now: nowIso() }, what);
  return token;
}
