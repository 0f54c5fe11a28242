import { arrowList, bare, cjkList, fullWidthHead } from './text.js';
import type { CheckTemplates } from './types.js';

const subj = (subject?: string) => (subject ? `（対象：${bare(subject)}）` : '');
const q = (label: string) => `「${bare(label)}」`;
/** Japanese counts abstract things with つ up to nine, and with 個 from ten. */
const count = (n: number) => (n < 10 ? `${n}つ` : `${n}個`);

export const ja: CheckTemplates = {
  fact: ({ text, subject }) => `${bare(text)}${subj(subject)}。`,
  insight: ({ label, text, subject }) => `${q(label)}について次のことを述べている${subj(subject)}：${bare(text)}。`,
  member: ({ label, member, subject }) => `${q(label)}の一つとして${bare(member)}を挙げている${subj(subject)}。`,
  option: ({ label, member, subject }) => `${q(label)}の例として${bare(member)}を挙げている${subj(subject)}。`,
  atLeast: ({ label, min, options, subject }) =>
    `${q(label)}に当てはまる次のうち${count(min)}以上を挙げている${subj(subject)}：${cjkList(options)}。`,
  step: ({ label, step, subject }) => `${q(label)}の手順として次を挙げている${subj(subject)}：${bare(step)}。`,
  sequence: ({ label, steps, subject }) =>
    `${q(label)}の次の手順をこの順序で示している${subj(subject)}：${arrowList(steps)}。`,
  fullSequence: ({ label, steps, subject }) =>
    `${q(label)}の次の手順をすべてこの順序で示している${subj(subject)}：${arrowList(steps)}。`,
  relatedEntity: ({ label, related, subject }) =>
    subject
      ? `${bare(subject)}と関連づけて${bare(related)}に触れている（${q(label)}）。`
      : `${bare(related)}に触れている（${q(label)}）。`,
  aspect: ({ label, related, aspect, subject }) =>
    `${fullWidthHead(label, related)}：${bare(aspect)}${subj(subject)}。`,
};
