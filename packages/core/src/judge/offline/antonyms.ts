/**
 * A small general list of opposite qualities, each side with its common synonyms and forms.
 * English words are matched as written; Korean entries are word beginnings (작은, 작고, 작아 all
 * start with 작; a one-syllable entry only before an ending: 높은, not 높이). A check that says
 * one side is contradicted by an answer that says only the other. Words with other common
 * senses are left out: compass points (Western art, east-facing), "light", "later", "fall".
 */

import type { Token } from '../../text/token.js';

export interface AntonymPair {
  readonly a: readonly string[];
  readonly b: readonly string[];
}

const en = (a: string, b: string): AntonymPair => ({ a: a.split(' '), b: b.split(' ') });

export const EN_ANTONYMS: readonly AntonymPair[] = [
  en('large larger largest big bigger biggest huge', 'small smaller smallest little tiny'),
  en('thin thinner thinnest', 'thick thicker thickest'),
  en('crisp crisper crispy crispier crunchy', 'soft softer soggy chewy'),
  en('hot hotter hottest', 'cold colder coldest'),
  en('high higher highest', 'low lower lowest'),
  en('heavy heavier heaviest', 'lighter lightest lightweight'),
  en('fast faster fastest quick quicker quickly rapid rapidly', 'slow slower slowest slowly'),
  en('early earliest', 'late'),
  en('success successful succeeded triumph', 'failure failed unsuccessful flop'),
  en('easy easier easiest', 'difficult'),
  en('increase increases increased', 'decrease decreases decreased'),
  en('wet wetter moist', 'dry drier dried'),
  en('long longer longest', 'short shorter shortest'),
  en('wide wider widest broad', 'narrow narrower narrowest'),
  en('deep deeper deepest', 'shallow shallower'),
  en('strong stronger strongest', 'weak weaker weakest'),
  en('rough rougher', 'smooth smoother'),
  en('expensive costly', 'cheap cheaper inexpensive'),
  en('common commonly widespread', 'rare rarely'),
  en('public', 'private'),
  en('open', 'closed shut'),
  en('natural', 'artificial synthetic'),
  en('indoor indoors', 'outdoor outdoors'),
  en('allowed permitted', 'banned forbidden prohibited'),
  en('sweet sweeter', 'sour bitter'),
  en('warm warmer warms warming', 'cool cooler cools cooling'),
  en('raw uncooked', 'cooked'),
  en('mild milder', 'spicy spicier'),
  en('female females', 'male males'),
  en('nocturnal nighttime night-time', 'diurnal daytime'),
  en('herbivorous herbivore herbivores', 'carnivorous carnivore carnivores predatory'),
  en('venomous poisonous', 'harmless nonvenomous'),
  en('solitary', 'gregarious'),
];

const ko = (a: string, b: string): AntonymPair => ({ a: a.split(' '), b: b.split(' ') });

export const KO_ANTONYMS: readonly AntonymPair[] = [
  ko('큰 크다 크고 크며 커서 커다란 거대 큽니다', '작은 작다 작고 작으며 작아 작습니다'),
  ko('두꺼 두껍 두툼', '얇'),
  ko('뜨거 뜨겁 더운 덥', '차가 차갑 추운 춥 서늘'),
  ko('높', '낮'),
  ko('무거 무겁', '가벼 가볍'),
  ko('빠르 빠른 빨리 신속', '느리 느린 느리게 천천히'),
  ko('성공', '실패'),
  ko('쉽 쉬운 쉬워', '어렵 어려운 어려워'),
  ko('증가 늘어 늘었 늘어난', '감소 줄어 줄었 줄어든'),
  ko('길다 길고 길어 긴', '짧'),
  ko('넓', '좁'),
  ko('깊', '얕'),
  ko('강하 강한 강해', '약하 약한 약해'),
  ko('진하 진한 진해', '연하 연한 연해'),
  ko('짜 짠 짭짤', '싱겁 싱거'),
  ko('딱딱 단단', '부드러 부드럽 말랑'),
  ko('바삭', '눅눅 촉촉'),
  ko('천연 자연산', '인공 합성'),
  ko('실내', '실외 야외'),
  ko('단맛 달콤', '쓴맛 신맛'),
  ko('날것 생것', '익힌 익혀'),
  ko('암컷', '수컷'),
  ko('야행성', '주행성'),
  ko('초식', '육식'),
];

/** A one-syllable Korean entry only before an ending (높은, 높다), not inside a noun (높이). */
const KO_ENDING = /^[다고은는게아어며지해한운워울]/u;

/** The token is a word of one side of a pair. */
export function sideHas(side: readonly string[], tok: Token): boolean {
  if (!tok.hangul) return side.includes(tok.text);
  return side.some(
    (w) => tok.text.startsWith(w) && (w.length >= 2 || tok.text.length === 1 || KO_ENDING.test(tok.text.slice(1))),
  );
}

/** The other side of each pair one of the check's words is on: "success" for a check about a failure. */
export function oppositesOf(check: readonly Token[]): readonly (readonly string[])[] {
  return [...EN_ANTONYMS, ...KO_ANTONYMS].flatMap((p) =>
    check.some((t) => sideHas(p.a, t)) ? [p.b] : check.some((t) => sideHas(p.b, t)) ? [p.a] : [],
  );
}
