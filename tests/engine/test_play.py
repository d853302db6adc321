"""The duties of play and the trick winner, with their explanations and citations."""
import pytest

from ecarte_tutor import ask


def play(**q):
    return ask({"kind": "play", **q})


def test_knave_led_queen_must_win():
    # seed 003, section 04: spades not trumps, J♠ led, Q♠ and 7♠ held
    answer = play(trump="H", led="JS", hand=["QS", "7S"], card="7S")
    assert answer["legal_cards"] == ["QS"] and answer["legal"] is False
    assert answer["cites"][:2] == ["play.follow-suit", "play.head-the-trick"]
    assert "Q♠" in answer["explanation"] and "7♠" in answer["explanation"]
    assert 43 in answer["laws"]


def test_ace_does_not_beat_the_knave_so_either_spade_will_do():
    answer = play(trump="H", led="JS", hand=["AS", "7S"], card="AS")
    assert sorted(answer["legal_cards"]) == ["7S", "AS"] and answer["legal"] is True
    assert "ace ranks below the knave" in answer["explanation"]
    assert "pack.rank-order" in answer["cites"]


def test_void_must_trump_with_any_trump():
    answer = play(trump="C", led="KH", hand=["7C", "QC", "AD"], card="AD")
    assert sorted(answer["legal_cards"]) == ["7C", "QC"]
    assert answer["legal"] is False and "play.trump-when-void" in answer["cites"]
    assert "7♣" in answer["explanation"] or "Q♣" in answer["explanation"]


def test_void_without_trump_may_play_anything():
    answer = play(trump="C", led="KH", hand=["7S", "AD"])
    assert sorted(answer["legal_cards"]) == ["7S", "AD"] and answer["cites"] == ["play.free-discard"]
    assert answer["laws"] == []


def test_a_trump_led_to_a_hand_without_trumps_is_said_as_a_trump_led():
    """A referee's report: a heart led with hearts trumps got "You hold no hearts and no trump", as if two suits."""
    answer = ask({"kind": "play", "trump": "H", "hand": ["7C", "8C"], "led": "JH"})
    assert sorted(answer["legal_cards"]) == ["7C", "8C"]
    assert answer["explanation"] == ("A trump was led and you hold no trump (hearts are trumps), so you may play "
                                     "any card.")
    plain = ask({"kind": "play", "trump": "H", "hand": ["7C", "8C"], "led": "JS"})["explanation"]
    assert plain == "You hold no spades and no trump, so you may play any card."


def test_leader_may_lead_anything():
    answer = play(trump="C", hand=["7S", "AD", "KC"], led=None)
    assert len(answer["legal_cards"]) == 3 and answer["cites"] == ["play.lead"]


def test_trump_led_must_be_followed_and_headed():
    answer = play(trump="S", led="9S", hand=["10S", "8S", "KH"])
    assert answer["legal_cards"] == ["10S"]


def test_legal_play_explains_which_duty_it_meets():
    answer = play(trump="S", led="9D", hand=["10D", "KH"], card="10D")
    assert answer["legal"] is True and answer["explanation"].startswith("10♦ is legal")


@pytest.mark.parametrize("profile", ["london", "french", "modern", "finnish"])
def test_duties_are_the_same_in_every_profile(profile):
    answer = play(trump="H", led="JS", hand=["QS", "7S"], profile=profile)
    assert answer["legal_cards"] == ["QS"] and answer["profile"] == profile


@pytest.mark.parametrize("led, followed, trump, winner", [
    ("JS", "AS", "H", "leader"), ("JS", "QS", "H", "follower"), ("KS", "7H", "H", "follower"),
    ("7H", "KS", "H", "leader"), ("9D", "KC", "H", "leader"), ("8H", "9H", "H", "follower"),
])
def test_trick_winner(led, followed, trump, winner):
    answer = ask({"kind": "trick", "trump": trump, "led": led, "followed": followed})
    assert answer["winner"] == winner and "play.trick-winner" in answer["cites"]


def test_modified_rule_book_with_ace_high_changes_the_answer(modified_book):
    book = modified_book(rank_order=["A", "K", "Q", "J", "10", "9", "8", "7"])
    answer = ask({"kind": "play", "trump": "H", "led": "JS", "hand": ["AS", "7S"]}, book)
    assert answer["legal_cards"] == ["AS"]
    assert ask({"kind": "trick", "trump": "H", "led": "KS", "followed": "AS"}, book)["winner"] == "follower"


def test_a_single_card_of_the_suit_led_that_cannot_win_is_named_as_the_one_to_play():
    from ecarte_tutor import ask

    answer = ask({"kind": "play", "trump": "S", "led": "KH", "hand": ["QH", "7S", "8D"], "card": "QH"})
    assert answer["legal_cards"] == ["QH"]
    assert "your only heart, Q♥, does not beat K♥" in answer["explanation"]
    assert "any of them" not in answer["explanation"]


@pytest.mark.parametrize("hand", [["KS", "QS", "8D"], ["QS", "8D", "KS"], ["8D", "QS", "KS"]])
def test_the_cards_that_beat_the_card_led_are_named_in_rank_order_whatever_the_hand_s_order(hand):
    """No word of an answer depends on how the hand was written (web.play_replies keeps one reply a holding)."""
    answer = play(trump="H", led="JS", hand=hand, card="8D")
    assert answer["legal_cards"] == ["KS", "QS"]
    assert "beat J♠ when you can: K♠ and Q♠ do." in answer["explanation"]
    assert answer == play(trump="H", led="JS", hand=["KS", "QS", "8D"], card="8D")
