"""What every route shares: metered calls with an Idempotency-Key, 202s waited for, answers turned into dataclasses."""
import time
from typing import Any, Dict, Optional, Union
from urllib.parse import quote

from . import errors
from .models import Crawl, Chat, Job, Page, Screenshot, Site, chat_from, crawl_from, job_from, screenshot_from, site_from
from .params import query_string
from .session import Session, backoff, new_idempotency_key
from .transport import Response

Result = Union[Page, Crawl, Screenshot, Chat, Site, Job]


def _int(value: Optional[str]) -> Optional[int]:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None


def page_from(response: Response, charged: Optional[int] = None, remaining: Optional[int] = None) -> Page:
    header = response.header
    return Page(
        text=response.text,
        content_type=response.content_type,
        target_status=_int(header("x-target-status")),
        final_url=header("x-final-url"),
        credits_charged=_int(header("x-credits-charged")) if header("x-credits-charged") is not None else charged,
        credits_remaining=_int(header("x-credits-remaining")) if header("x-credits-remaining") is not None else remaining,
        job_id=header("x-job-id"),
        cache=(header("x-cache") or "").lower() or None,
    )


def envelope_from(envelope: Dict[str, Any], cache: Optional[str] = None) -> Result:
    """The dataclass of a JSON answer, told apart by its fields (the job route answers every kind)."""
    if envelope.get("kind") == "site":
        return site_from(envelope)
    if "screenshot" in envelope:
        return screenshot_from(envelope)
    if "prompt" in envelope:
        return chat_from(envelope)
    return crawl_from(envelope, cache)


def result_from(response: Response, charged: Optional[int] = None, remaining: Optional[int] = None) -> Result:
    """A 200's answer; `charged`/`remaining` are the 202's figures for a collected answer, which carries none."""
    if not response.is_json:
        return page_from(response, charged, remaining)
    result = envelope_from(response.json(), (response.header("x-cache") or "").lower() or None)
    if getattr(result, "credits_charged", 0) is None:
        result.credits_charged = charged  # type: ignore[union-attr]
    if getattr(result, "credits_remaining", 0) is None:
        result.credits_remaining = remaining  # type: ignore[union-attr]
    return result


class BaseClient:
    def __init__(self, api_key: str, base_url: str = "http://127.0.0.1:3000", max_retries: int = 5, timeout: float = 120.0):
        """`max_retries`: retries of one request (429, 503, connection errors of keyed requests); `timeout`: a call's total
        seconds, retries and the wait for a 202's job included (per call: the `timeout` argument)."""
        self._session = Session(api_key, base_url, max_retries, timeout)

    @property
    def base_url(self) -> str:
        return self._session.base_url

    def _metered(self, method: str, path: str, params: Dict[str, Any], *, body: Any = None, wait: bool, timeout: Optional[float],
                 idempotency_key: Optional[str]) -> Result:
        """A metered call: keyed (so a retry never pays twice), and its 202 waited for unless `wait` is False."""
        deadline = self._session.deadline(timeout)
        query = query_string(params)
        key = idempotency_key or new_idempotency_key()
        try:
            response = self._session.request(method, f"{path}?{query}" if query else path, deadline=deadline, body=body, idempotency_key=key)
            if response.status != 202:
                return result_from(response)
            envelope = response.json()
            charged, remaining = _int(response.header("x-credits-charged")), _int(response.header("x-credits-remaining"))
            if envelope.get("kind") == "site":
                return site_from(envelope)
            job = job_from(envelope, charged, remaining)
            if not wait:
                return job
            return self._await(job.job_id, deadline, charged, remaining)
        except errors.CrawlgateError as error:
            # The key the request went with, generated or given: the way to ask again without paying twice.
            error.idempotency_key = key
            raise

    def _await(self, job_id: str, deadline: float, charged: Optional[int] = None, remaining: Optional[int] = None) -> Result:
        """Polls GET /crawl/{job} with backoff until the job ends (its answer, or JobFailed) or the deadline passes."""
        attempt = 0
        while True:
            try:
                response = self._get(f"/crawl/{quote(job_id, safe='')}", deadline)
            except errors.Timeout as timeout:
                raise errors.Timeout(f"job {job_id} still running when the call's time passed; collect it later", job_id=job_id) from timeout
            except errors.CrawlgateError as error:
                # The job is paid: whatever stopped its collection, the caller gets its id to collect it, not to pay again.
                error.job_id = error.job_id or job_id
                if isinstance(error, errors.Unavailable):
                    error.billed = True
                raise
            if response.status != 202:
                result = result_from(response, charged, remaining)
                if isinstance(result, Page) and result.job_id is None:
                    result.job_id = job_id
                return result
            pause = backoff(attempt, base=0.25, cap=2.0)
            if time.monotonic() + pause >= deadline:
                raise errors.Timeout(f"job {job_id} still running when the call's time passed; collect it later", job_id=job_id)
            self._session.sleep(pause)
            attempt += 1

    def _get(self, path_and_query: str, deadline: float, method: str = "GET") -> Response:
        return self._session.request(method, path_and_query, deadline=deadline)

    def _json(self, method: str, path: str, params: Optional[Dict[str, Any]] = None, timeout: Optional[float] = None) -> Any:
        query = query_string(params or {})
        return self._get(f"{path}?{query}" if query else path, self._session.deadline(timeout), method).json()
