import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { loadConfig } from '../../config/app-config.js';
import { jobView } from '../../../test/factories/job-view.factory.js';
import type { JobView } from '../jobs/operation.js';
import type { ChatNode } from './chat-node.js';
import { ChatOperation, ChatOptions, parseChatQuery } from './chat.operation.js';

const config = loadConfig({ CHAT_SITE_URL: 'http://chat.test/' });
const operation = new ChatOperation(config);
const options: ChatOptions = { prompt: 'Hi?', route: { tier: 'standard', country: null, city: null } };
const nodes: ChatNode[] = [{ type: 'paragraph', text: 'Hello.', sources: [] }];

function errorsOf(query: Record<string, unknown>): unknown {
  try {
    parseChatQuery(query);
  } catch (error) {
    return error instanceof AppError ? { code: error.code, errors: error.details.errors } : error;
  }
  throw new Error('expected a 422');
}

const view = (overrides: Partial<JobView<ChatOptions>>) =>
  jobView('chat', options, { job: { id: 'o1_j1', status: 'done', kind: 'chat' }, output: { type: 'data', data: nodes }, ...overrides });

describe('parseChatQuery', () => {
  it('applies the defaults and lower-cases the geography', () => {
    expect(parseChatQuery({ prompt: 'Hi?' })).toEqual(options);
    expect(parseChatQuery({ prompt: ' x ', premium: 'YES', country: 'FR', city: 'Saint_Denis', key: 'k' })).toEqual({
      prompt: ' x ',
      route: { tier: 'premium', country: 'fr', city: 'saint_denis' },
    });
  });

  it('refuses a parameter it does not know (decisions.md 8)', () => {
    expect(() => parseChatQuery({ prompt: 'Hi?', other: '1' })).toThrow(expect.objectContaining({ details: { errors: { other: ['other is not accepted here'] } } }));
  });

  it('counts the 1000 characters in code points, as they are typed', () => {
    expect(parseChatQuery({ prompt: '🙂'.repeat(1000) }).prompt).toHaveLength(2000);
    expect(errorsOf({ prompt: 'a'.repeat(1001) })).toEqual({
      code: 'validation_failed',
      errors: { prompt: ['prompt must be at most 1000 characters'] },
    });
  });

  it('refuses a missing or blank prompt with one message', () => {
    expect(errorsOf({})).toEqual({ code: 'validation_failed', errors: { prompt: ['prompt is required'] } });
    expect(errorsOf({ prompt: '  ' })).toEqual({ code: 'validation_failed', errors: { prompt: ['prompt is required'] } });
  });

  it('names every bad parameter at once, city without country included', () => {
    expect(errorsOf({ premium: 'maybe', city: 'a.b' })).toEqual({
      code: 'validation_failed',
      errors: {
        prompt: ['prompt is required'],
        premium: ['premium must be one of true, false, 1, 0, yes, no, on, off'],
        city: ['city may hold only ASCII letters, digits, hyphens and underscores', 'city requires country'],
      },
    });
    expect(errorsOf({ prompt: 'x', city: 'paris' })).toEqual({ code: 'validation_failed', errors: { city: ['city requires country'] } });
    // A long name of letters only is refused for its length alone, not as if it held other characters.
    expect(errorsOf({ prompt: 'x', country: 'us', city: 'c'.repeat(65) })).toEqual({ code: 'validation_failed', errors: { city: ['city must be at most 64 characters'] } });
    expect(parseChatQuery({ prompt: 'x', country: 'us', city: 'c'.repeat(64) }).route.city).toBe('c'.repeat(64));
    expect(errorsOf({ prompt: 'x', country: 'France' })).toEqual({
      code: 'validation_failed',
      errors: { country: ['country must be an officially assigned ISO 3166-1 alpha-2 code (GB, not UK)'] },
    });
  });
});

describe('ChatOperation', () => {
  it('is a flat-priced, daily-limited operation aimed at the chat site', () => {
    const geo: ChatOptions = { prompt: 'x', route: { tier: 'premium', country: 'fr', city: 'paris' } };
    expect([operation.kind, operation.dailyLimited, operation.price(), operation.route(geo)]).toEqual(['chat', true, 30, geo.route]);
    expect([operation.target(geo, config), operation.timeoutMs(config)]).toEqual(['http://chat.test/', 150000]);
  });

  it('answers a metered request with the conversation and the credits', () => {
    expect(operation.envelope(view({}))).toStrictEqual({
      prompt: 'Hi?',
      conversation: [{ role: 'user', message: 'Hi?' }, { role: 'assistant', response: nodes }],
      credits_charged: 30,
      credits_remaining: 970,
      job_id: 'o1_j1',
      status: 'done',
      position: null,
      error: null,
      debug: null,
    });
  });

  it('answers a refunded failure with an empty conversation and the error text', () => {
    const failed = view({
      job: { id: 'o1_j1', status: 'failed', kind: 'chat' },
      output: null,
      error: { code: 'chat_timeout', message: 'Too slow.' },
      billing: { charged: 0, remaining: 1000 },
    });
    expect(operation.envelope(failed)).toMatchObject({ conversation: [], credits_charged: 0, status: 'failed', error: 'Too slow.' });
  });

  it('puts a collected answer under data[0] without credit fields', () => {
    expect(operation.envelope(view({ billing: null, collected: true }))).toStrictEqual({
      prompt: 'Hi?',
      data: [{ prompt: 'Hi?', conversation: [{ role: 'user', message: 'Hi?' }, { role: 'assistant', response: nodes }] }],
      job_id: 'o1_j1',
      status: 'done',
      position: null,
      error: null,
      debug: null,
    });
    const running = view({ job: { id: 'o1_j1', status: 'running', kind: 'chat' }, output: null, billing: null, collected: true });
    expect(operation.envelope(running)).toMatchObject({ data: [{ prompt: 'Hi?', conversation: [] }], status: 'running' });
  });
});
