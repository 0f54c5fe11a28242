/**
 * One word of the check's claim replaced in the same frame: "the festival is held every spring"
 * against "the festival is held every autumn", 축제는 매년 봄에 열린다 against 축제는 매년 가을에
 * 열립니다. Every other key term of the check is in one answer sentence, in the check's order;
 * the check's one missing word sits after one of them (or after a small word such as "in"), and
 * the answer puts another content word in exactly that place, followed by what follows it in the
 * check and, in Korean, carrying the same particle.
 *
 * Frames that hold several values at once are left alone: "topped with basil" is not denied by
 * "topped with mozzarella" (list words before the slot). Capitalised fillers are names, and
 * names nest (in France, in Paris), so a name replaces the check's only as the modifier of the
 * same head noun ("the Joseon dynasty" against "the Goryeo dynasty", 조선 시대 against 고려 시대)
 * or as a place of the same level (a gift from France against a gift from Britain).
 */
import type { AnalyzedText } from '../../text/analyze-text.js';
import type { Token } from '../../text/token.js';
import { negates } from './affirming-negation.js';
import { termKey } from './find-term.js';
import { EXCLUSIVE_SETS, GENERAL_MATERIAL, KO_PERIODS, materialRelation } from './general-words.js';
import { placeLevel, sameCountry } from './place-levels.js';
import type { SlotConflict, SlotContext } from './slot-conflicts.js';

/** Words before a slot that take several values at once (with basil and tomato, to Japan and Korea). */
const OPEN_FRAMES = new Set(
  'with and or including includes include like such as also both to for among into onto plus besides popular 및 와 과 하고 등'.split(
    ' ',
  ),
);
/** Comparisons and replacements give the other value to something else. */
const COMPARES =
  /\b(?:than|compared|unlike|whereas|while|versus|vs|instead|rather|or)\b|보다|비해|달리|반면|대신|또는/iu;
/** Words of a claim that only one thing can make: superlatives, firsts, onlies. */
const UNIQUE =
  /(?:^|[^\p{L}])(?:most|first|only|oldest|largest|biggest|tallest|longest)(?:$|[^\p{L}])|가장|최초|유일|최고의|제일/u;
/** The Korean particle a slot carries (봄에, 나무로, 서울에서), compared between check and answer. */
const KO_PARTICLE = /(?:에서|에게|으로|로|에|의|을|를)$/u;

/** The Korean subject or topic particle (전주비빔밥이, 다보탑은). */
const subjectOf = (t: Token) => (t.hangul ? (/(?:이|가|은|는)$/u.exec(t.text)?.[0] ?? '') : '');
const particleOf = (t: Token) => (t.hangul ? (KO_PARTICLE.exec(t.text)?.[0] ?? '') : '');

function capitalised(text: AnalyzedText, t: Token): boolean {
  const c = text.original[text.norm.offsets[t.start] ?? 0] ?? '';
  return c !== c.toLowerCase() && !acronym(text, t);
}

/** An acronym that is no place (CD, USB, LCD): a common noun, not a name that nests. */
function acronym(text: AnalyzedText, t: Token): boolean {
  const written = text.original.slice(text.norm.offsets[t.start] ?? 0, text.norm.offsets[t.end] ?? undefined);
  return /^[A-Z]{2,5}s?$/.test(written) && placeLevel(t.text) !== 'country';
}

function shown(text: AnalyzedText, words: readonly Token[]): string {
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return '';
  return text.original.slice(text.norm.offsets[first.start] ?? 0, text.norm.offsets[last.end] ?? undefined).trim();
}

/** A word that could fill a slot: not a number, a negation or a small word (Korean stop flags are loose: 가을에). */
const fills = (t: Token) =>
  !t.inQuantity && !t.negation && !t.paren && (!t.stop || (t.hangul && (t.forms[1] ?? t.text).length >= 2));

