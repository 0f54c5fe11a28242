import { toJsonl } from '../../io/atomic-write.js';

/**
 * The starter project of `gamut init`: one meta-rubric with an item of every
 * type (English) and a shorter Korean one, answers of two made-up models, a
 * run config that judges them offline, and a README. Plain text questions:
 * no image, so they are graded in the `text` setting.
 */
const heatPump = {
  question_id: 'heat-pump',
  question: 'How does an air-source heat pump heat a house, and how does it compare with a gas furnace?',
  language: 'en',
  entity: 'Air-source heat pump',
  domain: 'engineering',
  snippets: [
    {
      id: 'S1',
      url: 'https://example.org/heat-pumps',
      title: 'How heat pumps work',
      text: 'A heat pump moves heat from the outdoor air into the house instead of burning fuel. Its refrigerant evaporates outdoors, is compressed, condenses indoors and passes an expansion valve.',
    },
    {
      id: 'S2',
      url: 'https://example.org/furnaces',
      title: 'Gas furnaces',
      text: 'A gas furnace burns natural gas; a modern one turns up to about 95% of the fuel energy into heat, while a heat pump delivers about 3 units of heat per unit of electricity.',
    },
  ],
  items: [
    {
      id: 'I1',
      type: 'fact',
      tier: 'answer_critical',
      text: 'Says that a heat pump moves heat from outside into the house rather than burning fuel',
      snippets: ['S1'],
    },
    {
      id: 'I2',
      type: 'strict_list',
      tier: 'valuable',
      text: 'Main parts of the refrigerant circuit',
      members: [
        { text: 'compressor', snippets: ['S1'] },
        { text: 'condenser', snippets: ['S1'] },
        { text: 'expansion valve', snippets: ['S1'] },
        { text: 'evaporator', snippets: ['S1'] },
      ],
    },
    {
      id: 'I3',
      type: 'flexible_list',
      tier: 'valuable',
      text: 'Ways to keep a heat pump efficient',
      members: [
        { text: 'good insulation' },
        { text: 'low-temperature radiators or underfloor heating' },
        { text: 'a correctly sized unit' },
        { text: 'regular filter cleaning' },
        { text: 'a weather-compensated thermostat' },
      ],
      baseline: [2],
    },
    {
      id: 'I4',
      type: 'process',
      tier: 'answer_critical',
      text: 'The refrigerant cycle',
      steps: [
        { text: 'the refrigerant evaporates outdoors, absorbing heat from the air', required: true },
        { text: 'the compressor raises its pressure and temperature', required: true },
        { text: 'it condenses indoors, releasing the heat', required: true },
        { text: 'the expansion valve lowers its pressure again', required: false },
      ],
      insights: [{ text: 'The cycle runs in reverse to cool the house in summer', tier: 'context' }],
    },
    {
      id: 'I5',
      type: 'relationship',
      tier: 'valuable',
      text: 'Compared with a gas furnace',
      entity: 'gas furnace',
      aspects: [
        { text: 'a furnace burns fuel on site', snippets: ['S2'] },
        { text: 'a heat pump delivers about three units of heat per unit of electricity', snippets: ['S2'] },
      ],
    },
    {
      id: 'I6',
      type: 'meta_insight',
      tier: 'context',
      text: 'Heat pumps are most efficient when the heating water only needs to be warm, not hot',
    },
  ],
};

const kimchiJjigae = {
  question_id: 'kimchi-jjigae',
  question: '김치찌개는 어떻게 끓이나요?',
  language: 'ko',
  entity: '김치찌개',
  domain: 'food',
  snippets: [
    {
      id: 'S1',
      url: 'https://example.org/kimchi-jjigae',
      title: '김치찌개',
      text: '김치찌개는 잘 익은 김치와 돼지고기를 볶다가 물을 붓고 두부를 넣어 끓이는 찌개이다.',
    },
  ],
  items: [
    { id: 'I1', type: 'fact', tier: 'answer_critical', text: '잘 익은 김치를 쓴다고 말한다', snippets: ['S1'] },
    {
      id: 'I2',
      type: 'strict_list',
      tier: 'answer_critical',
      text: '주재료',
      members: [{ text: '김치', snippets: ['S1'] }, { text: '돼지고기', snippets: ['S1'] }, { text: '두부' }],
    },
    {
      id: 'I3',
      type: 'process',
      tier: 'valuable',
      text: '끓이는 순서',
      steps: [
        { text: '김치와 돼지고기를 볶는다', required: true },
        { text: '물을 붓고 끓인다', required: true },
        { text: '두부를 넣는다', required: true },
      ],
    },
  ],
};

