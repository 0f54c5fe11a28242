import type { FatalReason } from '@gamut/core';

/** What to name in the advice: the variable the key came from and where the calls went. */
export interface FatalContext {
  /** e.g. `OPENAI_API_KEY`; absent for servers that need no key. */
  keyVariable?: string;
  endpoint?: string;
}

/**
 * Errors that waiting cannot fix, told apart from rate limits and server
 * trouble by status and the provider's own error code or words: a bad key,
 * an unknown model, an exhausted quota, a spend limit or an empty balance.
 * They stop the run at once; retrying them only burns time (and, for a
 * quota, the user's patience). `undefined`: not one of them.
 */
export function classifyFatal(
  status: number,
  body: string | undefined,
  ctx: FatalContext,
): { reason: FatalReason; advice: string } | undefined {
  const text = body ?? '';
  const key = ctx.keyVariable === undefined ? 'the API key' : ctx.keyVariable;
  if (/billing_hard_limit_reached|billing hard limit|credit balance is too low/i.test(text) || status === 402) {
    return {
      reason: 'billing',
      advice: "spend limit or balance reached: add credit or raise the spend limit in the provider's billing settings",
    };
  }
  if (/insufficient_quota/.test(text) || (status === 429 && /\blimit: 0\b/.test(text))) {
    return {
      reason: 'quota',
      advice: 'quota exhausted, or none on this plan for the model: check the plan and billing; waiting will not help',
    };
  }
  if (status === 401 || status === 403 || /API_KEY_INVALID|API key not valid|invalid[ _-]api[ _-]key/i.test(text)) {
    return { reason: 'auth', advice: `check ${key}: the key is wrong, revoked or lacks access` };
  }
  if (status === 404 || /model_not_found/.test(text) || (status === 400 && namesUnknownModel(text))) {
    const where = ctx.endpoint === undefined ? '' : ` and the endpoint ${ctx.endpoint}`;
    return { reason: 'unknown_model', advice: `unknown model: check the model name${where}` };
  }
  return undefined;
}

function namesUnknownModel(text: string): boolean {
  return (
    /model/i.test(text) &&
    /not found|does not exist|unknown model|invalid model|no such model|not a valid model/i.test(text)
  );
}
