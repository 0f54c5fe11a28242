import { describe, expect, it } from 'vitest';
import { BUILD_DEMO_RUN_YAML, BUILD_DEMO_STEPS, demoDoneText } from './build-demo-script.js';
import { releaseSummaryText, reviewImportText, stepReport } from './build-output.js';

describe('build command output', () => {
  it('counts the steps and lists only the failed ones', () => {
    const r = stepReport(
      [
        { key: 'rubric:q1', status: 'done' },
        { key: 'rubric:q2', status: 'failed', failure: 'no evidence' },
        { key: 'rubric:q3', status: 'failed' },
      ],
      'rubric',
    );
    expect(r.text).toBe('3 rubric step(s), 2 failed\n');
    expect(JSON.stringify(r.json)).toBe(
      '{"steps":3,"failed":[{"key":"rubric:q2","failure":"no evidence"},{"key":"rubric:q3"}]}',
    );
  });

  it('writes the release line, then the changelog indented', () => {
    const text = releaseSummaryText({
      version: 2,
      output: 'out/dataset',
      questions: 5,
      checks: 17,
      dropped: [{ subject: 'q3', stage: 'rubric', reason: 'failed' }],
      stale_edits: 1,
      changelog: ['added q5', 'dropped q3'],
    });
    expect(text).toBe(
      'release v2: 5 question(s), 17 checks, 1 dropped, 1 stale edit(s) → out/dataset\n  added q5\n  dropped q3\n',
    );
  });

  it('says how many decisions and edits were imported', () => {
    expect(reviewImportText({ decisions: 4, edits: 0 })).toBe('imported 4 decision(s) and 0 rubric edit(s)\n');
  });
});

describe('build demo script', () => {
  it('runs three question rounds, rubrics and two refines around three review files', () => {
    expect(BUILD_DEMO_STEPS.map((s) => (s.run === 'review' ? s.file : s.run))).toEqual([
      'questions',
      'reviews-round1.jsonl',
      'questions',
      'reviews-round2.jsonl',
      'questions',
      'rubrics',
      'refine',
      'edits-round1.jsonl',
      'refine',
    ]);
  });

  it('points run.yaml at the released files, relative to the demo folder', () => {
    const lines = BUILD_DEMO_RUN_YAML.split('\n');
    expect(
      lines.filter((l) => l.startsWith('dataset:') || l.startsWith('rubrics:') || l.startsWith('output:')),
    ).toEqual(['dataset: dataset/meta-rubrics.jsonl', 'rubrics: dataset/rubrics.jsonl', 'output: runs/build-demo']);
    expect(lines.at(-1)).toBe('');
    expect(demoDoneText(1, 'd/dataset', 'd/run.yaml')).toBe(
      '\nrelease v1 in d/dataset; grade it with: gamut run d/run.yaml\n',
    );
  });
});
