"""Requests with the API's retry rules (service spec "Errors", decisions 3 and 7.3), and errors raised by kind."""
import json
import random
import time
import uuid
from typing import Any, Dict, Optional

from . import errors
from .transport import ConnectionFailure, Response, send

USER_AGENT = "crawlgate-python/0.1"
RETRIED = (429, 503)


def new_idempotency_key() -> str:
    return f"py-{uuid.uuid4().hex}"


def retry_after(response: Response) -> Optional[float]:
    value = response.header("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


# A 503 that says how the service is set up, not how busy it is: asking again answers the same.
PERMANENT_503 = ("ai_unavailable",)


def transient(response: Response) -> bool:
    """A 429, or a 503 whose error code is load or an outage (a pool, the queue, the database), worth asking again."""
    if response.status != 503:
        return True
    body = _body(response)
    code = body.get("error", {}).get("code") if isinstance(body, dict) and isinstance(body.get("error"), dict) else None
    return code not in PERMANENT_503


def backoff(attempt: int, base: float = 0.25, cap: float = 8.0) -> float:
    """Exponential with jitter ("equal jitter"): half the step for sure, half at random, so waits still grow."""
    step = min(cap, base * (2 ** attempt))
    return step / 2 + random.uniform(0, step / 2)


class Session:
    def __init__(self, api_key: str, base_url: str, max_retries: int, timeout: float):
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.max_retries = max_retries
        self.timeout = timeout

    @staticmethod
    def sleep(seconds: float) -> None:
        time.sleep(seconds)

    def deadline(self, timeout: Optional[float]) -> float:
        return time.monotonic() + (self.timeout if timeout is None else timeout)

    def request(self, method: str, path: str, *, deadline: float, body: Any = None, idempotency_key: Optional[str] = None) -> Response:
        """The answer of `path` (which carries its query), 429 and 503 retried as the API asks; errors raised by kind."""
        headers = {"Authorization": f"Bearer {self.api_key}", "Accept": "application/json, text/*", "User-Agent": USER_AGENT}
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            headers["Content-Type"] = "application/json"
        if idempotency_key is not None:
            headers["Idempotency-Key"] = idempotency_key
        attempt = 0
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise errors.Timeout(f"{method} {path}: no answer within the call's time")
            try:
                response = send(method, self.base_url + path, headers, data, remaining)
            except ConnectionFailure as failure:
                if time.monotonic() >= deadline:
                    raise errors.Timeout(f"{method} {path}: no answer within the call's time") from failure
                pause = backoff(attempt)
                # Without an Idempotency-Key a second try of a metered call could run (and charge) it twice; a free
                # read (collecting a job, the account) or a cancel (answered 200 again) is safe to send again.
                repeatable = idempotency_key is not None or method in ("GET", "HEAD", "DELETE")
                if not repeatable or attempt >= self.max_retries or time.monotonic() + pause >= deadline:
                    raise errors.Unavailable(f"{method} {path}: {failure}") from failure
                self.sleep(pause)
                attempt += 1
                continue
            if response.status not in RETRIED or attempt >= self.max_retries or not transient(response):
                return raise_for(response)
            wait = (retry_after(response) or 0.0) + backoff(attempt)
            if time.monotonic() + wait >= deadline:
                return raise_for(response)
            self.sleep(wait)
            attempt += 1


def _body(response: Response) -> Any:
    if not response.is_json:
        return response.text
    try:
        return response.json()
    except ValueError:
        return response.text


def _message(body: Any, fallback: str) -> str:
    if isinstance(body, dict):
        if isinstance(body.get("message"), str):
            return body["message"]
        if isinstance(body.get("error"), dict):
            return str(body["error"].get("message", fallback))
        if isinstance(body.get("error"), str):
            return body["error"]
    return fallback


def raise_for(response: Response) -> Response:
    """The response when it is a 200 or a 202; the error of its kind otherwise."""
    status = response.status
    if status in (200, 201, 202, 204):
        return response
    body = _body(response)
    context: Dict[str, Any] = {"status": status, "body": body, "headers": response.headers}
    message = _message(body, f"HTTP {status}")
    if status == 401:
        raise errors.AuthError(message, **context)
    if status == 402:
        raise errors.PaymentRequired(message, **context)
    if status == 404:
        raise errors.NotFound(message, **context)
    if status == 409:
        raise errors.Conflict(message, **context)
    if status == 422:
        raise errors.ValidationError(message, (body or {}).get("errors", {}) if isinstance(body, dict) else {}, **context)
    if status == 429:
        raise errors.RateLimited(message, retry_after(response), **context)
    return _raise_failure(response, body, message, context)


def _raise_failure(response: Response, body: Any, message: str, context: Dict[str, Any]) -> Response:
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        # The error object: a failure before the operation ran, never billed (decisions 3).
        raise errors.Unavailable(message, code=error.get("code"), billed=bool(error.get("billed", False)), **context)
    if response.status == 500 and isinstance(body, dict):
        charged = body.get("credits_charged")
        # A collected job carries no credits_charged: a failed job is not refunded; a cancelled one is (9.4).
        billed = charged > 0 if isinstance(charged, int) else body.get("status") != "cancelled"
        raise errors.JobFailed(message, response.header("x-error-code"), billed, body.get("job_id") or response.header("x-job-id"), **context)
    if response.status == 503:
        raise errors.Unavailable(message, **context)
    raise errors.CrawlgateError(message, **context)
