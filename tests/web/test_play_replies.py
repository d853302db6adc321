"""The API's play replies made from templates (web/play_replies.py) are ask()'s own, byte for byte."""
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ecarte_tutor import jsonio
from ecarte_tutor.asking import ask
from ecarte_tutor.cards import PACK
from ecarte_tutor.web import play_replies
from ecarte_tutor.web.play_replies import PlayReplies, Unmade

NAMES = [card.notation for card in PACK]


def offered(replies: PlayReplies, question) -> bytes | Unmade | None:
    """What ``replies`` makes of ``question`` sent as a JSON body."""
    return replies.reply(jsonio.dumps(question))


def asked_through(replies: PlayReplies, questions, library, write=jsonio.dumps) -> tuple[int, int]:
    """Each question as the Api asks it, its body written by ``write``: the template's reply, checked against ask()'s,
    or ask()'s reply kept. How many were made from a template, and how many kept."""
    made = kept = 0
    for question in questions:
        answer = ask(question, library)
        expected = None if "error" in answer else jsonio.dumps(answer)
        reply = replies.reply(write(question))
        if type(reply) is bytes:
            made += 1
            assert reply == expected, question
        elif reply is not None and expected is not None:
            before = replies.templates
            replies.keep(reply, expected)
            kept += replies.templates - before
    return made, kept


def kept(replies: PlayReplies, question: dict, library) -> bytes | Unmade | None:
    """What ``replies`` makes of ``question`` once ask()'s reply to it has been offered to keep."""
    unmade = offered(replies, question)
    answer = ask(question, library)
    if isinstance(unmade, Unmade) and "error" not in answer:
        replies.keep(unmade, jsonio.dumps(answer))
    return offered(replies, question)


def random_questions(rng: random.Random, count: int, profiles=(None,), led_choices=NAMES[:8]) -> list[dict]:
    """Play questions over few cards led, so that holdings come back; now and then without a card asked about."""
    found = []
    for _ in range(count):
        led = rng.choice(led_choices)
        hand = rng.sample([name for name in NAMES if name != led], rng.randint(1, 5))
        question = {"kind": "play", "trump": rng.choice("SHDC"), "led": led, "hand": hand}
        if rng.random() < 0.9:
            question["card"] = rng.choice(hand)
        profile = rng.choice(profiles)
        if profile is not None:
            question["profile"] = profile
        keys = list(question)
        rng.shuffle(keys)  # the order of the fields decides nothing
        found.append({key: question[key] for key in keys})
    return found


def test_every_profile_s_replies_are_ask_s(book):
    replies = PlayReplies(book)
    made, kept = asked_through(replies, random_questions(random.Random(5), 6000, (None, *book.profiles)), book)
    assert kept > 100 and made > 500  # both ways were taken, many times


@pytest.mark.parametrize("changes", [{"must_follow_suit": False}, {"must_head_trick": False},
                                     {"must_trump_when_void": False}])
def test_a_rule_book_with_other_duties_gets_its_own_replies(modified_book, changes):
    """The holding is the hand's cards of the suit led, or its trumps, whatever the duties: the engine says which
    decides, and when the hand is free to discard (with no duty to follow, one holding cards of the suit led too)."""
    book = modified_book(**changes)
    made, kept = asked_through(PlayReplies(book), random_questions(random.Random(11), 2500), book)
    assert made > 50 and kept > 20


cards = st.sampled_from(NAMES[:12])  # few cards, so that holdings and verdicts repeat within an example
questions = st.fixed_dictionaries({
    "kind": st.sampled_from(["play"] * 6 + ["trick"]),
    "trump": st.sampled_from(["S", "H"] * 3 + ["s", "♥", 3]),
    "led": st.one_of(cards, st.sampled_from(["qs", "Q♠", "10S", None, 7])),
    "hand": st.one_of(st.lists(cards, min_size=1, max_size=5, unique=True), st.lists(cards, max_size=7),
                      st.lists(st.sampled_from(["QS", "Q♠", 3, None]))),
}, optional={
    "card": st.one_of(cards, st.sampled_from(["q♠", None, ["QS"]])),
    "profile": st.sampled_from(["london", "french", "modern", "finnish", "London", " london", None, 1, ["x"]]),
    "agreements": st.just([]),
    "followed": cards,
})


writings = st.sampled_from([jsonio.dumps, lambda question: json.dumps(question).encode(),  # spaces, \u escapes
                            lambda question: json.dumps(question, indent=1, ensure_ascii=False).encode()])


@given(st.lists(questions, min_size=1, max_size=40), writings)
def test_whatever_is_asked_a_reply_made_is_ask_s_reply(book, sequence, write):
    """Any question, well or badly written: a reply made from a template is always ask()'s, and only an answer (no
    error) is ever made or kept."""
    asked_through(PlayReplies(book), sequence, book, write)


