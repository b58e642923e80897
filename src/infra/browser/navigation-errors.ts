import { AppError } from '../../common/errors/app-error.js';
import { ErrorCode } from '../../common/errors/error-code.js';

/** What the job knew when a browser call failed; it decides between codes that the error text alone cannot. */
export interface FailureContext {
  /** The network policy refused the main document (or one of its redirect hops): the reason. */
  readonly blockedNavigation: string | null;
  /** The job's hard deadline passed (its page was closed under it). */
  readonly deadlinePassed: boolean;
  /** The browser or the page's renderer went away during the job. */
  readonly crashed: boolean;
  /** The route is the built-in egress proxy of this process, which is up whenever the worker is. */
  readonly builtinProxy: boolean;
}

const PROXY_ERRORS = new Set([
  'ERR_PROXY_CONNECTION_FAILED',
  'ERR_PROXY_AUTH_UNSUPPORTED',
  'ERR_PROXY_AUTH_REQUESTED',
  'ERR_PROXY_AUTH_REQUESTED_WITH_NO_CONNECTION',
  'ERR_PROXY_CERTIFICATE_INVALID',
  'ERR_PROXY_HTTP_1_1_REQUIRED',
  'ERR_INVALID_AUTH_CREDENTIALS',
  'ERR_MANDATORY_PROXY_CONFIGURATION_FAILED',
  'ERR_SOCKS_CONNECTION_FAILED',
  'ERR_SOCKS_CONNECTION_HOST_UNREACHABLE',
  'ERR_NO_SUPPORTED_PROXIES',
]);

const CLOSED_PATTERNS = [
  /target closed/i,
  /session closed/i,
  /connection closed/i,
  /browser has disconnected/i,
  /frame was detached/i,
  /page crashed/i,
  /most likely the page has been closed/i,
  /no target with given id/i,
];

/**
 * Status codes a proxy answers with instead of the target (proxy-chain's 59x family included, which the built-in
 * egress proxy uses). Only these two families: a target's own 4xx/5xx is a success.
 */
const PROXY_STATUS: Readonly<Record<number, ErrorCode>> = {
  407: ErrorCode.ProxyFailed,
  590: ErrorCode.ProxyFailed,
  592: ErrorCode.ProxyFailed,
  593: ErrorCode.TargetUnreachable,
  594: ErrorCode.TargetUnreachable,
  595: ErrorCode.TargetUnreachable,
  596: ErrorCode.TargetUnreachable,
  597: ErrorCode.ProxyFailed,
  599: ErrorCode.ProxyFailed,
};

/** `net::ERR_NAME_NOT_RESOLVED at http://...` -> `ERR_NAME_NOT_RESOLVED`. */
export function netErrorName(message: string): string | null {
  return /net::(ERR_[A-Z0-9_]+)/.exec(message)?.[1] ?? null;
}

function codeForNetError(name: string, context: FailureContext): ErrorCode {
  if (PROXY_ERRORS.has(name)) return ErrorCode.ProxyFailed;
  // The built-in proxy answers CONNECT with an error status when the target is down or refused.
  if (name === 'ERR_TUNNEL_CONNECTION_FAILED') return context.builtinProxy ? ErrorCode.TargetUnreachable : ErrorCode.ProxyFailed;
  return ErrorCode.TargetUnreachable;
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

/** Maps a failed browser call (goto, evaluate, ...) to the operation error it means; null when it means none of them. */
export function classifyBrowserError(error: unknown, context: FailureContext): AppError | null {
  if (error instanceof AppError) return error;
  if (context.blockedNavigation) return appError(ErrorCode.BlockedTarget, context.blockedNavigation, error);
  if (context.deadlinePassed) return appError(ErrorCode.NavigationTimeout, null, error);
  if (context.crashed) return appError(ErrorCode.BrowserCrashed, null, error);
  const name = (error as { name?: unknown } | null)?.name;
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'TimeoutError') return appError(ErrorCode.NavigationTimeout, null, error);
  const net = netErrorName(message);
  if (net) return appError(codeForNetError(net, context), net, error);
  if (CLOSED_PATTERNS.some((pattern) => pattern.test(message))) return appError(ErrorCode.BrowserCrashed, null, error);
  return null;
}

/** The error a main-document status stands for when a proxy, not the target, produced it; null for a target's answer. */
export function classifyProxyStatus(status: number): AppError | null {
  const code = PROXY_STATUS[status];
  return code ? appError(code, `the proxy answered HTTP ${status}`, null) : null;
}
