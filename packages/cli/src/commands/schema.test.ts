import { runGamut } from '@gamut/testkit';
import { describe, expect, it } from 'vitest';

describe('gamut schema', () => {
  it('lists the formats', async () => {
    const r = await runGamut(['schema']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toContain('meta-rubric');
    expect(r.stdout.split('\n')).toContain('golden-set');
  });

  it('prints a JSON Schema whose item types are the SPEC types', async () => {
    const r = await runGamut(['schema', 'meta-rubric']);
    expect(r.code).toBe(0);
    const schema = JSON.parse(r.stdout);
    const text = JSON.stringify(schema);
    for (const t of ['fact', 'strict_list', 'flexible_list', 'process', 'relationship', 'meta_insight']) {
      expect(text).toContain(`"${t}"`);
    }
    expect(schema.required).toEqual(expect.arrayContaining(['question_id', 'question', 'items']));
  });

  it('refuses an unknown format with exit 2 and names the known ones', async () => {
    const r = await runGamut(['schema', 'nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown format "nope"');
    expect(r.stderr).toContain('meta-rubric');
  });
});
