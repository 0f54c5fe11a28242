/**
 * A maker named by a noun of the deed: "Its designer was Philip Johnson", "the architect, Philip
 * Johnson,", 설계자는 채제공이다, 설계는 채제공이 맡았다, 設計者は丹下健三です, 设计者是贝聿铭. Against a
 * check that names another maker of the same deed ("designed by Eero Saarinen", 정약용이 설계했다,
 * ル・コルビュジエが設計した, 由保罗·安德鲁设计), and when the answer names the check's maker nowhere,
 * it is a contradiction. The noun must be the subject's: "its designer", the subject's name before
 * it, or nothing before it in its sentence; "the museum's architect was …" is another thing's.
 */
import { analyzeText } from '../../text/analyze-text.js';
import { negates } from './affirming-negation.js';
import { predicateGroup, sameEvent } from './predicates.js';
import type { SlotConflict, SlotContext } from './slot-conflicts.js';

/** Nouns of a maker and the predicate word of their deed (looked up in the lexicon). */
const MAKER_NOUNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:designer|architect|설계자|설계|건축가|設計者|設計|建築家|设计者|设计师|設計師|建筑师|建築師)$/u, 'designed'],
  [/^(?:builder|건설자|建設者)$/u, 'built'],
  [/^(?:painter|화가|画家)$/u, 'painted'],
  [/^(?:author|writer|저자|작가|著者|作者)$/u, 'written'],
  [/^(?:inventor|발명가|発明者|发明者|發明者)$/u, 'invented'],
  [/^(?:founder|설립자|창립자|창업자|창시자|創業者|創設者|創始者|创始人|創辦人|创办人)$/u, 'founded'],
  [/^(?:creator|제작자|창작자|製作者|制作者)$/u, 'created'],
];

// Capitalised words, an initial with its full stop ("Eero Saarinen", "I. M. Pei"), on one line.
const NAME = String.raw`\p{Lu}(?:\.|[\p{L}'’-]*)(?:[ \t]+(?:(?:van|von|de|da|der|du|la|le)[ \t]+)?\p{Lu}(?:\.|[\p{L}'’-]*))*`;
/** Words that rank a role: the chief engineer is one of the engineers. */
const RANKS = 'chief|lead|original|main|principal|head|senior';
/** "its designer was X", "the architect, X,", "the designer is the American X", "the chief engineer was X". */
const EN_NOUN = new RegExp(
  String.raw`\b([Ii]ts|[Tt]heir|[Tt]he)\s+(?:(${RANKS})\s+)?(\p{Ll}+?)s?\s*(?:was|is|were|,)\s+(?:the\s+(?:\p{L}+\s+)?)?(${NAME})`,
  'gu',
);
/** "X was its designer", "X was the architect", "X served as the chief engineer". */
const EN_NAME_NOUN = new RegExp(
  String.raw`(${NAME})\s+(?:was|is|served\s+as)\s+(its|the)\s+(?:(${RANKS})\s+)?(\p{Ll}+)`,
  'gu',
);
/** A check that names a person by a role: "Joseph Strauss, the chief engineer", "Jony Ive, its lead designer". */
const EN_ROLE = new RegExp(String.raw`^(${NAME}),\s+(?:the|its)\s+(?:(${RANKS})\s+)?(\p{Ll}{3,})\b`, 'u');
/** 설계자는 채제공이다, 건축가는 김수근이었다. */
const KO_NOUN =
  /([가-힣]+?)(?:는|은)\s+([가-힣]{2,6}?)(?:이다|였다|이었다|입니다|였습니다|이었습니다|이며|이고|이고요|예요|이에요)/gu;
/** 설계는 채제공이 맡았다, 설계는 채제공이 했다. */
const KO_TASK = /([가-힣]+?)(?:는|은)\s+([가-힣]{2,6}?)(?:이|가)\s+(?:맡|담당|했|하였)/gu;
/** 設計者は丹下健三です, 设计者是贝聿铭. */
const CJK_NOUN =
  /(設計者|設計|建築家|作者|著者|発明者|創業者|創設者|创始人|设计者|设计师|設計師|建筑师|建築師|发明者)(?:は|是|为|為)([^\s。、，,.]{2,14}?)(?:です|である|だ|でした|であった|で[、，]|。|，|,|$)/gu;
/** 設計は丹下健三が担当した. */
const JA_TASK = /(設計)は([^\s。、，,]{2,14}?)が(?:担当|手掛け|手がけ)/gu;

/** The check's makers: "designed by Eero Saarinen", 정약용이 설계했다, ル・コルビュジエが設計, 由保罗·安德鲁设计. */
const EN_BY = new RegExp(String.raw`\b(\p{Ll}+)\s+by\s+(?:the\s+(?:\p{Ll}+\s+)?)?(${NAME})`, 'gu');
const KO_BY = /([가-힣]{2,6}?)(?:이|가|께서)\s+(?:[^\s]+(?:에|에서|을|를)\s+)?([가-힣]+)/gu;
const JA_BY = /([^\s、。はが]{2,14})(?:が|により|によって)([^\s、。]{2,4})/gu;
const ZH_BY = /由([^\s，。,]{2,14}?)(设计|設計|建造|修建|创立|創立|创作|發明|发明)/gu;

interface Maker {
  readonly name: string;
  readonly group: number;
  /** Offset in the original text where the maker's phrase starts. */
  readonly at: number;
}

/** A person named by a role noun and its rank ("the chief engineer"): one holder per role. */
interface RoleHolder {
  readonly name: string;
  readonly role: string;
  readonly at: number;
}

const roleOf = (rank: string | undefined, noun: string) => `${rank?.toLowerCase() ?? ''} ${noun.replace(/s$/u, '')}`;

