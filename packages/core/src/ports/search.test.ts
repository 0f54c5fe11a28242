import { describe, expect, it } from 'vitest';
import { EvidenceSnippet, SnippetAudit } from './search.js';

const HASH = 'a'.repeat(64);

describe('EvidenceSnippet', () => {
  it('accepts a snippet whose offsets span exactly its text', () => {
    // "Beef bourguignon" is 16 code units; 김치찌개 is 4 (each syllable one unit).
    expect(
      EvidenceSnippet.safeParse({
        url: 'u',
        title: '',
        text: 'Beef bourguignon',
        start: 10,
        end: 26,
        content_hash: HASH,
      }).success,
    ).toBe(true);
    expect(
      EvidenceSnippet.safeParse({ url: 'u', title: '', text: '김치찌개', start: 0, end: 4, content_hash: HASH })
        .success,
    ).toBe(true);
  });

  it('refuses offsets that do not span the text, naming end', () => {
    const r = EvidenceSnippet.safeParse({
      url: 'u',
      title: '',
      text: '김치찌개',
      start: 0,
      end: 12,
      content_hash: HASH,
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['end']);
  });

  it('refuses a hash that is not a SHA-256 hex digest', () => {
    expect(
      EvidenceSnippet.safeParse({ url: 'u', title: '', text: 'x', start: 0, end: 1, content_hash: 'abc' }).success,
    ).toBe(false);
  });
});

describe('SnippetAudit', () => {
  it('is a union on status; a vanished snippet needs its reason', () => {
    expect(SnippetAudit.parse({ status: 'intact', same_document: true }).status).toBe('intact');
    expect(SnippetAudit.safeParse({ status: 'vanished', reason: '' }).success).toBe(false);
  });
});