def test_only_questions_ask_answers_at_once_in_the_api_s_notation_are_made(book):
    replies = PlayReplies(book)
    plain = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "8D"], "card": "7S"}
    assert kept(replies, plain, book) == jsonio.dumps(ask(plain, book))
    assert isinstance(offered(replies, {**plain, "card": "QS"}), Unmade)  # the other verdict has no template yet
    reordered = {**plain, "hand": ["7S", "8D", "QS"]}  # another order: the same holding, the same words
    assert offered(replies, reordered) == jsonio.dumps(ask(reordered, book))
    other_cards = {**plain, "hand": ["QS", "7S", "9C"]}
    # the hand's other cards decide nothing
    assert offered(replies, other_cards) == jsonio.dumps(ask(other_cards, book))
    for other in ({**plain, "agreements": []}, {**plain, "profile": "London"}, {**plain, "led": "J♠"},
                  {**plain, "card": "7♠"}, {**plain, "hand": ["QS", "7S", "8D", "8D"]}, {**plain, "hand": []},
                  {**plain, "hand": ["QS", "7S", "8D", "9D", "TD", "AD"]}, {**plain, "card": "KH"},
                  {**plain, "kind": "trick"}, {key: value for key, value in plain.items() if key != "kind"},
                  {**plain, "hand": ["QS", "JS", "7S"]}, {**plain, "hand": {"QS": 1, "7S": 2}},
                  {**plain, "hand": "QS7S8D"}, {**plain, "hand": ["QS", 7, "8D"]}, {**plain, "card": ["7S"]}):
        assert kept(replies, other, book) is None, other
    for no_object in ([plain], "play", None, 3):
        assert offered(replies, no_object) is None
    assert replies.templates == 1


def test_a_body_is_taken_only_when_its_question_is_the_one_ask_reads(book):
    """The body is read straight into a play question (msgspec): one that ask() would read otherwise, or refuse, is
    never made from a template, whatever its fields' values."""
    replies = PlayReplies(book)
    plain = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "8D"], "card": "7S", "profile": "french"}
    assert kept(replies, plain, book) == jsonio.dumps(ask(plain, book))
    body = jsonio.dumps(plain)
    spaced = b'{ "kind" : "play", "trump": "H",\n "led": "J\\u0053", "hand": ["QS","7S","8D"], "card": "7S",' \
             b' "profile": "french"}'  # spaces, a line break and a card written with an escape: the same question
    assert replies.reply(spaced) == jsonio.dumps(ask(jsonio.loads_utf8(spaced), book))
    refused_by_ask = [
        b'{"kind":"play",' + body[1:],  # a key written twice (invalid-json)
        body[:-1] + b',"card":"QS"}',  # the card asked about written twice, the second one legal
        b"\xef\xbb\xbf" + body,  # a byte-order mark
        body + b" 1",  # text after the question
        body[:-1] + b',"followed":"JS"}',  # a field of another kind
        body.replace(b'"french"', b'"fr:ench"'),  # a colon in a value: no profile's name
    ]
    read_by_ask = [body.replace(b',"profile":"french"', b',"profile":null'),  # a null given for a field
                   body.replace(b'"card":"7S",', b'"card":null,'),
                   body.replace(b'"french"', b'"French"')]  # a profile's name in another case
    for other in refused_by_ask + read_by_ask:
        assert other != body and replies.reply(other) is None, other


def test_one_template_serves_every_hand_free_to_discard_under_a_card_led(book):
    """A hand with no card of the suit led and no trump may play any card: its reply lists its own cards, in the
    answers' order, and names the card asked about; the rest is the card led's."""
    replies = PlayReplies(book)
    free = {"kind": "play", "trump": "H", "led": "JS", "hand": ["8D", "9C"], "card": "8D"}  # no spade, no heart
    assert kept(replies, free, book) == jsonio.dumps(ask(free, book)) and replies.templates == 1
    for other in ({**free, "hand": ["7C", "AD", "KC", "10D", "QD"], "card": "KC"},
                  {**free, "hand": ["9C"], "card": "9C"}, {**free, "hand": ["9C", "8D"], "card": "9C"}):
        made = offered(replies, other)
        assert made == jsonio.dumps(ask(other, book)), other
        assert jsonio.loads_utf8(made)["legal_cards"] == [card for card in NAMES if card in other["hand"]]
    without_card = {key: value for key, value in free.items() if key != "card"}
    assert isinstance(offered(replies, without_card), Unmade)  # no card asked about: a template of its own
    assert kept(replies, without_card, book) == jsonio.dumps(ask(without_card, book))
    other = {**without_card, "hand": ["QC", "7D"]}
    assert offered(replies, other) == jsonio.dumps(ask(other, book))
    # a hand holding a heart must trump: a holding of its own, never the free template
    bound = {**free, "hand": ["8D", "7H"], "card": "8D"}
    assert isinstance(offered(replies, bound), Unmade)
    assert jsonio.loads_utf8(kept(replies, bound, book))["legal"] is False
    # under another trump suit the card led is another: its own template
    assert isinstance(offered(replies, {**free, "trump": "C", "hand": ["8D", "9H"]}), Unmade)
    assert replies.templates == 3


def test_house_rules_are_always_asked(book):
    from ecarte_tutor.house import House
    from ecarte_tutor.library import Library

    house = House("Cercle", "french", (), (), "cercle.yaml")
    library = Library(book=book, lessons=(), scenarios=(), house=house)
    replies = PlayReplies(library)
    plain = {"kind": "play", "trump": "H", "led": "JS", "hand": ["QS", "7S", "8D"], "card": "7S"}
    assert kept(replies, plain, library) is None and replies.templates == 0


def test_the_templates_kept_are_bounded(book, monkeypatch):
    monkeypatch.setattr(play_replies, "MOST_TEMPLATES", 5)
    replies = PlayReplies(book)
    asked_through(replies, random_questions(random.Random(3), 500), book)
    assert replies.templates == 5
