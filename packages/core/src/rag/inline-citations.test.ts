import { describe, expect, it } from 'vitest';
import { splitSentences } from '../text/sentences.js';
import { agentCitations, extractInlineCitations, stripCitationMarkers } from './inline-citations.js';
import { output } from './rag-fixtures.test-helpers.js';

describe('inline citation markers', () => {
  it('attach to the Korean sentence they end', () => {
    expect(
      extractInlineCitations('담당자를 15분 이내 호출합니다 [POL-099]. 고객에게는 30분 이내 공지합니다 [POL-101].'),
    ).toEqual([
      { claim: '담당자를 15분 이내 호출합니다.', page_ids: ['POL-099'] },
      { claim: '고객에게는 30분 이내 공지합니다.', page_ids: ['POL-101'] },
    ]);
  });

  it('after the full stop, still belong to the sentence before; several ids in one marker', () => {
    expect(
      extractInlineCitations(
        'Page the on-call within 15 minutes. [OPS-102] Notify customers in 30 minutes! [POL-101, POL-102]',
      ),
    ).toEqual([
      { claim: 'Page the on-call within 15 minutes.', page_ids: ['OPS-102'] },
      { claim: 'Notify customers in 30 minutes!', page_ids: ['POL-101', 'POL-102'] },
    ]);
  });

  it('do not split on decimals or versions; a sentence without a marker has none', () => {
    expect(splitSentences('Upgrade to v2.3.1 first. It takes 1.5 hours.')).toEqual([
      'Upgrade to v2.3.1 first.',
      'It takes 1.5 hours.',
    ]);
    expect(extractInlineCitations('See the runbook. It is v2.3 [OPS-7].')).toEqual([
      { claim: 'See the runbook.', page_ids: [] },
      { claim: 'It is v2.3.', page_ids: ['OPS-7'] },
    ]);
  });

  it('are stripped without leaving a space before the punctuation that followed them', () => {
    expect(stripCitationMarkers('Notify within 30 minutes [POL-101]. Page the on-call [OPS-102][OPS-103]!')).toBe(
      'Notify within 30 minutes. Page the on-call!',
    );
    expect(stripCitationMarkers('고객에게 30분 이내 공지합니다 [POL-101].')).toBe('고객에게 30분 이내 공지합니다.');
  });

  it('an explicit citations field wins over markers', () => {
    const o = output('Q', [], 'A [X-1].', { citations: [{ claim: 'A', page_ids: ['Y-2'] }] });
    expect(agentCitations(o)).toEqual([{ claim: 'A', page_ids: ['Y-2'] }]);
  });
});
