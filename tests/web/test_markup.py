"""The Markdown filter sanitises, cards are drawn with labels, suit symbols get their colours."""
from ecarte_tutor.web.markup import card_view, colour_suits, example_html, pack_by_suit, render_markdown


def test_markdown_is_rendered():
    assert str(render_markdown("The **king** ranks high.")) == "<p>The <strong>king</strong> ranks high.</p>"


def test_markdown_html_is_sanitised():
    html = str(render_markdown('Hi <script>alert(1)</script><img src=x onerror=alert(1)> [x](javascript:alert(1))'))
    assert "<script" not in html and "onerror" not in html and "javascript:" not in html and "<img" not in html


def test_card_views():
    queen = card_view("q♠")
    assert (queen.code, queen.rank, queen.symbol, queen.colour, queen.label) == ("QS", "Q", "♠", "black",
                                                                                   "queen of spades")
    assert card_view("10h").colour == "red" and card_view("TD").code == "10D"
    assert card_view("6H") is None and card_view(None) is None and card_view(["x"]) is None


def test_pack_rows():
    rows = pack_by_suit()
    assert [suit.letter for suit, _ in rows] == ["S", "H", "D", "C"]
    assert sum(len(cards) for _, cards in rows) == 32


def test_suit_symbols_are_coloured_after_escaping():
    html = str(colour_suits("<b>Q♠ beats 7♥</b>"))
    assert html.startswith("&lt;b&gt;")
    assert '<span class="s-black">♠</span>' in html and '<span class="s-red">♥</span>' in html


def test_example_cards():
    html = str(example_html("Lead card:JS, then <x> card:6H"))
    assert '<span aria-hidden="true">J♠</span><span class="sr">knave of spades</span>' in html
    assert "card:6H" in html and "&lt;x&gt;" in html


def test_cards_in_shown_data_are_heard_by_their_names():
    """The API's JSON for referees shows cards as it returns them ("QS", "Q♠"): each is heard as its one spoken
    name (issue 43: "legal_cards": ["QS"] was spelled out), and the JSON reads as before."""
    import re

    from ecarte_tutor.web.markup import cards_heard

    html = str(cards_heard('{"legal_cards": ["QS", "10H"], "explanation": "Q♠ beats J♠; trumps ♥", "id": "law.QS-x"}'))
    spoken = re.findall(r'<span class="sr">([^<]*)</span>', html)
    assert spoken == ["queen of spades", "ten of hearts", "queen of spades", "knave of spades", "hearts"]
    assert re.sub(r'<span class="sr">[^<]*</span>|<[^>]+>', "", html) == \
        '{"legal_cards": ["QS", "10H"], "explanation": "Q♠ beats J♠; trumps ♥", "id": "law.QS-x"}'


def test_html_kept_by_an_earlier_start_is_given_for_its_text_alone(monkeypatch):
    """serve keeps the lesson bodies' HTML per change of the data (commands.datacheck): its own text gets it back
    without converting; any other text is converted as ever."""
    import json

    import pytest

    from ecarte_tutor.web import markup

    monkeypatch.setattr(markup, "_kept", {})
    markup.render_markdown.cache_clear()
    text = "A *kept* text with a [link](/glossary/#trump)."
    fresh = markup.render_markdown(text)
    markup.render_markdown.cache_clear()
    markup.keep_rendered(json.loads(json.dumps({text: str(fresh)})))

    def converted(*args, **kwargs):
        raise AssertionError("converted again")

    monkeypatch.setattr(markup.markdown_lib, "markdown", converted)
    try:
        assert markup.render_markdown(text) == fresh
        with pytest.raises(AssertionError, match="converted again"):
            markup.render_markdown("another text")
    finally:
        markup.render_markdown.cache_clear()
