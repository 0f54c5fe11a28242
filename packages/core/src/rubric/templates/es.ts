import { arrowList, aspectHead, bare, inlineList } from './text.js';
import type { CheckTemplates } from './types.js';

const subj = (subject?: string) => (subject ? ` (tema: ${bare(subject)})` : '');
const q = (label: string) => `«${bare(label)}»`;

export const es: CheckTemplates = {
  fact: ({ text, subject }) => `${bare(text)}${subj(subject)}.`,
  insight: ({ label, text, subject }) => `Afirma lo siguiente sobre ${q(label)}${subj(subject)}: ${bare(text)}.`,
  member: ({ label, member, subject }) => `Menciona ${bare(member)} como parte de ${q(label)}${subj(subject)}.`,
  option: ({ label, member, subject }) => `Menciona ${bare(member)} como ejemplo de ${q(label)}${subj(subject)}.`,
  atLeast: ({ label, min, options, subject }) =>
    `Menciona al menos ${min} de los siguientes elementos de ${q(label)}${subj(subject)}: ${inlineList(options)}.`,
  step: ({ label, step, subject }) => `Menciona este paso de ${q(label)}${subj(subject)}: ${bare(step)}.`,
  sequence: ({ label, steps, subject }) =>
    `Presenta estos pasos de ${q(label)}${subj(subject)} en este orden: ${arrowList(steps)}.`,
  fullSequence: ({ label, steps, subject }) =>
    `Presenta todos estos pasos de ${q(label)}${subj(subject)} en este orden: ${arrowList(steps)}.`,
  relatedEntity: ({ label, related, subject }) =>
    subject
      ? `Menciona ${bare(related)} en relación con ${bare(subject)} (${q(label)}).`
      : `Menciona ${bare(related)} (${q(label)}).`,
  aspect: ({ label, related, aspect, subject }) => `${aspectHead(label, related)}: ${bare(aspect)}${subj(subject)}.`,
};
