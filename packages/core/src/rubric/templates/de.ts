import { arrowList, aspectHead, bare, inlineList } from './text.js';
import type { CheckTemplates } from './types.js';

const subj = (subject?: string) => (subject ? ` (Gegenstand: ${bare(subject)})` : '');
const q = (label: string) => `„${bare(label)}“`;

export const de: CheckTemplates = {
  fact: ({ text, subject }) => `${bare(text)}${subj(subject)}.`,
  insight: ({ label, text, subject }) => `Sagt Folgendes zu ${q(label)}${subj(subject)}: ${bare(text)}.`,
  member: ({ label, member, subject }) => `Nennt ${bare(member)} als Teil von ${q(label)}${subj(subject)}.`,
  option: ({ label, member, subject }) => `Nennt ${bare(member)} als ein Beispiel für ${q(label)}${subj(subject)}.`,
  atLeast: ({ label, min, options, subject }) =>
    `Nennt mindestens ${min} der folgenden Punkte zu ${q(label)}${subj(subject)}: ${inlineList(options)}.`,
  step: ({ label, step, subject }) => `Nennt diesen Schritt von ${q(label)}${subj(subject)}: ${bare(step)}.`,
  sequence: ({ label, steps, subject }) =>
    `Nennt diese Schritte von ${q(label)}${subj(subject)} in dieser Reihenfolge: ${arrowList(steps)}.`,
  fullSequence: ({ label, steps, subject }) =>
    `Nennt alle diese Schritte von ${q(label)}${subj(subject)} in dieser Reihenfolge: ${arrowList(steps)}.`,
  relatedEntity: ({ label, related, subject }) =>
    subject
      ? `Erwähnt ${bare(related)} im Zusammenhang mit ${bare(subject)} (${q(label)}).`
      : `Erwähnt ${bare(related)} (${q(label)}).`,
  aspect: ({ label, related, aspect, subject }) => `${aspectHead(label, related)}: ${bare(aspect)}${subj(subject)}.`,
};