interface Gap {
  /** The check's key terms, in order, each with its answer positions. */
  readonly frame: ReadonlyArray<{ tok: Token; at: readonly number[] }>;
  /** The check's missing word. */
  readonly missing: Token;
}

/** The check's one missing key term, with the found ones around it. */
function gapOf(ctx: SlotContext): Gap | null {
  const { check, coverage } = ctx;
  if (check.sentences.length !== 1 || check.tokens.some((t) => t.paren || t.inQuantity)) return null;
  const positions = new Map(coverage.hits.map((h) => [h.term.key, h.positions]));
  const keyed = check.tokens.filter((t) => !t.stop && positions.has(termKey(t)));
  const absent = keyed.filter((t) => positions.get(termKey(t))?.length === 0);
  if (absent.length !== 1) return null;
  const missing = absent[0]!;
  const frame = keyed.filter((t) => t !== missing).map((tok) => ({ tok, at: positions.get(termKey(tok)) ?? [] }));
  // A frame of two words at least, not only the subject's name.
  // A name dated by a time noun right before the frame's verb (태종 때 지어졌다), or a country
  // ("made in Japan", 한국에서 유래했다), is a frame of one.
  const least = timeOf(check, missing) || placeLevel(bareOf(missing)) === 'country' ? 1 : 2;
  if (frame.length < least || frame.every((f) => f.tok.forms.some((x) => ctx.subjectKeys.has(x)))) return null;
  const subjectSlot = UNIQUE.test(check.norm.text) && subjectOf(missing) !== '';
  if (
    missing.hangul &&
    !particleOf(missing) &&
    !subjectSlot &&
    !modifiesFrame(check, missing, frame) &&
    !timeOf(check, missing)
  )
    return null;
  return { frame, missing };
}

/** The Korean noun of a time that a name before it dates (태종 때); a small word, never a key term. */
const KO_TIME = new Set(['때']);
/** Words that fill such a slot without naming a time of their own: 그 때, 건국 초기 때. */
const KO_VAGUE = new Set(['그', '이', '저', '초기', '중기', '말기', '후기', '전기', '처음', '나중', '어릴', '젊을']);
/** The slot is a name dated by the Korean time noun after it (태종 때). */
const timeOf = (text: AnalyzedText, t: Token) => {
  const next = text.tokens[t.index + 1];
  return t.hangul && next?.sentence === t.sentence && KO_TIME.has(next.text);
};

/** The word right after the slot is a frame word: the slot modifies it (조선 시대에, the Ming dynasty). */
const modifiesFrame = (check: AnalyzedText, missing: Token, frame: Gap['frame']) =>
  (!missing.hangul || (subjectOf(missing) === '' && particleOf(missing) === '')) &&
  frame.some(
    (f) => f.tok.index === missing.index + 1 && check.tokens[missing.index + 1]?.sentence === missing.sentence,
  );

/** Answer positions of the frame in one sentence, in the check's order (earliest fit). */
function placeFrame(answer: AnalyzedText, frame: Gap['frame']): number[] | null {
  for (const s of answer.sentences.keys()) {
    const out: number[] = [];
    let from = -1;
    for (const f of frame) {
      const k = f.at.find((i) => i > from && answer.tokens[i]?.sentence === s);
      if (k === undefined) break;
      out.push(k);
      from = k;
    }
    if (out.length === frame.length) return out;
  }
  return null;
}

