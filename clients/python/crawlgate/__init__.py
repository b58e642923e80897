"""Crawlgate's Python client: every route, typed answers, retries as the API asks; standard library only."""
from . import recipe
from .chat_nodes import BulletList, Code, Heading, OrderedList, Paragraph, Product, ProductList, Source, Table, Turn, UnknownNode
from .client import ROUTES, Crawlgate
from .errors import (AuthError, Conflict, CrawlgateError, JobFailed, NotFound, PaymentRequired, RateLimited, Timeout,
                     Unavailable, ValidationError)
from .models import Chat, Crawl, Job, LinkMap, MapLink, Page, Screenshot, Site, SitePage
from .recipe import click, content, evaluate, extract, paginate, press, screenshot, scroll, start, wait
from .webhooks import verify_webhook

__version__ = "0.1.0"

__all__ = [
    "Crawlgate", "ROUTES", "verify_webhook", "recipe",
    "Page", "Crawl", "Screenshot", "Chat", "Job", "Site", "SitePage", "LinkMap", "MapLink",
    "Paragraph", "Heading", "BulletList", "OrderedList", "Table", "Product", "ProductList", "Code", "Source", "Turn", "UnknownNode",
    "CrawlgateError", "AuthError", "PaymentRequired", "NotFound", "Conflict", "ValidationError", "RateLimited", "JobFailed",
    "Unavailable", "Timeout",
    "start", "extract", "paginate", "click", "press", "wait", "scroll", "content", "evaluate",
]
