import { OBJECT, WITH, withParticle } from './korean-particles.js';
import { arrowList, aspectHead, bare, inlineList } from './text.js';
import type { CheckTemplates } from './types.js';

const subj = (subject?: string) => (subject ? ` (대상: ${bare(subject)})` : '');
const q = (label: string) => `‘${bare(label)}’`;

export const ko: CheckTemplates = {
  fact: ({ text, subject }) => `${bare(text)}${subj(subject)}.`,
  insight: ({ label, text, subject }) => `${q(label)}에 대해 다음을 언급한다${subj(subject)}: ${bare(text)}.`,
  member: ({ label, member, subject }) =>
    `${q(label)} 중 하나로 ${withParticle(bare(member), OBJECT)} 언급한다${subj(subject)}.`,
  option: ({ label, member, subject }) =>
    `${q(label)}의 예로 ${withParticle(bare(member), OBJECT)} 언급한다${subj(subject)}.`,
  atLeast: ({ label, min, options, subject }) =>
    `${q(label)}에 해당하는 다음 중 적어도 ${min}개를 언급한다${subj(subject)}: ${inlineList(options)}.`,
  step: ({ label, step, subject }) => `${q(label)}의 단계로 다음을 언급한다${subj(subject)}: ${bare(step)}.`,
  sequence: ({ label, steps, subject }) =>
    `${q(label)}의 다음 단계를 이 순서대로 제시한다${subj(subject)}: ${arrowList(steps)}.`,
  fullSequence: ({ label, steps, subject }) =>
    `${q(label)}의 다음 단계를 모두 이 순서대로 제시한다${subj(subject)}: ${arrowList(steps)}.`,
  relatedEntity: ({ label, related, subject }) =>
    subject
      ? `${withParticle(bare(subject), WITH)} 관련지어 ${withParticle(bare(related), OBJECT)} 언급한다 (${q(label)}).`
      : `${withParticle(bare(related), OBJECT)} 언급한다 (${q(label)}).`,
  aspect: ({ label, related, aspect, subject }) => `${aspectHead(label, related)}: ${bare(aspect)}${subj(subject)}.`,
};
