import type { LanguageModelV3, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { JudgeModel } from '@gamut/core';

/** The HTTP APIs the SDK-backed entries speak; the conformance test serves each one. */
export type WireFormat = 'openai-responses' | 'openai-chat' | 'anthropic' | 'gemini';

/** What an entry's `load` gets: everything resolved, nothing read from the environment any more. */
export interface SdkLoadInput {
  modelId: string;
  /** Without a trailing slash. */
  baseURL: string;
  apiKey: string | undefined;
  fetch: typeof fetch;
}

interface EntryBase {
  /** The spec prefix: `openai` in `openai:gpt-4.1`. */
  readonly name: string;
  /** Other prefixes read as this one (`gemini:` for `google:`). */
  readonly aliases?: readonly string[];
  /** How a spec of this provider is written, as messages and docs list it. */
  readonly form: string;
}

/** A provider reached over HTTP through its AI SDK package. */
export interface SdkProviderEntry extends EntryBase {
  readonly wire: WireFormat;
  /** The provider its models report (price table, cache key, messages), when not `name`: both OpenAI APIs are `openai`. */
  readonly family?: string;
  /** Where the key is read from, first non-empty wins; an `apiKey` option comes before all of them. */
  readonly keyVariables: readonly string[];
  /** Local servers need no key: a missing one is sent as none instead of refused. */
  readonly keyOptional?: boolean;
  /** Variables that override the default base URL, first non-empty wins. */
  readonly baseURLVariables: readonly string[];
  /** Absent: the spec (`<model>@<base URL>`) or a variable must give one. */
  readonly defaultBaseURL?: string;
  /** The model part may end in `@<base URL>`. */
  readonly baseURLInSpec?: boolean;
  /** Turns a variable's value into a base URL (`OLLAMA_HOST` is often `host:port`). */
  readonly normalizeBaseURL?: (value: string) => string;
  /** The API path after the base URL, part of the call cache key. */
  readonly path: (modelId: string) => string;
  /** Imports the SDK module without reading a key or sending anything (warm-up). */
  readonly importSdk: () => Promise<unknown>;
  /** The SDK model; called on the first call. */
  readonly load: (input: SdkLoadInput) => Promise<LanguageModelV3>;
  /** Anthropic: mark the shared prefix with `cache_control`. */
  readonly cacheBreakpoints?: boolean;
  /** Sent with every call, e.g. `{ openai: { store: false } }`. */
  readonly providerOptions?: SharedV3ProviderOptions;
}

/** A model made in process: no network, no key. */
export interface InProcessProviderEntry extends EntryBase {
  readonly wire: 'in-process';
  readonly create: (modelId: string) => JudgeModel;
}

export type ProviderEntry = SdkProviderEntry | InProcessProviderEntry;
