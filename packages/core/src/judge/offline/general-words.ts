/**
 * Materials by class: the class's own words, then kinds of it. "Made of stone" may be granite
 * and "wrought iron" is a metal, but granite is no marble and wood is no metal.
 */
const MATERIAL_CLASSES: ReadonlyArray<readonly [general: string, kinds: string]> = [
  [
    'stone stones rock 돌 석재 암석',
    'granite marble limestone sandstone basalt slate flint 화강암 대리석 석회암 사암 현무암 점판암',
  ],
  [
    'metal metals 금속',
    'iron steel bronze copper brass aluminium aluminum tin lead zinc titanium 철 강철 청동 구리 황동 놋쇠 알루미늄',
  ],
  [
    'wood wooden timber 나무 목재',
    'oak pine cedar teak maple birch beech walnut mahogany spruce 소나무 참나무 느티나무',
  ],
  ['fabric fabrics cloth textile fibre fiber 직물 천', 'cotton silk wool linen hemp 비단 양모 삼베 모시'],
];
/** Words for any material at all. */
const ANY_MATERIAL = new Set('material materials mineral 재료 재질 광물'.split(' '));

const CLASS_OF = new Map<string, { cls: number; general: boolean }>();
for (const [i, [general, kinds]] of MATERIAL_CLASSES.entries()) {
  for (const w of general.split(' ')) CLASS_OF.set(w, { cls: i, general: true });
  for (const w of kinds.split(' ')) CLASS_OF.set(w, { cls: i, general: false });
}

/** Words too general to name another material: "made of stone" may be granite. */
export const GENERAL_MATERIAL: ReadonlySet<string> = new Set([
  ...ANY_MATERIAL,
  ...[...CLASS_OF].filter(([, c]) => c.general).map(([w]) => w),
]);

/**
 * How two materials (each as the forms of its words) relate: `same` when one may be the other
 * (stone and granite, metal and wrought iron, material and anything), `other` when they exclude
 * each other (granite and marble, wood and metal), `unknown` when either is not a known material.
 */
export function materialRelation(a: readonly string[], b: readonly string[]): 'same' | 'other' | 'unknown' {
  if (a.some((w) => ANY_MATERIAL.has(w)) || b.some((w) => ANY_MATERIAL.has(w))) return 'same';
  const of = (ws: readonly string[]) => ws.map((w) => CLASS_OF.get(w)).find((c) => c !== undefined);
  const [ca, cb] = [of(a), of(b)];
  if (!ca || !cb) return 'unknown';
  if (ca.cls !== cb.cls) return 'other';
  if (ca.general || cb.general) return 'same';
  const kinds = (ws: readonly string[]) => new Set(ws.filter((w) => CLASS_OF.has(w)));
  const kb = kinds(b);
  return [...kinds(a)].some((w) => kb.has(w)) ? 'same' : 'other';
}

/** Korean periods and dynasties, which a modifier slot names (조선 시대에, 고려 왕조의). */
export const KO_PERIODS: ReadonlySet<string> = new Set(
  '고조선 삼국 고구려 백제 신라 가야 통일신라 발해 고려 조선 대한제국 일제강점기'.split(' '),
);

/**
 * Closed sets of values that exclude each other: a festival held in spring is not held in
 * autumn. Korean slots with 에 name places too, and places nest (보현산에, 경상북도에), so there
 * only these count.
 */
export const EXCLUSIVE_SETS: readonly ReadonlySet<string>[] = [
  new Set('spring summer autumn winter 봄 여름 가을 겨울'.split(' ')),
  new Set(
    'monday tuesday wednesday thursday friday saturday sunday 월요일 화요일 수요일 목요일 금요일 토요일 일요일'.split(
      ' ',
    ),
  ),
  new Set('morning afternoon evening night 아침 오전 오후 저녁 밤'.split(' ')),
  // Colours: "orange wings" is not "blue wings" (a frame's modifier; "orange and black" holds both, so states orange).
  new Set(
    'red orange yellow green blue purple violet pink brown black white grey gray golden 빨간 빨간색 주황색 노란 노란색 초록색 파란 파란색 보라색 분홍색 갈색 검은 검은색 흰 흰색 하얀 회색 금색'.split(
      ' ',
    ),
  ),
  KO_PERIODS,
];

/** A kind of the material class a general word names: granite for stone, oak for wood, 철 for 금속. */
export function kindOfGeneral(general: string, word: string): boolean {
  const g = CLASS_OF.get(general);
  const k = CLASS_OF.get(word);
  return g?.general === true && k !== undefined && !k.general && k.cls === g.cls;
}
