import { describe, expect, it } from 'vitest';
import { mapErbType } from './erb-import.js';

// The 160-question EnterpriseRAG-Bench sample is checked in erb-import.external.test.ts (npm run test:external).
describe('mapErbType', () => {
  it('maps multi-document questions to multi_page', () => {
    expect(mapErbType({ question_type: 'semantic', expected_doc_ids: ['a', 'b'] })).toBe('multi_page');
    expect(mapErbType({ question_type: 'semantic', expected_doc_ids: ['a', 'a'] })).toBe('single_page');
  });
});
