"""Runs every Python example of clients/python/README.md against the running service (as the recipes' README
examples are run): example.com is the fixture target site, shop.example the recipe site."""
import contextlib
import io
import os
import re
import unittest
from typing import List, Tuple

from .support import BASE_URL, RECIPE_SITE_URL, organization, page, routes

README = os.path.join(os.path.dirname(__file__), "..", "README.md")


def examples() -> List[Tuple[str, str]]:
    """(the heading above it, the code) of every Python block."""
    with open(README, encoding="utf-8") as file:
        text = file.read()
    found = []
    for block in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
        headings = re.findall(r"^## (.+)$", text[:block.start()], re.M)
        found.append((headings[-1] if headings else "top", block.group(1)))
    return found


def localized(code: str) -> str:
    return (code.replace("http://127.0.0.1:3000", BASE_URL)
            .replace('"https://example.com/"', repr(page("/static")))
            .replace("https://shop.example", RECIPE_SITE_URL))


def pending(code: str) -> List[str]:
    """The routes an example names on its `# requires:` line that the service does not serve yet."""
    first = code.splitlines()[0]
    if not first.startswith("# requires:"):
        return []
    wanted = [item.strip().split(" ", 1) for item in first[len("# requires:"):].split(",")]
    return [f"{method} {path}" for method, path in wanted if (method, path) not in routes()]


def run_example(test: unittest.TestCase, number: int, code: str) -> None:
    waiting = pending(code)
    if waiting:
        test.skipTest(f"pending: {', '.join(waiting)} not in the service's /openapi.json yet")
    os.environ["CRAWLGATE_KEY"] = organization("lite", 1000)["api_key"]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(localized(code), f"README example {number}", "exec"), {"__name__": f"readme_{number}"})
    test.assertTrue(printed.getvalue(), f"example {number} printed nothing")


class ReadmeTest(unittest.TestCase):
    def test_the_readme_has_its_examples(self) -> None:
        self.assertEqual(len(examples()), 6)


# One test per example, named by its number and first line, so each passes, fails or waits for its routes on its own.
for _number, (_heading, _code) in enumerate(examples(), 1):
    _name = re.sub(r"\W+", "_", _heading).strip("_").lower()[:40]
    setattr(ReadmeTest, f"test_example_{_number}_{_name}", lambda self, n=_number, c=_code: run_example(self, n, c))
