"""What the tests share: the running service's addresses (from the e2e stack), the admin API, the OpenAPI document."""
import json
import os
import unittest
import urllib.request
from functools import lru_cache
from typing import Any, Dict, Optional, Set, Tuple

from crawlgate import Crawlgate


def _stack_env() -> Dict[str, Any]:
    # Run by hand against a stack left running by jest: read its env file.
    path = os.environ.get("CRAWLGATE_ENV_FILE", ".test-run/env.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    return {}


_STACK = _stack_env()
BASE_URL = os.environ.get("CRAWLGATE_BASE_URL") or _STACK.get("baseUrl", "")
ADMIN_TOKEN = os.environ.get("CRAWLGATE_ADMIN_TOKEN") or _STACK.get("adminToken", "")
TARGET_URL = os.environ.get("CRAWLGATE_TARGET_URL") or _STACK.get("target", {}).get("url", "")
RECIPE_SITE_URL = os.environ.get("CRAWLGATE_RECIPE_SITE_URL") or _STACK.get("recipeSite", {}).get("url", "")

if not (BASE_URL and ADMIN_TOKEN and TARGET_URL):
    raise RuntimeError("set CRAWLGATE_BASE_URL, CRAWLGATE_ADMIN_TOKEN, CRAWLGATE_TARGET_URL (the e2e stack's)")


def page(path: str) -> str:
    return TARGET_URL + path


def admin(method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Any:
    data = json.dumps(body).encode("utf-8") if body is not None else None
    request = urllib.request.Request(BASE_URL + path, data=data, method=method,
                                     headers={"Authorization": f"Bearer {ADMIN_TOKEN}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        raw = answer.read()
        return json.loads(raw) if raw else None


def organization(plan: str = "lite", credits: Optional[int] = 1000) -> Dict[str, Any]:
    """A new organization: `{id, api_key, ...}` as POST /admin/organizations answers."""
    body: Dict[str, Any] = {"name": f"python-{plan}", "plan": plan}
    if credits is not None:
        body["credits"] = credits
    return admin("POST", "/admin/organizations", body)


def client_for(org: Dict[str, Any], **options: Any) -> Crawlgate:
    return Crawlgate(org["api_key"], base_url=BASE_URL, **options)


def balance(org: Dict[str, Any]) -> int:
    return admin("GET", f"/admin/organizations/{org['id']}")["credits_remaining"]


def ledger(org: Dict[str, Any]) -> list:
    return admin("GET", f"/admin/organizations/{org['id']}/ledger")["entries"]


@lru_cache(maxsize=1)
def openapi() -> Dict[str, Any]:
    with urllib.request.urlopen(BASE_URL + "/openapi.json", timeout=30) as answer:
        return json.load(answer)


def routes() -> Set[Tuple[str, str]]:
    return {(method.upper(), path) for path, operations in openapi()["paths"].items() for method in operations
            if method in ("get", "post", "put", "patch", "delete")}


def requires_route(method: str, path: str) -> Any:
    """Runs the test only once the route is in the service's OpenAPI document (decisions 9 routes being built)."""
    present = (method, path) in routes()
    return unittest.skipUnless(present, f"pending: {method} {path} is not in the service's /openapi.json yet")


def requires_parameter(method: str, path: str, name: str) -> Any:
    """Runs the test only once the route documents the query parameter (decisions 9 parameters being built)."""
    operation = openapi()["paths"].get(path, {}).get(method.lower(), {})
    present = any(parameter["name"] == name for parameter in operation.get("parameters", []))
    return unittest.skipUnless(present, f"pending: {method} {path} has no {name} parameter in the service's /openapi.json yet")
