import { createHash } from 'node:crypto';
import type { Sha256 } from '@gamut/core';

/** Node's SHA-256 for core's hashing of large inputs (a wiki snapshot): the same digest, about five times faster. */
export const nodeSha256: Sha256 = () => {
  const h = createHash('sha256');
  return {
    update: (text) => h.update(text, 'utf8'),
    hex: () => h.digest('hex'),
  };
};
