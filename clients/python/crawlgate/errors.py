"""One exception class per kind of failure the API answers (decisions.md section 3)."""
from typing import Any, Dict, List, Mapping, Optional


class CrawlgateError(Exception):
    """Base of every error the client raises; `status` is the HTTP status (None when no answer came)."""

    def __init__(self, message: str, status: Optional[int] = None, body: Any = None, headers: Optional[Mapping[str, str]] = None):
        super().__init__(message)
        self.message = message
        self.status = status
        self.body = body
        self.headers: Mapping[str, str] = headers or {}
        # Set on an error of a metered call: the Idempotency-Key it was sent with. Calling again with
        # `idempotency_key=error.idempotency_key` answers the first request's job, never a second charge.
        self.idempotency_key: Optional[str] = None
        # Set on an error met while collecting a paid job (a 202's): collect it with `client.job(error.job_id)`.
        self.job_id: Optional[str] = getattr(self, "job_id", None)


class AuthError(CrawlgateError):
    """401: no key, an unknown or revoked key, or a caller that is not an organization."""


class PaymentRequired(CrawlgateError):
    """402: the balance does not cover the request, or the daily limit is reached."""


class NotFound(CrawlgateError):
    """404: an unknown job id, or another organization's."""


class Conflict(CrawlgateError):
    """409: the job cannot be cancelled (it runs and is not a site crawl, or it has ended)."""


class ValidationError(CrawlgateError):
    """422: `errors` maps each refused parameter to its messages."""

    def __init__(self, message: str, errors: Dict[str, List[str]], **kwargs: Any):
        super().__init__(message, **kwargs)
        self.errors = errors


class RateLimited(CrawlgateError):
    """429 after every retry: the plan's concurrency or burst; `retry_after` in seconds as the service asked."""

    def __init__(self, message: str, retry_after: Optional[float], **kwargs: Any):
        super().__init__(message, **kwargs)
        self.retry_after = retry_after


class JobFailed(CrawlgateError):
    """500 with the route's envelope: the operation ran and failed. `code` is X-Error-Code; `billed` whether it was paid."""

    def __init__(self, message: str, code: Optional[str], billed: bool, job_id: Optional[str], **kwargs: Any):
        super().__init__(message, **kwargs)
        self.code = code
        self.billed = billed
        self.job_id = job_id


class Unavailable(CrawlgateError):
    """503 (or a 500 error object): a failure before the operation ran, nothing charged; also no answer at all.

    With a `job_id`, it was met while collecting a job already answered 202 (paid: `billed` True): collect the job
    with `client.job(error.job_id)` rather than call again.
    """

    def __init__(self, message: str, code: Optional[str] = None, billed: bool = False, **kwargs: Any):
        super().__init__(message, **kwargs)
        self.code = code
        self.billed = billed


class Timeout(CrawlgateError):
    """The call's total time passed while waiting for a job.

    `job_id` is the job to collect later (it is paid) once the service had named it (a 202); None when no answer came
    at all within the call's time: the call made again with `idempotency_key=error.idempotency_key` answers the first
    job's state without a second charge.
    """

    def __init__(self, message: str, job_id: Optional[str] = None, **kwargs: Any):
        super().__init__(message, **kwargs)
        self.job_id = job_id
