/** The kinds of value the offline judge and the wiki-QA value checks compare. */
export type QuantityKind =
  | 'duration'
  | 'date'
  | 'time'
  | 'money'
  | 'percent'
  | 'version'
  | 'count'
  | 'length'
  | 'mass'
  | 'temperature'
  | 'size'
  | 'area'
  | 'number';

export interface UnitInfo {
  readonly kind: QuantityKind;
  /** Canonical unit, e.g. `minute`, `KRW`, `%`, `metre`, `character`. */
  readonly unit: string;
  /** Multiply the number written by this to get the value in the canonical unit. */
  readonly factor: number;
}

const MINUTE = { kind: 'duration', unit: 'minute' } as const;
/** The unit of キロ and 킬로 alone: a thousand metres or grams. */
export const KILO = 'kilo';
const MONTH = { kind: 'duration', unit: 'month' } as const;

/**
 * Unit words that may follow a number, longest first within each alternation
 * so that `개월` wins over `개` and `minutes` over `min`. Keys are normalised
 * (lower case, NFKC) spellings.
 */
const UNIT_TABLE: ReadonlyArray<readonly [readonly string[], UnitInfo]> = [
  [
    ['seconds', 'second', 'secs', 'sec', '초', 'segundos', 'segundo', 'secondes', 'seconde', 'sekunden', 'sekunde'],
    { kind: 'duration', unit: 'second', factor: 1 },
  ],
  [
    ['milliseconds', 'millisecond', 'msec', 'ms', '밀리초', 'ミリ秒', '毫秒'],
    { kind: 'duration', unit: 'second', factor: 0.001 },
  ],
  [
    ['minutes', 'minute', 'mins', 'min', '분', 'minutos', 'minuto', 'minuten', '分間', '分钟', '分鐘'],
    { ...MINUTE, factor: 1 },
  ],
  [
    [
      'hours',
      'hour',
      'hrs',
      'hr',
      'h',
      '시간',
      'horas',
      'hora',
      'heures',
      'heure',
      'stunden',
      'stunde',
      '時間',
      '个小时',
      '個小時',
      '小时',
      '小時',
    ],
    { ...MINUTE, factor: 60 },
  ],
  [
    ['business days', 'business day', 'working days', 'working day', 'days', 'day', '영업일', '일'],
    { ...MINUTE, factor: 1440 },
  ],
  // Spanish, French and German days, and 天; 日 is left out (3日 is a date as often as three days).
  [['días', 'dias', 'día', 'dia', 'jours', 'jour', 'tagen', 'tage', 'tag', '日間', '天'], { ...MINUTE, factor: 1440 }],
  [
    ['weeks', 'week', '주일', '주', 'semanas', 'semana', 'semaines', 'semaine', 'wochen', 'woche', '週間', '星期'],
    { ...MINUTE, factor: 10080 },
  ],
  [
    [
      'months',
      'month',
      '개월',
      '달',
      'meses',
      'mes',
      'mois',
      'monaten',
      'monate',
      'monat',
      'ヶ月',
      'か月',
      'カ月',
      '个月',
      '個月',
    ],
    { ...MONTH, factor: 1 },
  ],
  // `an` (French for year) is left out: it is the English article too.
  [
    ['years', 'year', 'yrs', 'yr', '년', '해', 'años', 'año', 'ans', 'années', 'année', 'jahren', 'jahre', 'jahr'],
    { ...MONTH, factor: 12 },
  ],
  [['원', 'won', 'krw'], { kind: 'money', unit: 'KRW', factor: 1 }],
  [
    ['dollars', 'dollar', 'usd', '달러', '불', 'dólares', 'dólar', 'ドル', '美元'],
    { kind: 'money', unit: 'USD', factor: 1 },
  ],
  [['pounds sterling', 'pound sterling'], { kind: 'money', unit: 'GBP', factor: 1 }],
  [['euros', 'euro', 'eur', '유로'], { kind: 'money', unit: 'EUR', factor: 1 }],
  [['yen', 'jpy', '엔', '円'], { kind: 'money', unit: 'JPY', factor: 1 }],
  [['gbp'], { kind: 'money', unit: 'GBP', factor: 1 }],
  [['人民币', '人民幣', '元', 'rmb', 'cny', '위안'], { kind: 'money', unit: 'CNY', factor: 1 }],
  [['%', 'percent', 'per cent', '퍼센트', '프로'], { kind: 'percent', unit: '%', factor: 1 }],
  [['characters', 'character', 'chars', 'char', '글자', '자'], { kind: 'length', unit: 'character', factor: 1 }],
  [['words', 'word', '단어'], { kind: 'length', unit: 'word', factor: 1 }],
  [
    ['kilometres', 'kilometers', 'kilometre', 'kilometer', 'km', '킬로미터'],
    { kind: 'length', unit: 'metre', factor: 1000 },
  ],
  [
    ['centimetres', 'centimeters', 'centimetre', 'centimeter', 'cm', '센티미터'],
    { kind: 'length', unit: 'metre', factor: 0.01 },
  ],
  [
    ['millimetres', 'millimeters', 'millimetre', 'millimeter', 'mm', '밀리미터'],
    { kind: 'length', unit: 'metre', factor: 0.001 },
  ],
  [['metres', 'meters', 'metre', 'meter', 'm', '미터'], { kind: 'length', unit: 'metre', factor: 1 }],
  [
    ['kilómetros', 'kilometros', 'kilómetro', 'kilometro', 'kilomètres', 'kilomètre', 'kilometern'],
    { kind: 'length', unit: 'metre', factor: 1000 },
  ],
  [
    ['centímetros', 'centímetro', 'centimètres', 'centimètre', 'zentimeter'],
    { kind: 'length', unit: 'metre', factor: 0.01 },
  ],
  [['metros', 'mètres', 'mètre', 'metern'], { kind: 'length', unit: 'metre', factor: 1 }],
  [['キロメートル', '公里', '千米'], { kind: 'length', unit: 'metre', factor: 1000 }],
  [['センチメートル', 'センチ', '厘米'], { kind: 'length', unit: 'metre', factor: 0.01 }],
  [['ミリメートル', '毫米'], { kind: 'length', unit: 'metre', factor: 0.001 }],
  [['メートル', '米'], { kind: 'length', unit: 'metre', factor: 1 }],
  [['feet', 'foot', 'ft', 'pieds', 'fuß', '피트', 'フィート', '英尺'], { kind: 'length', unit: 'foot', factor: 1 }],
  [['inches', 'inch', '인치', 'インチ', '英寸'], { kind: 'length', unit: 'inch', factor: 1 }],
  [['yards', 'yard', 'yd', '야드', 'ヤード'], { kind: 'length', unit: 'yard', factor: 1 }],
  [
    ['miles', 'mile', '마일', 'millas', 'milles', 'meilen', 'マイル', '英里'],
    { kind: 'length', unit: 'mile', factor: 1 },
  ],
  [
    [
      'kilograms',
      'kilogram',
      'kg',
      '킬로그램',
      'kilogramos',
      'kilogramo',
      'kilogrammes',
      'kilogramme',
      'kilogramm',
      'kilos',
      'kilo',
    ],
    { kind: 'mass', unit: 'gram', factor: 1000 },
  ],
  [
    ['grams', 'gram', 'g', '그램', 'gramos', 'gramo', 'grammes', 'gramme', 'gramm'],
    { kind: 'mass', unit: 'gram', factor: 1 },
  ],
  [
    ['tonnes', 'tonne', 'tons', 'ton', '톤', 'toneladas', 'tonelada', 'tonnen'],
    { kind: 'mass', unit: 'gram', factor: 1e6 },
  ],
  /**
   * キロ and 킬로 alone are kilometres or kilograms: which one is read from the value they are
   * compared with (`KILO` in quantity-compare).
   */
  [['キロ', '킬로'], { kind: 'mass', unit: KILO, factor: 1000 }],
  [['キログラム', '千克', '公斤'], { kind: 'mass', unit: 'gram', factor: 1000 }],
  [['グラム', '克'], { kind: 'mass', unit: 'gram', factor: 1 }],
  [['トン', '吨', '噸'], { kind: 'mass', unit: 'gram', factor: 1e6 }],
  // "Forty pounds" is a weight; an amount in pounds is written £40 or "pounds sterling".
  [
    ['pounds', 'pound', 'lbs', 'lb', 'libras', 'libra', 'pfund', '파운드', 'ポンド', '磅'],
    { kind: 'mass', unit: 'pound', factor: 1 },
  ],
  [['ounces', 'ounce', 'oz', '온스', 'オンス', '盎司'], { kind: 'mass', unit: 'ounce', factor: 1 }],
  [['bytes', 'byte', '바이트', 'バイト', '字节'], { kind: 'size', unit: 'byte', factor: 1 }],
  [['kilobytes', 'kilobyte', 'kb', '킬로바이트'], { kind: 'size', unit: 'byte', factor: 1e3 }],
  [['megabytes', 'megabyte', 'mb', '메가바이트', 'メガバイト'], { kind: 'size', unit: 'byte', factor: 1e6 }],
  [['gigabytes', 'gigabyte', 'gb', '기가바이트', 'ギガバイト'], { kind: 'size', unit: 'byte', factor: 1e9 }],
  [['terabytes', 'terabyte', 'tb', '테라바이트', 'テラバイト'], { kind: 'size', unit: 'byte', factor: 1e12 }],
  [['kib'], { kind: 'size', unit: 'byte', factor: 1024 }],
  [['mib'], { kind: 'size', unit: 'byte', factor: 1024 ** 2 }],
  [['gib'], { kind: 'size', unit: 'byte', factor: 1024 ** 3 }],
  [
    [
      'square kilometres',
      'square kilometers',
      'sq km',
      'km2',
      '平方公里',
      '平方千米',
      '平方キロメートル',
      '제곱킬로미터',
    ],
    { kind: 'area', unit: 'square metre', factor: 1e6 },
  ],
  [
    ['square metres', 'square meters', 'sq m', 'm2', '平方米', '平方メートル', '제곱미터', '평방미터'],
    { kind: 'area', unit: 'square metre', factor: 1 },
  ],
  [['degrees celsius', 'degrees centigrade', '°c', '도씨', '섭씨'], { kind: 'temperature', unit: '°C', factor: 1 }],
  [['degrees fahrenheit', '°f', '화씨'], { kind: 'temperature', unit: '°F', factor: 1 }],
];

