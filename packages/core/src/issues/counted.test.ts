import { describe, expect, it } from 'vitest';
import { counted } from './counted.js';

describe('counted', () => {
  it('agrees the noun with the count', () => {
    expect(counted(0, 'check')).toBe('0 checks');
    expect(counted(1, 'check')).toBe('1 check');
    expect(counted(58, 'check')).toBe('58 checks');
    expect(counted(1, 'judge failure')).toBe('1 judge failure');
    expect(counted(2, 'reply', 'replies')).toBe('2 replies');
  });
});
