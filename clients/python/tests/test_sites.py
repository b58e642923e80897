"""GET /map, POST /site and DELETE /crawl/{job} (decisions 9.2 to 9.4), run once the service serves them: each class
is skipped, naming the route, while the running service's /openapi.json lacks it."""
import time
import unittest

from crawlgate import Conflict, Job, LinkMap, MapLink, NotFound, Site, SitePage

from .support import TARGET_URL, balance, client_for, organization, page, requires_route


@requires_route("GET", "/map")
class MapTest(unittest.TestCase):
    def test_map_lists_the_links_in_scope_charged_as_a_crawl(self) -> None:
        org = organization("lite", 100)
        result = client_for(org).map(page("/content/article"), sitemap="include", ignore_query=True)
        self.assertIsInstance(result, LinkMap)
        self.assertEqual((result.status, result.error, result.credits_charged, result.credits_remaining), ("done", None, 1, 99))
        self.assertEqual(set(result.data), {"links", "sitemaps", "skipped", "truncated"})
        self.assertTrue(all(isinstance(link, MapLink) for link in result.links))
        urls = [link.url for link in result.links]
        self.assertIn(page("/content/news"), urls)
        self.assertTrue(all(url.startswith(TARGET_URL + "/content/") for url in urls), urls)
        self.assertEqual({link.source for link in result.links}, {"page"})
        self.assertIs(result.truncated, False)
        self.assertEqual(balance(org), 99)

    def test_limit_cuts_the_list(self) -> None:
        result = client_for(organization("lite", 100)).map(page("/content/article"), limit=1)
        self.assertEqual((len(result.links), result.truncated), (1, True))


@requires_route("POST", "/site")
class SiteTest(unittest.TestCase):
    def test_site_pages_follow_next_to_every_page_each_charged_once(self) -> None:
        org = organization("lite", 200)
        client = client_for(org)
        site = client.site(page("/content/article"), limit=3, max_depth=1, js=False, format="markdown")
        self.assertIsInstance(site, Site)
        self.assertEqual(site.status, "queued")
        pages = list(client.site_pages(site))
        self.assertTrue(all(isinstance(item, SitePage) for item in pages))
        self.assertEqual(pages[0].url, page("/content/article"))
        self.assertLessEqual(len(pages), 3)
        self.assertEqual(len({item.url for item in pages}), len(pages))
        ended = client.job(site, wait=True)
        self.assertIsInstance(ended, Site)
        self.assertEqual(ended.status, "done")
        self.assertEqual(200 - balance(org), sum(item.credits or 0 for item in pages))
        self.assertEqual(ended.credits_used, 200 - balance(org))


@requires_route("DELETE", "/crawl/{job}")
class CancelTest(unittest.TestCase):
    def test_a_running_crawl_or_an_ended_job_cannot_be_cancelled(self) -> None:
        client = client_for(organization("lite", 100))
        job = client.crawl(page("/slow?ms=9500"), js=False, wait=False)
        self.assertIsInstance(job, Job)
        with self.assertRaises(Conflict) as caught:
            client.cancel(job)
        self.assertEqual(caught.exception.status, 409)
        client.job(job, wait=True)
        with self.assertRaises(Conflict):
            client.cancel(job.job_id)
        with self.assertRaises(NotFound):
            client.cancel("nobody_00000000000000000000000000")

    @requires_route("POST", "/site")
    def test_a_cancelled_site_crawl_ends_cancelled(self) -> None:
        client = client_for(organization("lite", 200))
        # A long delay between pages of one host keeps the crawl running while it is cancelled.
        site = client.site(page("/content/article"), limit=10, delay=60000, js=False)
        cancelled = client.cancel(site)
        self.assertIsInstance(cancelled, Site)
        self.assertEqual(cancelled.job_id, site.job_id)
        self.assertEqual(client.cancel(site).job_id, site.job_id)  # again: 200 again
        started = time.monotonic()
        ended = client.job(site, wait=True, timeout=60)
        self.assertLess(time.monotonic() - started, 60)
        self.assertEqual((ended.status, ended.stop_reason), ("cancelled", "cancelled"))
