"""verify_webhook on deliveries the service itself signed, received here (decisions 7.4)."""
import http.server
import threading
import time
import unittest
from typing import Any, List, Tuple

from crawlgate import verify_webhook

from .support import client_for, organization, page


class Receiver(http.server.BaseHTTPRequestHandler):
    deliveries: List[Tuple[Any, bytes]] = []

    def do_POST(self) -> None:  # noqa: N802 - http.server's name
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        Receiver.deliveries.append((self.headers, body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


class WebhookTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        org = organization("lite", 100)
        client = client_for(org)
        cls.secret = client.webhook_secret()
        crawled = client.crawl(page("/static"), js=False, webhook_url=f"http://127.0.0.1:{cls.server.server_address[1]}/hook")
        until = time.monotonic() + 30
        while not Receiver.deliveries and time.monotonic() < until:
            time.sleep(0.05)
        cls.headers, cls.body = Receiver.deliveries[0]
        cls.job_id = crawled.job_id

    @classmethod
    def tearDownClass(cls) -> None:
        cls.server.shutdown()
        cls.server.server_close()

    def test_the_services_signature_verifies(self) -> None:
        self.assertIn(f'"job_id":"{self.job_id}"'.encode(), self.body)
        self.assertTrue(verify_webhook(self.secret, self.headers, self.body))
        self.assertTrue(verify_webhook(self.secret, dict(self.headers.items()), self.body.decode("utf-8")))

    def test_the_header_is_read_whatever_its_case(self) -> None:
        signature = self.headers["X-Crawlgate-Signature"]
        self.assertTrue(verify_webhook(self.secret, {"x-crawlgate-signature": signature}, self.body))
        self.assertTrue(verify_webhook(self.secret, {"X-CRAWLGATE-SIGNATURE": signature}, self.body))
        self.assertTrue(verify_webhook(self.secret, [("X-Crawlgate-Signature", signature)], self.body))

    def test_a_tampered_body_a_wrong_secret_or_no_header_is_refused(self) -> None:
        self.assertFalse(verify_webhook(self.secret, self.headers, self.body.replace(b'"done"', b'"failed"')))
        self.assertFalse(verify_webhook(self.secret, self.headers, self.body + b" "))
        self.assertFalse(verify_webhook("whsec_wrong", self.headers, self.body))
        self.assertFalse(verify_webhook(self.secret, {}, self.body))
        self.assertFalse(verify_webhook(self.secret, {"X-Crawlgate-Signature": "t=1,v1=zz\u00e9"}, self.body))
        # A forged header answers False, never an exception: "\u00b2" passes str.isdigit() and fails int().
        self.assertFalse(verify_webhook(self.secret, {"X-Crawlgate-Signature": "t=\u00b2,v1=00"}, self.body))
        self.assertFalse(verify_webhook(self.secret, {"X-Crawlgate-Signature": "t=\u0661\u0662,v1=00"}, self.body))

    def test_a_timestamp_older_than_the_tolerance_is_refused(self) -> None:
        signed_at = int(self.headers["X-Crawlgate-Signature"].split(",")[0][2:])
        self.assertTrue(verify_webhook(self.secret, self.headers, self.body, now=signed_at + 300))
        self.assertFalse(verify_webhook(self.secret, self.headers, self.body, now=signed_at + 301))
        self.assertFalse(verify_webhook(self.secret, self.headers, self.body, tolerance=10, now=signed_at + 11))
        self.assertTrue(verify_webhook(self.secret, self.headers, self.body, tolerance=10, now=signed_at + 10))
