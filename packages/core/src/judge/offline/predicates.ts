/**
 * A small lexicon of the predicates that values attach to (completed in 1889, 2013년 등재,
 * 1964年に開業), so that "finished in 1887" is read as a different date for the same event
 * as "completed in 1889". One group per event; a word joins a group only when it names that
 * event and nothing else it could be confused with. Each entry is written as the word appears:
 * - `en`: English words as written (stems would merge "founded" with "found", the past of "find");
 * - `ko`: Korean noun or verb stems, found at the start of a word (완공되었다, 지어진);
 * - `cjk`: Japanese and Chinese words, found inside a segmenter's word (完成しました);
 * - `latin`: Spanish, French and German stems without diacritics, found at the start of a word
 *   (only when the check's language is one of those).
 */
import { foldLatin } from '../../text/scripts.js';
import type { Token } from '../../text/token.js';

/** A regular English verb or noun with its -s, -ed and -ing forms: the words are matched as written. */
function inflect(...bases: string[]): string[] {
  return bases.flatMap((b) => {
    const stem = b.endsWith('e') ? b.slice(0, -1) : b;
    return [b, `${b}s`, b.endsWith('e') ? `${b}d` : `${b}ed`, `${stem}ing`];
  });
}

interface PredicateGroup {
  readonly name: string;
  readonly en: readonly string[];
  readonly ko: readonly string[];
  readonly cjk: readonly string[];
  readonly latin: readonly string[];
}