/** The lexicon group of a word ("designed", 설계했다, 設計), read as the answer's tokens are. */
const groups = new Map<string, number | null>();
function wordGroup(word: string): number | null {
  if (!groups.has(word)) {
    const tok = analyzeText(word).tokens[0];
    groups.set(word, tok ? predicateGroup(tok, false) : null);
  }
  return groups.get(word) ?? null;
}

/** The lexicon group of a maker noun: designer → design. */
function nounGroup(noun: string): number | null {
  const deed = MAKER_NOUNS.find(([re]) => re.test(noun))?.[1];
  return deed ? wordGroup(deed) : null;
}

/** Each pattern of a check's maker, with the numbers of its name's and its deed's groups. */
const CHECK_PATTERNS: ReadonlyArray<readonly [RegExp, number, number]> = [
  [EN_BY, 2, 1],
  [KO_BY, 1, 2],
  [JA_BY, 1, 2],
  [ZH_BY, 1, 2],
];

function checkMakers(text: string): Maker[] {
  const out: Maker[] = [];
  for (const [re, name, deed] of CHECK_PATTERNS)
    for (const m of text.matchAll(re)) {
      const group = wordGroup(m[deed] ?? '');
      if (group !== null) out.push({ name: m[name] ?? '', group, at: m.index ?? 0 });
    }
  return out;
}

/** The answer's holders of English roles: "its chief engineer was X", "X was the lead designer". */
function answerRoles(text: string): RoleHolder[] {
  const out: RoleHolder[] = [];
  for (const m of text.matchAll(EN_NOUN))
    out.push({ name: m[4] ?? '', role: roleOf(m[2], m[3] ?? ''), at: m.index ?? 0 });
  for (const m of text.matchAll(EN_NAME_NOUN))
    out.push({ name: m[1] ?? '', role: roleOf(m[3], m[4] ?? ''), at: m.index ?? 0 });
  return out;
}

function answerMakers(text: string): Maker[] {
  const out: Maker[] = [];
  const add = (noun: string, name: string, at: number) => {
    const g = nounGroup(noun);
    if (g !== null && name) out.push({ name, group: g, at });
  };
  for (const m of text.matchAll(EN_NOUN)) add(m[3] ?? '', m[4] ?? '', m.index ?? 0);
  for (const m of text.matchAll(EN_NAME_NOUN)) add(m[4] ?? '', m[1] ?? '', m.index ?? 0);
  for (const re of [KO_NOUN, KO_TASK, CJK_NOUN, JA_TASK])
    for (const m of text.matchAll(re)) add(m[1] ?? '', m[2] ?? '', m.index ?? 0);
  return out;
}

/** The words before the maker's phrase in its sentence: none, or only the subject's (its, 수원 화성의). */
function subjectsMaker(ctx: SlotContext, at: number): boolean {
  const { answer } = ctx;
  const start = answer.norm.offsets.findIndex((o) => o >= at);
  const tok = answer.tokens.find((t) => t.end > start);
  if (!tok) return false;
  const before = answer.tokens.filter((t) => t.sentence === tok.sentence && t.index < tok.index);
  if (before.some((t) => negates(answer, t.index))) return false;
  const after = answer.tokens.filter((t) => t.sentence === tok.sentence && t.index >= tok.index);
  if (after.some((t) => negates(answer, t.index))) return false;
  // 행궁의 설계자는, "the museum's architect": another thing's maker.
  return before.every((t) => t.stop || t.forms.some((f) => ctx.subjectKeys.has(f) || ctx.termForms.has(f)));
}

const norm = (s: string) => s.toLowerCase().replace(/[\s・·.-]/gu, '');

/** The answer names the check's maker somewhere, by any part of the name. */
function namesAny(ctx: SlotContext, names: readonly string[]): boolean {
  const said = norm(ctx.answer.original);
  return names.some((n) => n.split(/[\s・·]+/u).some((part) => part.length >= 2 && said.includes(norm(part))));
}

/**
 * Another holder of the check's role, when the check's person is nowhere in the answer: "Its
 * chief engineer was John Roebling" against "Joseph Strauss, the chief engineer". The role's rank
 * must be the same (an engineer is not the chief engineer), and the role the subject's.
 */
export function roleHolderConflict(ctx: SlotContext): SlotConflict | null {
  const m = EN_ROLE.exec(ctx.check.original.trim());
  if (!m) return null;
  const want = { name: m[1] ?? '', role: roleOf(m[2], m[3] ?? '') };
  if (namesAny(ctx, [want.name])) return null;
  for (const got of answerRoles(ctx.answer.original)) {
    if (got.role !== want.role || !subjectsMaker(ctx, got.at)) continue;
    const name = norm(got.name);
    if ([...ctx.subjectKeys].some((k) => k.length >= 2 && name.includes(k))) continue;
    return { slot: 'agent', expected: want.name, stated: got.name };
  }
  return null;
}

/** Another maker of the check's deed, named by a noun of the deed, when the check's maker is nowhere. */
export function agentNounConflict(ctx: SlotContext): SlotConflict | null {
  const want = checkMakers(ctx.check.original);
  if (want.length === 0) return null;
  if (
    namesAny(
      ctx,
      want.map((w) => w.name),
    )
  )
    return null;
  for (const got of answerMakers(ctx.answer.original)) {
    const w = want.find((x) => sameEvent(x.group, got.group));
    if (!w) continue;
    const name = norm(got.name);
    if ([...ctx.subjectKeys].some((k) => k.length >= 2 && name.includes(k))) continue;
    if (!subjectsMaker(ctx, got.at)) continue;
    return { slot: 'agent', expected: w.name, stated: got.name };
  }
  return null;
}
