import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGamut } from '@gamut/testkit';
import { describe, expect, it } from 'vitest';

describe('gamut rag collect', () => {
  it('asks a command agent every question, keeps good lines, reports the malformed one with exit 2, and resumes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gamut-collect-cli-'));
    const script = join(dir, 'agent.mjs');
    await writeFile(
      script,
      `let s = '';
process.stdin.on('data', (d) => (s += d));
process.stdin.on('end', () => {
  const q = JSON.parse(s);
  if (q.question_id === 'q-en-004' && !process.env.FIXED) { console.log('{"oops": true}'); return; }
  console.log(JSON.stringify({ answer: 'I do not know.', retrieved: [] }));
});
`,
    );
    const out = join(dir, 'out.jsonl');
    const args = [
      'rag',
      'collect',
      '--golden',
      'fixtures/wiki/golden.json',
      '--cmd',
      `"${process.execPath}" "${script}"`,
      '-o',
      out,
      '--agent',
      'dummy',
      '--concurrency',
      '2',
    ];
    const r = await runGamut(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('dummy: 23 written, 0 already there, 1 failed');
    expect(r.stderr).toContain('(question q-en-004)');
    expect(r.stderr).toContain('malformed reply: no answer text');
    expect((await readFile(out, 'utf8')).trim().split('\n')).toHaveLength(23);
    const again = await runGamut(args, { env: { FIXED: '1' } });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('dummy: 1 written, 23 already there, 0 failed');
  });

  it('needs exactly one of --url and --cmd', async () => {
    const r = await runGamut(['rag', 'collect', '--golden', 'fixtures/wiki/golden.json', '-o', '/tmp/x.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('exactly one of --url and --cmd');
  });
});