const GROUPS: readonly PredicateGroup[] = [
  {
    name: 'complete',
    en: [...inflect('complete', 'finish'), 'completion', 'finishes'],
    ko: ['완공', '준공', '완성', '낙성', '완료'],
    cjk: ['完成', '竣工', '落成', '建成', '完工'],
    latin: ['complet', 'termin', 'finaliz', 'conclu', 'achev', 'fertiggestell', 'vollende', 'abgeschloss'],
  },
  {
    // Not "complete": construction begins years before it is completed.
    name: 'build',
    en: [...inflect('build', 'construct', 'erect'), 'built'],
    // 창건 is the first building of a palace or temple (경복궁은 1395년에 창건되었다 / 처음 세워졌다);
    // an organisation is 설립, a state 건국 (the founding group).
    ko: ['건설', '건립', '건축', '축조', '지어', '지은', '세워', '세운', '창건'],
    cjk: ['建造', '建设', '建設', '修建', '兴建', '興建'],
    latin: ['constru', 'edific', 'erigi', 'batie', 'erbau', 'errichte', 'gebaut'],
  },
  {
    name: 'begin',
    en: [...inflect('start', 'commence'), 'begin', 'begins', 'began', 'begun', 'beginning'],
    ko: ['시작', '개시', '착수', '착공', '발발'],
    cjk: ['開始', '开始', '着工', '動工', '动工'],
    latin: ['comenz', 'empez', 'inici', 'commenc', 'begonn', 'beginn'],
  },
  {
    name: 'open',
    en: [...inflect('open', 'inaugurate'), 'inauguration'],
    ko: ['개통', '개업', '개관', '개장', '개원', '개막'],
    cjk: ['開業', '开业', '開通', '开通', '開館', '开馆', '開幕', '开幕'],
    latin: ['inaugur', 'ouvert', 'eroffne', 'eingeweiht'],
  },
  {
    // "found" is left out: it is also the past of "find".
    name: 'found',
    en: [...inflect('establish'), 'establishes', 'founded', 'founding'],
    // 창시: a martial art's or a school's founding; 결성, 발족: a body's.
    ko: ['설립', '창립', '창설', '건국', '창시', '결성', '발족'],
    cjk: ['設立', '设立', '創立', '创立', '創建', '创建', '成立', '创办', '創辦'],
    latin: ['fundad', 'fundo', 'fondee', 'fonde', 'gegrunde', 'grundete'],
  },
  {
    name: 'invent',
    en: inflect('invent', 'devise'),
    ko: ['창제', '창안', '발명', '고안'],
    cjk: ['発明', '发明', '創製', '创制', '考案'],
    latin: ['invent', 'erfund'],
  },
  {
    name: 'release',
    en: [...inflect('publish', 'release', 'launch', 'introduce', 'unveil', 'debut'), 'publishes', 'launches'],
    ko: ['출시', '발매', '출간', '발행', '공개', '반포', '공포', '발표', '출판', '선보'],
    cjk: [
      '発売',
      '发售',
      '発表',
      '发表',
      '公開',
      '公开',
      '発行',
      '发行',
      '出版',
      '頒布',
      '颁布',
      '推出',
      '上市',
      '发布',
      '發布',
    ],
    latin: ['public', 'lanz', 'lance', 'veroffentlich', 'herausgegeb'],
  },
  {
    // Heritage and register entries: inscribed, designated, 등재, 지정.
    name: 'inscribe',
    // "UNESCO recognised the craft in 2017": recognised as heritage is an inscription.
    en: [...inflect('inscribe', 'designate', 'register', 'recognise', 'recognize', 'proclaim'), 'listed'],
    ko: ['등재', '지정', '등록', '선정'],
    cjk: ['登録', '登录', '指定', '列入', '登載', '入选', '入選'],
    latin: ['inscri', 'designa', 'registr', 'eingetrag'],
  },
  {
    name: 'paint',
    en: inflect('paint'),
    ko: ['그려', '그린', '그렸'],
    cjk: ['描い', '描か', '绘制', '繪製', '画了'],
    latin: ['pintad', 'pinto', 'peint', 'gemalt', 'malte'],
  },
  {
    name: 'acquire',
    en: [...inflect('acquire', 'purchase', 'buy'), 'acquisition', 'bought'],
    ko: ['인수', '매입', '구입', '취득'],
    cjk: ['取得', '購入', '购入', '收购', '買収'],
    latin: ['adquiri', 'compro', 'achete', 'acquis', 'erworb', 'gekauft'],
  },
  {
    name: 'die',
    en: ['die', 'dies', 'died', 'dying', 'death'],
    ko: ['사망', '별세', '서거', '타계', '숨지', '숨졌', '승하'],
    cjk: ['死去', '逝世', '去世', '死亡', '逝去'],
    latin: ['murio', 'muerte', 'mort', 'decede', 'fallec', 'starb', 'gestorb'],
  },
  {
    name: 'born',
    en: ['born', 'birth'],
    ko: ['태어', '출생', '탄생'],
    cjk: ['生まれ', '誕生', '诞生', '出生'],
    latin: ['nacio', 'nacid', 'naissance', 'geboren'],
  },
  {
    name: 'design',
    en: inflect('design'),
    ko: ['설계'],
    cjk: ['設計', '设计'],
    latin: ['disen', 'concebi', 'entworf', 'entwarf'],
  },
  {
    name: 'write',
    en: ['write', 'writes', 'wrote', 'written', ...inflect('author')],
    ko: ['저술', '집필'],
    cjk: ['執筆', '执笔', '著し', '撰写'],
    latin: ['escrib', 'escrit', 'ecrit', 'geschrieb', 'schrieb'],
  },
  {
    // Taken out of service: the end of a vehicle's, a ship's or a model's life.
    name: 'retire',
    en: [...inflect('retire', 'decommission'), 'withdraw', 'withdraws', 'withdrew', 'withdrawn', 'retirement'],
    ko: ['퇴역', '은퇴', '폐차', '퇴출'],
    cjk: ['引退', '退役', '廃車', '退出'],
    latin: ['retirad', 'jubil', 'ausgemustert', 'stillgeleg'],
  },
  {
    // Back in service after a stop: a later event than the first opening and than the stop.
    name: 'resume',
    en: [...inflect('resume', 'restart'), 'resumption'],
    ko: ['재개', '재운항', '재운행'],
    cjk: ['再開', '再开', '恢复运营', '復旧'],
    latin: ['reanud', 'repris', 'wiederaufgenomm'],
  },
  {
    name: 'win',
    en: ['win', 'wins', 'won', 'winning', 'winner'],
    ko: ['우승', '획득', '수상'],
    cjk: ['優勝', '优胜', '獲得', '获得', '受賞'],
    latin: ['gano', 'ganad', 'gagn', 'gewann', 'gewonn'],
  },
  {
    name: 'visit',
    en: [...inflect('visit'), 'visitor', 'visitors'],
    ko: ['방문', '관광객', '관람객'],
    cjk: ['訪れ', '访问', '訪問', '来場', '游客'],
    latin: ['visit', 'besuch'],
  },
  {
    // Printed: a book or a type's date (1377년 인쇄, 금속활자로 찍은 책).
    name: 'print',
    en: inflect('print'),
    ko: ['인쇄', '찍었', '찍은', '찍어', '찍혔', '찍힌', '간행'],
    cjk: ['印刷', '刊行'],
    latin: ['imprim', 'gedruckt', 'druckt'],
  },
  {
    // Built again after a loss: a later event than the first building (1867년 중건, rebuilt in
    // 1867). 복구 is the recovery after a war or a fire (임진왜란 뒤 복구), so it is rebuilding too.
    name: 'rebuild',
    en: [...inflect('reconstruct'), 'rebuilt', 'rebuild', 'rebuilds', 'rebuilding'],
    ko: ['중건', '재건', '중창', '복구'],
    cjk: ['重建', '再建'],
    latin: ['reconstrui', 'reconstruy', 'wiederaufgebaut'],
  },
  {
    // Restored to an earlier state, often long after the rebuilding (1990년부터 복원, restored since 1990).
    name: 'restore',
    en: inflect('restore', 'renovate'),
    ko: ['복원'],
    cjk: ['復元', '复原', '修復', '修复'],
    latin: ['restaur'],
  },
  {
    name: 'destroy',
    en: [...inflect('destroy', 'demolish'), 'burned', 'burnt', 'demolition', 'destruction'],
    ko: ['소실', '불타', '불탔', '전소', '파괴', '철거'],
    cjk: ['焼失', '烧毁', '焼け', '破壊', '破坏', '取り壊', '拆除'],
    latin: ['destrui', 'destruy', 'demoli', 'incendi', 'zerstor', 'abgebrannt'],
  },
  {
    // Taken up as official: an Olympic sport, a standard, a script (정식 종목으로 채택).
    name: 'adopt',
    en: inflect('adopt'),
    ko: ['채택'],
    cjk: ['採用', '采用', '採択', '采纳'],
    latin: ['adopt', 'ubernomm'],
  },
  {
    name: 'produce',
    en: inflect('produce', 'manufacture'),
    ko: ['생산', '제조'],
    cjk: ['生産', '生产', '製造', '制造'],
    latin: ['produci', 'produj', 'fabriqu', 'hergestell'],
  },
  {
    // How many were sold ("sold 200 million units"); "first sold in" and "sold for" are read as phrases.
    name: 'sell',
    en: ['sold', 'sells', 'sales'],
    ko: ['판매', '팔렸', '팔린'],
    cjk: ['販売', '销售', '售出', '売れ'],
    latin: ['vendi', 'vendu', 'verkauf'],
  },
  {
    name: 'name',
    en: [...inflect('name', 'rename', 'christen'), 'naming'],
    ko: ['명명', '개칭'],
    cjk: ['命名', '名付け', '改称', '改名'],
    latin: ['nombr', 'bautiz', 'nomme', 'benann', 'getauft'],
  },
  {
    name: 'discover',
    en: inflect('discover'),
    ko: ['발견'],
    cjk: ['発見', '发现'],
    latin: ['descubri', 'decouver', 'entdeck'],
  },
  {
    name: 'move',
    en: inflect('move', 'relocate'),
    ko: ['이전', '옮겨', '옮겼', '옮긴', '천도'],
    cjk: ['移転', '移转', '迁都', '遷都', '搬迁'],
    latin: ['traslad', 'demenag', 'verleg', 'umgezog'],
  },
  {
    // Where and when an event took place: hosted the Games, 서울에서 열렸다.
    name: 'host',
    en: inflect('host'),
    ko: ['개최', '열렸', '열린', '열리'],
    cjk: ['開催', '举办', '舉辦', '举行', '舉行'],
    latin: ['celebr', 'organiz', 'accueill', 'ausgetragen', 'veranstalt'],
  },
  {
    // How tall a thing is, whatever the verb: "rises 227 metres", "is 150 m tall", 높이는 227m.
    name: 'height',
    en: ['rise', 'rises', 'rose', 'risen', 'rising', 'tall', 'taller', 'high', 'higher', 'height', 'heights'],
    ko: ['높이', '높다', '높은', '높고', '높으며', '높습니다', '높아', '해발'],
    cjk: ['高さ', '高度', '高约', '高約', '高达', '高達'],
    latin: ['altura', 'hauteur', 'haut', 'hoch', 'hohe'],
  },
  {
    // A thing's length. "Main span" is another measure, and in "its main span is 1,280 metres long"
    // what is long is named before the value, so neither "span" nor "long" joins the group.
    name: 'length',
    en: ['length', 'lengths', 'stretches', 'stretched', 'extends', 'extended'],
    ko: ['길이', '연장', '총연장'],
    cjk: ['長さ', '全長', '长度', '全长', '全長'],
    latin: ['longitud', 'longueur', 'lange'],
  },
  {
    name: 'depth',
    en: ['deep', 'deeper', 'depth', 'depths'],
    ko: ['깊이', '수심'],
    cjk: ['深さ', '深度', '水深'],
    latin: ['profundidad', 'profondeur', 'tiefe'],
  },
  {
    name: 'width',
    en: ['wide', 'wider', 'width', 'across'],
    ko: ['너비', '폭'],
    cjk: ['幅', '宽度', '寬度'],
    latin: ['anchura', 'ancho', 'largeur', 'breite'],
  },
  {
    name: 'population',
    en: ['population', 'inhabitants', 'residents'],
    ko: ['인구'],
    cjk: ['人口'],
    latin: ['poblacion', 'habitantes', 'habitants', 'einwohner', 'bevolkerung'],
  },
  {
    name: 'award',
    en: ['won', 'win', 'wins', 'winning', 'awarded'],
    ko: ['수상'],
    cjk: ['受賞', '获奖', '獲獎', '荣获', '榮獲'],
    latin: ['galardon', 'recompens', 'ausgezeichnet'],
  },
  {
    name: 'accede',
    en: ['crowned', 'throne', 'acceded', 'ascended', 'accession'],
    ko: ['즉위', '등극'],
    cjk: ['即位', '登基'],
    latin: ['corona', 'couronn', 'gekront'],
  },
  {
    name: 'sign',
    en: ['sign', 'signs', 'signed', 'signing'],
    ko: ['체결', '서명', '조인'],
    cjk: ['締結', '缔结', '签署', '簽署', '調印', '签订', '簽訂'],
    latin: ['firmad', 'firmo', 'signe', 'unterzeich'],
  },
  {
    // How long a thing goes on: "lasts 3 hours", "takes 2 hours", 3시간 걸린다, 2時間かかる.
    name: 'last',
    en: ['last', 'lasts', 'lasted', 'lasting', 'takes', 'took', 'taken', 'duration'],
    ko: ['걸린', '걸리', '걸려', '걸렸', '소요'],
    cjk: ['かかる', 'かかり', '所要', '需要', '耗时', '耗時'],
    latin: ['dura', 'dauert', 'dauer'],
  },
  {
    name: 'area',
    en: ['area', 'covers', 'covered', 'covering'],
    ko: ['면적', '넓이'],
    cjk: ['面積', '面积'],
    latin: ['superficie', 'flache'],
  },
  {
    name: 'capacity',
    en: ['capacity', 'seats', 'seated', 'seating', 'holds', 'accommodates'],
    ko: ['수용', '좌석'],
    cjk: ['収容', '容纳', '容納', '座席'],
    latin: ['capacidad', 'capacite', 'fassungsvermogen', 'platz'],
  },
  {
    name: 'weigh',
    en: [...inflect('weigh'), 'weight'],
    ko: ['무게', '중량'],
    cjk: ['重さ', '重量'],
    latin: ['pesa', 'pese', 'wieg', 'gewicht'],
  },
  {
    name: 'cost',
    en: ['cost', 'costs', 'costing', ...inflect('price'), 'fee', 'fees', 'fare', 'fares', 'admission'],
    ko: ['가격', '비용', '요금', '입장료'],
    cjk: ['価格', '价格', '値段', '费用', '費用'],
    latin: ['cost', 'cuest', 'prix', 'preis', 'kost'],
  },
];

