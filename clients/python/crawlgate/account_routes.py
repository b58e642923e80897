"""The organization's own routes (decisions 4 and 7.5): free, key in the header only. Answers as the API gives them."""
import datetime
from typing import Any, Dict, Optional, Union

from .base import BaseClient

Day = Union[str, datetime.date]


class AccountRoutes(BaseClient):
    def account(self) -> Dict[str, Any]:
        """GET /account: `{organization, plan, credits_remaining, monthly_allowance, concurrency, burst, daily_limit, usage}`."""
        return self._json("GET", "/account")

    def usage(self, *, from_: Optional[Day] = None, to: Optional[Day] = None) -> Dict[str, Any]:
        """GET /account/usage?from=&to= (`from_` because `from` is a Python keyword): `{days: [{date, host, crawls,
        attempts, credits}]}`."""
        return self._json("GET", "/account/usage", {"from_": from_, "to": to})

    def jobs(self, *, limit: Optional[int] = None) -> Dict[str, Any]:
        """GET /account/jobs?limit=: `{jobs: [{job_id, kind, status, host, credits, created_at, finished_at, error}]}`."""
        return self._json("GET", "/account/jobs", {"limit": limit})

    def webhook_secret(self) -> str:
        """POST /account/webhook-secret: a new secret (it replaces the old one) for verify_webhook."""
        return self._json("POST", "/account/webhook-secret")["secret"]
