import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { FakeLlm, startFakeLlm } from '../../../test/fixtures/fake-llm.server.js';
import { LlmClient } from './llm.client.js';
import { checkAnswer, compileAnswerSchema } from './answer-schema.js';
import { DEFAULT_SCHEMA_QUESTION, SCHEMA_SYSTEM_PROMPT, answerWithSchema } from './schema-answer.js';

const PAGE = '# Espresso machine\n\nPrice: 199 EUR';
const SCHEMA = { type: 'object', properties: { name: { type: 'string' }, price: { type: 'number' } }, required: ['name', 'price'], additionalProperties: false };
const VALIDATE = compileAnswerSchema(SCHEMA);
const check = (answer: string) => Promise.resolve(checkAnswer(answer, VALIDATE));
const JSON_SCHEMA_FORMAT = { type: 'json_schema', json_schema: { name: 'extraction', schema: SCHEMA, strict: true } };

describe('answerWithSchema against the fake OpenAI-compatible server (decisions.md 8.2)', () => {
  let fake: FakeLlm;
  let client: LlmClient;
  const clientWith = (maxOutputTokens: number | null) =>
    new LlmClient({ llm: { baseUrl: fake.url, apiKey: 'k', model: 'fake-model', maxInputChars: 30000, maxOutputTokens } } as AppConfig);

  beforeAll(async () => {
    Logger.overrideLogger(false);
    fake = await startFakeLlm();
    client = clientWith(null);
  });

  afterAll(async () => {
    await fake.close();
  });

  /** The bodies of the asks made by `run`, which carries `tag` in its question. */
  async function asks(tag: string, run: () => Promise<unknown>): Promise<{ result: unknown; bodies: unknown[] }> {
    const before = fake.requests().length;
    const result = await run().catch((error: unknown) => error);
    return { result, bodies: fake.requests().slice(before).map((request) => request.body).filter((body) => JSON.stringify(body).includes(tag)) };
  }

  const firstMessages = (question: string) => [
    { role: 'system', content: SCHEMA_SYSTEM_PROMPT },
    { role: 'user', content: `<page>\n${PAGE}\n</page>` },
    { role: 'user', content: question },
  ];

  it('asks once with json_schema, strict, the schema as given, and answers the conforming JSON', async () => {
    fake.script({ match: 'case-conforming', answers: ['{"name": "Espresso machine", "price": 199}'] });
    const { result, bodies } = await asks('case-conforming', () => answerWithSchema(client, { question: 'case-conforming', pageMarkdown: PAGE, schema: SCHEMA, check }));
    expect(result).toEqual({ name: 'Espresso machine', price: 199 });
    expect(bodies).toEqual([{ model: 'fake-model', messages: firstMessages('case-conforming'), response_format: JSON_SCHEMA_FORMAT }]);
  });

  it('asks the default question without ai_query', async () => {
    fake.script({ match: DEFAULT_SCHEMA_QUESTION, answers: ['{"name": "x", "price": 1}'] });
    const { result, bodies } = await asks(DEFAULT_SCHEMA_QUESTION, () => answerWithSchema(client, { question: '', pageMarkdown: PAGE, schema: SCHEMA, check }));
    expect(result).toEqual({ name: 'x', price: 1 });
    expect((bodies[0] as { messages: unknown }).messages).toEqual(firstMessages('Extract the data that the schema describes from the page'));
  });

  it('asks again with the first messages, the answer and each validation error, and answers the repaired JSON', async () => {
    const wrong = '{"name": "Espresso machine", "price": "199 EUR", "currency": "EUR"}';
    fake.script({ match: 'case-repair', answers: [wrong, '{"name": "Espresso machine", "price": 199}'] });
    const { result, bodies } = await asks('case-repair', () => answerWithSchema(client, { question: 'case-repair', pageMarkdown: PAGE, schema: SCHEMA, check }));
    expect(result).toEqual({ name: 'Espresso machine', price: 199 });
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      model: 'fake-model',
      messages: [
        ...firstMessages('case-repair'),
        { role: 'assistant', content: wrong },
        {
          role: 'user',
          content: [
            'Your answer does not conform to the JSON Schema. Validation errors:',
            '- (root): must NOT have additional properties',
            '- /price: must be number',
            'Answer again with JSON only that conforms to the schema.',
          ].join('\n'),
        },
      ],
      response_format: JSON_SCHEMA_FORMAT,
    });
  });

  it('lists an answer that is not JSON as an error at the root', async () => {
    fake.script({ match: 'case-not-json', answers: ['It costs 199 euros.', '{"name": "E", "price": 199}'] });
    const { result, bodies } = await asks('case-not-json', () => answerWithSchema(client, { question: 'case-not-json', pageMarkdown: PAGE, schema: SCHEMA, check }));
    expect(result).toEqual({ name: 'E', price: 199 });
    const last = (bodies[1] as { messages: Array<{ content: string }> }).messages.at(-1)!.content;
    expect(last).toMatch(/^Your answer does not conform to the JSON Schema\. Validation errors:\n- \(root\): is not valid JSON \(.+\)\nAnswer again with JSON only that conforms to the schema\.$/);
  });

  it('throws ai_invalid_output after two answers that do not conform, and asks no third time', async () => {
    fake.script({ match: 'case-invalid', answers: ['{"name": "E"}', '{"price": 199}', '{"name": "E", "price": 199}'] });
    const { result, bodies } = await asks('case-invalid', () => answerWithSchema(client, { question: 'case-invalid', pageMarkdown: PAGE, schema: SCHEMA, check }));
    expect(result).toMatchObject({ code: ErrorCode.AiInvalidOutput, message: "The model's answer did not conform to ai_schema, also when asked again: (root): must have required property 'name'." });
    expect(bodies).toHaveLength(2);
  });

  it('asks again, saying so, when the answer was cut at LLM_MAX_OUTPUT_TOKENS, and answers the repaired JSON', async () => {
    const long = `{"name": "${'Espresso machine '.repeat(80)}", "price": 199}`;
    fake.script({ match: 'case-cut-once', answers: [long, '{"name": "Espresso machine", "price": 199}'] });
    const { result, bodies } = await asks('case-cut-once', () => answerWithSchema(clientWith(256), { question: 'case-cut-once', pageMarkdown: PAGE, schema: SCHEMA, check }));
    expect(result).toEqual({ name: 'Espresso machine', price: 199 });
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      model: 'fake-model',
      max_tokens: 256,
      messages: [
        ...firstMessages('case-cut-once'),
        // What the model wrote up to its limit (4 characters a token at the fake).
        { role: 'assistant', content: long.slice(0, 1024) },
        {
          role: 'user',
          content: [
            'Your answer does not conform to the JSON Schema. Validation errors:',
            '- (root): was cut at 256 tokens (LLM_MAX_OUTPUT_TOKENS), the most an answer may have',
            'Answer again with JSON only that conforms to the schema.',
          ].join('\n'),
        },
      ],
      response_format: JSON_SCHEMA_FORMAT,
    });
  });

  it('throws ai_invalid_output when both answers were cut, though what was left of each parses and conforms', async () => {
    // JSON mode's runaway: the object, then blank space up to the limit.
    const padded = `{"name": "E", "price": 199}${' '.repeat(2000)}`;
    fake.script({ match: 'case-cut-twice', answers: [padded, padded, '{"name": "E", "price": 199}'] });
    const { result, bodies } = await asks('case-cut-twice', () => answerWithSchema(clientWith(256), { question: 'case-cut-twice', pageMarkdown: PAGE, schema: SCHEMA, check }));
    expect(result).toMatchObject({
      code: ErrorCode.AiInvalidOutput,
      message: "The model's answer did not conform to ai_schema, also when asked again: (root): was cut at 256 tokens (LLM_MAX_OUTPUT_TOKENS), the most an answer may have.",
    });
    expect(bodies).toHaveLength(2);
  });

  it('falls back to json_object with the schema in the prompt when the server refuses json_schema, the repair too', async () => {
    fake.script({ match: 'case-fallback', refuse_json_schema: true, answers: ['{"name": "E"}', '{"name": "E", "price": 199}'] });
    const { result, bodies } = await asks('case-fallback', () => answerWithSchema(client, { question: 'case-fallback', pageMarkdown: PAGE, schema: SCHEMA, check }));
    expect(result).toEqual({ name: 'E', price: 199 });
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toEqual({ model: 'fake-model', messages: firstMessages('case-fallback'), response_format: JSON_SCHEMA_FORMAT });
    const inPrompt = [
      { role: 'system', content: `${SCHEMA_SYSTEM_PROMPT}\nThe JSON Schema (draft 2020-12) the answer must conform to:\n${JSON.stringify(SCHEMA)}` },
      ...firstMessages('case-fallback').slice(1),
    ];
    expect(bodies[1]).toEqual({ model: 'fake-model', messages: inPrompt, response_format: { type: 'json_object' } });
    expect(bodies[2]).toEqual({
      model: 'fake-model',
      messages: [...inPrompt, { role: 'assistant', content: '{"name": "E"}' }, { role: 'user', content: expect.stringContaining("- (root): must have required property 'price'") }],
      response_format: { type: 'json_object' },
    });
  });

  it('throws ai_unavailable when the server refuses JSON mode too: a server that cannot answer a schema, not our bug', async () => {
    fake.script({ match: 'case-no-json', refuse_json_schema: true, refuse_json_object: true, answers: ['{"name": "E", "price": 199}'] });
    const { result, bodies } = await asks('case-no-json', () => answerWithSchema(client, { question: 'case-no-json', pageMarkdown: PAGE, schema: SCHEMA, check }));
    expect(result).toMatchObject({ code: ErrorCode.AiUnavailable, message: 'The language model server accepts no JSON response format; ai_schema needs one.' });
    expect(bodies).toHaveLength(2);
  });

  it("asks no repair once the job's signal has aborted, and throws the job's error", async () => {
    fake.script({ match: 'case-ended', answers: ['{"name": "E"}'] });
    const job = new AbortController();
    const ended = new AppError(ErrorCode.NavigationTimeout, 'The job did not finish before its deadline.');
    // The deadline passes while the first answer is checked.
    const checkThenEnd = (answer: string) => {
      job.abort(ended);
      return check(answer);
    };
    const { result, bodies } = await asks('case-ended', () => answerWithSchema(client, { question: 'case-ended', pageMarkdown: PAGE, schema: SCHEMA, check: checkThenEnd, signal: job.signal }));
    expect(result).toBe(ended);
    expect(bodies).toHaveLength(1);
  });

  it('answers ai_unavailable, not a fallback, for other failures of the server', async () => {
    fake.setMode('fail');
    try {
      await expect(answerWithSchema(client, { question: 'case-down', pageMarkdown: PAGE, schema: SCHEMA, check })).rejects.toMatchObject({ code: ErrorCode.AiUnavailable });
    } finally {
      fake.setMode('answer');
    }
  });
});
