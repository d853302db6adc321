"""What a screen reader hears on a page (issue 43), read from Chromium's own accessibility tree (CDP
``Accessibility.getFullAXTree``): the names, descriptions, values and text every node gives, as NVDA,
VoiceOver or eSpeak are handed them, with what the page hides from them (aria-hidden, display: none) left out.

A card heard as its drawn form is a barrier: "A♥" is read "a heart suit", "Q♠" "queue spade suit", and a
card code ("QS", "10H") is spelled letter by letter. So is a card heard twice ("A♥, ace of hearts"). Each
card has one spoken name, "ace of hearts"; a suit alone is "hearts".
"""
from __future__ import annotations

import re
from functools import cache

# A suit symbol anywhere (alone, or in a drawn card "Q♠", "10♥"), or a card code as the API writes it ("QS",
# "10H", "7♠" too): none should reach the ear.
SUIT_SYMBOL = re.compile("[♠♥♦♣♤♡♢♧]")
CARD_CODE = re.compile(r"(?<![\w/.-])(?:10|[KQJA987T])[SHDC](?![\w/-])")
RANK = r"(?:king|queen|knave|ace|ten|nine|eight|seven)"
SPOKEN = rf"{RANK} of (?:spades|hearts|diamonds|clubs)"
TWICE = re.compile(rf"\b({SPOKEN})\W+\1\b")
# Two names run together, with no space for a screen reader to pause on ("king of spadesseven of spades").
JOINED = re.compile(rf"{SPOKEN}(?=[A-Za-z0-9])")

# The roles whose text a parent already gives (a StaticText's boxes) or that are the document's plumbing.
SKIPPED_ROLES = {"InlineTextBox", "LineBreak"}
# What a player types is read back as he typed it ("QS" in a text box is his): a text box's value is not checked.
EDITABLE_ROLES = {"textbox", "searchbox", "combobox", "spinbutton"}
# Notation quoted as written (test_words.py's rule too): the player's own typing said back ("'1S' is not a card"),
# or a case about notation ("“a♦” and “9d” are read rightly"). The keys are the point there, and are said as keys.
QUOTED = re.compile(r"“[^”]{0,40}”|\"[^\"]{0,40}\"|'[^'\s]{1,12}'")


@cache
def notation_help() -> tuple[str, ...]:
    """The help on card notation (cards.CARD_HELP, SUIT_HELP) as a page says it: the keys to type, K Q J A 10…,
    S H D C, with an example ("e.g. 10H")."""
    from ecarte_tutor.cards import CARD_HELP, SUIT_HELP
    from ecarte_tutor.web.markup import colour_suits, title_text

    return tuple(title_text(colour_suits(text)) for text in (CARD_HELP, SUIT_HELP))


def _spared(text: str) -> str:
    """``text`` without the quoted notation and the notation help it holds (a piece of the help too: a text node
    of a message is one part of it)."""
    for help_text in notation_help():
        text = text.replace(help_text, " ")
        if len(text.strip()) > 3 and text.strip() in help_text:
            return ""
    return QUOTED.sub(" ", text)


def unspoken(text: str) -> list[str]:
    """The pieces of ``text`` a screen reader would not say as a card's one spoken name."""
    text = _spared(text)
    found = [text[max(0, m.start() - 25):m.end() + 15] for m in SUIT_SYMBOL.finditer(text)]
    found += [text[max(0, m.start() - 25):m.end() + 15] for m in CARD_CODE.finditer(text)]
    found += [m.group(0) for m in TWICE.finditer(text)]
    found += [text[max(0, m.start() - 25):m.end() + 15] for m in JOINED.finditer(text)]
    return found


