import { arrowList, aspectHead, bare, inlineList } from './text.js';
import type { CheckTemplates } from './types.js';

// French typography: a no-break space inside « » and before a colon.
const NBSP = '\u00a0';
const colon = `${NBSP}:`;
const subj = (subject?: string) => (subject ? ` (sujet${colon} ${bare(subject)})` : '');
const q = (label: string) => `«${NBSP}${bare(label)}${NBSP}»`;

export const fr: CheckTemplates = {
  fact: ({ text, subject }) => `${bare(text)}${subj(subject)}.`,
  insight: ({ label, text, subject }) => `Indique ceci à propos de ${q(label)}${subj(subject)}${colon} ${bare(text)}.`,
  member: ({ label, member, subject }) => `Cite ${bare(member)} parmi ${q(label)}${subj(subject)}.`,
  option: ({ label, member, subject }) => `Cite ${bare(member)} comme exemple de ${q(label)}${subj(subject)}.`,
  atLeast: ({ label, min, options, subject }) =>
    `Cite au moins ${min} des éléments suivants pour ${q(label)}${subj(subject)}${colon} ${inlineList(options)}.`,
  step: ({ label, step, subject }) => `Mentionne cette étape de ${q(label)}${subj(subject)}${colon} ${bare(step)}.`,
  sequence: ({ label, steps, subject }) =>
    `Donne ces étapes de ${q(label)}${subj(subject)} dans cet ordre${colon} ${arrowList(steps)}.`,
  fullSequence: ({ label, steps, subject }) =>
    `Donne toutes ces étapes de ${q(label)}${subj(subject)} dans cet ordre${colon} ${arrowList(steps)}.`,
  relatedEntity: ({ label, related, subject }) =>
    subject
      ? `Évoque ${bare(related)} en lien avec ${bare(subject)} (${q(label)}).`
      : `Évoque ${bare(related)} (${q(label)}).`,
  aspect: ({ label, related, aspect, subject }) =>
    `${aspectHead(label, related)}${colon} ${bare(aspect)}${subj(subject)}.`,
};
