/** Every failure the service can name. A new member without a row in ERROR_TABLE does not compile. */
export var ErrorCode;
(function (ErrorCode) {
    ErrorCode["Validation"] = "validation_failed";
    ErrorCode["Unauthorized"] = "unauthorized";
    ErrorCode["InsufficientCredits"] = "insufficient_credits";
    ErrorCode["DailyLimitReached"] = "daily_limit_reached";
    ErrorCode["ConcurrencyExceeded"] = "concurrency_exceeded";
    ErrorCode["BurstExceeded"] = "burst_exceeded";
    ErrorCode["NotFound"] = "not_found";
    ErrorCode["TargetUnreachable"] = "target_unreachable";
    ErrorCode["NavigationTimeout"] = "navigation_timeout";
    ErrorCode["BlockedTarget"] = "blocked_target";
    ErrorCode["BrowserCrashed"] = "browser_crashed";
    ErrorCode["ProxyFailed"] = "proxy_failed";
    ErrorCode["ProxyPoolUnavailable"] = "proxy_pool_unavailable";
    ErrorCode["ChatTimeout"] = "chat_timeout";
    ErrorCode["ChatNoAnswer"] = "chat_no_answer";
    ErrorCode["AiUnavailable"] = "ai_unavailable";
    ErrorCode["QueueUnavailable"] = "queue_unavailable";
    ErrorCode["DatabaseUnavailable"] = "database_unavailable";
    ErrorCode["InternalError"] = "internal_error";
})(ErrorCode || (ErrorCode = {}));
export const ERROR_TABLE = {
    [ErrorCode.Validation]: { status: 422, body: 'message' },
    [ErrorCode.Unauthorized]: { status: 401, body: 'message' },
    [ErrorCode.InsufficientCredits]: { status: 402, body: 'message' },
    [ErrorCode.DailyLimitReached]: { status: 402, body: 'message' },
    [ErrorCode.ConcurrencyExceeded]: { status: 429, body: 'message' },
    [ErrorCode.BurstExceeded]: { status: 429, body: 'message' },
    [ErrorCode.NotFound]: { status: 404, body: 'message' },
    [ErrorCode.TargetUnreachable]: { status: 500, body: 'error' },
    [ErrorCode.NavigationTimeout]: { status: 500, body: 'error' },
    [ErrorCode.BlockedTarget]: { status: 500, body: 'error' },
    [ErrorCode.BrowserCrashed]: { status: 500, body: 'error' },
    [ErrorCode.ProxyFailed]: { status: 500, body: 'error' },
    [ErrorCode.ProxyPoolUnavailable]: { status: 503, body: 'error' },
    [ErrorCode.ChatTimeout]: { status: 500, body: 'error' },
    [ErrorCode.ChatNoAnswer]: { status: 500, body: 'error' },
    [ErrorCode.AiUnavailable]: { status: 503, body: 'error' },
    [ErrorCode.QueueUnavailable]: { status: 503, body: 'error' },
    [ErrorCode.DatabaseUnavailable]: { status: 503, body: 'error' },
    [ErrorCode.InternalError]: { status: 500, body: 'error' },
};
