import { z } from 'zod';
import { isCutOff, type JudgeModel, type ModelCallResult, type ModelMessage } from '../../judge/judge-model.js';
import type { JudgeFailureKind } from '../../schema/ids.js';

export type StructuredResult<T> =
  | { ok: true; value: T }
  | { ok: false; kind: JudgeFailureKind; error: string; raw: string | null };

/** Take the JSON object out of a reply that may wrap it in a code fence or prose. */
export function extractJson(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const body = (fenced?.[1] ?? text).trim();
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('no JSON object in the reply');
  return JSON.parse(body.slice(start, end + 1));
}

const schemas = new WeakMap<z.ZodType, Record<string, unknown>>();
/** Built once per schema; every property required and no extras, as strict structured-output modes want. */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  let out = schemas.get(schema);
  if (!out) {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
    out = rest;
    schemas.set(schema, out);
  }
  return out;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function parseWith<S extends z.ZodType>(schema: S, text: string): Parsed<z.infer<S>> {
  try {
    const parsed = schema.safeParse(extractJson(text));
    if (parsed.success) return { ok: true, value: parsed.data };
    return {
      ok: false,
      error: parsed.error.issues.map((iss) => `${iss.path.join('.') || '(root)'}: ${iss.message}`).join('; '),
    };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

/**
 * One structured-output call validated with zod. An invalid reply is sent back
 * with the validation error for repair, up to `attempts` calls in all; then it
 * is a failure carrying the raw reply, never a guess (`cut_off` when the
 * output token limit ended it). A refusal or safety block is asked again once
 * and then is a failure of kind `refusal`. Only a reply that validates is
 * reused from the call cache, and a repair or re-ask is a new call.
 */
export async function structuredCall<S extends z.ZodType>(opts: {
  model: JudgeModel;
  name: string;
  template: string;
  system: string;
  prompt: string;
  schema: S;
  attempts?: number;
  signal?: AbortSignal;
}): Promise<StructuredResult<z.infer<S>>> {
  const attempts = opts.attempts ?? 3;
  const messages: ModelMessage[] = [{ role: 'user', content: [{ type: 'text', text: opts.prompt }] }];
  const jsonSchema = jsonSchemaOf(opts.schema);
  // The cache asks whether a reply is usable before keeping it for reuse; its parse is remembered.
  let parsedLast: { text: string; parsed: Parsed<z.infer<S>> } | undefined;
  const accept = (result: ModelCallResult) => {
    parsedLast = { text: result.text, parsed: parseWith(opts.schema, result.text) };
    return parsedLast.parsed.ok;
  };
  let raw: string | null = null;
  let error = 'no reply';
  let cutOff = false;
  let refused = false;
  let fresh = false;
  for (let i = 0; i < attempts; ) {
    const reply = await opts.model.doGenerate({
      system: opts.system,
      messages,
      responseFormat: { name: opts.name, schema: jsonSchema },
      temperature: 0,
      promptTemplate: opts.template,
      accept,
      ...(fresh && { fresh }),
      ...(opts.signal && { abortSignal: opts.signal }),
    });
    if (reply.refusal !== undefined) {
      // Sometimes a matter of sampling: asked again once, as it was, not as a repair.
      if (refused) return { ok: false, kind: 'refusal', error: `${opts.name}: ${reply.refusal}`, raw: reply.text };
      refused = true;
      fresh = true;
      continue;
    }
    i++;
    raw = reply.text;
    const parsed = parsedLast?.text === reply.text ? parsedLast.parsed : parseWith(opts.schema, reply.text);
    parsedLast = undefined;
    if (parsed.ok) return { ok: true, value: parsed.value };
    error = parsed.error;
    cutOff = isCutOff(reply);
    messages.push(
      { role: 'assistant', content: [{ type: 'text', text: reply.text }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: `That reply is not valid: ${error}. Reply again with only the corrected JSON object.` },
        ],
      },
    );
    fresh = true;
  }
  const why = cutOff ? `${error} (the reply was cut off at the output token limit)` : error;
  return {
    ok: false,
    kind: cutOff ? 'cut_off' : 'invalid_reply',
    error: `${opts.name}: invalid reply after ${attempts} attempts: ${why}`,
    raw,
  };
}
