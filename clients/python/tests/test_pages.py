"""GET /crawl, POST /crawl, GET /screenshot, GET /chat through the client, against the running service."""
import unittest

import crawlgate
from crawlgate import (BulletList, Chat, Code, Crawl, Heading, JobFailed, OrderedList, Page, Paragraph, ProductList, Screenshot,
                       Source, Table, ValidationError, recipe)

from .support import RECIPE_SITE_URL, balance, client_for, organization, page, requires_parameter


class PageRoutesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.org = organization("standard", 1000)
        cls.client = client_for(cls.org)

    def test_crawl_answers_a_page_with_its_header_facts(self) -> None:
        before = balance(self.org)
        result = self.client.crawl(page("/static"), js=False)
        self.assertIsInstance(result, Page)
        self.assertIn("<h1>", result.text)
        self.assertEqual(result.content_type, "text/html; charset=utf-8")
        self.assertEqual((result.target_status, result.final_url), (200, page("/static")))
        self.assertEqual((result.credits_charged, result.credits_remaining), (1, before - 1))
        self.assertRegex(result.job_id or "", r"^[A-Za-z0-9]+_[A-Za-z0-9]+$")
        self.assertEqual(result.cache, "miss")  # X-Cache on every fetched page, max_age or not
        self.assertEqual(balance(self.org), before - 1)

    def test_booleans_become_the_routes_text_and_the_target_status_is_kept(self) -> None:
        result = self.client.crawl(page("/status/404"), js=False, adblock=True, images=False, format="markdown")
        self.assertEqual((result.target_status, result.content_type), (404, "text/markdown; charset=utf-8"))
        # images=True is +2: the flag went out as text the service read as true.
        self.assertEqual(self.client.crawl(page("/static"), js=False, images=True).credits_charged, 3)

    def test_crawl_answers_the_json_envelope_with_rules_and_a_question(self) -> None:
        result = self.client.crawl(page("/static"), js=False, output="json", extract={"title": "h1"}, ai_query="What is it?")
        self.assertIsInstance(result, Crawl)
        self.assertEqual((result.url, result.status, result.error, result.credits_charged), (page("/static"), "done", None, 6))
        self.assertIsInstance(result.data["extracted"]["title"], str)
        self.assertTrue(result.data["answer"].startswith('Answer to "What is it?"'))
        self.assertIsInstance(result.metadata, dict)
        self.assertIsInstance(result.links, list)
        self.assertEqual(result.raw["job_id"], result.job_id)

    def test_validation_error_carries_the_422_map(self) -> None:
        before = balance(self.org)
        with self.assertRaises(ValidationError) as caught:
            self.client.crawl("ftp://example.test/")
        self.assertEqual((caught.exception.status, caught.exception.errors), (422, {"url": ["The URL must use http or https."]}))
        with self.assertRaises(ValidationError) as caught:
            self.client.crawl(page("/static"), viewport="0x0", js="sure")
        self.assertEqual(set(caught.exception.errors), {"viewport", "js"})
        self.assertEqual(balance(self.org), before)

    def test_a_refunded_failure_raises_job_failed_with_its_code(self) -> None:
        before = balance(self.org)
        with self.assertRaises(JobFailed) as caught:
            self.client.crawl("http://127.0.0.1:1/", js=False)
        self.assertEqual((caught.exception.status, caught.exception.code, caught.exception.billed), (500, "target_unreachable", False))
        self.assertRegex(caught.exception.job_id or "", r"_")
        self.assertEqual(balance(self.org), before)

    def test_screenshot_decodes_the_image_when_asked(self) -> None:
        shot = self.client.screenshot(page("/static"), viewport="800x600")
        self.assertIsInstance(shot, Screenshot)
        self.assertEqual((shot.credits_charged, shot.status, shot.url), (30, "done", page("/static")))
        self.assertTrue(shot.image and shot.image[:3] == b"\xff\xd8\xff")

    def test_recipe_from_block_helpers(self) -> None:
        body = recipe.recipe(
            recipe.start(RECIPE_SITE_URL + "/list?page=1"),
            recipe.extract(".item .title", "title", id="title"),
            recipe.extract(".item .price", "price"),
            recipe.paginate("a.next", "title"),
            name="products", expected_output="list",
        )
        result = self.client.crawl_recipe(body, premium=True)
        self.assertIsInstance(result, Crawl)
        self.assertEqual((result.credits_charged, result.premium, result.data["pages"]), (30, True, 3))
        self.assertEqual(result.data["items"][0], {"title": "Apple", "price": "$1.00"})
        self.assertEqual(len(result.data["items"]), 7)

    def test_recipe_of_a_start_block_answers_a_page(self) -> None:
        start_only = self.client.crawl_recipe([crawlgate.start(RECIPE_SITE_URL + "/list?page=2")], js=False)
        self.assertIsInstance(start_only, Page)
        self.assertEqual((start_only.credits_charged, start_only.target_status), (30, 200))
        self.assertIn("<html", start_only.text)

    def test_chat_answers_typed_nodes(self) -> None:
        chat = self.client.chat("Best hiking boots?", country="us")
        self.assertIsInstance(chat, Chat)
        self.assertEqual((chat.prompt, chat.credits_charged, chat.status), ("Best hiking boots?", 30, "done"))
        self.assertEqual([turn.role for turn in chat.conversation], ["user", "assistant"])
        self.assertEqual(chat.conversation[0].message, "Best hiking boots?")
        nodes = chat.answer
        self.assertEqual(nodes[0], Heading(level=2, text="Paris in brief"))
        self.assertIsInstance(nodes[1], Paragraph)
        self.assertEqual(nodes[2].sources, [Source(attribution="Insee", url="https://www.insee.fr/paris")])
        self.assertEqual(nodes[3], BulletList(items=["The Louvre", "The Eiffel Tower"]))
        self.assertEqual(nodes[4], OrderedList(items=["Book tickets", "Take the metro"]))
        self.assertIsInstance(nodes[5], Table)
        self.assertEqual(nodes[5].rows, [["Louvre", "8.7 million"], ["Orsay", "3.9 million"]])
        self.assertIsInstance(nodes[7], ProductList)
        self.assertEqual((nodes[7].items[0].name, nodes[7].items[0].price), ("Paris Guide", "$12.99"))
        self.assertEqual(nodes[8], Code(text="curl -s https://example.com/paris", language="bash"))

    @requires_parameter("GET", "/crawl", "max_age")
    def test_a_stored_copy_answers_as_a_cache_hit(self) -> None:
        first = self.client.crawl(page("/static"), js=False, max_age=600000)
        again = self.client.crawl(page("/static"), js=False, max_age=600000)
        self.assertEqual((first.cache, again.cache), ("miss", "hit"))
        self.assertEqual(again.text, first.text)
