import { describe, expect, it, jest } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import { AppExceptionFilter } from './app-exception.filter.js';

function hostFor(url: string) {
  const reply = { header: jest.fn(), status: jest.fn(), send: jest.fn() };
  reply.status.mockReturnValue(reply);
  const request = { id: 'req-1', method: 'GET', url };
  const host = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }) } as unknown as ArgumentsHost;
  return { host, reply };
}

describe('AppExceptionFilter', () => {
  it('logs an unexpected error with the key query parameter redacted, and answers a plain 500', () => {
    const filter = new AppExceptionFilter();
    const logged = jest.spyOn((filter as unknown as { logger: { error: (...args: unknown[]) => void } }).logger, 'error').mockImplementation(() => undefined);
    const { host, reply } = hostFor('/crawl?url=http%3A%2F%2Fexample.com&key=cg_live_secret');
    filter.catch(new Error('boom'), host);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(logged.mock.calls[0])).not.toContain('cg_live_secret');
    expect(logged.mock.calls[0][1]).toBe('unhandled error on GET /crawl?url=http%3A%2F%2Fexample.com&key=[redacted]');
    expect(reply.status).toHaveBeenCalledWith(500);
  });
});
