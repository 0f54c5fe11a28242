import { describe, expect, it } from 'vitest';
import { getLabels, putBatchItems } from './queries.js';
import { query } from './query.js';

describe('queries compiled once per dialect', () => {
  const q = query((db, p: { key: string; limit: number }) =>
    db.selectFrom('calls').select('text').where('valid', '=', true).where('key', '=', p.key).limit(p.limit),
  );

  it('binds each call’s arguments in placeholder order, constants kept', () => {
    const pg = q.compiled('postgres');
    expect(pg.query.sql).toBe('select "text" from "calls" where "valid" = $1 and "key" = $2 limit $3');
    expect(pg.bind({ key: 'k1', limit: 5 })).toEqual([true, 'k1', 5]);
    expect(pg.bind({ key: 'k2', limit: 9 })).toEqual([true, 'k2', 9]);
  });

  it('writes booleans as 1 and 0 for SQLite, which has no boolean type', () => {
    const lite = q.compiled('sqlite');
    expect(lite.query.sql).toBe('select "text" from "calls" where "valid" = ? and "key" = ? limit ?');
    expect(lite.bind({ key: 'k1', limit: 5 })).toEqual([1, 'k1', 5]);
  });

  it('compiles once: the same statement each time it is asked for', () => {
    expect(q.compiled('sqlite')).toBe(q.compiled('sqlite'));
  });

  it('a parameter used twice is bound twice; dialect-specific SQL differs only where it must', () => {
    expect(getLabels.compiled('sqlite').bind({ question_id: 'q1', check_id: null })).toEqual(['q1', 'q1', null, null]);
    expect(putBatchItems.compiled('sqlite').query.sql).toContain('json_each(?)');
    expect(putBatchItems.compiled('postgres').query.sql).toContain('json_array_elements_text(cast($3 as json))');
  });
});
