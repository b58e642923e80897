"""The client's side of decisions 9.2 to 9.4 against a stand-in that answers as the contract says, so the paging and
cancel logic runs today; tests/test_sites.py runs the same calls against the service once it serves them."""
import http.server
import json
import threading
import unittest
from typing import Any, Dict, List, Tuple
from urllib.parse import parse_qs, urlsplit

from crawlgate import Crawlgate, Job, LinkMap, MapLink, Site, SitePage

SITE = {"job_id": "org_site", "kind": "site", "url": "https://docs.example/", "domain": "docs.example", "position": None,
        "stop_reason": None, "error": None, "created_at": "2026-11-28T00:00:00.000Z", "finished_at": None, "credits_used": 0,
        "counts": {}}


def site_page(n: int) -> Dict[str, Any]:
    return {"url": f"https://docs.example/{n}", "final_url": f"https://docs.example/{n}", "depth": 1, "parent": None,
            "target_status": 200, "credits": 5, "content": f"# Page {n}", "metadata": {}, "links": [], "data": None,
            "error": None, "duplicate_of": None}


# cursor -> (status, pages, next cursor): running with nothing new, running with two pages, ended with the last page.
ANSWERS = {None: (202, [], "c1"), "c1": (202, [site_page(1), site_page(2)], "c2"), "c2": (200, [site_page(3)], None)}


class StandIn(http.server.BaseHTTPRequestHandler):
    seen: List[Tuple[str, str, bytes]] = []

    def answer(self, status: int, body: Dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:  # noqa: N802 - http.server's names
        StandIn.seen.append(("GET", self.path, b""))
        url = urlsplit(self.path)
        if url.path == "/map":
            return self.answer(200, {"url": "https://docs.example/", "status": "done", "credits_charged": 1, "job_id": "org_map",
                                     "data": {"links": [{"url": "https://docs.example/a", "source": "sitemap", "lastmod": None}]}})
        cursor = parse_qs(url.query).get("cursor", [None])[0]
        status, pages, following = ANSWERS[cursor]
        self.answer(status, {**SITE, "status": "running" if status == 202 else "done", "pages": pages,
                             "next": f"/crawl/org_site?cursor={following}" if following else None})

    def do_POST(self) -> None:  # noqa: N802
        StandIn.seen.append(("POST", self.path, self.rfile.read(int(self.headers.get("Content-Length", "0")))))
        self.answer(202, {**SITE, "status": "queued", "pages": [], "next": "/crawl/org_site"})

    def do_DELETE(self) -> None:  # noqa: N802
        StandIn.seen.append(("DELETE", self.path, b""))
        # A queued crawl of another kind is collected as a failed job would be: 500, status cancelled.
        self.answer(500, {"job_id": "org_crawl", "status": "cancelled", "error": "The job was cancelled.", "position": None})

    def log_message(self, *args: Any) -> None:
        pass


class SiteStandInTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), StandIn)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.client = Crawlgate("cg_test", base_url=f"http://127.0.0.1:{cls.server.server_address[1]}", timeout=20)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.shutdown()
        cls.server.server_close()

    def setUp(self) -> None:
        StandIn.seen = []

    def test_site_sends_its_options_in_the_query_and_pages_follow_next(self) -> None:
        site = self.client.site("https://docs.example/", limit=3, include_paths=["/docs/**", "/api/*"], ignore_query=False,
                                webhook_events=["page", "finished"], main_content=True)
        self.assertEqual((type(site), site.job_id, site.status), (Site, "org_site", "queued"))
        method, path, body = StandIn.seen[0]
        self.assertEqual((method, body), ("POST", b""))
        self.assertEqual(parse_qs(urlsplit(path).query), {
            "url": ["https://docs.example/"], "limit": ["3"], "include_paths": ["/docs/**,/api/*"], "ignore_query": ["false"],
            "webhook_events": ["page,finished"], "main_content": ["true"]})
        pages = list(self.client.site_pages(site))
        self.assertEqual([type(item) for item in pages], [SitePage] * 3)
        self.assertEqual([item.content for item in pages], ["# Page 1", "# Page 2", "# Page 3"])
        self.assertEqual([entry[1] for entry in StandIn.seen[1:]], ["/crawl/org_site", "/crawl/org_site?cursor=c1", "/crawl/org_site?cursor=c2"])

    def test_map_and_cancel(self) -> None:
        mapped = self.client.map("https://docs.example/", sitemap="only", limit=10)
        self.assertEqual((type(mapped), mapped.links, mapped.credits_charged), (LinkMap, [MapLink("https://docs.example/a", "sitemap", None)], 1))
        self.assertEqual(parse_qs(urlsplit(StandIn.seen[0][1]).query), {"url": ["https://docs.example/"], "sitemap": ["only"], "limit": ["10"]})
        cancelled = self.client.cancel("org_crawl")
        self.assertEqual((type(cancelled), cancelled.status), (Job, "cancelled"))
        self.assertEqual(StandIn.seen[-1][:2], ("DELETE", "/crawl/org_crawl"))
