import { createHash } from 'node:crypto';
import { canonicalJson, type JudgeModel, type ModelCallOptions, type ModelPart } from '@gamut/core';
import { resolveImage } from '../images.js';

/** Bump when the key's composition changes, so old cache entries simply miss. */
const KEY_VERSION = 2;

const partDigests = new WeakMap<object, string | Promise<string>>();
const schemaDigests = new WeakMap<object, string>();
let lastSystem: { text: string; digest: string } | undefined;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The call's content hash: SHA-256 of the canonical JSON of provider,
 * endpoint, model, every request parameter, prompt template, the full prompt
 * (system included, images by the hash of their bytes) and the sample index. Each part is digested once
 * per object: the checks of one answer share their prefix parts, so the
 * question, image and answer are not re-hashed per check.
 */
export async function callCacheKey(
  model: Pick<JudgeModel, 'provider' | 'modelId' | 'endpoint'>,
  call: ModelCallOptions,
) {
  let messages = '';
  for (const m of call.messages) {
    let parts = '';
    for (const p of m.content) {
      const d = partDigests.get(p) ?? partDigest(p);
      parts += `${parts === '' ? '' : ','}"${typeof d === 'string' ? d : await d}"`;
    }
    messages += `${messages === '' ? '' : ','}{"parts":[${parts}],"role":${JSON.stringify(m.role)}}`;
  }
  // Canonical JSON (sorted keys, no undefined members) assembled by hand: the
  // digests inside are hex, so only the few free-text fields need escaping.
  const rf = call.responseFormat;
  const params = [
    call.maxOutputTokens === undefined ? '' : `"maxOutputTokens":${num(call.maxOutputTokens)}`,
    rf === undefined
      ? ''
      : `"responseFormat":{${rf.description === undefined ? '' : `"description":${JSON.stringify(rf.description)},`}"name":${JSON.stringify(rf.name)},"schema":"${schemaDigest(rf.schema)}"}`,
    call.seed === undefined ? '' : `"seed":${num(call.seed)}`,
    call.temperature === undefined ? '' : `"temperature":${num(call.temperature)}`,
  ];
  const fields = [
    model.endpoint === undefined ? '' : `"endpoint":${JSON.stringify(model.endpoint)}`,
    `"messages":[${messages}]`,
    `"model":${JSON.stringify(model.modelId)}`,
    `"params":{${params.filter((f) => f !== '').join(',')}}`,
    call.promptTemplate === undefined ? '' : `"promptTemplate":${JSON.stringify(call.promptTemplate)}`,
    `"provider":${JSON.stringify(model.provider)}`,
    call.sample === undefined ? '' : `"sample":${num(call.sample)}`,
    call.system === undefined ? '' : `"system":"${systemDigest(call.system)}"`,
    `"v":${KEY_VERSION}`,
  ];
  return sha256(`{${fields.filter((f) => f !== '').join(',')}}`);
}

/** As canonicalJson writes a number (non-finite → null). */
function num(n: number): string {
  return Number.isFinite(n) ? JSON.stringify(n) : 'null';
}

function systemDigest(text: string): string {
  if (lastSystem?.text !== text) lastSystem = { text, digest: sha256(text) };
  return lastSystem.digest;
}

function schemaDigest(schema: Record<string, unknown>): string {
  let d = schemaDigests.get(schema);
  if (d === undefined) {
    d = sha256(canonicalJson(schema));
    schemaDigests.set(schema, d);
  }
  return d;
}

function partDigest(part: ModelPart): string | Promise<string> {
  const memo = partDigests.get(part);
  if (memo !== undefined) return memo;
  // The cache breakpoint marks where provider caching ends; it does not change the prompt.
  const digest =
    part.type === 'text'
      ? `t:${sha256(part.text)}`
      : resolveImage(part.data, part.mediaType).then((image) => `i:${image.sha256}`);
  partDigests.set(part, digest);
  if (typeof digest !== 'string') {
    digest.then(
      (d) => partDigests.set(part, d),
      () => partDigests.delete(part),
    );
  }
  return digest;
}
