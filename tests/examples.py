"""The `sqlite> ` examples of a Markdown page, for the tests that run them.

sqlite_examples(path) gives (statement, expected output lines) for every
line of a fenced block that starts `sqlite> `: the lines after it, up to
the next such line or the end of the block, are what the shell prints.
Blocks inside list items are indented; the fence's indentation is removed
from their lines. tests/run_tests.py runs those of the reference pages
(reference_pages()), and tests/clients/test_docs.sh runs docs/clients.md's.
"""
import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def reference_pages():
    """README.md and docs/*.md, whose examples and `### name(...)`
    headings are the reference; docs/clients.md is left to
    tests/clients/test_docs.sh, which runs its shell blocks too."""
    pages = [os.path.join(ROOT, "README.md")]
    pages += sorted(p for p in glob.glob(os.path.join(ROOT, "docs", "*.md"))
                    if os.path.basename(p) != "clients.md")
    return pages


def reference_headings():
    """(name, args) of each `### name(args [, opt])` heading of the
    reference pages, args as the heading writes them."""
    for page in reference_pages():
        for line in open(page, encoding="utf-8"):
            m = re.match(r"^### `([a-z_0-9]+)\((.*)\)`", line)
            if m:
                yield m.group(1), m.group(2)


def sqlite_examples(path):
    examples = []
    in_block = False
    indent = 0
    current = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.lstrip().startswith("```"):
                if in_block and current:
                    examples.append(current)
                in_block = not in_block
                indent = len(line) - len(line.lstrip())
                current = None
                continue
            if not in_block:
                continue
            line = line[indent:]
            if line.startswith("sqlite> "):
                if current:
                    examples.append(current)
                current = (line[len("sqlite> "):], [])
            elif current is not None:
                current[1].append(line)
    return examples
