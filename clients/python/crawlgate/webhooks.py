"""Webhook signatures (decisions 7.4): `X-Crawlgate-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`."""
import hashlib
import hmac
import re
import time
from typing import Any, Mapping, Optional, Union

SIGNATURE_HEADER = "x-crawlgate-signature"


def _header(headers: Union[Mapping[str, Any], Any], name: str) -> Optional[str]:
    """The header whatever its case; from a dict, a list of pairs, or an object with items() (http.client, email)."""
    pairs = headers.items() if hasattr(headers, "items") else headers
    for key, value in pairs:
        if str(key).lower() == name:
            return value[0] if isinstance(value, (list, tuple)) else str(value)
    return None


def _parse(signature: str) -> Optional[tuple]:
    timestamp, digests = None, []
    for part in signature.split(","):
        key, _, value = part.strip().partition("=")
        # ASCII digits only: str.isdigit() takes "²", which int() refuses.
        if key == "t" and re.fullmatch(r"[0-9]{1,12}", value):
            timestamp = int(value)
        elif key == "v1":
            digests.append(value)
    return (timestamp, digests) if timestamp is not None and digests else None


def verify_webhook(secret: str, headers: Any, raw_body: Union[bytes, str], tolerance: float = 300, now: Optional[float] = None) -> bool:
    """True when the delivery was signed with `secret` over exactly `raw_body`, no more than `tolerance` seconds ago."""
    signature = _header(headers, SIGNATURE_HEADER)
    parsed = _parse(signature) if signature else None
    if parsed is None or not secret:
        return False
    timestamp, digests = parsed
    if abs((time.time() if now is None else now) - timestamp) > tolerance:
        return False
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    expected = hmac.new(secret.encode("utf-8"), str(timestamp).encode("ascii") + b"." + body, hashlib.sha256).hexdigest()
    # Every v1 compared, each in constant time, so the answer's timing says nothing of the expected digest.
    matches = [hmac.compare_digest(expected.encode("ascii"), digest.lower().encode("utf-8")) for digest in digests]
    return any(matches)
