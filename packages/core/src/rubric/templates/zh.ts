import { arrowList, bare, cjkList, fullWidthHead } from './text.js';
import type { CheckTemplates } from './types.js';

/**
 * One script's sentences: {L} the quoted label, {S} the subject note, {M} a
 * member, {T} a text, {N} a number, {O} the options or steps, {R} the related
 * entity, {E} the subject in a relationship.
 */
interface ChineseSentences {
  quotes: [string, string];
  topic: string;
  insight: string;
  member: string;
  option: string;
  atLeast: string;
  step: string;
  sequence: string;
  fullSequence: string;
  relatedWith: string;
  related: string;
}

const fill = (pattern: string, values: Record<string, string>) =>
  pattern.replace(/\{([A-Z])\}/g, (_, k: string) => values[k] ?? '');

function chinese(s: ChineseSentences): CheckTemplates {
  const S = (subject?: string) => (subject ? `（${s.topic}：${bare(subject)}）` : '');
  const L = (label: string) => `${s.quotes[0]}${bare(label)}${s.quotes[1]}`;
  return {
    fact: ({ text, subject }) => `${bare(text)}${S(subject)}。`,
    insight: ({ label, text, subject }) => fill(s.insight, { L: L(label), S: S(subject), T: bare(text) }),
    member: ({ label, member, subject }) => fill(s.member, { L: L(label), S: S(subject), M: bare(member) }),
    option: ({ label, member, subject }) => fill(s.option, { L: L(label), S: S(subject), M: bare(member) }),
    atLeast: ({ label, min, options, subject }) =>
      fill(s.atLeast, { L: L(label), S: S(subject), N: String(min), O: cjkList(options) }),
    step: ({ label, step, subject }) => fill(s.step, { L: L(label), S: S(subject), T: bare(step) }),
    sequence: ({ label, steps, subject }) => fill(s.sequence, { L: L(label), S: S(subject), O: arrowList(steps) }),
    fullSequence: ({ label, steps, subject }) =>
      fill(s.fullSequence, { L: L(label), S: S(subject), O: arrowList(steps) }),
    relatedEntity: ({ label, related, subject }) =>
      subject
        ? fill(s.relatedWith, { L: L(label), R: bare(related), E: bare(subject) })
        : fill(s.related, { L: L(label), R: bare(related) }),
    aspect: ({ label, related, aspect, subject }) => `${fullWidthHead(label, related)}：${bare(aspect)}${S(subject)}。`,
  };
}

/** Simplified script (zh, zh-CN, zh-Hans, zh-SG). */
export const zh: CheckTemplates = chinese({
  quotes: ['“', '”'],
  topic: '主题',
  insight: '关于{L}，提到了以下内容{S}：{T}。',
  member: '将{M}列为{L}之一{S}。',
  option: '举出{M}作为{L}的例子{S}。',
  atLeast: '至少提到以下{L}中的{N}项{S}：{O}。',
  step: '提到{L}中的这一步骤{S}：{T}。',
  sequence: '按以下顺序给出{L}的这些步骤{S}：{O}。',
  fullSequence: '按以下顺序给出{L}的所有步骤{S}：{O}。',
  relatedWith: '提到与{E}相关的{R}（{L}）。',
  related: '提到{R}（{L}）。',
});

/** Traditional script (zh-Hant, zh-TW, zh-HK, zh-MO), with the corner quotes used there. */
export const zhHant: CheckTemplates = chinese({
  quotes: ['「', '」'],
  topic: '主題',
  insight: '關於{L}，提到了以下內容{S}：{T}。',
  member: '將{M}列為{L}之一{S}。',
  option: '舉出{M}作為{L}的例子{S}。',
  atLeast: '至少提到以下{L}中的{N}項{S}：{O}。',
  step: '提到{L}中的這一步驟{S}：{T}。',
  sequence: '按以下順序給出{L}的這些步驟{S}：{O}。',
  fullSequence: '按以下順序給出{L}的所有步驟{S}：{O}。',
  relatedWith: '提到與{E}相關的{R}（{L}）。',
  related: '提到{R}（{L}）。',
});
