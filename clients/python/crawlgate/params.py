"""Python values to the query string's text: booleans as `true`/`false`, lists comma-joined, rules as JSON."""
import datetime
import json
from typing import Any, Dict, Mapping
from urllib.parse import urlencode


def query_value(value: Any) -> str:
    # bool before int: True is an int in Python. `true`/`false` is both GET's boolean text and POST /crawl's JSON booleans.
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict,)):
        return json.dumps(value, separators=(",", ":"))
    if isinstance(value, (list, tuple)):
        return ",".join(query_value(item) for item in value)
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()[:10]
    return str(value)


def api_name(name: str) -> str:
    """A keyword's name in the API: `from_` is `from` (a Python keyword)."""
    return name[:-1] if name.endswith("_") else name


def query_string(params: Mapping[str, Any]) -> str:
    """The parameters given (None means absent), in the order given."""
    pairs: Dict[str, str] = {api_name(name): query_value(value) for name, value in params.items() if value is not None}
    return urlencode(pairs)
