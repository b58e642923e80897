/** Every failure the service can name. A new member without a row in ERROR_TABLE does not compile. */
export enum ErrorCode {
  Validation = 'validation_failed',
  Unauthorized = 'unauthorized',
  InsufficientCredits = 'insufficient_credits',
  DailyLimitReached = 'daily_limit_reached',
  ConcurrencyExceeded = 'concurrency_exceeded',
  BurstExceeded = 'burst_exceeded',
  NotFound = 'not_found',
  /** DELETE /crawl/{job} on a job that can no longer be cancelled (running, or ended): 409 (decisions 9.4). */
  NotCancellable = 'job_not_cancellable',
  MethodNotAllowed = 'method_not_allowed',
  PayloadTooLarge = 'payload_too_large',
  TargetUnreachable = 'target_unreachable',
  NavigationTimeout = 'navigation_timeout',
  BlockedTarget = 'blocked_target',
  BrowserCrashed = 'browser_crashed',
  WorkerLost = 'worker_lost',
  /** A job cancelled before it started (decisions 9.4): collected as a failed job, refunded. */
  Cancelled = 'cancelled',
  ProxyFailed = 'proxy_failed',
  ProxyPoolUnavailable = 'proxy_pool_unavailable',
  PageTooLarge = 'page_too_large',
  ChatTimeout = 'chat_timeout',
  ChatNoAnswer = 'chat_no_answer',
  ActionFailed = 'action_failed',
  AiUnavailable = 'ai_unavailable',
  AiInvalidOutput = 'ai_invalid_output',
  QueueUnavailable = 'queue_unavailable',
  DatabaseUnavailable = 'database_unavailable',
  InternalError = 'internal_error',
}

/** `message`: `{message}` (plus `errors` for 422); `error`: the `{error: {code, message, request_id, billed}}` object. */
export type ErrorBody = 'message' | 'error';

export interface ErrorRow {
  readonly status: number;
  readonly body: ErrorBody;
}

export const ERROR_TABLE: { readonly [code in ErrorCode]: ErrorRow } = {
  [ErrorCode.Validation]: { status: 422, body: 'message' },
  [ErrorCode.Unauthorized]: { status: 401, body: 'message' },
  [ErrorCode.InsufficientCredits]: { status: 402, body: 'message' },
  [ErrorCode.DailyLimitReached]: { status: 402, body: 'message' },
  [ErrorCode.ConcurrencyExceeded]: { status: 429, body: 'message' },
  [ErrorCode.BurstExceeded]: { status: 429, body: 'message' },
  [ErrorCode.NotFound]: { status: 404, body: 'message' },
  [ErrorCode.NotCancellable]: { status: 409, body: 'message' },
  [ErrorCode.MethodNotAllowed]: { status: 405, body: 'message' },
  [ErrorCode.PayloadTooLarge]: { status: 413, body: 'message' },
  [ErrorCode.TargetUnreachable]: { status: 500, body: 'error' },
  [ErrorCode.NavigationTimeout]: { status: 500, body: 'error' },
  [ErrorCode.BlockedTarget]: { status: 500, body: 'error' },
  [ErrorCode.BrowserCrashed]: { status: 500, body: 'error' },
  [ErrorCode.WorkerLost]: { status: 500, body: 'error' },
  [ErrorCode.Cancelled]: { status: 500, body: 'error' },
  [ErrorCode.ProxyFailed]: { status: 500, body: 'error' },
  [ErrorCode.ProxyPoolUnavailable]: { status: 503, body: 'error' },
  [ErrorCode.PageTooLarge]: { status: 500, body: 'error' },
  [ErrorCode.ChatTimeout]: { status: 500, body: 'error' },
  [ErrorCode.ChatNoAnswer]: { status: 500, body: 'error' },
  [ErrorCode.ActionFailed]: { status: 500, body: 'error' },
  [ErrorCode.AiUnavailable]: { status: 503, body: 'error' },
  [ErrorCode.AiInvalidOutput]: { status: 500, body: 'error' },
  [ErrorCode.QueueUnavailable]: { status: 503, body: 'error' },
  [ErrorCode.DatabaseUnavailable]: { status: 503, body: 'error' },
  [ErrorCode.InternalError]: { status: 500, body: 'error' },
};
