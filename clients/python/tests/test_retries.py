"""Retries as the API asks: a real 429 from a free organization whose one slot is held, then 503s and dropped
connections from a stand-in server (the service cannot be made to drop a connection on demand)."""
import http.server
import json
import re
import threading
import time
import unittest
import urllib.request
from typing import Any, List
from unittest import mock

from crawlgate import Crawlgate, Page, RateLimited, Unavailable

from .support import ADMIN_TOKEN, BASE_URL, balance, client_for, ledger, organization, page


def answered_429() -> int:
    """The service's count of 429 answers on GET /crawl (its /metrics)."""
    request = urllib.request.Request(BASE_URL + "/metrics", headers={"Authorization": f"Bearer {ADMIN_TOKEN}"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        text = answer.read().decode("utf-8")
    found = re.search(r'^crawlgate_http_requests_total\{method="GET",route="/crawl",status="429"\} (\d+)', text, re.M)
    return int(found.group(1)) if found else 0


class RateLimitTest(unittest.TestCase):
    def test_a_429_is_waited_out_and_nothing_is_charged_twice(self) -> None:
        org = organization("free", None)
        self.assertEqual(balance(org), 1000)
        holder, client = client_for(org), client_for(org)
        held: List[Any] = []
        thread = threading.Thread(target=lambda: held.append(holder.crawl(page("/slow?ms=3000"), js=False)))
        thread.start()
        until = time.monotonic() + 10
        while holder.account()["concurrency"]["in_use"] != 1:
            self.assertLess(time.monotonic(), until, "the holder never took its slot")
            time.sleep(0.05)
        refused_before = answered_429()
        real_sleep = time.sleep
        with mock.patch("crawlgate.session.time.sleep", side_effect=real_sleep) as slept:
            result = client.crawl(page("/static"), js=False)
        thread.join()
        self.assertIsInstance(result, Page)
        self.assertIsInstance(held[0], Page)
        refused = answered_429() - refused_before
        self.assertGreaterEqual(refused, 1)
        # Each wait was at least the Retry-After the service asked (1 s), one wait per 429.
        waits = [call.args[0] for call in slept.call_args_list]
        self.assertEqual(len(waits), refused)
        self.assertTrue(all(wait >= 1.0 for wait in waits), waits)
        self.assertEqual(balance(org), 998)
        charges = [entry for entry in ledger(org) if entry["amount"] < 0]
        self.assertEqual(sorted((entry["amount"], entry["job_id"]) for entry in charges),
                         sorted([(-1, held[0].job_id), (-1, result.job_id)]))

    def test_rate_limited_after_the_retries(self) -> None:
        org = organization("free", None)
        holder = client_for(org)
        thread = threading.Thread(target=lambda: holder.crawl(page("/slow?ms=2500"), js=False))
        thread.start()
        until = time.monotonic() + 10
        while holder.account()["concurrency"]["in_use"] != 1:
            self.assertLess(time.monotonic(), until)
            time.sleep(0.05)
        with self.assertRaises(RateLimited) as caught:
            client_for(org, max_retries=0).crawl(page("/static"), js=False)
        thread.join()
        self.assertEqual((caught.exception.status, caught.exception.retry_after), (429, 1.0))
        self.assertEqual(balance(org), 999)


class StandIn(http.server.BaseHTTPRequestHandler):
    """Answers from a script: a list of (status, headers) or "drop" (closes the connection without an answer)."""
    script: List[Any] = []
    seen: List[Any] = []

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        StandIn.seen.append(dict(self.headers))
        step = StandIn.script.pop(0) if StandIn.script else (200, {})
        if step == "drop":
            self.close_connection = True
            self.connection.shutdown(2)
            return
        status, headers, *answer = step
        body = b"<h1>ok</h1>" if status == 200 else json.dumps({"error": {"code": "proxy_pool_unavailable", "message": "down", "billed": False}}).encode()
        if answer:
            body = json.dumps(answer[0]).encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8" if status == 200 and not answer else "application/json")
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_GET

    def log_message(self, *args: Any) -> None:
        pass


class StandInTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), StandIn)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.client = Crawlgate("cg_test", base_url=f"http://127.0.0.1:{cls.server.server_address[1]}", max_retries=3, timeout=20)

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.shutdown()
        cls.server.server_close()

    def setUp(self) -> None:
        StandIn.seen = []

    def test_503_waits_retry_after_then_succeeds_with_the_same_key(self) -> None:
        StandIn.script = [(503, {"Retry-After": "1"}), (503, {}), (200, {"X-Credits-Charged": "1"})]
        started = time.monotonic()
        result = self.client.crawl("https://example.com/")
        self.assertGreaterEqual(time.monotonic() - started, 1.0)
        self.assertEqual((result.text, result.credits_charged), ("<h1>ok</h1>", 1))
        keys = [headers["Idempotency-Key"] for headers in StandIn.seen]
        self.assertEqual(len(keys), 3)
        self.assertEqual(len(set(keys)), 1)

    def test_the_cache_header_is_read(self) -> None:
        StandIn.script = [(200, {"X-Cache": "hit", "X-Cache-Age": "12"}), (200, {"X-Cache": "MISS"}), (200, {})]
        self.assertEqual([self.client.crawl("https://example.com/", max_age=60000).cache for _ in range(3)], ["hit", "miss", None])

    def test_503_after_the_retries_raises_unavailable(self) -> None:
        StandIn.script = [(503, {})] * 4
        with self.assertRaises(Unavailable) as caught:
            self.client.crawl("https://example.com/", idempotency_key="mine")
        self.assertEqual((caught.exception.code, caught.exception.billed, len(StandIn.seen)), ("proxy_pool_unavailable", False, 4))
        self.assertEqual({headers["Idempotency-Key"] for headers in StandIn.seen}, {"mine"})

    def test_a_dropped_connection_is_retried_with_an_idempotency_key_or_on_a_free_read(self) -> None:
        StandIn.script = ["drop", (200, {})]
        self.assertEqual(self.client.crawl("https://example.com/").text, "<h1>ok</h1>")
        self.assertEqual(len(StandIn.seen), 2)
        # Reading the account (or collecting a job) is free: asked again, it charges nothing.
        StandIn.seen, StandIn.script = [], ["drop", (200, {}, {"plan": "lite"})]
        self.assertEqual(self.client.account(), {"plan": "lite"})
        self.assertEqual(len(StandIn.seen), 2)

    def test_a_503_of_how_the_service_is_set_up_is_not_asked_again(self) -> None:
        StandIn.script = [(503, {}, {"error": {"code": "ai_unavailable", "message": "no model", "billed": False}})]
        with self.assertRaises(Unavailable) as caught:
            self.client.crawl("https://example.com/", ai_query="What?")
        self.assertEqual((caught.exception.code, len(StandIn.seen)), ("ai_unavailable", 1))
        # The key the call went with, to call again without paying twice.
        self.assertEqual(caught.exception.idempotency_key, StandIn.seen[0]["Idempotency-Key"])

    def test_an_error_while_collecting_a_paid_job_names_the_job(self) -> None:
        accepted = {"job_id": "pub1_job1", "status": "queued", "url": "https://example.com/", "credits_charged": 1, "credits_remaining": 9}
        gone = {"error": {"code": "ai_unavailable", "message": "no model", "billed": False}}
        StandIn.script = [(202, {"X-Job-Id": "pub1_job1", "X-Credits-Charged": "1"}, accepted), (503, {}, gone)]
        with self.assertRaises(Unavailable) as caught:
            self.client.crawl("https://example.com/")
        self.assertEqual((caught.exception.job_id, caught.exception.billed), ("pub1_job1", True))
        self.assertEqual(caught.exception.idempotency_key, StandIn.seen[0]["Idempotency-Key"])

    def test_a_dropped_connection_of_an_unkeyed_write_is_not_sent_again(self) -> None:
        StandIn.script = ["drop", (200, {}, {"secret": "whsec_x"})]
        with self.assertRaises(Unavailable):
            self.client.webhook_secret()  # a second try could replace the secret twice
        self.assertEqual(len(StandIn.seen), 1)

    def test_a_map_collected_after_its_202_keeps_the_charge_the_202_said(self) -> None:
        accepted = {"job_id": "pub1_map1", "status": "queued", "url": "https://example.com/"}
        collected = {"url": "https://example.com/", "status": "done", "data": {"links": [{"url": "https://example.com/a", "source": "page", "lastmod": None}], "sitemaps": [], "skipped": {}, "truncated": False}}
        StandIn.script = [(202, {"X-Credits-Charged": "2", "X-Credits-Remaining": "98"}, accepted), (200, {}, collected)]
        link_map = self.client.map("https://example.com/")
        self.assertEqual(([link.url for link in link_map.links], link_map.credits_charged, link_map.credits_remaining), (["https://example.com/a"], 2, 98))