const EN = new Map<string, number>();
for (const [i, g] of GROUPS.entries()) for (const w of g.en) EN.set(w, i);

const groupNamed = (name: string) => GROUPS.findIndex((g) => g.name === name);
/**
 * English phrases whose words mean the event only together, read at their last word: "it came
 * out in 1984", "went on sale in 1982", "entered service in 1964" ("came", "sale" and "service"
 * alone name other things).
 */
const EN_PHRASES = new Map<string, number>([
  ...['came', 'come', 'comes', 'coming'].map((w) => [`${w} out`, groupNamed('release')] as const),
  ['on sale', groupNamed('release')],
  ['into service', groupNamed('open')],
  ...['pass', 'passed', 'passes', 'passing'].map((w) => [`${w} away`, groupNamed('die')] as const),
  ...['broke', 'breaks', 'break'].map((w) => [`${w} out`, groupNamed('begin')] as const),
  ['entered service', groupNamed('open')],
  // "built again in 1610", "constructed anew": the rebuilding, not the first building.
  ...[...inflect('build', 'construct', 'erect'), 'built'].flatMap((w) =>
    ['again', 'anew'].map((x) => [`${w} ${x}`, groupNamed('rebuild')] as const),
  ),
  ['from service', groupNamed('retire')],
  // "returned to service", "restored to service": back in service.
  ['to service', groupNamed('resume')],
  ['of service', groupNamed('retire')],
  ...['left', 'leave', 'leaves', 'leaving'].map((w) => [`${w} service`, groupNamed('retire')] as const),
  // "first sold in 1980", "began selling it in 1980": the release; "sold 200 million" alone is not.
  ['first sold', groupNamed('release')],
  ...['began', 'started', 'begun'].flatMap((w) =>
    ['service', 'operating', 'operations', 'operation', 'running'].map(
      (x) => [`${w} ${x}`, groupNamed('open')] as const,
    ),
  ),
  // "taken off the line in 1999", "pulled from service": the end of its service.
  ...['taken', 'took', 'pulled'].map((w) => [`${w} off`, groupNamed('retire')] as const),
  // "service started in 1964", "operations began": the same opening, subject first.
  ...['service', 'services', 'operations', 'operation'].flatMap((x) =>
    ['began', 'begun', 'started', 'starts', 'begins'].map((w) => [`${x} ${w}`, groupNamed('open')] as const),
  ),
  ...['began', 'begun', 'started'].map((w) => [`${w} selling`, groupNamed('release')] as const),
  // "construction ended in 1887", "work finished": the building's completion.
  ...['construction', 'work', 'works', 'building'].flatMap((w) =>
    ['ended', 'finished', 'concluded'].map((x) => [`${w} ${x}`, groupNamed('complete')] as const),
  ),
  ...['sold', 'sells', 'retailed', 'retails'].map((w) => [`${w} for`, groupNamed('cost')] as const),
]);

