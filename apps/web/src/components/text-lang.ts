const HANGUL = /[\uac00-\ud7a3]/;

/**
 * `ko` for text with Hangul, for records that carry no language (wiki-QA
 * questions): Korean is broken at spaces only (word-break: keep-all under
 * :lang(ko)), where a browser would otherwise break between any two syllables.
 */
export function textLang(text: string | null | undefined): string | undefined {
  return text && HANGUL.test(text) ? 'ko' : undefined;
}
