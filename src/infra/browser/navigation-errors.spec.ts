import { describe, expect, it } from '@jest/globals';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';
import { ConnectionClosedError, ProtocolError, TimeoutError } from 'puppeteer';
import { classifyBrowserError, FailureContext, NavigationRefused, netErrorName } from './navigation-errors.js';

const NONE: FailureContext = { blockedNavigation: null, deadlinePassed: false, crashed: false, proxyFailed: false };
const navError = (name: string) => new Error(`net::${name} at https://example.com/`);
const codeOf = (error: unknown, context: Partial<FailureContext> = {}) => classifyBrowserError(error, { ...NONE, ...context })?.code ?? null;

describe('classifyBrowserError', () => {
  it.each([
    'ERR_NAME_NOT_RESOLVED',
    'ERR_CONNECTION_REFUSED',
    'ERR_CONNECTION_RESET',
    'ERR_ADDRESS_UNREACHABLE',
    'ERR_EMPTY_RESPONSE',
    'ERR_CERT_AUTHORITY_INVALID',
    'ERR_TOO_MANY_REDIRECTS',
  ])('%s is target_unreachable', (name) => {
    expect(codeOf(navError(name))).toBe(ErrorCode.TargetUnreachable);
  });

  it.each(['ERR_TUNNEL_CONNECTION_FAILED', 'ERR_PROXY_CONNECTION_FAILED', 'ERR_EMPTY_RESPONSE'])(
    '%s is the target unless the relay saw the proxy fail',
    (name) => {
      expect(codeOf(navError(name))).toBe(ErrorCode.TargetUnreachable);
      expect(codeOf(navError(name), { proxyFailed: true })).toBe(ErrorCode.ProxyFailed);
    },
  );

  it("maps puppeteer's TimeoutError to navigation_timeout", () => {
    expect(codeOf(new TimeoutError('Navigation timeout of 3000 ms exceeded'))).toBe(ErrorCode.NavigationTimeout);
  });

  it('maps closed targets and sessions to browser_crashed', () => {
    expect(codeOf(new ProtocolError('Protocol error (Page.navigate): Target closed'))).toBe(ErrorCode.BrowserCrashed);
    expect(codeOf(new ConnectionClosedError('Connection closed.'))).toBe(ErrorCode.BrowserCrashed);
    expect(codeOf(new Error('Navigating frame was detached'))).toBe(ErrorCode.BrowserCrashed);
    expect(codeOf(new Error('Session closed. Most likely the page has been closed.'))).toBeNull();
  });

  it('reads no meaning into the text of an error of another kind', () => {
    expect(codeOf(new ProtocolError('Protocol error (Runtime.evaluate): Cannot find context with specified id'))).toBeNull();
    const imitation = new Error('Navigation timeout of 3000 ms exceeded');
    imitation.name = 'TimeoutError';
    expect(codeOf(imitation)).toBeNull();
  });

  it('lets what the job knows win over the error text', () => {
    const blocked = navError('ERR_BLOCKED_BY_CLIENT');
    expect(codeOf(blocked, { blockedNavigation: 'private address' })).toBe(ErrorCode.BlockedTarget);
    expect(codeOf(new ProtocolError('Target closed'), { deadlinePassed: true })).toBe(ErrorCode.NavigationTimeout);
    expect(codeOf(navError('ERR_CONNECTION_RESET'), { crashed: true })).toBe(ErrorCode.BrowserCrashed);
  });

  it("names a main document the job's own rule refused: NavigationRefused with where and why, blocked_target to any other caller", () => {
    const refused = classifyBrowserError(navError('ERR_BLOCKED_BY_CLIENT'), { ...NONE, refusedNavigation: { url: 'http://x.test/blocked', reason: 'robots' }, blockedNavigation: 'private address' });
    expect(refused).toBeInstanceOf(NavigationRefused);
    expect([refused?.code, (refused as NavigationRefused).url, (refused as NavigationRefused).reason]).toEqual([ErrorCode.BlockedTarget, 'http://x.test/blocked', 'robots']);
  });

  it('keeps an AppError and says nothing about an unrelated error', () => {
    const own = new AppError(ErrorCode.ChatNoAnswer, 'no answer');
    expect(classifyBrowserError(own, NONE)).toBe(own);
    expect(classifyBrowserError(new TypeError('x is undefined'), NONE)).toBeNull();
  });

  it('keeps the cause and names the network error in the message', () => {
    const error = navError('ERR_NAME_NOT_RESOLVED');
    const mapped = classifyBrowserError(error, NONE)!;
    expect(mapped.message).toBe('The target could not be reached: ERR_NAME_NOT_RESOLVED.');
    expect(mapped.details.cause).toBe(error);
  });
});

describe('netErrorName', () => {
  it('extracts the net error name or returns null', () => {
    expect(netErrorName('net::ERR_ABORTED at http://a/')).toBe('ERR_ABORTED');
    expect(netErrorName('Navigation timeout')).toBeNull();
  });
});