/** Korean counters: the counted thing is the unit, so `3명` and `3개` never compare. */
const KO_COUNTERS = [
  '가지',
  '단계',
  '페이지',
  '인분',
  '마리',
  '차례',
  '개',
  '명',
  '건',
  '회',
  '번',
  '곳',
  '권',
  '장',
  '대',
  '층',
  '종',
  '편',
  '쪽',
  '잔',
  '컵',
  '살',
  '세',
  // Points of a score (몸통 2점, 두 점), and pieces of a collection.
  '점',
  // Kitchen measures and the counters of produce: 된장 두 큰술, 배추 한 포기, 마늘 세 쪽.
  '큰술',
  '작은술',
  '숟가락',
  '스푼',
  '꼬집',
  '포기',
  '송이',
  '조각',
  '뿌리',
  '그릇',
  '그루',
  '바퀴',
  // Shots, sets, games and the counters of eggs, tofu and garlic: 세 발, 두 세트, 달걀 두 알, 두부 한 모.
  '발',
  '세트',
  '경기',
  '라운드',
  '알',
  '모',
  '근',
  '톨',
  '가닥',
  '켤레',
  // Points of territory in 바둑 (덤 6집 반), the lines of its board (19줄), games played, won and lost (5판, 4승 1패).
  '집',
  '줄',
  '판',
  '승',
  '패',
];

