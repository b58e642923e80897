import { ConnectionClosedError, ProtocolError, TimeoutError } from 'puppeteer';
import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';

/** What the job knew when a browser call failed; it decides between codes that the error text alone cannot. */
export interface FailureContext {
  /** The network policy refused the main document (or one of its redirect hops): the reason. */
  readonly blockedNavigation: string | null;
  /** The job's NavigationRule refused a main document (never requested): where to, and why. */
  readonly refusedNavigation?: { readonly url: string; readonly reason: string } | null;
  /** The job's hard deadline passed (its page was closed under it). */
  readonly deadlinePassed: boolean;
  /** The browser or the page's renderer went away during the job. */
  readonly crashed: boolean;
  /** The relay saw the job's upstream proxy fail (refused, timed out, authentication refused): the only proxy verdict. */
  readonly proxyFailed: boolean;
}

/** The protocol's words, in a ProtocolError, for a target or session that went away under the call. */
const CLOSED_BY_PROTOCOL = /target closed|session closed|no target with given id/i;
/** What puppeteer throws as a plain Error when a frame or the browser went away under a call. */
const CLOSED_UNTYPED = [/frame was detached/i, /detached frame/i, /browser has disconnected/i, /page crashed/i];

function closedUnderTheCall(error: unknown, message: string): boolean {
  if (error instanceof ConnectionClosedError) return true;
  if (error instanceof ProtocolError) return CLOSED_BY_PROTOCOL.test(message);
  return CLOSED_UNTYPED.some((pattern) => pattern.test(message));
}

/** `net::ERR_NAME_NOT_RESOLVED at http://...` -> `ERR_NAME_NOT_RESOLVED`. */
export function netErrorName(message: string): string | null {
  return /net::(ERR_[A-Z0-9_]+)/.exec(message)?.[1] ?? null;
}

/** Chromium only ever talks to the worker's relay: what it reports is the target's, unless the relay saw the proxy fail. */
function codeForNetError(context: FailureContext): ErrorCode {
  return context.proxyFailed ? ErrorCode.ProxyFailed : ErrorCode.TargetUnreachable;
}

const MESSAGES: Readonly<Partial<Record<ErrorCode, string>>> = {
  [ErrorCode.TargetUnreachable]: 'The target could not be reached',
  [ErrorCode.NavigationTimeout]: 'The page did not finish loading before the job deadline',
  [ErrorCode.BlockedTarget]: 'The network policy refused the target',
  [ErrorCode.BrowserCrashed]: 'The browser crashed during the job',
  [ErrorCode.ProxyFailed]: 'The proxy failed',
};

function appError(code: ErrorCode, detail: string | null, cause: unknown): AppError {
  const base = MESSAGES[code] ?? code;
  return new AppError(code, detail ? `${base}: ${detail}.` : `${base}.`, { cause });
}

/**
 * A main document the job's own NavigationRule refused (a site crawl's redirect out of scope or past robots.txt):
 * the caller that set the rule reads `reason`; to any other it is blocked_target, refunded.
 */
export class NavigationRefused extends AppError {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(ErrorCode.BlockedTarget, `The page went to ${url}, which the job does not fetch (${reason}).`);
  }
}

/** Maps a failed browser call (goto, evaluate, ...) to the operation error it means; null when it means none of them. */
export function classifyBrowserError(error: unknown, context: FailureContext): AppError | null {
  if (error instanceof AppError) return error;
  if (context.refusedNavigation) return new NavigationRefused(context.refusedNavigation.url, context.refusedNavigation.reason);
  if (context.blockedNavigation) return appError(ErrorCode.BlockedTarget, context.blockedNavigation, error);
  if (context.deadlinePassed) return appError(ErrorCode.NavigationTimeout, null, error);
  if (context.crashed) return appError(ErrorCode.BrowserCrashed, null, error);
  if (error instanceof TimeoutError) return appError(ErrorCode.NavigationTimeout, null, error);
  const message = error instanceof Error ? error.message : String(error);
  // Chromium's network error names are only ever in the message (puppeteer wraps them in a plain Error).
  const net = netErrorName(message);
  if (net) return appError(codeForNetError(context), net, error);
  if (closedUnderTheCall(error, message)) return appError(ErrorCode.BrowserCrashed, null, error);
  return null;
}
