import { randomBytes } from 'node:crypto';
import { Annotator, InputError, REVIEW_ROLES, type ReviewRole, tokenHash } from '@gamut/core';
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
    const token = await addPerson(r, name, o.role as ReviewRole, '--name');
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
export async function addPerson(r: ReviewRun, name: string, role: ReviewRole, what = 'the name'): Promise<string> {
  if ((await r.store.listAnnotators(r.ownerId)).some((a) => a.name === name)) {
    throw new InputError({
      rule: 'annotator-exists',
      message: `${r.label} already has an annotator "${name}"; choose another ${what} (a lost token cannot be shown again)`,
    });
  }
  const token = `gmt_${randomBytes(24).toString('base64url')}`;
  const parsed = Annotator.safeParse({
    owner_id: r.ownerId,
    name,
    role,
    token_hash: tokenHash(token),
    created_at: nowIso(),
  });
  if (!parsed.success) {
    throw new InputError({ rule: 'usage', message: `${what}: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
  }
  await r.store.appendAnnotator(parsed.data);
  return token;
}
