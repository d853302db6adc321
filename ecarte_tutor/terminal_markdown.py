"""Markdown for a terminal: the rule book's statements as readable text.

The Markdown library parses (the same one the site uses); this module only lays the result
out: paragraphs wrapped, list items with bullets, **bold** as bold when the output is a
terminal (plain when it is piped to a file or another program), and links as numbered
footnotes after the text, since a terminal cannot follow them.
"""
from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET

import markdown

BOLD, RESET = "\033[1m", "\033[0m"


class _Writer:
    def __init__(self, width: int, styled: bool):
        self.width, self.styled = width, styled
        self.links: list[str] = []

    def inline(self, element: ET.Element) -> str:
        """The text of an element and its children, styled inline."""
        parts = [element.text or ""]
        for child in element:
            inner = self.inline(child)
            if child.tag in ("strong", "b") and self.styled:
                inner = f"{BOLD}{inner}{RESET}"
            elif child.tag == "a" and (href := child.get("href")):
                self.links.append(href)
                inner = f"{inner}[{len(self.links)}]"
            elif child.tag == "br":
                inner = "\n"
            parts += [inner, child.tail or ""]
        return "".join(parts)

    def block(self, element: ET.Element, indent: str = "") -> list[str]:
        if element.tag in ("ul", "ol"):
            lines = []
            for number, item in enumerate(element.findall("li"), 1):
                mark = "•" if element.tag == "ul" else f"{number}."
                lines += self.paragraph(self.inline_blocks(item), indent + mark + " ", indent + " " * (len(mark) + 1))
            return lines
        if element.tag == "pre":
            return [indent + "    " + line for line in "".join(element.itertext()).rstrip().splitlines()]
        return self.paragraph(self.inline(element), indent, indent)

    def inline_blocks(self, item: ET.Element) -> str:
        # a list item may hold a paragraph of its own (a loose list): flatten it
        paragraphs = item.findall("p")
        return " ".join(self.inline(p) for p in paragraphs) if paragraphs else self.inline(item)

    def paragraph(self, text: str, first: str, rest: str) -> list[str]:
        words = " ".join(text.split())
        return textwrap.wrap(words, self.width, initial_indent=first, subsequent_indent=rest) or [first.rstrip()]


def render(text: str, *, width: int = 88, styled: bool = False, indent: str = "") -> str:
    """``text`` (Markdown) as terminal text; ``styled`` turns on bold."""
    html = markdown.markdown(text)
    root = ET.fromstring(f"<div>{html}</div>")
    writer = _Writer(width, styled)
    blocks = ["\n".join(writer.block(element, indent)) for element in root]
    out = "\n\n".join(block for block in blocks if block.strip())
    if writer.links:
        out += "\n\n" + "\n".join(f"{indent}[{n}] {href}" for n, href in enumerate(writer.links, 1))
    return out
