import { listenLocal } from '@gamut/testkit';
import { describe, expect, it } from 'vitest';
import { closeJudgeConnections, warmUpJudgeModel } from './create-judge-model.js';

describe('warmUpJudgeModel', () => {
  it('loads what a spec needs without sending a request, and never throws', async () => {
    let requests = 0;
    const server = await listenLocal((_req, res) => {
      requests++;
      res.end('{}');
    });
    try {
      await expect(warmUpJudgeModel(`openai-compatible:m@${server.origin}/v1`)).resolves.toBeUndefined();
      await expect(warmUpJudgeModel('anthropic:claude-x')).resolves.toBeUndefined();
      await expect(warmUpJudgeModel('mock:perfect')).resolves.toBeUndefined();
      // A bad spec is reported by createJudgeModel, where the user sees it, not by the warm-up.
      await expect(warmUpJudgeModel('no-such-provider:x')).resolves.toBeUndefined();
      expect(requests).toBe(0);
    } finally {
      await closeJudgeConnections();
      await server.close();
    }
  });
});
