"""Jobs and whole sites: GET and DELETE /crawl/{job} (decisions 9.4), GET /map (9.2), POST /site (9.3)."""
from typing import Iterator, Optional, Sequence, Union
from urllib.parse import quote

from . import errors
from .base import BaseClient, Result, result_from
from .models import Crawl, Job, LinkMap, Site, SitePage, job_from, link_map_from, site_from
from .page_routes import Flag, Rules, Selectors, given
from .session import backoff

Patterns = Union[str, Sequence[str]]


def _job_id(job: Union[str, Job, Site]) -> str:
    return job if isinstance(job, str) else job.job_id


def _job_path(job: Union[str, Job, Site]) -> str:
    return f"/crawl/{quote(_job_id(job), safe='')}"


class JobRoutes(BaseClient):
    def job(self, job: Union[str, Job, Site], *, cursor: Optional[str] = None, wait: bool = False,
            timeout: Optional[float] = None) -> Result:
        """GET /crawl/{job} (free): the job's answer when it ended, its Job while it runs (or waits for it with wait=True)."""
        deadline = self._session.deadline(timeout)
        if wait and cursor is None:
            # A Job of a 202 carries what was charged; the collected answer carries no figures: they go over to it.
            charged = job.credits_charged if isinstance(job, Job) else None
            remaining = job.credits_remaining if isinstance(job, Job) else None
            return self._await(_job_id(job), deadline, charged, remaining)
        path = _job_path(job) + (f"?cursor={quote(cursor, safe='')}" if cursor is not None else "")
        response = self._get(path, deadline)
        if response.status == 202 and response.json().get("kind") != "site":
            return job_from(response.json())
        return result_from(response)

    def cancel(self, job: Union[str, Job, Site], *, timeout: Optional[float] = None) -> Union[Job, Site]:
        """DELETE /crawl/{job} (free): the cancelled job as collected (a Site for a site crawl); Conflict (409) when it
        runs and is not a site crawl, or has ended."""
        try:
            response = self._get(_job_path(job), self._session.deadline(timeout), "DELETE")
        except errors.JobFailed as failed:
            # A cancelled job of another kind than a site crawl is collected as a failure (500): here it is the answer.
            if isinstance(failed.body, dict) and failed.body.get("status") == "cancelled":
                return job_from(failed.body)
            raise
        envelope = response.json()
        return site_from(envelope) if envelope.get("kind") == "site" else job_from(envelope)

    def map(self, url: str, *, limit: Optional[int] = None, scope: Optional[str] = None,
            include_paths: Optional[Patterns] = None, exclude_paths: Optional[Patterns] = None,
            sitemap: Optional[str] = None, ignore_query: Optional[Flag] = None, premium: Optional[Flag] = None,
            js: Optional[Flag] = None, images: Optional[Flag] = None, adblock: Optional[Flag] = None,
            wait_until: Optional[str] = None, user_agent: Optional[str] = None, country: Optional[str] = None,
            city: Optional[str] = None, webhook_url: Optional[str] = None, wait: bool = True,
            timeout: Optional[float] = None, idempotency_key: Optional[str] = None) -> Union[LinkMap, Result]:
        """GET /map: a LinkMap (`.links` of MapLink, `.sitemaps`, `.skipped`, `.truncated`); a Job with wait=False on a 202."""
        result = self._metered("GET", "/map", given(locals()), wait=wait, timeout=timeout, idempotency_key=idempotency_key)
        if not isinstance(result, Crawl):
            return result
        link_map = link_map_from(result.raw)
        # A map collected after its 202 carries its charge as the 202 said it (the collected envelope has none).
        if link_map.credits_charged is None:
            link_map.credits_charged, link_map.credits_remaining = result.credits_charged, result.credits_remaining
        return link_map

    def site(self, url: str, *, limit: Optional[int] = None, max_depth: Optional[int] = None, scope: Optional[str] = None,
             include_paths: Optional[Patterns] = None, exclude_paths: Optional[Patterns] = None,
             sitemap: Optional[str] = None, ignore_query: Optional[Flag] = None, delay: Optional[int] = None,
             max_credits: Optional[int] = None, webhook_url: Optional[str] = None,
             webhook_events: Optional[Union[str, Sequence[str]]] = None, format: Optional[str] = None,
             main_content: Optional[Flag] = None, include_selectors: Optional[Selectors] = None,
             exclude_selectors: Optional[Selectors] = None, extract: Optional[Rules] = None, ai_query: Optional[str] = None,
             ai_schema: Optional[Rules] = None, premium: Optional[Flag] = None, js: Optional[Flag] = None,
             images: Optional[Flag] = None, adblock: Optional[Flag] = None, wait_until: Optional[str] = None,
             viewport: Optional[str] = None, device_scale_factor: Optional[float] = None, mobile: Optional[Flag] = None,
             landscape: Optional[Flag] = None, touch: Optional[Flag] = None, user_agent: Optional[str] = None,
             country: Optional[str] = None, city: Optional[str] = None, max_age: Optional[int] = None, store: Optional[Flag] = None,
             timeout: Optional[float] = None, idempotency_key: Optional[str] = None) -> Site:
        """POST /site: starts a site crawl (always a 202): its Site; `site_pages(site)` then yields every page."""
        result = self._metered("POST", "/site", given(locals()), wait=False, timeout=timeout, idempotency_key=idempotency_key)
        return result if isinstance(result, Site) else Site(job_id=result.job_id, status=result.status, raw=result.raw)  # type: ignore[union-attr]

    def site_pages(self, job: Union[str, Job, Site], *, timeout: Optional[float] = None) -> Iterator[SitePage]:
        """Every page of a site crawl, following `next` until the crawl has ended and every page was read; while it runs
        and no page is new, polls with backoff. `timeout` bounds each request, not the crawl."""
        path: Optional[str] = _job_path(job)
        attempt = 0
        while path:
            response = self._get(path, self._session.deadline(timeout))
            site = site_from(response.json())
            for page in site.pages:
                yield SitePage.of(page)
            attempt = 0 if site.pages else attempt + 1
            if site.next and not site.pages:
                self._session.sleep(backoff(attempt, base=0.25, cap=5.0))
            path = site.next
