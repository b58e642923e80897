"""202s waited for or handed back, collected failures, and the organization's own routes."""
import datetime
import time
import unittest

import crawlgate
from crawlgate import AuthError, Job, JobFailed, NotFound, Page, Timeout

from .support import BASE_URL, balance, client_for, ledger, organization, page


class JobsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.org = organization("lite", 1000)
        cls.client = client_for(cls.org)

    def test_a_202_is_waited_for_and_the_page_collected(self) -> None:
        started = time.monotonic()
        # The stack's SYNC_WAIT_MS is 8 s: a page of 9.5 s answers 202 first.
        result = self.client.crawl(page("/slow?ms=9500"), js=False)
        self.assertGreater(time.monotonic() - started, 8.0)
        self.assertIsInstance(result, Page)
        self.assertIn("<h1>Slow</h1>", result.text)
        # The collected page carries no credit headers: the figures are the 202's.
        self.assertEqual(result.credits_charged, 1)
        self.assertRegex(result.job_id or "", r"^[A-Za-z0-9]+_[A-Za-z0-9]+$")
        self.assertEqual(result.target_status, 200)

    def test_wait_false_returns_the_job_and_job_collects_it(self) -> None:
        job = self.client.crawl(page("/slow?ms=9500"), js=False, wait=False)
        self.assertIsInstance(job, Job)
        self.assertIn(job.status, ("queued", "running"))
        self.assertEqual(job.credits_charged, 1)
        running = self.client.job(job.job_id)
        self.assertIsInstance(running, Job)
        self.assertEqual(running.job_id, job.job_id)
        with self.assertRaises(Timeout) as caught:
            self.client.job(job, wait=True, timeout=0.3)
        self.assertEqual(caught.exception.job_id, job.job_id)
        done = self.client.job(job, wait=True)
        self.assertIsInstance(done, Page)
        self.assertIn("<h1>Slow</h1>", done.text)
        # As crawl(wait=True) does: the collected page carries the 202's figures over.
        self.assertEqual((done.credits_charged, done.credits_remaining), (job.credits_charged, job.credits_remaining))
        self.assertEqual(done.credits_charged, 1)

    def test_a_collected_failure_raises_job_failed_billed(self) -> None:
        before = balance(self.org)
        blocks = [crawlgate.start(page("/slow?ms=9000")), crawlgate.click("#no-such-button")]
        with self.assertRaises(JobFailed) as caught:
            self.client.crawl_recipe(blocks, js=False)
        failed = caught.exception
        self.assertEqual((failed.status, failed.code, failed.billed), (500, "action_failed", True))
        self.assertIn("#no-such-button", failed.message)
        # Failed after its 202: nothing refunded (service spec, GET /crawl/{job}).
        self.assertEqual(balance(self.org), before - 30)

    def test_unknown_job_and_bad_key(self) -> None:
        with self.assertRaises(NotFound):
            self.client.job("nobody_00000000000000000000000000")
        with self.assertRaises(AuthError) as caught:
            crawlgate.Crawlgate("cg_not_a_key", base_url=BASE_URL).account()
        self.assertEqual(caught.exception.status, 401)

    def test_account_usage_jobs_and_webhook_secret(self) -> None:
        org = organization("lite", 500)
        client = client_for(org)
        charged = client.crawl(page("/static"), js=False)
        account = client.account()
        self.assertEqual((account["organization"]["id"], account["plan"], account["credits_remaining"]), (org["id"], "lite", 499))
        today = datetime.datetime.now(datetime.timezone.utc).date()
        days = client.usage(from_=today, to=today.isoformat())["days"]
        self.assertEqual([(day["date"], day["crawls"], day["attempts"], day["credits"]) for day in days], [(today.isoformat(), 1, 1, 1)])
        jobs = client.jobs(limit=1)["jobs"]
        self.assertEqual([(job["job_id"], job["kind"], job["status"]) for job in jobs], [(charged.job_id, "crawl", "done")])
        secret = client.webhook_secret()
        self.assertRegex(secret, r"^whsec_[A-Za-z0-9]{43}$")
        self.assertEqual([entry["amount"] for entry in ledger(org)].count(-1), 1)
