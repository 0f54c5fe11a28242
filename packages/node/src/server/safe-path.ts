import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

function inside(root: string, p: string): boolean {
  const rel = relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel) && !rel.split(sep).includes('..'));
}

/**
 * The real path of a regular file at `rel` under `root`, or null when it is
 * not one: `..` segments, absolute paths, NUL bytes, and symlinks that lead
 * outside all give null (the server answers 404, never "forbidden", so
 * nothing is revealed about what exists outside).
 */
export async function resolveInside(root: string, rel: string): Promise<string | null> {
  if (rel.includes('\0') || rel.includes('\\') || isAbsolute(rel)) return null;
  const realRoot = await realpath(root).catch(() => null);
  if (!realRoot) return null;
  const candidate = resolve(realRoot, rel);
  if (!inside(realRoot, candidate)) return null;
  const real = await realpath(candidate).catch(() => null);
  if (!real || !inside(realRoot, real)) return null;
  const st = await stat(real).catch(() => null);
  return st?.isFile() ? real : null;
}