/**
 * Korean phrases whose words mean the event only together, read at their second word: 불에 탔다
 * (burned), 운행을 시작했다 (went into service), 정식 종목이 되었다 (was adopted as an official event).
 */
const KO_PHRASES: ReadonlyArray<readonly [RegExp, RegExp, number]> = [
  [/^불에$/u, /^(?:탔|타)/u, groupNamed('destroy')],
  // 공사가 끝났다, 공사를 마쳤다: the building's completion.
  [/^공사(?:가|는|를)$/u, /^(?:끝|마무리|마쳤|마치|마친)/u, groupNamed('complete')],
  // 복구가 끝났다, 복원을 마쳤다: the end of the rebuilding or restoration dates it.
  [/^(?:중건|재건|중창|복구)(?:이|가|은|는|을|를)$/u, /^(?:끝|마무리|마쳤|마치|마친|완료)/u, groupNamed('rebuild')],
  [/^복원(?:이|은|을)$/u, /^(?:끝|마무리|마쳤|마치|마친|완료)/u, groupNamed('restore')],
  // 문을 열었다: opened.
  [/^문을$/u, /^(?:열었|열어|연|열)/u, groupNamed('open')],
  [/^(?:운행|영업|운영|운항)(?:을|를|에)$/u, /^(?:시작|개시|들어)/u, groupNamed('open')],
  [/^(?:정식\s*)?종목(?:이|으로)$/u, /^(?:되|채택|선정)/u, groupNamed('adopt')],
  // 세상을 떠났다: died.
  [/^세상을$/u, /^(?:떠났|떠나|떠난|등졌|등지)/u, groupNamed('die')],
  // 왕위에 올랐다: came to the throne.
  [/^왕위(?:에|를)$/u, /^(?:올|오르|올랐|이어|물려)/u, groupNamed('accede')],
  // 세계유산이 되었다, 국보로 되었다: becoming heritage is its inscription.
  [
    /^(?:세계(?:문화|자연|기록)?유산|문화유산|무형문화재|국보|보물|사적)(?:이|으로|로)$/u,
    /^(?:되|됐|된)/u,
    groupNamed('inscribe'),
  ],
  [/^이름(?:을|이|은)$/u, /^(?:지었|지어|지은|붙|정해|정했|정하|생겼|바뀌|바꾸|바꿨)/u, groupNamed('name')],
];

