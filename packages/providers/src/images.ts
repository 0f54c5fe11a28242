import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { InputError } from '@gamut/core';

export interface ResolvedImage {
  /** Bytes, base64 text (from a data URL), or a URL the provider fetches itself. */
  data: Uint8Array | string | URL;
  mediaType: string;
  /** SHA-256 of the image bytes (of the URL text for http(s) images, which are not fetched). */
  sha256: string;
}

const EXTENSIONS: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.heic': 'image/heic',
  '.heif': 'image/heif',
};

const MEMO_SIZE = 64;
const byText = new Map<string, Promise<ResolvedImage>>();
const byBytes = new WeakMap<Uint8Array, ResolvedImage>();

/**
 * A file path (read once and sent as bytes), an http(s) URL, a data URL, or
 * bytes. Memoised: every check of one answer names the same image, and
 * neither the file nor its hash should be read again per check.
 */
export function resolveImage(data: Uint8Array | string, mediaType?: string): Promise<ResolvedImage> {
  if (typeof data !== 'string') {
    let hit = byBytes.get(data);
    if (hit === undefined) {
      hit = { data, mediaType: mediaType ?? sniff(data) ?? 'application/octet-stream', sha256: sha256(data) };
      byBytes.set(data, hit);
    }
    return Promise.resolve(hit);
  }
  let hit = byText.get(data);
  if (hit === undefined) {
    hit = resolveText(data, mediaType);
    // A failed read is not remembered: the file may appear on the next try.
    hit.catch(() => byText.delete(data));
    if (byText.size >= MEMO_SIZE) byText.delete(byText.keys().next().value as string);
    byText.set(data, hit);
  }
  return hit;
}

async function resolveText(text: string, mediaType: string | undefined): Promise<ResolvedImage> {
  if (text.startsWith('data:')) {
    const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(text);
    if (match === null) throw imageError(text, 'a data URL must look like data:<media type>;base64,<data>');
    const [, type, b64, payload = ''] = match;
    const bytes = b64 ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
    return {
      data: b64 ? payload : bytes.toString('base64'),
      mediaType: type ?? mediaType ?? 'image/png',
      sha256: sha256(bytes),
    };
  }
  if (/^https?:\/\//i.test(text)) {
    const url = new URL(text);
    const type = mediaType ?? EXTENSIONS[extname(url.pathname).toLowerCase()] ?? 'image/*';
    return { data: url, mediaType: type, sha256: sha256(text) };
  }
  let bytes: Uint8Array;
  try {
    bytes = await readFile(resolve(text));
  } catch (e) {
    throw imageError(text, `cannot read the image file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const type = mediaType ?? EXTENSIONS[extname(text).toLowerCase()] ?? sniff(bytes);
  if (type === undefined) throw imageError(text, 'unknown image type; use .png, .jpg, .gif or .webp');
  return { data: bytes, mediaType: type, sha256: sha256(bytes) };
}

function sniff(b: Uint8Array): string | undefined {
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) return 'image/gif';
  if (b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 && b[8] === 0x57 && b[9] === 0x45) {
    return 'image/webp';
  }
  return undefined;
}

function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function imageError(image: string, message: string): InputError {
  const shown = image.length > 80 ? `${image.slice(0, 77)}...` : image;
  return new InputError({ rule: 'image', path: 'image', message: `image ${shown}: ${message}` });
}