const answers = [
  {
    question_id: 'heat-pump',
    model: 'model-a',
    response:
      'An air-source heat pump moves heat from the outdoor air into the house instead of burning fuel. The refrigerant evaporates outdoors, absorbing heat from the air; the compressor then raises its pressure and temperature; it condenses indoors, releasing the heat, and the expansion valve lowers its pressure again. The main parts are the compressor, the condenser, the expansion valve and the evaporator.\n\nCompared with a gas furnace, which burns fuel on site, a heat pump delivers about three units of heat per unit of electricity. Good insulation and low-temperature radiators or underfloor heating keep it efficient; in summer the cycle runs in reverse to cool the house.',
  },
  {
    question_id: 'heat-pump',
    model: 'model-b',
    response:
      'A heat pump burns a small amount of gas to warm the house. It has a compressor and an evaporator. A gas furnace is similar but larger.',
  },
  {
    question_id: 'kimchi-jjigae',
    model: 'model-a',
    response: '잘 익은 김치와 돼지고기를 먼저 볶은 다음 물을 붓고 끓입니다. 마지막에 두부를 넣습니다.',
  },
  {
    question_id: 'kimchi-jjigae',
    model: 'model-b',
    response: '김치찌개는 김치를 넣어 끓이는 찌개입니다.',
  },
];

const runYaml = `# gamut run run.yaml: judges the answers in answers.jsonl with the offline judge
# (no network, no key) and writes the run to runs/starter/.
#
# To have real models answer the questions, list them under \`models\` and drop
# \`answers\`, e.g.
#   models:
#     - spec: openai:gpt-4.1-mini       # needs OPENAI_API_KEY
#       name: gpt-4.1-mini
# To grade with a model instead of the offline baseline, add a judge such as
# \`anthropic:claude-sonnet-4-5\` (needs ANTHROPIC_API_KEY).
name: starter
dataset: meta-rubrics.jsonl
answers: answers.jsonl
judges:
  - offline
seed: 1
output: runs/starter
`;

const readme = `# A Gamut evaluation

Made by \`gamut init\`. Everything here runs offline, with no API key:

\`\`\`sh
gamut validate meta-rubrics.jsonl          # every problem, with file, line and rule
gamut compile meta-rubrics.jsonl -o rubrics.jsonl
gamut run run.yaml                         # judge, score, write runs/starter/
gamut report runs/starter -o report.html   # a self-contained report
\`\`\`

- \`meta-rubrics.jsonl\`: what a complete answer to each question contains.
  \`heat-pump\` has one item of every type (fact, strict_list, flexible_list,
  process with an insight, relationship, meta_insight); \`kimchi-jjigae\` is a
  Korean one. The questions have no image, so they are graded in the \`text\`
  setting.
- \`answers.jsonl\`: answers of two made-up models, one line each
  (\`question_id\`, \`model\`, \`response\`).
- \`run.yaml\`: the run; it says how to use real models and an LLM judge.

The offline judge is a lexical baseline: good for trying the pipeline, not a
substitute for a model judge or for people.
`;

/** File name → content, in the order they are written. */
export const STARTER_FILES: ReadonlyArray<readonly [string, string]> = [
  ['meta-rubrics.jsonl', toJsonl([heatPump, kimchiJjigae])],
  ['answers.jsonl', toJsonl(answers)],
  ['run.yaml', runYaml],
  ['README.md', readme],
];
