import { describe, expect, it, jest } from '@jest/globals';
import { BadGatewayException, ServiceUnavailableException } from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import { AppExceptionFilter } from './app-exception.filter.js';

function hostFor(url: string, headersSent = false) {
  const reply = { header: jest.fn(), status: jest.fn(), send: jest.fn(), sent: headersSent, raw: { headersSent, destroy: jest.fn() } };
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

  it.each([
    [{ statusCode: 405, message: 'FST_ERR_METHOD' }, 405, 'Method not allowed.'],
    [{ statusCode: 413, message: 'Request body is too large' }, 413, 'The request body is too large.'],
  ])('keeps the status of %j: %i with a message body, not a 422', (exception, status, message) => {
    const { host, reply } = hostFor('/crawl');
    new AppExceptionFilter().catch(Object.assign(new Error(exception.message), exception), host);
    expect(reply.status.mock.calls).toEqual([[status]]);
    expect(reply.send.mock.calls).toEqual([[{ message }]]);
  });

  it("keeps the framework's own 5xx and which dependency is down (terminus's 503 readiness), never the drivers' messages, which are logged", () => {
    const filter = new AppExceptionFilter();
    const logged = jest.spyOn((filter as unknown as { logger: { warn: (...args: unknown[]) => void } }).logger, 'warn').mockImplementation(() => undefined);
    const { host, reply } = hostFor('/health/ready');
    const down = { status: 'down', message: "Access denied for user 'crawlgate'@'10.42.1.9'" };
    const body = { status: 'error', info: { redis: { status: 'up' } }, error: { database: down }, details: { redis: { status: 'up' }, database: down } };
    filter.catch(new ServiceUnavailableException(body), host);
    expect([reply.status.mock.calls, reply.send.mock.calls]).toEqual([[[503]], [[{
      status: 'error', info: { redis: { status: 'up' } }, error: { database: { status: 'down' } }, details: { redis: { status: 'up' }, database: { status: 'down' } },
    }]]]);
    expect(JSON.stringify(logged.mock.calls)).toContain('Access denied');
  });

  it("answers any other framework 5xx with its status's own words, nothing of its body", () => {
    const filter = new AppExceptionFilter();
    jest.spyOn((filter as unknown as { logger: { warn: (...args: unknown[]) => void } }).logger, 'warn').mockImplementation(() => undefined);
    const { host, reply } = hostFor('/anything');
    filter.catch(new BadGatewayException('upstream 10.0.3.7:8080 refused'), host);
    expect([reply.status.mock.calls, reply.send.mock.calls]).toEqual([[[502]], [[{ message: 'Bad Gateway' }]]]);
  });

  it('writes nothing once the answer began: the connection is closed instead', () => {
    const filter = new AppExceptionFilter();
    jest.spyOn((filter as unknown as { logger: { warn: (...args: unknown[]) => void } }).logger, 'warn').mockImplementation(() => undefined);
    const { host, reply } = hostFor('/crawl', true);
    filter.catch(new Error('stream broke'), host);
    expect([reply.status.mock.calls, reply.send.mock.calls, reply.raw.destroy.mock.calls.length]).toEqual([[], [], 1]);
  });
});
