"""Typed answers: dataclasses over the API's envelopes (service spec "Resources", decisions 2, 8 and 9)."""
import base64
from dataclasses import dataclass, field, fields
from typing import Any, Dict, List, Optional, Type, TypeVar

from .chat_nodes import Node, Turn, parse_turn

T = TypeVar("T")


def _from(cls: Type[T], envelope: Dict[str, Any], **extra: Any) -> T:
    """The dataclass from the envelope's fields it names; the whole envelope stays in `raw`."""
    known = {item.name for item in fields(cls)}  # type: ignore[arg-type]
    values = {name: value for name, value in envelope.items() if name in known}
    values.update(extra)
    values["raw"] = envelope
    return cls(**values)  # type: ignore[call-arg]


@dataclass
class Page:
    """A page answer (HTML, Markdown or text) with the facts its headers carry."""
    text: str
    content_type: str
    target_status: Optional[int] = None
    final_url: Optional[str] = None
    credits_charged: Optional[int] = None
    credits_remaining: Optional[int] = None
    job_id: Optional[str] = None
    cache: Optional[str] = None  # "hit" or "miss" (X-Cache, on every GET /crawl answer), None on other routes


@dataclass
class Crawl:
    """The JSON crawl envelope (`ai_query`, `output=json`, `extract`, `ai_schema`, a longer recipe, GET /map)."""
    url: Optional[str] = None
    domain: Optional[str] = None
    job_id: Optional[str] = None
    status: Optional[str] = None
    data: Any = None
    content: Optional[str] = None
    metadata: Optional[Dict[str, Any]] = None
    links: Optional[List[Dict[str, Any]]] = None
    premium: Optional[bool] = None
    js: Optional[bool] = None
    ai_query: Optional[str] = None
    city: Optional[str] = None
    credits_charged: Optional[int] = None
    credits_remaining: Optional[int] = None
    position: Optional[int] = None
    error: Optional[str] = None
    debug: Optional[Dict[str, Any]] = None
    cache: Optional[str] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class Screenshot:
    url: Optional[str] = None
    domain: Optional[str] = None
    job_id: Optional[str] = None
    status: Optional[str] = None
    screenshot: Optional[str] = None  # base64 JPEG, as answered
    ai_query: Optional[str] = None
    data: Any = None
    credits_charged: Optional[int] = None
    credits_remaining: Optional[int] = None
    error: Optional[str] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def image(self) -> Optional[bytes]:
        """The JPEG's bytes, decoded when asked for."""
        return base64.b64decode(self.screenshot) if self.screenshot else None


@dataclass
class Chat:
    prompt: Optional[str] = None
    conversation: List[Turn] = field(default_factory=list)
    job_id: Optional[str] = None
    status: Optional[str] = None
    credits_charged: Optional[int] = None
    credits_remaining: Optional[int] = None
    error: Optional[str] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def answer(self) -> List[Node]:
        """The assistant turn's nodes ([] when there is none)."""
        return next((turn.response for turn in self.conversation if turn.role == "assistant"), [])


@dataclass
class Job:
    """A job still queued or running (a 202), or a site crawl's envelope."""
    job_id: str
    status: Optional[str] = None
    position: Optional[int] = None
    debug: Optional[Dict[str, Any]] = None
    kind: Optional[str] = None
    credits_charged: Optional[int] = None
    credits_remaining: Optional[int] = None
    error: Optional[str] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class Site:
    """A site crawl (POST /site, collected at GET /crawl/{job}; decisions 9.3): one answer's pages and `next`."""
    job_id: str
    status: Optional[str] = None
    url: Optional[str] = None
    domain: Optional[str] = None
    position: Optional[int] = None
    stop_reason: Optional[str] = None
    error: Optional[str] = None
    credits_used: Optional[int] = None
    counts: Optional[Dict[str, Any]] = None
    pages: List[Dict[str, Any]] = field(default_factory=list)
    next: Optional[str] = None
    created_at: Optional[str] = None
    finished_at: Optional[str] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)


def crawl_from(envelope: Dict[str, Any], cache: Optional[str] = None) -> Crawl:
    return _from(Crawl, envelope, cache=cache)


def screenshot_from(envelope: Dict[str, Any]) -> Screenshot:
    shot = _from(Screenshot, envelope)
    # Collected from the job route the image is at data.screenshots[0] (service spec).
    data = envelope.get("data")
    if shot.screenshot is None and isinstance(data, dict) and data.get("screenshots"):
        shot.screenshot = data["screenshots"][0]
    return shot


def chat_from(envelope: Dict[str, Any]) -> Chat:
    turns = envelope.get("conversation")
    prompt = envelope.get("prompt")
    data = envelope.get("data")
    # Collected from the job route the answer is at data[0].conversation (service spec).
    if turns is None and isinstance(data, list) and data and isinstance(data[0], dict):
        turns = data[0].get("conversation")
        prompt = prompt if prompt is not None else data[0].get("prompt")
    chat = _from(Chat, envelope, conversation=[parse_turn(turn) for turn in turns or []])
    chat.prompt = prompt
    return chat


def job_from(envelope: Dict[str, Any], credits_charged: Optional[int] = None, credits_remaining: Optional[int] = None) -> Job:
    job = _from(Job, envelope)
    job.credits_charged = job.credits_charged if job.credits_charged is not None else credits_charged
    job.credits_remaining = job.credits_remaining if job.credits_remaining is not None else credits_remaining
    return job


def site_from(envelope: Dict[str, Any]) -> Site:
    return _from(Site, envelope)


@dataclass
class SitePage:
    """One stored page of a site crawl (decisions 9.3)."""
    url: str
    final_url: Optional[str] = None
    depth: Optional[int] = None
    parent: Optional[str] = None
    target_status: Optional[int] = None
    credits: Optional[int] = None
    content: Optional[str] = None
    metadata: Optional[Dict[str, Any]] = None
    links: Optional[List[Dict[str, Any]]] = None
    data: Any = None
    error: Optional[str] = None
    duplicate_of: Optional[str] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)

    @staticmethod
    def of(page: Dict[str, Any]) -> "SitePage":
        return _from(SitePage, page)


@dataclass
class MapLink:
    url: str
    source: Optional[str] = None  # "sitemap" or "page"
    lastmod: Optional[str] = None


@dataclass
class LinkMap:
    """GET /map's answer (decisions 9.2): the crawl envelope's fields, and `data`'s links typed."""
    url: Optional[str] = None
    domain: Optional[str] = None
    job_id: Optional[str] = None
    status: Optional[str] = None
    error: Optional[str] = None
    credits_charged: Optional[int] = None
    credits_remaining: Optional[int] = None
    data: Any = None
    links: List[MapLink] = field(default_factory=list)
    sitemaps: List[str] = field(default_factory=list)
    skipped: Dict[str, int] = field(default_factory=dict)
    truncated: Optional[bool] = None
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)


def link_map_from(envelope: Dict[str, Any]) -> LinkMap:
    data = envelope.get("data") if isinstance(envelope.get("data"), dict) else {}
    links = [MapLink(url=link.get("url", ""), source=link.get("source"), lastmod=link.get("lastmod")) for link in data.get("links") or []]
    return _from(LinkMap, envelope, links=links, sitemaps=list(data.get("sitemaps") or []), skipped=dict(data.get("skipped") or {}),
                 truncated=data.get("truncated"))
