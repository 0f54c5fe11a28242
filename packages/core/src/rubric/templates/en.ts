import { arrowList, aspectHead, bare, inlineList } from './text.js';
import type { CheckTemplates } from './types.js';

const subj = (subject?: string) => (subject ? ` (subject: ${bare(subject)})` : '');

export const en: CheckTemplates = {
  fact: ({ text, subject }) => `${bare(text)}${subj(subject)}.`,
  insight: ({ label, text, subject }) => `States this about "${bare(label)}"${subj(subject)}: ${bare(text)}.`,
  member: ({ label, member, subject }) => `Mentions ${bare(member)} as part of "${bare(label)}"${subj(subject)}.`,
  option: ({ label, member, subject }) =>
    `Mentions ${bare(member)} as one example of "${bare(label)}"${subj(subject)}.`,
  atLeast: ({ label, min, options, subject }) =>
    `Mentions at least ${min} of the following for "${bare(label)}"${subj(subject)}: ${inlineList(options)}.`,
  step: ({ label, step, subject }) => `Mentions this step of "${bare(label)}"${subj(subject)}: ${bare(step)}.`,
  sequence: ({ label, steps, subject }) =>
    `Gives these steps of "${bare(label)}"${subj(subject)} in this order: ${arrowList(steps)}.`,
  fullSequence: ({ label, steps, subject }) =>
    `Gives all of these steps of "${bare(label)}"${subj(subject)} in this order: ${arrowList(steps)}.`,
  relatedEntity: ({ label, related, subject }) =>
    subject
      ? `Brings up ${bare(related)} in relation to ${bare(subject)} ("${bare(label)}").`
      : `Brings up ${bare(related)} ("${bare(label)}").`,
  aspect: ({ label, related, aspect, subject }) => `${aspectHead(label, related)}: ${bare(aspect)}${subj(subject)}.`,
};
