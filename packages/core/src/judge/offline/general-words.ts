/** Words too general to name another material: "made of stone" may be granite. */
export const GENERAL_MATERIAL: ReadonlySet<string> = new Set(
  'stone rock metal wood material materials mineral fabric cloth fibre fiber 돌 나무 금속 재료 재질 광물'.split(' '),
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
  // Korean periods and dynasties, which a modifier slot names (조선 시대에, 고려 왕조의).
  new Set('고조선 삼국 고구려 백제 신라 가야 통일신라 발해 고려 조선 대한제국 일제강점기'.split(' ')),
];
