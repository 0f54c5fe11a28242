/**
 * How wide a place name is, so that two places are compared only at one level: "in Lyon" denies
 * "in Paris", but "in France" only says less (places nest). Countries and continents come from
 * the runtime's own region names (Intl.DisplayNames) in the languages the judge reads; Korean
 * names with an administrative suffix (종로구, 경기도) are their own level.
 */

const LANGUAGES = ['en', 'ko', 'ja', 'zh', 'es', 'fr', 'de'];
/** UN M49 codes of continents and world regions. */
const M49 =
  '001 002 005 009 011 013 014 015 017 018 019 021 029 030 034 035 039 053 054 057 061 142 143 145 150 151 154 155 419'.split(
    ' ',
  );
/** Everyday names the region list writes otherwise (United Kingdom, 대한민국), with their region codes. */
const ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['britain', 'GB'],
  ['great britain', 'GB'],
  ['england', 'GB'],
  ['scotland', 'GB'],
  ['wales', 'GB'],
  ['uk', 'GB'],
  ['영국', 'GB'],
  ['america', 'US'],
  ['usa', 'US'],
  ['미국', 'US'],
  ['미합중국', 'US'],
  ['holland', 'NL'],
  ['korea', 'KR'],
  ['republic of korea', 'KR'],
  ['한국', 'KR'],
  ['남한', 'KR'],
  ['북한', 'KP'],
];

let wide: ReadonlyMap<string, string> | undefined;

/** Every country and world-region name the judge reads, with its region code. */
function wideNames(): ReadonlyMap<string, string> {
  if (wide) return wide;
  const names = new Map(ALIASES);
  const letters = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
  const codes = [...letters.flatMap((a) => letters.map((b) => a + b)), ...M49];
  for (const lang of LANGUAGES) {
    const display = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    for (const code of codes) {
      const name = display.of(code);
      if (name) names.set(name.toLowerCase().replace(/\s+/gu, ' '), code);
    }
  }
  wide = names;
  return wide;
}

/**
 * Korean suffixes that say what a place is: 시 city, 도 province, 구 district, 군 county, 동 읍 면
 * below; 관 (박물관, 미술관), 궁, 사 (temple), 원, 당, 성 and 교 name sites inside them.
 */
const KO_LEVEL = /[가-힣](시|도|구|군|동|읍|면|관|궁|사|원|당|성|교)$/u;
/** The word for a Korean place's administrative level, after a name of two syllables or more. */
const KO_ADMIN = /(?<=\p{Script=Hangul}{2})(?:특별시|광역시|시|도|군|구|읍|면)$/u;
/** A Korean place without the word for its level: 광주 for 광주시, 경기 for 경기도. */
export const withoutKoreanLevel = (name: string): string => name.replace(KO_ADMIN, '');

/** English words that make a name a site inside a town: the Louvre Museum, Westminster Abbey. */
const SITE_WORDS = new Set(
  'museum gallery library palace cathedral church temple abbey castle park square hall centre center university institute collection'.split(
    ' ',
  ),
);

export type PlaceLevel = 'country' | 'site' | 'other' | `ko-${string}`;

const bare = (name: string) =>
  name
    .toLowerCase()
    .replace(/^the\s+/u, '')
    .replace(/\s+/gu, ' ')
    .trim();

/** The level of a place name as written (without its particle). */
export function placeLevel(name: string): PlaceLevel {
  const n = bare(name);
  if (wideNames().has(n)) return 'country';
  if (n.split(' ').some((w) => SITE_WORDS.has(w))) return 'site';
  const ko = KO_LEVEL.exec(n);
  return ko ? `ko-${ko[1]}` : 'other';
}

/**
 * Two place names of one level, so that one cannot be inside the other. `known` asks for a level
 * the name itself shows (a country, a site, a Korean suffix): "is in the Louvre" may be in Paris.
 */
export function sameLevel(a: string, b: string, known = false): boolean {
  const level = placeLevel(a);
  return level === placeLevel(b) && !(known && level === 'other');
}

/** The region code of a country or world-region name, in any language the judge reads. */
export const countryOf = (name: string): string | undefined => wideNames().get(bare(name));

/** One country under two names: 한국 and 대한민국, Britain and the United Kingdom, 미국 and America. */
export function sameCountry(a: string, b: string): boolean {
  const code = countryOf(a);
  return code !== undefined && code === countryOf(b);
}
