import { describe, expect, it } from 'vitest';
import { checkRubricReply, type EvidenceDocument, type RubricQuestion } from './rubric-draft.js';

const doc: EvidenceDocument = {
  id: 'D1',
  url: 'local:flytrap.md',
  title: 'The Venus flytrap',
  text: 'Intro. A trap closes when a trigger hair is touched twice. Enzymes digest the prey.',
  content_hash: 'a'.repeat(64),
};
const q: RubricQuestion = {
  question_id: 'q-flytrap',
  question: 'What plant is this and how does it catch prey?',
  language: 'en',
  entity: 'Venus flytrap',
  domain: 'plants',
  popularity: 'torso',
};
const fact = (id: string, snippets: string[]) => ({
  id,
  type: 'fact',
  tier: 'answer_critical',
  text: `fact ${id}`,
  snippets,
});

describe('checkRubricReply', () => {
  it('locates every snippet in its document: exact text, offsets, the document hash', () => {
    const reply = {
      snippets: [{ id: 'S1', document: 'D1', text: 'A trap closes when a trigger hair is touched twice.' }],
      items: [fact('I1', ['S1'])],
    };
    const r = checkRubricReply(reply, q, [doc]);
    expect(r.problems).toBeUndefined();
    expect(r.value?.evidence).toEqual([
      {
        id: 'S1',
        document: 'D1',
        url: 'local:flytrap.md',
        title: 'The Venus flytrap',
        text: 'A trap closes when a trigger hair is touched twice.',
        start: 7,
        end: 58,
        content_hash: 'a'.repeat(64),
      },
    ]);
    expect(doc.text.slice(7, 58)).toBe('A trap closes when a trigger hair is touched twice.');
    expect(r.value?.meta.snippets).toEqual([
      {
        id: 'S1',
        url: 'local:flytrap.md',
        title: 'The Venus flytrap',
        text: 'A trap closes when a trigger hair is touched twice.',
      },
    ]);
  });

  it('sends back a paraphrased snippet, an unknown document, a meta-rubric rule break and an item without evidence', () => {
    const reply = {
      snippets: [
        { id: 'S1', document: 'D1', text: 'Traps shut on a double touch.' },
        { id: 'S2', document: 'D9', text: 'Enzymes digest the prey.' },
        { id: 'S3', document: 'D1', text: 'Enzymes digest the prey.' },
      ],
      items: [fact('I1', ['S3']), fact('I1', ['S3']), fact('I2', [])],
    };
    expect(checkRubricReply(reply, q, [doc]).problems).toEqual([
      'snippet S1: the passage is not in D1 word for word; copy the passage exactly',
      'snippet S2 cites document "D9", which is not one of D1',
      expect.stringMatching(/^items\[1\]\.id: .*\[duplicate-id\]$/),
    ]);
    const noEvidence = {
      snippets: [{ id: 'S1', document: 'D1', text: 'Intro.' }],
      items: [fact('I1', ['S1']), fact('I2', [])],
    };
    expect(checkRubricReply(noEvidence, q, [doc]).problems).toEqual(['item I2 cites no snippet']);
  });
});
