"""One HTTP exchange over urllib: the answer whatever its status, or a ConnectionFailure when none came."""
import http.client
import json
import socket
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional


class ConnectionFailure(Exception):
    """No HTTP answer: refused, reset, timed out, or cut mid-answer."""


@dataclass
class Response:
    status: int
    headers: Dict[str, str]  # names lower-cased
    body: bytes

    def header(self, name: str) -> Optional[str]:
        return self.headers.get(name.lower())

    @property
    def content_type(self) -> str:
        return self.header("content-type") or ""

    @property
    def is_json(self) -> bool:
        return self.content_type.split(";")[0].strip().lower() == "application/json"

    @property
    def text(self) -> str:
        charset = "utf-8"
        for part in self.content_type.split(";")[1:]:
            name, _, value = part.strip().partition("=")
            if name.lower() == "charset" and value:
                charset = value.strip('"')
        return self.body.decode(charset, errors="replace")

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8")) if self.body else None


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    # The API never redirects; a 3xx is handed back as it is rather than followed with the key.
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


def send(method: str, url: str, headers: Mapping[str, str], body: Optional[bytes], timeout: float) -> Response:
    request = urllib.request.Request(url, data=body, headers=dict(headers), method=method)
    try:
        with _OPENER.open(request, timeout=timeout) as answer:
            return Response(answer.status, _lower(answer.headers), answer.read())
    except urllib.error.HTTPError as error:
        with error:
            return Response(error.code, _lower(error.headers), error.read())
    except (urllib.error.URLError, http.client.HTTPException, ConnectionError, socket.timeout, OSError) as error:
        raise ConnectionFailure(str(getattr(error, "reason", error))) from error


def _lower(headers: Any) -> Dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}
