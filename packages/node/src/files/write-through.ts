import { createWriteStream, type WriteStream } from 'node:fs';
import { chmod, lstat, mkdir, readlink, realpath, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '@gamut/core';
import { removeStaleTemps, tempPathFor } from './temp-files.js';

/**
 * Where the bytes for a path the user named really go. A symlink is followed
 * to its target (the link itself stays); a regular file, or a path that does
 * not exist yet, is replaced atomically; anything else (a device such as
 * /dev/null, a FIFO) is written in place, because renaming over it would
 * replace the device with a regular file.
 */
export type WriteTarget =
  | { readonly kind: 'atomic'; readonly path: string; readonly mode: number | undefined }
  | { readonly kind: 'in-place'; readonly path: string };

/** Symlink hops before giving up, as the kernel's own limit (ELOOP) does. */
const MAX_LINKS = 40;

export async function writeTarget(named: string): Promise<WriteTarget> {
  let path = await canonicalDir(resolve(named));
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    const st = await lstat(path).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return undefined;
      throw e;
    });
    if (st === undefined) return { kind: 'atomic', path, mode: undefined };
    if (st.isSymbolicLink()) {
      path = await canonicalDir(resolve(dirname(path), await readlink(path)));
      continue;
    }
    if (st.isFile()) return { kind: 'atomic', path, mode: st.mode & 0o7777 };
    if (st.isDirectory()) throw cannotWrite(named, 'it is a directory; name a file');
    return { kind: 'in-place', path };
  }
  throw cannotWrite(named, `more than ${MAX_LINKS} symbolic links in a row`);
}

/**
 * Writes `chunks` through to what `named` names (see `WriteTarget`), streaming
 * so memory stays flat. Readers of a regular file never see half of it: the
 * bytes go to a temporary file beside the target, renamed onto it at the end.
 */
/** What a writer takes: text or bytes, all at once or as they are produced. */
export type Chunks = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

export async function writeThrough(named: string, chunks: Chunks): Promise<void> {
  const target = await writeTarget(named);
  if (target.kind === 'in-place') {
    await pipeTo(createWriteStream(target.path, { flags: 'w' }), chunks);
    return;
  }
  const dir = dirname(target.path);
  await mkdir(dir, { recursive: true });
  // Temporary files a killed earlier write of the same target left go first.
  await removeStaleTemps(dir, basename(target.path));
  const tmp = tempPathFor(target.path);
  try {
    await pipeTo(createWriteStream(tmp, { flags: 'wx' }), chunks);
    // A replaced file keeps its permissions (an executable script, a private 0600 file).
    if (target.mode !== undefined) await chmod(tmp, target.mode);
    await rename(tmp, target.path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

async function pipeTo(out: WriteStream, chunks: Chunks): Promise<void> {
  let failure: Error | undefined;
  const closed = new Promise<void>((resolveClosed, reject) => {
    out.on('close', resolveClosed);
    out.on('error', (e) => {
      failure = e;
      reject(e);
    });
  });
  closed.catch(() => {});
  try {
    for await (const chunk of chunks) {
      if (failure) break;
      if (!out.write(chunk)) await Promise.race([new Promise<void>((r) => out.once('drain', () => r())), closed]);
    }
    out.end();
    await closed;
  } catch (e) {
    out.destroy();
    throw e;
  }
  if (failure) throw failure;
}

/** `dir/name` with `dir` resolved through its symlinks, so a link's relative target is read as the kernel does. */
async function canonicalDir(path: string): Promise<string> {
  const dir = await realpath(dirname(path)).catch(() => dirname(path));
  return join(dir, basename(path));
}

function cannotWrite(named: string, why: string): InputError {
  return new InputError({ rule: 'output-unwritable', message: `cannot write ${named}: ${why}`, file: named });
}
