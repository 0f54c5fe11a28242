import type { JudgeModel, ModelCallOptions, ModelCallResult, ModelUsage } from '../judge/judge-model.js';

export type MockReply = string | Partial<ModelCallResult> | Error;

export interface MockJudgeModelOptions {
  provider?: string;
  modelId?: string;
  /** Replies used in order; when they run out, `reply` answers. */
  replies?: MockReply[];
  /** Computes the reply for a call; default: a `meets` verdict JSON. */
  reply?: (options: ModelCallOptions, index: number) => MockReply | Promise<MockReply>;
}

const DEFAULT_USAGE: ModelUsage = { inputTokens: 10, outputTokens: 5, cachedInputTokens: 0 };

/**
 * A JudgeModel that records every call it receives, so tests can assert the
 * exact prompt (inject it; never patch modules). Replies are scripted.
 */
export class MockJudgeModel implements JudgeModel {
  readonly specificationVersion = 'gamut-v1' as const;
  readonly provider: string;
  readonly modelId: string;
  readonly calls: ModelCallOptions[] = [];
  private readonly queue: MockReply[];
  private readonly replyFn: NonNullable<MockJudgeModelOptions['reply']>;

  constructor(options: MockJudgeModelOptions = {}) {
    this.provider = options.provider ?? 'mock';
    this.modelId = options.modelId ?? 'mock-judge';
    this.queue = [...(options.replies ?? [])];
    this.replyFn =
      options.reply ?? (() => JSON.stringify({ verdict: 'meets', rationale: 'mock rationale', quote: null }));
  }

  async doGenerate(options: ModelCallOptions): Promise<ModelCallResult> {
    const index = this.calls.length;
    this.calls.push(options);
    const reply = this.queue.length > 0 ? (this.queue.shift() as MockReply) : await this.replyFn(options, index);
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'string') return { text: reply, usage: DEFAULT_USAGE, finishReason: 'stop' };
    return { text: '', usage: DEFAULT_USAGE, finishReason: 'stop', ...reply };
  }

  /** All text a call sent (system and every text part), for assertions on what the model saw. */
  static promptText(options: ModelCallOptions): string {
    const parts = [options.system ?? ''];
    for (const m of options.messages) for (const p of m.content) if (p.type === 'text') parts.push(p.text);
    return parts.join('\n');
  }
}
