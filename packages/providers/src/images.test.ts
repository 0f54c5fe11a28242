import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { resolveImage } from './images.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const sha = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

describe('resolveImage', () => {
  it('reads a file path once and sends its bytes with the media type', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gamut-img-'));
    const file = join(dir, 'dish.jpg');
    writeFileSync(file, PNG);
    const a = await resolveImage(file);
    expect(a.mediaType).toBe('image/jpeg');
    expect(Buffer.from(a.data as Uint8Array).equals(PNG)).toBe(true);
    expect(a.sha256).toBe(sha(PNG));
    expect(await resolveImage(file)).toBe(a);
  });

  it('sniffs the type of a file without a known extension', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gamut-img-')), 'image.bin');
    writeFileSync(file, PNG);
    expect((await resolveImage(file)).mediaType).toBe('image/png');
  });

  it('hashes a data URL by its bytes, the same as the file', async () => {
    const r = await resolveImage(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(r).toEqual({ data: PNG.toString('base64'), mediaType: 'image/png', sha256: sha(PNG) });
  });

  it('passes http(s) URLs through for the provider to fetch', async () => {
    const r = await resolveImage('https://example.org/images/q-0001.webp');
    expect(r.data).toEqual(new URL('https://example.org/images/q-0001.webp'));
    expect(r.mediaType).toBe('image/webp');
  });

  it('names a missing file as bad input', async () => {
    const error = await resolveImage('/nonexistent/q-9.png').catch((e: unknown) => e);
    expect(InputError.isInputError(error)).toBe(true);
    expect((error as InputError).message).toContain('image /nonexistent/q-9.png: cannot read the image file: ENOENT');
  });
});
