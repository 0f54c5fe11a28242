import { InputError } from '@gamut/core';
import { describe, expect, it } from 'vitest';
import { createSearchProvider, parseSearchSpec } from './search-spec.js';
import { htmlText } from './text/html-text.js';

describe('parseSearchSpec', () => {
  it('reads every form', () => {
    expect(parseSearchSpec('local:./docs')).toEqual({ provider: 'local', folder: './docs' });
    expect(parseSearchSpec('tavily')).toEqual({ provider: 'tavily' });
    expect(parseSearchSpec('exa')).toEqual({ provider: 'exa' });
    expect(parseSearchSpec(' Brave ')).toEqual({ provider: 'brave' });
    expect(parseSearchSpec('searxng:http://host:8080/')).toEqual({ provider: 'searxng', baseURL: 'http://host:8080' });
  });

  it('refuses a bad spec with rule search-spec and the valid forms', () => {
    const cases: [string, string][] = [
      ['google', 'unknown search provider "google"'],
      ['local:', 'local needs a folder'],
      ['tavily:x', 'tavily takes nothing after its name (its key comes from TAVILY_API_KEY)'],
      ['searxng', 'searxng needs its base URL: searxng:http://host:8080'],
      ['searxng:host:8080', 'searxng needs its base URL'],
    ];
    for (const [spec, problem] of cases) {
      const e = (() => {
        try {
          parseSearchSpec(spec);
        } catch (x) {
          return x;
        }
      })();
      expect(InputError.isInstance(e), spec).toBe(true);
      expect((e as InputError).issues[0]).toMatchObject({ rule: 'search-spec', path: 'search' });
      expect((e as Error).message).toContain(`search spec "${spec}": ${problem}`);
      expect((e as Error).message).toContain(
        'Valid forms: local:<folder>, tavily, exa, brave, searxng:<http://host:port>',
      );
    }
  });

  it('refuses a SearXNG URL with credentials without echoing them', () => {
    expect(() => parseSearchSpec('searxng:http://me:hunter22@host:8080')).toThrow(
      /searxng:http:\/\/host:8080.*user:password@/,
    );
    expect(() => parseSearchSpec('searxng:http://me:hunter22@host:8080')).not.toThrow(/hunter22/);
  });

  it('needs a cache folder for a web provider', async () => {
    await expect(createSearchProvider('exa', { apiKey: 'k' })).rejects.toMatchObject({ kind: 'config' });
  });
});

describe('htmlText', () => {
  it('keeps what a reader sees: blocks on lines, cells by " | ", entities decoded, scripts dropped', () => {
    const html = `<html><head><title> Kimchi &amp; stew </title><script>alert(1)</script></head><body>
      <h1>김치찌개</h1><p>Spicy   and <b>sour</b>.<br>Serve hot.</p>
      <table><tr><th>Part</th><th>Amount</th></tr><tr><td>김치</td><td>300 g</td></tr></table>
      <pre>a  b
c</pre><style>p{}</style></body></html>`;
    expect(htmlText(html)).toEqual({
      title: 'Kimchi & stew',
      text: '김치찌개\n\nSpicy and sour.\nServe hot.\n\nPart | Amount\n김치 | 300 g\n\na  b\nc',
    });
  });
});