/** 다시 지었다, 새로 세운: built again, a later event than the first building (its rebuilding). */
const KO_AGAIN = new Set(['다시', '새로', '재차']);
/** A word that makes an event a repetition of an earlier one (다시, 새로, "again"). */
export const againWord = (tok: Token): boolean => KO_AGAIN.has(tok.text) || tok.text === 'again' || tok.text === 'anew';

/**
 * 지었다 and 세웠다 say building only after 다시: alone they also found a state (조선을 세웠다), set a
 * record or make a smile (미소를 지었다), so they are no word of the build group.
 */
const KO_BUILT_PAST = /^(?:지었|세웠|쌓았)/u;

/**
 * The word before `tokens[i]` that a phrase pairs it with. For a Korean word, values between are
 * stepped over: in 이름은 1955년에 정해졌다 the naming is 이름은 … 정해졌다, as in 1955년에 이름이
 * 정해졌다. So are the bare words that make one time with a value (복구가 광해군 2년 무렵 끝났다:
 * a reign before the year, a hedge after it), though not 다시. English phrases stay adjacent
 * ("came out").
 */
export function phraseHead(tokens: readonly Token[], i: number): Token | undefined {
  const tok = tokens[i];
  const inValue = (k: number) => tokens[k]?.inQuantity === true;
  // A bare word next to a value, or inside a run of them already stepped over (광해군 2년 (1610)).
  const timeWord = (k: number) => {
    const t = tokens[k];
    return t?.hangul === true && t.forms.length < 2 && !KO_AGAIN.has(t.text) && (inValue(k - 1) || k + 1 < i);
  };
  let j = i - 1;
  while (tok?.hangul && j > 0 && (inValue(j) || timeWord(j)) && tokens[j]?.sentence === tok.sentence) j--;
  return tokens[j];
}

