"""engine/play.py: what a card led asks of a holding (a duty lists the hand's cards in the hand's order, an
explanation in rank order)."""
from ecarte_tutor import ask
from ecarte_tutor.cards import parse_card, parse_suit
from ecarte_tutor.engine import play


def _lead(book, led="7S", trump="H"):
    params = book.params(book.default_profile, ())
    return play.Lead(parse_card(led), parse_suit(trump), params), params


def test_a_holdings_legal_cards_are_in_the_hands_order_its_words_in_rank_order(book):
    lead, _ = _lead(book)
    queen_first = tuple(map(parse_card, ("QS", "KS")))
    king_first = lead.following(queen_first[::-1])
    assert lead.following(queen_first).legal == queen_first and king_first.legal == queen_first[::-1]
    assert king_first.because == lead.following(queen_first).because  # the order the hand was written in: no word
    assert king_first.because.index("K♠") < king_first.because.index("Q♠")
    assert king_first.ordered == lead.following(queen_first).ordered  # the legal cards, in rank order, agree


def test_without_a_duty_to_follow_suit_a_hand_holding_the_suit_led_may_play_any_card(modified_book):
    book = modified_book(must_follow_suit=False)
    answer = ask({"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "8D"], "card": "8D"}, book)
    assert answer["legal"] is True and answer["legal_cards"] == ["QS", "7S", "8D"]
    assert answer["cites"] == ["play.free-discard"]


def test_answers_from_a_kept_holding_read_as_when_first_worked_out_and_are_each_their_own(book):
    """The words after "K♠ is legal" / "is not allowed" are kept on the holding: the second hand with that holding
    gets the same words, and cites and laws of its own, whatever the first answer's receiver did with its lists."""
    first = ask({"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "8D"], "card": "7S"}, book)
    assert first["legal"] is False and first["explanation"].startswith("7♠ is not allowed")
    assert "Q♠" in first["explanation"].split("7♠ is not allowed", 1)[1]  # what to play instead
    first["cites"].append("changed"), first["laws"].clear()
    again = ask({"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "KC"], "card": "7S"}, book)
    assert again["cites"] == ["play.follow-suit", "play.head-the-trick", "pack.rank-order", "law.43"]
    assert again["laws"] == [43]
    assert again["explanation"] == first["explanation"]
    legal = ask({"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "KC"], "card": "QS"}, book)
    assert legal["legal"] is True and legal["explanation"].startswith("Q♠ is legal. ")
    assert "instead" not in legal["explanation"]
