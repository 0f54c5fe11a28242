import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../memory/memory-store.js';
import { MockJudgeModel } from '../test/mock-judge-model.js';
import { answerQuestions, planQuestionSettings, type QuestionToAsk } from './answer-questions.js';

const questions: QuestionToAsk[] = [
  {
    questionId: 'q1',
    question: 'What is this?',
    textOnlyQuestion: 'What is beef bourguignon?',
    image: { data: 'https://example.org/q1.jpg' },
  },
  {
    questionId: 'q2',
    question: '이것은?',
    textOnlyQuestion: '김치찌개는?',
    image: { data: new Uint8Array([1, 2, 3]), mediaType: 'image/png' },
  },
];

describe('answerQuestions', () => {
  it('asks with the image in the multimodal setting and the text-only question otherwise, storing each answer once', async () => {
    const store = createMemoryStore();
    const model = new MockJudgeModel({ reply: (o) => `answer to ${MockJudgeModel.promptText(o).trim()}` });
    const s = await answerQuestions({
      runId: 'r',
      questions,
      models: [{ name: 'm', model }],
      settings: ['multimodal', 'text_only'],
      store,
      concurrency: 2,
      system: 'Answer fully.',
    });
    expect(s).toEqual({ planned: 4, skipped: 0, answered: 4, failed: [], aborted: false });
    const multimodal = model.calls.filter((c) => c.messages[0]!.content.some((p) => p.type === 'image'));
    expect(multimodal.map((c) => c.messages[0]!.content.map((p) => p.type))).toEqual([
      ['image', 'text'],
      ['image', 'text'],
    ]);
    expect(model.calls.every((c) => c.system === 'Answer fully.')).toBe(true);
    const answers = await store.getAnswers('r');
    expect(answers.map((a) => [a.questionId, a.setting, a.response])).toEqual([
      ['q1', 'multimodal', 'answer to Answer fully.\nWhat is this?'],
      ['q1', 'text_only', 'answer to Answer fully.\nWhat is beef bourguignon?'],
      ['q2', 'multimodal', 'answer to Answer fully.\n이것은?'],
      ['q2', 'text_only', 'answer to Answer fully.\n김치찌개는?'],
    ]);

    const again = await answerQuestions({
      runId: 'r',
      questions,
      models: [{ name: 'm', model }],
      settings: ['multimodal', 'text_only'],
      store,
      concurrency: 2,
    });
    expect(again.skipped).toBe(4);
    expect(model.calls).toHaveLength(4);
  });

  it('records a failing model call and goes on with the rest', async () => {
    const model = new MockJudgeModel({ replies: [new Error('HTTP 500')], reply: () => 'fine' });
    const s = await answerQuestions({
      runId: 'r',
      questions,
      models: [{ name: 'm', model }],
      settings: ['text_only'],
      store: createMemoryStore(),
      concurrency: 1,
    });
    expect(s.answered).toBe(1);
    expect(s.failed).toEqual([{ questionId: 'q1', model: 'm', setting: 'text_only', error: 'HTTP 500' }]);
  });

  it('refuses a text-only setting without text_only_question, naming the question', async () => {
    await expect(
      answerQuestions({
        runId: 'r',
        questions: [{ questionId: 'q9', question: 'What?' }],
        models: [],
        settings: ['text_only', 'multimodal'],
        store: createMemoryStore(),
        concurrency: 1,
      }),
    ).rejects.toMatchObject({
      issues: [
        { rule: 'text-only-question-required', question: 'q9' },
        { rule: 'image-required', question: 'q9' },
      ],
    });
  });

  it('asks a question without an image as written, in the text setting, when no settings are given', async () => {
    const store = createMemoryStore();
    const model = new MockJudgeModel({ reply: (o) => `answer to ${MockJudgeModel.promptText(o).trim()}` });
    const plain: QuestionToAsk = { questionId: 't1', question: 'What is the capital of France?' };
    const s = await answerQuestions({
      runId: 'r',
      questions: [plain, ...questions],
      models: [{ name: 'm', model }],
      store,
      concurrency: 1,
    });
    expect(s).toEqual({ planned: 5, skipped: 0, answered: 5, failed: [], aborted: false });
    expect(model.calls[0]?.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: plain.question }] }]);
    expect((await store.getAnswers('r')).map((a) => [a.questionId, a.setting])).toEqual([
      ['q1', 'multimodal'],
      ['q1', 'text_only'],
      ['q2', 'multimodal'],
      ['q2', 'text_only'],
      ['t1', 'text'],
    ]);
  });

  it('narrows to the settings given, keeping for each question those it has', async () => {
    const plan = planQuestionSettings([{ questionId: 't1', question: 'Q?' }, ...questions], ['multimodal', 'text']);
    expect([...plan]).toEqual([
      ['t1', ['text']],
      ['q1', ['multimodal']],
      ['q2', ['multimodal']],
    ]);
    expect(() => planQuestionSettings(questions, ['text'])).toThrow(
      expect.objectContaining({
        issues: [
          { rule: 'text-setting-has-image', message: expect.any(String), question: 'q1' },
          { rule: 'text-setting-has-image', message: expect.any(String), question: 'q2' },
        ],
      }),
    );
  });
});