def heard(page) -> list[dict]:
    """Every node of the page's accessibility tree a screen reader is given, as {role, name, description, value}
    (text nodes included: their name is their text)."""
    session = page.context.new_cdp_session(page)
    try:
        nodes = session.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        session.detach()
    roles = {node["nodeId"]: node.get("role", {}).get("value", "") for node in nodes}
    parents = {node["nodeId"]: node.get("parentId") for node in nodes}

    def typed(node_id: str | None) -> bool:  # inside a text box: the player's typing
        while node_id is not None:
            if roles.get(node_id) in EDITABLE_ROLES:
                return True
            node_id = parents.get(node_id)
        return False

    out = []
    for node in nodes:
        role = node.get("role", {}).get("value", "")
        if node.get("ignored") or role in SKIPPED_ROLES:
            continue
        if typed(node.get("parentId")):
            continue
        said = {key: str(node.get(key, {}).get("value", "") or "") for key in ("name", "description", "value")}
        if role in EDITABLE_ROLES:
            said["value"] = ""
        placeholder = next((str(p["value"].get("value", "")) for p in node.get("properties", [])
                            if p.get("name") == "placeholder"), "")
        out.append({"role": role, **said, "placeholder": placeholder})
    return out


# The text a screen reader reads as one run, block by block: its text nodes joined as they stand (inline elements add
# no pause), what aria-hidden hides left out. Two spoken names with nothing between them run together here.
RUNS = """() => { const runs = new Map();
    const hidden = n => n.parentElement.closest('[aria-hidden=true], script, style, head, template');
    const block = e => { while (e && e !== document.body) { const d = getComputedStyle(e).display;
        // a spoken name (.sr) is read in the run of its line, though positioned out of sight
        if (!d.startsWith('inline') && d !== 'contents' && !e.classList.contains('sr')) return e;
        if (e.matches('button, a, label, summary, select, [role]')) return e;  // a control is an object of its own
        e = e.parentElement; } return document.body; };
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (hidden(n)) continue;
        const b = block(n.parentElement); runs.set(b, (runs.get(b) || '') + n.textContent); }
    return [...runs.values()]; }"""


def misheard(page) -> list[str]:
    """What the page says that is no card's one spoken name: "role 'name': piece", once each."""
    found: dict[str, None] = {}
    for node in heard(page):
        for key in ("name", "description", "value", "placeholder"):
            for piece in unspoken(node[key]):
                found[f"{node['role']} {key} {node[key][:70]!r}: {piece!r}"] = None
    for run in page.evaluate(RUNS):
        for m in JOINED.finditer(run):
            found[f"text run {run[max(0, m.start() - 40):m.end() + 20]!r}: names run together"] = None
    said = page.evaluate("() => { const a = document.getElementById('announce'); "
                         "return a ? (a.getAttribute('data-say') || '') + ' ' + a.textContent : ''; }")
    for piece in unspoken(said):
        found[f"live region {said[:70]!r}: {piece!r}"] = None
    return list(found)


# The live region's words (as the server wrote them, and as site.js has filled it), the title, and whether the page
# shows an error (an alert, a field marked invalid).
SAID = """() => { const a = document.getElementById('announce');
    return {say: a ? a.getAttribute('data-say') : null, region: a ? a.textContent : null, title: document.title,
            alert: !!document.querySelector('[role=alert], [aria-invalid=true]')}; }"""


def unsaid_error(page) -> list[str]:
    """An error on the page that the title and the live region do not both say."""
    said = page.evaluate(SAID)
    if not said["alert"]:
        return []
    if not said["say"] or not said["title"].startswith(said["say"]):
        return [f"an error not said in the title and the live region (title {said['title']!r})"]
    return unspoken(said["say"])


OPEN_DETAILS = "document.querySelectorAll('details').forEach(d => { d.open = true; })"


def said_and_heard(page) -> list[str]:
    """What the browser gate finds by ear on the page as it stands (test_browser_axe's one visit of each state): an
    error that the title and the live region do not both say (and, once site.js has run, the live region filled),
    then what is misheard, folded details opened (what they fold is heard too)."""
    found = unsaid_error(page)
    if not found and page.evaluate(SAID)["alert"]:
        page.wait_for_function("() => document.getElementById('announce').textContent.length > 0", timeout=3000)
    page.evaluate(OPEN_DETAILS)
    return found + misheard(page)
