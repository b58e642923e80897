"""The page routes: GET /crawl, POST /crawl, GET /screenshot, GET /chat (service spec "Endpoints", decisions 8)."""
from typing import Any, Dict, List, Optional, Sequence, Union

from .base import BaseClient, Result

Flag = Union[bool, str]
Selectors = Union[str, Sequence[str]]
Rules = Union[str, Dict[str, Any]]


def given(values: Dict[str, Any]) -> Dict[str, Any]:
    """A method's own keyword arguments, less the client's own (`wait`, `timeout`, `idempotency_key`)."""
    return {name: value for name, value in values.items() if name not in ("self", "wait", "timeout", "idempotency_key", "recipe", "body")}


class PageRoutes(BaseClient):
    def crawl(self, url: str, *, premium: Optional[Flag] = None, js: Optional[Flag] = None, images: Optional[Flag] = None,
              ai_query: Optional[str] = None, adblock: Optional[Flag] = None, wait_until: Optional[str] = None,
              viewport: Optional[str] = None, device_scale_factor: Optional[float] = None, mobile: Optional[Flag] = None,
              landscape: Optional[Flag] = None, touch: Optional[Flag] = None, user_agent: Optional[str] = None,
              country: Optional[str] = None, city: Optional[str] = None, format: Optional[str] = None,
              main_content: Optional[Flag] = None, include_selectors: Optional[Selectors] = None,
              exclude_selectors: Optional[Selectors] = None, output: Optional[str] = None, extract: Optional[Rules] = None,
              ai_schema: Optional[Rules] = None, max_age: Optional[int] = None, store: Optional[Flag] = None,
              webhook_url: Optional[str] = None, wait: bool = True, timeout: Optional[float] = None,
              idempotency_key: Optional[str] = None) -> Result:
        """GET /crawl: a Page (HTML, Markdown, text), or a Crawl when JSON is answered; a Job with wait=False on a 202."""
        return self._metered("GET", "/crawl", given(locals()), wait=wait, timeout=timeout, idempotency_key=idempotency_key)

    def crawl_recipe(self, recipe: Union[Dict[str, Any], List[Dict[str, Any]]], *, premium: Optional[bool] = None,
                     js: Optional[bool] = None, images: Optional[bool] = None, adblock: Optional[bool] = None,
                     wait_until: Optional[str] = None, viewport: Optional[str] = None,
                     device_scale_factor: Optional[float] = None, mobile: Optional[bool] = None,
                     landscape: Optional[bool] = None, touch: Optional[bool] = None, user_agent: Optional[str] = None,
                     country: Optional[str] = None, city: Optional[str] = None, format: Optional[str] = None,
                     main_content: Optional[bool] = None, include_selectors: Optional[Selectors] = None,
                     exclude_selectors: Optional[Selectors] = None, output: Optional[str] = None,
                     webhook_url: Optional[str] = None, wait: bool = True, timeout: Optional[float] = None,
                     idempotency_key: Optional[str] = None) -> Result:
        """POST /crawl: runs a recipe (`crawlgate.recipe(start(url), extract(...))`, or a list of blocks)."""
        body = {"blocks": list(recipe)} if isinstance(recipe, list) else recipe
        return self._metered("POST", "/crawl", given(locals()), body=body, wait=wait, timeout=timeout, idempotency_key=idempotency_key)

    def screenshot(self, url: str, *, premium: Optional[Flag] = None, js: Optional[Flag] = None, images: Optional[Flag] = None,
                   ai_query: Optional[str] = None, adblock: Optional[Flag] = None, wait_until: Optional[str] = None,
                   viewport: Optional[str] = None, device_scale_factor: Optional[float] = None,
                   mobile: Optional[Flag] = None, landscape: Optional[Flag] = None, touch: Optional[Flag] = None,
                   user_agent: Optional[str] = None, country: Optional[str] = None, city: Optional[str] = None,
                   webhook_url: Optional[str] = None, wait: bool = True, timeout: Optional[float] = None,
                   idempotency_key: Optional[str] = None) -> Result:
        """GET /screenshot: a Screenshot (`.image` is the JPEG's bytes)."""
        return self._metered("GET", "/screenshot", given(locals()), wait=wait, timeout=timeout, idempotency_key=idempotency_key)

    def chat(self, prompt: str, *, premium: Optional[Flag] = None, country: Optional[str] = None, city: Optional[str] = None,
             webhook_url: Optional[str] = None, wait: bool = True, timeout: Optional[float] = None,
             idempotency_key: Optional[str] = None) -> Result:
        """GET /chat: a Chat (`.answer` is the assistant's typed nodes)."""
        return self._metered("GET", "/chat", given(locals()), wait=wait, timeout=timeout, idempotency_key=idempotency_key)
