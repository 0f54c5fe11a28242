import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EvidenceSnippet, type FetchedDocument, sha256Hex } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { openLocalSearch } from '../local/local-search.js';
import { locateText } from './locate-text.js';
import { auditSnippet, auditSnippetSource, extractSnippet } from './snippets.js';

// Offsets counted by hand: "Beef bourguignon is a stew." is 27 code units, "\n\n" 27–28,
// "It is " 29–34, so "braised in red wine" (19) is [35, 54).
const EN = 'Beef bourguignon is a stew.\n\nIt is braised in red wine.';
// Each Hangul syllable is one code unit: "김치찌개는 잘 익은 " is 11, "김치와 " 4, so 돼지고기 is [15, 19).
const KO = '김치찌개는 잘 익은 김치와 돼지고기를 넣고 끓인다.';

function doc(text: string, url = 'https://example.org/stew'): FetchedDocument {
  return {
    url,
    final_url: url,
    title: 'Stew',
    content_type: 'text/plain',
    text,
    content_hash: sha256Hex(text),
    fetched_at: '2026-12-01T00:00:00.000Z',
  };
}

describe('locateText', () => {
  it('finds the exact text at hand-counted offsets, English and Korean', () => {
    expect(locateText(EN, 'braised in red wine')).toEqual({ start: 35, end: 54, exact: true });
    expect(locateText(KO, '돼지고기')).toEqual({ start: 15, end: 19, exact: true });
  });

  it('picks the occurrence nearest the old offset when a passage occurs twice', () => {
    // 김치 at 0 (김치찌개) and at 11 (김치와).
    expect(locateText(KO, '김치')).toEqual({ start: 0, end: 2, exact: true });
    expect(locateText(KO, '김치', 10)).toEqual({ start: 11, end: 13, exact: true });
  });

  it('finds a quotation with other spacing, case, quotes and dashes, returning the document’s span', () => {
    expect(locateText(EN, 'braised  in\nRED wine')).toEqual({ start: 35, end: 54, exact: false });
    // "He said " is 8; “ at 8, hello 9–13, ” 14, space, — 16, space, twice 18–22.
    const text = 'He said “hello” — twice.';
    const m = locateText(text, '"hello" - twice');
    expect(m).toEqual({ start: 8, end: 23, exact: false });
    expect(text.slice(8, 23)).toBe('“hello” — twice');
  });

  it('is undefined when the passage is not there or empty', () => {
    expect(locateText(EN, 'braised in white wine')).toBeUndefined();
    expect(locateText(EN, '   ')).toBeUndefined();
  });
});

describe('extractSnippet', () => {
  it('stores the document’s exact text, its offsets, URL, title and hash, valid against the schema', () => {
    const d = doc(EN);
    const r = extractSnippet(d, 'braised in red wine');
    expect(r).toEqual({
      ok: true,
      exact: true,
      snippet: {
        url: 'https://example.org/stew',
        title: 'Stew',
        text: 'braised in red wine',
        start: 35,
        end: 54,
        content_hash: sha256Hex(EN),
      },
    });
    if (r.ok) expect(EvidenceSnippet.parse(r.snippet)).toEqual(r.snippet);
  });

  it('keeps the document’s wording when the model quoted it loosely', () => {
    const r = extractSnippet(doc(EN), 'Braised in red  wine');
    expect(r).toMatchObject({ ok: true, exact: false, snippet: { text: 'braised in red wine', start: 35, end: 54 } });
  });

  it('says which passage is missing from which document', () => {
    expect(extractSnippet(doc(KO), '된장찌개')).toEqual({
      ok: false,
      reason: 'the passage "된장찌개" is not in https://example.org/stew',
    });
  });
});

describe('auditSnippet', () => {
  const snippet = (() => {
    const r = extractSnippet(doc(EN), 'braised in red wine');
    if (!r.ok) throw new Error(r.reason);
    return r.snippet;
  })();

  it('is intact in the same document, and intact but another document when only later text changed', () => {
    expect(auditSnippet(snippet, doc(EN))).toEqual({ status: 'intact', same_document: true });
    expect(auditSnippet(snippet, doc(`${EN} Serve hot.`))).toEqual({ status: 'intact', same_document: false });
  });

  it('reports the new offsets of text that moved (6 characters were added before it)', () => {
    const moved = doc(`Note: ${EN}`);
    expect(auditSnippet(snippet, moved)).toEqual({
      status: 'moved',
      start: 41,
      end: 60,
      text: 'braised in red wine',
      exact: true,
      content_hash: moved.content_hash,
    });
  });

  it('reports text that now differs only in spacing as moved, not exact', () => {
    expect(auditSnippet(snippet, doc(EN.replace('in red', 'in\nred')))).toMatchObject({
      status: 'moved',
      start: 35,
      end: 54,
      text: 'braised in\nred wine',
      exact: false,
    });
  });

  it('says why a snippet vanished: the document changed, or the snippet was stored wrong', () => {
    expect(auditSnippet(snippet, doc(EN.replace('red wine', 'beer')))).toEqual({
      status: 'vanished',
      reason:
        'the text "braised in red wine" is no longer in https://example.org/stew (the document changed since it was cited)',
    });
    expect(auditSnippet({ ...snippet, start: 0, end: 19, text: 'braised in red whine' }, doc(EN))).toMatchObject({
      status: 'vanished',
      reason: expect.stringContaining('the document is unchanged but the text is not at 0–19'),
    });
  });

  it('re-fetches the source: a local file edited moves the snippet, a deleted one makes it vanish', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gamut-audit-'));
    try {
      writeFileSync(join(folder, 'stew.md'), EN);
      const local = await openLocalSearch({ folder });
      const cut = extractSnippet(await local.fetch('local:stew.md'), '돼지고기');
      expect(cut.ok).toBe(false);
      const r = extractSnippet(await local.fetch('local:stew.md'), 'braised in red wine');
      if (!r.ok) throw new Error(r.reason);
      expect(await auditSnippetSource(r.snippet, local)).toEqual({ status: 'intact', same_document: true });
      writeFileSync(join(folder, 'stew.md'), `# Stew\n\n${EN}`);
      expect(await auditSnippetSource(r.snippet, local)).toMatchObject({ status: 'moved', start: 43, end: 62 });
      unlinkSync(join(folder, 'stew.md'));
      expect(await auditSnippetSource(r.snippet, local)).toEqual({
        status: 'vanished',
        reason: 'the source is gone: local search: local:stew.md: the file is gone',
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
