"""The chat answer's nodes (service spec "Chat envelope", decisions 2), one dataclass per node type."""
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Union


@dataclass
class Source:
    attribution: str
    url: str


@dataclass
class Paragraph:
    text: str
    sources: List[Source] = field(default_factory=list)
    type: str = "paragraph"


@dataclass
class Heading:
    level: int
    text: str
    type: str = "heading"


@dataclass
class BulletList:
    items: List[str]
    type: str = "bullet_list"


@dataclass
class OrderedList:
    items: List[str]
    type: str = "ordered_list"


@dataclass
class Table:
    headers: List[str]
    rows: List[List[str]]
    sources: List[Source] = field(default_factory=list)
    type: str = "table"


@dataclass
class Product:
    name: str
    price: Optional[str] = None
    url: Optional[str] = None
    image: Optional[str] = None
    rating: Optional[str] = None
    sources: List[Source] = field(default_factory=list)


@dataclass
class ProductList:
    items: List[Product]
    type: str = "product_list"


@dataclass
class Code:
    text: str
    language: Optional[str] = None
    type: str = "code"


@dataclass
class UnknownNode:
    """A node type this client does not know yet; its JSON as answered."""
    type: str
    raw: Dict[str, Any]


Node = Union[Paragraph, Heading, BulletList, OrderedList, Table, ProductList, Code, UnknownNode]


@dataclass
class Turn:
    role: str
    message: Optional[str] = None  # the user's turn
    response: List[Node] = field(default_factory=list)  # the assistant's turn


def _sources(node: Dict[str, Any]) -> List[Source]:
    return [Source(attribution=item.get("attribution", ""), url=item.get("url", "")) for item in node.get("sources") or []]


def _texts(node: Dict[str, Any]) -> List[str]:
    return [item.get("text", "") if isinstance(item, dict) else str(item) for item in node.get("items") or []]


def _product(item: Dict[str, Any]) -> Product:
    rating = item.get("rating")
    return Product(name=item.get("name", ""), price=item.get("price"), url=item.get("url"), image=item.get("image"),
                   rating=None if rating is None else str(rating), sources=_sources(item))


def parse_node(node: Dict[str, Any]) -> Node:
    kind = node.get("type", "")
    if kind == "paragraph":
        return Paragraph(text=node.get("text", ""), sources=_sources(node))
    if kind == "heading":
        return Heading(level=int(node.get("level", 1)), text=node.get("text", ""))
    if kind == "bullet_list":
        return BulletList(items=_texts(node))
    if kind == "ordered_list":
        return OrderedList(items=_texts(node))
    if kind == "table":
        return Table(headers=list(node.get("headers") or []), rows=[list(row) for row in node.get("rows") or []], sources=_sources(node))
    if kind == "product_list":
        return ProductList(items=[_product(item) for item in node.get("items") or []])
    if kind == "code":
        return Code(text=node.get("text", ""), language=node.get("language"))
    return UnknownNode(type=kind, raw=node)


def parse_turn(turn: Dict[str, Any]) -> Turn:
    return Turn(role=turn.get("role", ""), message=turn.get("message"), response=[parse_node(node) for node in turn.get("response") or []])
