import { hashCanonical, hashCanonicalArray } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { nodeSha256 } from './node-sha256.js';

describe("Node's SHA-256 for core's hashing", () => {
  it('gives the digest core gives, for Korean, emoji and lone surrogates alike', () => {
    const items = [{ body: '담당자 😀 호출', n: 1 }, '\ud800', [], { a: undefined, b: null }];
    expect(hashCanonicalArray(items, nodeSha256)).toBe(hashCanonicalArray(items));
    expect(hashCanonicalArray(items, nodeSha256)).toBe(hashCanonical(items));
    // SHA-256 of "[]".
    expect(hashCanonicalArray([], nodeSha256)).toBe('4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945');
  });
});