const UNIT_BY_WORD = new Map<string, UnitInfo>();
for (const [words, info] of UNIT_TABLE) for (const w of words) UNIT_BY_WORD.set(w, info);
for (const c of KO_COUNTERS) UNIT_BY_WORD.set(c, { kind: 'count', unit: c, factor: 1 });
// An age in native (스무 살) and Sino-Korean (20세) counters is one thing.
UNIT_BY_WORD.set('세', { kind: 'count', unit: '살', factor: 1 });

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\%]/g, '\\$&');
const ALL_WORDS = [...UNIT_BY_WORD.keys()].sort((a, b) => b.length - a.length);
const isLatin = (w: string) => /^[a-zà-ÿß ]+$/.test(w);

/**
 * Sticky matcher for a unit right after a number. Latin unit words must end at
 * a word boundary (`5 m` yes, `5 minutes` as `m` no); Hangul units may be
 * followed by particles (`30분에`, `3명이`).
 */
export const UNIT_AFTER = new RegExp(
  `\\s?(${ALL_WORDS.map((w) => (isLatin(w) ? `${escapeRe(w)}(?![a-zà-ÿß])` : escapeRe(w))).join('|')})`,
  'y',
);

/** Hangul unit words and counters, longest first, as a regex alternation (for numerals written in Hangul). */
export const HANGUL_UNITS = ALL_WORDS.filter((w) => /^[가-힣]+$/.test(w)).join('|');

/** Latin-script unit words, longest first, as a regex alternation (for numbers written in words). */
export const LATIN_UNITS = ALL_WORDS.filter(isLatin).map(escapeRe).join('|');

/** Every unit word and counter with what it means (for tests). */
export const UNIT_WORDS: ReadonlyMap<string, UnitInfo> = UNIT_BY_WORD;

export function unitInfo(word: string): UnitInfo | undefined {
  return UNIT_BY_WORD.get(word);
}

/** Currency written before the number: `$`, `₩`, `USD`, `US$`. */
export const CURRENCY_BEFORE: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?:us\s?\$|usd\s?|\$)\s?$/, 'USD'],
  [/(?:₩|krw\s?)\s?$/, 'KRW'],
  [/(?:€|eur\s?)\s?$/, 'EUR'],
  [/(?:£|gbp\s?)\s?$/, 'GBP'],
  [/(?:¥|jpy\s?)\s?$/, 'JPY'],
];
