"""The client: one method per public route of the API."""
from typing import Dict, Tuple

from .account_routes import AccountRoutes
from .job_routes import JobRoutes
from .page_routes import PageRoutes

# Every public route and its method; the coverage test holds this table (and each method's keywords) to GET /openapi.json.
ROUTES: Dict[Tuple[str, str], str] = {
    ("GET", "/crawl"): "crawl",
    ("POST", "/crawl"): "crawl_recipe",
    ("GET", "/screenshot"): "screenshot",
    ("GET", "/chat"): "chat",
    ("GET", "/crawl/{job}"): "job",
    ("DELETE", "/crawl/{job}"): "cancel",
    ("GET", "/map"): "map",
    ("POST", "/site"): "site",
    ("GET", "/account"): "account",
    ("GET", "/account/usage"): "usage",
    ("GET", "/account/jobs"): "jobs",
    ("POST", "/account/webhook-secret"): "webhook_secret",
}


class Crawlgate(PageRoutes, JobRoutes, AccountRoutes):
    """`Crawlgate(api_key, base_url="http://127.0.0.1:3000", max_retries=5, timeout=120.0)`."""