const groupOfKorean = (tok: Token) =>
  GROUPS.findIndex((g) => g.ko.some((w) => tok.text.startsWith(w) || tok.forms.includes(w)));

/**
 * Index of the predicate group a word belongs to, or null. `latin`: the text is Spanish, French
 * or German, so Latin stems count (in English, "termin" would find "terminal"). `prev`: the word
 * before it, for the phrases read at their last word.
 */
export function predicateGroup(tok: Token, latin: boolean, prev?: Token): number | null {
  if (prev && !prev.hangul && prev.sentence === tok.sentence) {
    const phrase = EN_PHRASES.get(`${prev.text} ${tok.text}`);
    if (phrase !== undefined) return phrase;
  }
  if (tok.hangul) {
    if (prev?.sentence === tok.sentence && KO_AGAIN.has(prev.text))
      return GROUPS[groupOfKorean(tok)]?.name === 'build' || KO_BUILT_PAST.test(tok.text)
        ? groupNamed('rebuild')
        : null;
    if (prev?.hangul && prev.sentence === tok.sentence) {
      const phrase = KO_PHRASES.find(([a, b]) => a.test(prev.text) && b.test(tok.text));
      if (phrase) return phrase[2];
    }
    const i = groupOfKorean(tok);
    return i < 0 ? null : i;
  }
  if (tok.unspaced) {
    const i = GROUPS.findIndex((g) => g.cjk.some((w) => tok.text.includes(w)));
    return i < 0 ? null : i;
  }
  const en = EN.get(tok.text);
  if (en !== undefined) return en;
  const folded = foldLatin(tok.text);
  if (!latin || folded.length < 4) return null;
  const i = GROUPS.findIndex((g) => g.latin.some((w) => folded.startsWith(w)));
  return i < 0 ? null : i;
}

/** The word ends a phrase of the lexicon ("began selling", "came out"): a predicate whatever its form. */
export function inPhrase(tok: Token, prev?: Token): boolean {
  return (
    prev !== undefined && !prev.hangul && prev.sentence === tok.sentence && EN_PHRASES.has(`${prev.text} ${tok.text}`)
  );
}

/** Two groups name the same event: both are known and the same group. */
export const sameEvent = (a: number | null, b: number | null): boolean => a !== null && a === b;

/** The group's name, for rationales and tests. */
export const predicateName = (group: number): string => GROUPS[group]?.name ?? '';
