import { z } from 'zod';
import type { JudgeModel, ModelMessage } from '../../judge/judge-model.js';

export type StructuredResult<T> = { ok: true; value: T } | { ok: false; error: string; raw: string | null };

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

/**
 * One structured-output call validated with zod. An invalid reply is sent back
 * with the validation error for repair, up to `attempts` calls in all; then it
 * is a failure carrying the raw reply, never a guess.
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
  let raw: string | null = null;
  let error = 'no reply';
  for (let i = 0; i < attempts; i++) {
    const reply = await opts.model.doGenerate({
      system: opts.system,
      messages,
      responseFormat: { name: opts.name, schema: jsonSchema },
      temperature: 0,
      promptTemplate: opts.template,
      ...(opts.signal && { abortSignal: opts.signal }),
    });
    raw = reply.text;
    try {
      const parsed = opts.schema.safeParse(extractJson(reply.text));
      if (parsed.success) return { ok: true, value: parsed.data };
      error = parsed.error.issues.map((iss) => `${iss.path.join('.') || '(root)'}: ${iss.message}`).join('; ');
    } catch (e) {
      error = (e as Error).message;
    }
    messages.push(
      { role: 'assistant', content: [{ type: 'text', text: reply.text }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: `That reply is not valid: ${error}. Reply again with only the corrected JSON object.` },
        ],
      },
    );
  }
  return { ok: false, error: `${opts.name}: invalid reply after ${attempts} attempts: ${error}`, raw };
}
