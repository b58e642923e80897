import { describe, it, expect, beforeAll, afterAll, beforeEach, jest } from '@jest/globals';
import { Logger, LoggerService } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { FakeLlm, RecordedLlmRequest, startFakeLlm } from '../../../test/fixtures/fake-llm.server.js';
import { LlmClient, SYSTEM_PROMPT } from './llm.client.js';

const API_KEY = 'sk-test-secret-123';
const PAGE = '# Opening hours\n\nThe shop opens at 9 am and closes at 6 pm.';
const QUESTION = 'When does the shop open?';

function configWith(llm: AppConfig['llm']): AppConfig {
  return { llm } as AppConfig;
}

function clientFor(baseUrl: string, apiKey = API_KEY, maxInputChars = 30000, maxOutputTokens: number | null = null): LlmClient {
  return new LlmClient({ llm: { baseUrl, apiKey, model: 'fake-model', maxInputChars, maxOutputTokens } } as AppConfig);
}

interface SentBody {
  model: string;
  messages: { role: string; content: string }[];
}

const sentBody = (request: RecordedLlmRequest | undefined): SentBody => request?.body as SentBody;

describe('LlmClient against the fake OpenAI-compatible server', () => {
  let fake: FakeLlm;
  const logs: string[] = [];
  const capture = (message: unknown) => void logs.push(String(message));
  const logger: LoggerService = { log: capture, warn: capture, error: capture };

  beforeAll(async () => {
    Logger.overrideLogger(logger);
    fake = await startFakeLlm();
  });

  afterAll(async () => {
    await fake.close();
    Logger.overrideLogger(false);
  });

  beforeEach(() => {
    fake.setMode('answer');
    logs.length = 0;
  });

  it('returns the model answer and its usage', async () => {
    const result = await clientFor(fake.url).answer(QUESTION, PAGE);
    // The fake's 40 characters end in a space, which the client trims.
    expect(result.answer).toBe(`Answer to "${QUESTION}" from page containing 59 chars: # Opening hours\n\nThe shop opens at 9 am`);
    expect(result.usage.completion_tokens).toBe(Math.ceil(result.answer.length / 4));
    expect(result.usage.total_tokens).toBe((result.usage.prompt_tokens ?? 0) + (result.usage.completion_tokens ?? 0));
  });

  it('sends system prompt, page and question as separate messages, with the bearer key', async () => {
    const before = fake.requests().length;
    await clientFor(fake.url).answer(QUESTION, PAGE);
    const request = fake.requests()[before];
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sentBody(request)).toEqual({
      model: 'fake-model',
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: `<page>\n${PAGE}\n</page>` },
        { role: 'user', content: QUESTION },
      ],
    });
  });

  it('sends no Authorization header without a key, and cuts the page past its first LLM_MAX_INPUT_CHARS characters', async () => {
    const before = fake.requests().length;
    await clientFor(fake.url, '', 30).answer(QUESTION, PAGE);
    const request = fake.requests()[before];
    expect(request.authorization).toBeNull();
    expect(sentBody(request).messages[1].content).toBe('<page>\n# Opening hours\n\nThe shop opens\n\n[truncated]\n</page>');
  });

  it('answers ai_unavailable, not half an answer, when the model stops at max_tokens (finish_reason "length"), and does not retry', async () => {
    fake.script({ match: 'case-cut', answers: ['x'.repeat(1025)] });
    const before = fake.requests().length;
    await expect(clientFor(fake.url, API_KEY, 30000, 256).answer(`${QUESTION} case-cut`, PAGE)).rejects.toMatchObject({
      code: ErrorCode.AiUnavailable,
      message: 'The language model did not answer: answer cut at 256 tokens (LLM_MAX_OUTPUT_TOKENS).',
    });
    expect(fake.requests().slice(before).map((request) => (request.body as { max_tokens?: unknown }).max_tokens)).toEqual([256]);
    expect(logs.filter((line) => line.endsWith(', cut at 256 tokens (LLM_MAX_OUTPUT_TOKENS)'))).toHaveLength(1);
    // 1,024 characters are 256 tokens at the fake: a whole answer.
    fake.script({ match: 'case-whole', answers: ['x'.repeat(1024)] });
    expect((await clientFor(fake.url, API_KEY, 30000, 256).answer(`${QUESTION} case-whole`, PAGE)).answer).toBe('x'.repeat(1024));
  });

  it('logs token usage but never the page text', async () => {
    await clientFor(fake.url).answer(QUESTION, PAGE);
    expect(logs.some((line) => line.includes('prompt_tokens=') && line.includes('completion_tokens='))).toBe(true);
    expect(logs.join('\n')).not.toContain('closes at 6 pm');
  });

  it('retries once after a 500 and then answers', async () => {
    fake.setMode('fail-once');
    const before = fake.requests().length;
    const result = await clientFor(fake.url).answer(QUESTION, PAGE);
    expect(result.answer).toContain(`Answer to "${QUESTION}"`);
    expect(fake.requests().length - before).toBe(2);
  });

  it('throws ai_unavailable after two failures, without the key in the message', async () => {
    fake.setMode('fail');
    const before = fake.requests().length;
    const error = await clientFor(fake.url).answer(QUESTION, PAGE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.AiUnavailable);
    expect((error as AppError).message).toBe('The language model did not answer: HTTP 500.');
    expect((error as AppError).message).not.toContain(API_KEY);
    expect(fake.requests().length - before).toBe(2);
  });

  it('retries a connection failure once, then throws ai_unavailable', async () => {
    const closed = await startFakeLlm();
    await closed.close();
    await expect(clientFor(closed.url).answer(QUESTION, PAGE)).rejects.toMatchObject({
      code: ErrorCode.AiUnavailable,
      message: 'The language model did not answer: network error (ECONNREFUSED).',
    });
    expect(logs.filter((line) => line.includes('retrying once'))).toHaveLength(1);
  });

  it('is unconfigured without LLM settings and then answers ai_unavailable without calling out', async () => {
    const client = new LlmClient(configWith(null));
    expect(client.isConfigured()).toBe(false);
    expect(clientFor(fake.url).isConfigured()).toBe(true);
    await expect(client.answer(QUESTION, PAGE)).rejects.toMatchObject({ code: ErrorCode.AiUnavailable });
  });

  it("ends its request on the job's signal: the server sees it closed, the job's own error is thrown, and it is not retried", async () => {
    const tag = 'hang-on-signal';
    fake.script({ match: tag, answers: [], hang: true });
    const job = new AbortController();
    const answering = clientFor(fake.url).answer(`${QUESTION} ${tag}`, PAGE, job.signal);
    answering.catch(() => undefined);
    const carrying = () => fake.requests().filter((request) => JSON.stringify(request.body).includes(tag));
    await until(() => carrying().length === 1);
    const ended = new AppError(ErrorCode.NavigationTimeout, 'The job did not finish before its deadline.');
    job.abort(ended);
    await expect(answering).rejects.toBe(ended);
    await until(() => carrying()[0].abortedAt !== null);
    expect(carrying()).toHaveLength(1);
    expect(logs.filter((line) => line.includes('retrying once'))).toHaveLength(0);
  });

  it("ends on the job's signal while the answer's body is read: the job's own error, as before its head, and no retry", async () => {
    const tag = 'stall-then-job-ends';
    fake.script({ match: tag, answers: ['never whole'], stall_body: true });
    const job = new AbortController();
    const ended = new AppError(ErrorCode.NavigationTimeout, 'The job did not finish before its deadline.');
    const answering = headThen(() => job.abort(ended), () => clientFor(fake.url).answer(`${QUESTION} ${tag}`, PAGE, job.signal));
    await expect(answering).rejects.toBe(ended);
    expect(fake.requests().filter((request) => JSON.stringify(request.body).includes(tag))).toHaveLength(1);
  });

  it('reports its own 60 s limit passing while the body is read as no answer within 60 s, not a malformed one, and does not retry', async () => {
    const tag = 'stall-then-timeout';
    fake.script({ match: tag, answers: ['never whole'], stall_body: true });
    const limit = new AbortController();
    const timeout = jest.spyOn(AbortSignal, 'timeout').mockReturnValue(limit.signal);
    try {
      const fired = () => limit.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
      await expect(headThen(fired, () => clientFor(fake.url).answer(`${QUESTION} ${tag}`, PAGE))).rejects.toMatchObject({
        code: ErrorCode.AiUnavailable,
        message: 'The language model did not answer: no answer within 60 s.',
      });
    } finally {
      timeout.mockRestore();
    }
    expect(fake.requests().filter((request) => JSON.stringify(request.body).includes(tag))).toHaveLength(1);
    expect(logs.filter((line) => line.includes('retrying once'))).toHaveLength(0);
  });

  it("asks nothing once the job's signal has aborted", async () => {
    const before = fake.requests().length;
    const signal = AbortSignal.abort(new AppError(ErrorCode.NavigationTimeout, 'late'));
    await expect(clientFor(fake.url).answer(QUESTION, PAGE, signal)).rejects.toMatchObject({ code: ErrorCode.NavigationTimeout, message: 'late' });
    expect(fake.requests()).toHaveLength(before);
  });

  it('exposes its requests and mode over HTTP for other processes', async () => {
    const base = fake.url.replace(/\/v1$/, '');
    const mode = await fetch(`${base}/__mode`, { method: 'POST', body: JSON.stringify({ mode: 'fail-once' }) });
    expect(mode.status).toBe(200);
    const failed = await fetch(`${fake.url}/chat/completions`, { method: 'POST', body: '{"messages":[]}' });
    expect(failed.status).toBe(500);
    const listed = (await (await fetch(`${base}/__requests`)).json()) as RecordedLlmRequest[];
    expect(listed).toEqual(fake.requests());
    expect(listed.at(-1)?.body).toEqual({ messages: [] });
  });
});

/** Runs `call` with `then` done as soon as the model's response head arrives, before its body is read. */
async function headThen<T>(then: () => void, call: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (...args) => {
    const response = await realFetch(...args);
    then();
    return response;
  });
  try {
    return await call();
  } finally {
    spy.mockRestore();
  }
}

/** Resolves once `condition` holds, checking every 10 ms (the test's own timeout bounds it). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}
