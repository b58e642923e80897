"""Recipe blocks for POST /crawl (service spec "Recipe", decisions 8.3): one small typed helper per block type."""
from typing import Any, Dict, List, Optional

Block = Dict[str, Any]


def _block(kind: str, details: Dict[str, Any], id: Optional[str], optional: bool) -> Block:
    block: Block = {"type": kind}
    if id is not None:
        block["id"] = id
    if optional:
        block["optional"] = True
    block["details"] = {name: value for name, value in details.items() if value is not None}
    return block


def start(source: str, *, id: Optional[str] = None) -> Block:
    """The starting URL; always the first block."""
    return _block("start", {"type": "url", "source": source}, id, False)


def extract(selector: str, name: str, property: Optional[str] = None, *, id: Optional[str] = None, optional: bool = False) -> Block:
    """Reads `property` (textContent by default, trimmed) of every match into `data` under `name`."""
    return _block("extract", {"selector": selector, "name": name, "property": property}, id, optional)


def paginate(selector: str, start_block: str, *, id: Optional[str] = None, optional: bool = False) -> Block:
    """Clicks `selector` for the next page, then repeats from the block whose id is `start_block`."""
    return _block("paginate", {"selector": selector, "startBlock": start_block}, id, optional)


def click(selector: str, all: Optional[bool] = None, *, id: Optional[str] = None, optional: bool = False) -> Block:
    return _block("click", {"selector": selector, "all": all}, id, optional)


def type(selector: str, text: str, *, id: Optional[str] = None, optional: bool = False) -> Block:  # noqa: A001 - the block's name
    return _block("type", {"selector": selector, "text": text}, id, optional)


def press(key: str, *, id: Optional[str] = None, optional: bool = False) -> Block:
    """A key as Puppeteer spells it: `Enter`, `Tab`, `ArrowDown`, `a`, ..."""
    return _block("press", {"key": key}, id, optional)


def wait(milliseconds: Optional[int] = None, selector: Optional[str] = None, *, id: Optional[str] = None, optional: bool = False) -> Block:
    """Exactly one of `milliseconds` (1 to 10,000) or `selector`."""
    return _block("wait", {"milliseconds": milliseconds, "selector": selector}, id, optional)


def scroll(direction: Optional[str] = None, pixels: Optional[int] = None, selector: Optional[str] = None, *, id: Optional[str] = None, optional: bool = False) -> Block:
    return _block("scroll", {"direction": direction, "pixels": pixels, "selector": selector}, id, optional)


def screenshot(full_page: Optional[bool] = None, *, id: Optional[str] = None, optional: bool = False) -> Block:
    return _block("screenshot", {"full_page": full_page}, id, optional)


def content(format: Optional[str] = None, main_content: Optional[bool] = None, *, id: Optional[str] = None, optional: bool = False) -> Block:
    return _block("content", {"format": format, "main_content": main_content}, id, optional)


def evaluate(script: str, *, id: Optional[str] = None, optional: bool = False) -> Block:
    return _block("evaluate", {"script": script}, id, optional)


def recipe(*blocks: Block, name: Optional[str] = None, expected_output: Optional[str] = None) -> Dict[str, Any]:
    """The request body: `recipe(start(url), extract(...), ...)`."""
    body: Dict[str, Any] = {}
    if name is not None:
        body["name"] = name
    if expected_output is not None:
        body["expectedOutput"] = expected_output
    body["blocks"] = list(blocks)
    return body


BLOCK_TYPES: List[str] = ["start", "extract", "paginate", "click", "type", "press", "wait", "scroll", "screenshot", "content", "evaluate"]
