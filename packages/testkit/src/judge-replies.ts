import { createHash } from 'node:crypto';
import type { RecordedRequest } from './fake-server.js';
import type { ScriptedReply } from './wire-formats.js';

const VERDICTS = ['meets', 'partially_meets', 'missing', 'contradicts'] as const;
const sha = (text: string) => createHash('sha256').update(text).digest();

/**
 * Replies of a judge and of models under test that are pure functions of the request, so an
 * interrupted and an uninterrupted run agree. A judge call (one with a `response_format`) gets a
 * verdict that depends on its first two messages (instructions and the check) only, so a retry or
 * a repair (which adds messages) is meant to get the same one; a batched call (its schema lists
 * `verdicts`) one verdict per check listed as `[<id>] <text>`; a prompt holding `[offmenu]` always
 * gets the verdict "yes". Other calls get an answer that differs per model, or the judge would
 * (rightly) grade one text once.
 */
export function judgeReplies(): (request: RecordedRequest) => ScriptedReply {
  return ({ body }) => {
    const messages = (body.messages ?? []) as unknown[];
    const prompt = JSON.stringify(messages);
    const check = messages
      .slice(0, 2)
      .map((m) => JSON.stringify(m))
      .join('\n');
    const h = sha(check);
    let text: string;
    if (body.response_format && JSON.stringify(body.response_format).includes('"verdicts"')) {
      const ids = [...check.matchAll(/\[([^\]\s]+\.[^\]\s]+)\] /g)].map((m) => m[1] as string);
      const verdicts = ids.map((check_id) => {
        const v = sha(`${check}\n${check_id}`);
        return { check_id, verdict: VERDICTS[v[0]! % 4], rationale: `fake batch rationale ${check_id}`, quote: null };
      });
      text = JSON.stringify({ verdicts });
    } else if (body.response_format) {
      const verdict = prompt.includes('[offmenu]') ? 'yes' : VERDICTS[h[0]! % 4];
      text = JSON.stringify({ verdict, rationale: `fake rationale ${h.toString('hex').slice(0, 8)}`, quote: null });
    } else {
      const a = sha(`${String(body.model)}\n${prompt}`).toString('hex');
      text = `Fake answer ${a.slice(0, 6)}: beef braised in red wine. 김치찌개입니다.`;
    }
    return { text, usage: { inputTokens: Math.ceil(prompt.length / 4), outputTokens: Math.ceil(text.length / 4) } };
  };
}