/** Where the slot starts in the answer: right after the frame word before it, past the same small words. */
function slotStart(ctx: SlotContext, gap: Gap, placed: readonly number[]): number | null {
  const { check, answer } = ctx;
  const prevIdx = gap.frame.findLastIndex((f) => f.tok.index < gap.missing.index);
  // The subject of a claim only one thing can make ("전주비빔밥이 가장 널리 알려져 있다", "X is the
  // oldest"): another subject in its place is another answer, right before the frame.
  if (prevIdx < 0) {
    // 태조 때 지어졌다: the name sits right before the time noun that opens the frame.
    if (timeOf(check, gap.missing)) return placed[0]! > 1 ? placed[0]! - 2 : null;
    // 중국에서 만들어졌다 for 일본에서 만들어졌다: a Korean place opens the frame.
    if (gap.missing.hangul && particleOf(gap.missing) && placeLevel(bareOf(gap.missing)) === 'country') {
      const start = placed[0]! - 1;
      // 부품은 중국에서 만들어졌다: a topic of its own before the place is another thing made there.
      const topic = ctx.answer.tokens[start - 1];
      const own =
        topic?.sentence === ctx.answer.tokens[start]?.sentence &&
        subjectOf(topic!) !== '' &&
        !topic!.forms.some((f) => ctx.subjectKeys.has(f));
      return start >= 0 && !own ? start : null;
    }
    return UNIQUE.test(check.norm.text) && placed[0]! > 0 ? placed[0]! - 1 : null;
  }
  const between = check.tokens.slice(gap.frame[prevIdx]!.tok.index + 1, gap.missing.index);
  // A name that modifies the frame's next word is one value even there: "into the Atlantic Ocean".
  const open = between.some((t) => OPEN_FRAMES.has(t.text)) || OPEN_FRAMES.has(gap.frame[prevIdx]!.tok.text);
  if (open && !(capitalised(check, gap.missing) && modifiesFrame(check, gap.missing, gap.frame))) return null;
  let k = placed[prevIdx]! + 1;
  for (const small of between) {
    if (answer.tokens[k]?.text !== small.text) return null;
    k++;
  }
  return k;
}

const bareOf = (t: Token) => (t.hangul ? t.text.replace(KO_PARTICLE, '') : t.text);

/**
 * The filler names something the check's word excludes: not a general word for it or a kind of it
 * (stone for granite, granite for stone) nor another name of the same country (대한민국 for 한국) and, for a Korean place or
 * time (에, 에서), one of the same closed set (봄, 가을).
 */
function distinct(missing: Token, filler: Token): boolean {
  const [m, f] = [bareOf(missing), bareOf(filler)];
  if (sameCountry(m, f)) return false;
  // A Korean compound and its first part: 양념장 is a 양념, 간장 양념 and 양념 say one thing.
  if (missing.hangul && filler.hangul && Math.min(m.length, f.length) >= 2 && (m.startsWith(f) || f.startsWith(m)))
    return false;
  const material = materialRelation([m, ...missing.forms], [f, ...filler.forms]);
  if (material === 'same' || (material === 'unknown' && GENERAL_MATERIAL.has(f) && !GENERAL_MATERIAL.has(m)))
    return false;
  if (missing.hangul && /에서?$/u.test(missing.text))
    return EXCLUSIVE_SETS.some((set) => set.has(m) && set.has(f)) || bothCountries(m, f);
  // 조선 때 for 태종 때 names the wider time, not another: a period against a period only.
  const period = (w: string) => KO_PERIODS.has(w);
  if (period(m) !== period(f)) return false;
  return true;
}

/**
 * Names and modifiers replace the check's word only with one of their own kind. A modifier of the
 * frame's next word ("a spicy dish", 발효 음식) is one of many that hold at once ("a delicious
 * dish", 건강 음식), unless both are names, countries or one closed set (조선 시대, 고려 시대).
 */
function sameKindOfName(ctx: SlotContext, gap: Gap, filler: Token): boolean {
  const [m, f] = [bareOf(gap.missing), bareOf(filler)];
  const countries = placeLevel(m) === 'country' && placeLevel(f) === 'country';
  const names = capitalised(ctx.check, gap.missing) && capitalised(ctx.answer, filler);
  if (modifiesFrame(ctx.check, gap.missing, gap.frame))
    return names || countries || EXCLUSIVE_SETS.some((set) => set.has(m) && set.has(f));
  // Names nest only across levels: "painted in Rome" for "painted in Florence", not "in Italy".
  return !capitalised(ctx.answer, filler) || (capitalised(ctx.check, gap.missing) && placeLevel(m) === placeLevel(f));
}

