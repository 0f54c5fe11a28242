/**
 * Stop words: words that name no topic, dropped before texts are compared. One English base
 * list serves the check judge, the RAG lexical matcher and the BM25 analyzer; each adds only
 * what its texts say that the others' do not (rubric wording in checks, "how many" in questions).
 */

import { KO_ENDINGS } from './korean.js';

const words = (s: string): string[] => s.trim().split(/\s+/);

/** English function words: grammar, not topic, in a check, a question or a page. */
export const EN_FUNCTION_WORDS: ReadonlySet<string> = new Set([
  // Articles and determiners: "the policy", "a policy" and "all policies" are about one thing.
  ...words('a an the this that these those all any'),
  // Prepositions that only relate words: "notice to customers" is a customer notice.
  ...words('of in on at to for from by with as'),
  // Conjunctions and conditionals.
  ...words('and or if then than'),
  // Pronouns: they point at a topic without naming it.
  ...words('it its they them their there we our you your i'),
  // Auxiliaries and modals carry tense and mood: "must notify" and "notifies" state one duty.
  ...words('is are was were be been do does did has have can could may must shall should will would'),
  // Question words: the form of a question, not what it asks about.
  ...words('what when where which who why how'),
]);

/**
 * Terms that retrieval and overlap drop (the BM25 analyzer, the RAG lexical judge): function
 * words; the words of "how long", "how many", "how much", "how do I get" and a bare "yes", which
 * every kind of question or reply uses; and `no` / `not`, since overlap measures whether the topic
 * is there, and polarity is the judges' business, not the index's.
 */
export const EN_RETRIEVAL_STOP_WORDS: ReadonlySet<string> = new Set([
  ...EN_FUNCTION_WORDS,
  ...words('get long many much yes'),
  ...words('no not'),
]);

/** What the check judge drops from a check's text: it is one sentence about an answer. */
export const EN_STOP_WORDS: ReadonlySet<string> = new Set([
  ...EN_FUNCTION_WORDS,
  // Function words a check's sentence uses beyond the shared ones.
  ...words(`without into onto about nor but so being am done had having it's he him his she her me my whom whose
    also both either each every some such same other another more most very might just only
    over under after before during while between among per via`),
  // Rubric wording: how a check talks about the answer ("the answer mentions …"), not what it must say.
  ...words(`answer response mention mentions mentioned states state stated says say notes note identifies identify
    identified explains explain describes describe names name lists list includes include including gives give
    provides provide correctly clearly specifically etc one's`),
  // ("e.g." and "i.e." need no entry: they are cut into one-letter tokens, which are never terms.)
  // Hedges: "roughly 30 minutes" asks for 30 minutes; the hedge is read with the value, not as a term.
  ...words(`roughly several typically usually often generally mostly mainly commonly largely almost nearly
    approximately really quite rather let lets`),
]);

/** What the check judge drops from a Korean check. */
export const KO_STOP_WORDS: ReadonlySet<string> = new Set([
  // An ending or particle written apart, or left over as a word of its own.
  ...KO_ENDINGS,
  // Dependent nouns, conjunctions, determiners and adverbs of degree (것, 수, 및, 그리고, 그, 더, 약, 각),
  // and of quantity, as "both", "each" and "every" are in English (모두, 모든, 각각, 여러).
  ...words('것 수 등 및 또는 그리고 그 이 저 더 또 약 총 각 모두 모든 각각 여러'),
  // Nouns of time and position that relate two things rather than name one (중, 때, 후, 전, 위).
  ...words('중 때 후 전 위'),
  // Verbs of relation and existence (에 대한, 을 통해, 와 같은, 있다, 된다).
  ...words('대한 통해 위해 관한 대해 같은 같이 통한 있다 있는 있습니다 없다 하다 한다 합니다 되다 된다'),
  // Rubric wording: how a check talks about the answer (답변에서 언급한다, 설명한다), not what it must say.
  ...words('답변 언급 설명 제시 포함 명시 기술 서술 식별 말 말한다'),
  // Bounds and hedges: read with the value they bound (15분 이내, 최대 500자), never terms; and 경우.
  ...words('이내 이상 이하 미만 초과 최대 최소 정도 가량 무렵 대략 거의 경우'),
]);

/**
 * The first two syllables of Korean question words and endings (언제, 얼마, 무엇, …하나요,
 * 알려주세요, 궁금합니다): a question's topic keys leave them out, as `EN_RETRIEVAL_STOP_WORDS`
 * leaves out "how" and "many".
 */
export const KO_QUESTION_STEMS: ReadonlySet<string> = new Set(
  words('언제 얼마 며칠 무엇 무슨 어떤 어떻 어디 누가 누구 하나 해야 되나 있나 인가 입니 알려 궁금 경우 나요 가요'),
);
