import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { externalFile } from '../../../../test/support/external-data.js';
import { InputError } from '../issues/errors.js';
import { importEnterpriseRagBench } from './erb-import.js';
import { recallAtK } from './retrieval.js';

const FILE = externalFile('enterprise-rag-bench/questions_sample.jsonl');
const lines = readFileSync(FILE, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l, i) => ({ value: JSON.parse(l) as Record<string, unknown>, file: 'questions_sample.jsonl', line: i + 1 }));

describe('importEnterpriseRagBench on the 160-question sample', () => {
  const golden = importEnterpriseRagBench(lines);

  it('keeps every question and every answer fact', () => {
    expect(golden.questions).toHaveLength(160);
    expect(lines.reduce((n, l) => n + (l.value.answer_facts as unknown[]).length, 0)).toBe(757);
    // 757 facts = 737 required facts + 20 abstention instructions kept as the unanswerable questions' gold answers.
    expect(golden.questions.reduce((n, q) => n + q.required_facts.length, 0)).toBe(737);
    const inf = golden.questions.filter((q) => q.source_type === 'info_not_found');
    expect(inf.every((q) => q.required_facts.length === 0 && q.gold_answer.startsWith('The answer must state'))).toBe(
      true,
    );
    expect(golden.require_citations).toBe(false);
  });

  it('maps the types and keeps the original in source_type', () => {
    const counts: Record<string, number> = {};
    for (const q of golden.questions) counts[q.source_type ?? '?'] = (counts[q.source_type ?? '?'] ?? 0) + 1;
    expect(counts).toEqual({
      basic: 30,
      semantic: 25,
      intra_document_reasoning: 15,
      project_related: 15,
      constrained: 15,
      conflicting_info: 10,
      completeness: 10,
      miscellaneous: 10,
      high_level: 10,
      info_not_found: 20,
    });
    const inf = golden.questions.filter((q) => q.source_type === 'info_not_found');
    expect(inf.every((q) => !q.answerable && q.type === 'unanswerable')).toBe(true);
    expect(
      golden.questions.filter((q) => q.source_type === 'conflicting_info').every((q) => q.type === 'version_conflict'),
    ).toBe(true);
    expect(golden.questions.filter((q) => !q.answerable)).toHaveLength(20);
    const q1 = golden.questions.find((q) => q.question_id === 'qst_0001');
    expect(q1).toMatchObject({ type: 'single_page', answerable: true, origin: 'synthetic' });
    expect(q1?.required_facts[0]).toMatchObject({ id: 'F1', page_ids: ['dsid_ae068ee4aa9640159427cd941bef0238'] });
  });

  it('high_level and info_not_found have no gold pages, so their recall is null', () => {
    for (const q of golden.questions.filter(
      (x) => x.source_type === 'high_level' || x.source_type === 'info_not_found',
    )) {
      expect(recallAtK(q.required_facts, [], 3).recall).toBeNull();
    }
    const basic = golden.questions.find((q) => q.source_type === 'basic');
    expect(recallAtK(basic?.required_facts ?? [], [], 3).recall).toBe(0);
  });

  it('names file and line of a bad record', () => {
    const bad = [lines[0], { value: { question_id: 'x', question_type: 'basic' }, file: 'q.jsonl', line: 2 }];
    try {
      importEnterpriseRagBench(bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).issues[0]).toMatchObject({ file: 'q.jsonl', line: 2, path: 'question' });
    }
  });
});