const bothCountries = (a: string, b: string) => placeLevel(a) === 'country' && placeLevel(b) === 'country';

/** Another content word in the slot of the check's missing one. */
export function frameConflict(ctx: SlotContext): SlotConflict | null {
  const { answer } = ctx;
  const gap = gapOf(ctx);
  if (!gap) return null;
  const placed = placeFrame(answer, gap.frame);
  if (!placed) return null;
  const start = slotStart(ctx, gap, placed);
  if (start === null) return null;
  const filler = answer.tokens[start];
  const sentence = answer.tokens[placed[0]!]?.sentence;
  if (!filler || filler.sentence !== sentence || !fills(filler)) return null;
  const before = answer.tokens[start - 1];
  if (before && /[,;:()]/.test(answer.norm.text.slice(before.end, filler.start))) return null;
  // What follows the slot in the check follows it in the answer: the next frame word, or the end;
  // a Korean time noun comes first (태조 때 지어졌다 for 태종 때 지어졌다), after a name of a time.
  const nextIdx = gap.frame.findIndex((f) => f.tok.index > gap.missing.index);
  const time = timeOf(ctx.check, gap.missing) ? 1 : 0;
  if (
    time &&
    (answer.tokens[start + 1]?.text !== ctx.check.tokens[gap.missing.index + 1]?.text || KO_VAGUE.has(filler.text))
  )
    return null;
  const after = answer.tokens[start + 1 + time];
  // "made in Japan, and its body …": a comma ends the frame as the sentence's end does.
  const ends =
    after?.sentence !== sentence || /[,;:]/.test(answer.norm.text.slice(answer.tokens[start + time]!.end, after.start));
  // The check's small words between the slot and the next frame word come between them in the
  // answer too ("a cassette and press play").
  const gapAfter =
    nextIdx >= 0 ? ctx.check.tokens.slice(gap.missing.index + 1 + time, gap.frame[nextIdx]!.tok.index) : [];
  const follows =
    nextIdx >= 0 &&
    placed[nextIdx] === start + 1 + time + gapAfter.length &&
    gapAfter.every((t, i) => answer.tokens[start + 1 + time + i]?.text === t.text);
  if (nextIdx >= 0 ? !follows : !ends) return null;
  if (ctx.termForms.has(termKey(filler)) || filler.forms.some((f) => ctx.subjectKeys.has(f))) return null;
  // 한국의 무술 and 중국 무술: a Korean noun modifies the next one with 의 or without it.
  const genitive = (a: string, b: string) => (a === '의' && b === '') || (a === '' && b === '의');
  const [pm, pf] = [particleOf(gap.missing), particleOf(filler)];
  if (filler.unspaced || (pm !== pf && !(genitive(pm, pf) && bothCountries(bareOf(gap.missing), bareOf(filler)))))
    return null;
  if (!sameKindOfName(ctx, gap, filler)) return null;
  // A frame of one word holds a country only against a country ("made in China" for "made in Japan").
  if (gap.frame.length === 1 && !time && !bothCountries(bareOf(gap.missing), bareOf(filler))) return null;
  if (gap.missing.hangul && !particleOf(gap.missing) && subjectOf(gap.missing) !== subjectOf(filler)) return null;
  if (!distinct(gap.missing, filler)) return null;
  const span = answer.sentences[sentence ?? -1];
  if (span && COMPARES.test(answer.original.slice(span.start, span.end))) return null;
  if (answer.tokens.some((t) => t.sentence === sentence && negates(answer, t.index))) return null;
  return { slot: 'frame', expected: shown(ctx.check, [gap.missing]), stated: shown(answer, [filler]) };
}
