"""A player's vocabulary: how pages and messages name cards, seats, rules, laws, options and cases.

Ids (``law.43``, ``fresh-deal``, ``bad-deal``) belong to the JSON API and to the details kept for
referees. Everything a player reads names things through here, with words taken from the data:
rule and law titles, option labels, the questions and choices of the dispute facts, profile titles.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from .bookshapes import Condition, Fact, Source
from .cards import Card, parse_card, suit_name
from .errors import CardNotationError
from .i18n import DEFAULT_LANG, current, marked, marked_in, tr, trc

SEAT_NAMES = {"elder": marked_in("seat", "the elder hand (non-dealer)"), "dealer": marked_in("seat", "the dealer")}
"""How explanations name the seats (in English: :func:`seat_name` says them in the answer's language)."""
SEAT_WORDS = {"elder": marked_in("seat after the", "elder"), "dealer": marked_in("seat after the", "dealer")}
"""A seat as a template says it after its own article ("The {seat} declined the double"), said by :func:`seat_word`."""

KIND_NAMES = {
    "play": marked("May I play it?"), "trick": marked("Who wins the trick?"),
    "score": marked("What does the hand score?"), "exchange": marked("The stock runs short"),
    "hand": marked("A whole hand refereed"), "analyse": marked("How should it be played?"),
    "dispute": marked("Disputes"), "pack": marked("Is the pack correct?"), "advice": marked("Advice: propose or play?"),
    "record": marked("A record of tricks checked"), "pool": marked("Pools of three or more"),
}
"""The kinds of question as a player would ask them (the casebook's filter; :func:`kind_name` says them)."""
LIST_WORDS = {"and": marked_in("list", "and"), "or": marked_in("list", "or")}
"""The word before a list's last item (:func:`listed`)."""
CARDS_WITH_THE = {
    "K": marked_in("card with its article", "the king of %(suit)s"),
    "Q": marked_in("card with its article", "the queen of %(suit)s"),
    "J": marked_in("card with its article", "the knave of %(suit)s"),
    "A": marked_in("card with its article", "the ace of %(suit)s"),
    "10": marked_in("card with its article", "the ten of %(suit)s"),
    "9": marked_in("card with its article", "the nine of %(suit)s"),
    "8": marked_in("card with its article", "the eight of %(suit)s"),
    "7": marked_in("card with its article", "the seven of %(suit)s"),
}
"""A card in words with its article, one template a rank (French says « la dame », « l'as », « le roi »)."""

NUMBER_WORDS = (marked_in("number", "no"), marked_in("number", "one"), marked_in("number", "two"),
                marked_in("number", "three"), marked_in("number", "four"), marked_in("number", "five"),
                marked_in("number", "six"), marked_in("number", "seven"), marked_in("number", "eight"),
                marked_in("number", "nine"), marked_in("number", "ten"))
"""The counts explanations write in words, in English (:func:`number_word` says them in the answer's language)."""


def number_word(count: int) -> str:
    """A count as explanations write it, in the current language: in words up to ten ("five tricks"), in figures
    beyond."""
    return trc("number", NUMBER_WORDS[count]) if 0 <= count < len(NUMBER_WORDS) else str(count)


def _card(card: object) -> Card | None:
    if isinstance(card, Card):
        return card
    try:
        return parse_card(card)
    except CardNotationError:
        return None


def card_short(card: object) -> str:
    """A card as a player writes it: ``J♠`` (text that is no card comes back as it is)."""
    found = _card(card)
    return found.pretty if found else str(card)


def card_name(card: object) -> str:
    """A card in words, in the current language: ``the knave of spades``, ``le valet de pique``."""
    found = _card(card)
    if found is None:
        return str(card)
    return trc("card with its article", CARDS_WITH_THE[found.rank], suit=suit_name(found.suit, current()))


def listed(items: Sequence[str], last: str = "and") -> str:
    """Words in a sentence: "a", "a and b", "a, b and c" (``last``: the word before the last one, "and" or "or",
    said in the current language: « a, b et c »)."""
    if len(items) == 1:
        return items[0]
    word = trc("list", LIST_WORDS[last]) if last in LIST_WORDS else last
    return tr("%(items)s %(last_word)s %(last)s", items=", ".join(items[:-1]), last_word=word, last=items[-1])


def lower_first(text: str) -> str:
    """A sentence or a label with its first letter lowered, to stand inside a sentence: "A non-dealer" too; an
    acronym ("BGA") kept."""
    first = text.split(" ", 1)[0]
    return text if len(first) > 1 and first.isupper() else text[:1].lower() + text[1:]


def card_list(cards: Iterable[object]) -> str:
    """Cards as a player writes them, comma-separated: ``Q♠, 7♠``."""
    return ", ".join(card_short(card) for card in cards)


FIELD_WORDS = {  # each translated by the catalogues in the context "field" (in_words)
    "hand": marked_in("field", "your hand"),
    "led": marked_in("field", "the card led"),
    "card": marked_in("field", "the card to play"),
    "trump": marked_in("field", "the trump suit"),
    "followed": marked_in("field", "the card played to it"),
    "cards": marked_in("field", "the cards you chose"),
    "order": marked_in("field", "the order"),
    "points": marked_in("field", "the score"),
    "points.elder": marked_in("field", "the elder hand's score"),
    "points.dealer": marked_in("field", "the dealer's score"),
    "elder_draws": marked_in("field", "the elder hand's draw"),
    "dealer_draws": marked_in("field", "the dealer's draw"),
    "stock": marked_in("field", "the stock"),
    "elder_discards": marked_in("field", "the elder hand's discards"),
    "dealer_discards": marked_in("field", "the dealer's discards"),
    "tricks": marked_in("field", "the tricks"),
    "players": marked_in("field", "the players"),
    "results": marked_in("field", "the results"),
    "first": marked_in("field", "the first two players"),
}
"""How a message a player reads names a field of a question or an answer (the API quotes the field)."""

_QUOTED_FIELD = re.compile(r"'([a-z_]+(?:\.[a-z_]+)?)(?:\[(\d+)\])?'")


def in_words(message: str) -> str:
    """``message`` with each quoted field it names in a player's words: "'hand' holds 6 cards" -> "Your hand …"."""
    def named(match: re.Match[str]) -> str:
        words = FIELD_WORDS.get(match.group(1))
        if words is None:
            return match.group(0)
        words = trc("field", words)
        if match.group(2) is not None:
            words = tr("%(field)s (card %(number)s)", field=words, number=int(match.group(2)) + 1)
        at_start = match.start() == 0 or message[:match.start()].rstrip().endswith((".", ":", "!", "?"))
        return words[0].upper() + words[1:] if at_start else words
    return _QUOTED_FIELD.sub(named, message)


def seat_name(seat: str | None) -> str:
    """A seat as explanations name it, in the current language ("the dealer"; "nobody" for none)."""
    if seat is None:
        return trc("seat", "nobody")
    return trc("seat", SEAT_NAMES[seat]) if seat in SEAT_NAMES else seat


def seat_word(seat: str) -> str:
    """A seat as a template names it after the template's own article: "elder", "dealer" (:data:`SEAT_WORDS`)."""
    return trc("seat after the", SEAT_WORDS[seat]) if seat in SEAT_WORDS else seat


def seat_totals(points: Mapping[str, int]) -> str:
    """Each seat's points, in the current language: "the elder hand (non-dealer) 0, the dealer 3"."""
    return ", ".join(f"{seat_name(seat)} {count}" for seat, count in points.items())


PROFILE_RULES = {"london": marked_in("profile's rules", "the London rules"),
                 "french": marked_in("profile's rules", "the French rules"),
                 "modern": marked_in("profile's rules", "the Modern rules"),
                 "finnish": marked_in("profile's rules", "the Finnish rules")}
"""A profile's rules as a referee's sentence names them ("Under the London rules the elder discards …")."""
PHASE_WORDS = {"proposal": marked_in("phase", "proposal"), "response": marked_in("phase", "response"),
               "elder-discard": marked_in("phase", "elder-discard"),
               "dealer-discard": marked_in("phase", "dealer-discard"), "play": marked_in("phase", "play"),
               "complete": marked_in("phase", "complete"), "game-over": marked_in("phase", "game-over")}
"""A hand's phase as a referee's sentence names it ("the hand is in its proposal phase"); in English the API's
own name."""


def profile_rules(profile: str) -> str:
    """"the London rules", in the current language (an unknown profile by its name, capitalised)."""
    if profile in PROFILE_RULES:
        return trc("profile's rules", PROFILE_RULES[profile])
    return tr("the %(profile)s rules", profile=profile.capitalize())


def phase_word(phase: str) -> str:
    """A hand's phase in a referee's sentence, in the current language."""
    return trc("phase", PHASE_WORDS[phase]) if phase in PHASE_WORDS else phase


def kind_name(kind: str) -> str:
    """A kind of question as a player asks it, in the current language."""
    if kind in KIND_NAMES:
        return tr(KIND_NAMES[kind])
    return kind.capitalize() if kind else tr("A question")


def rule_id(rule: object) -> str:
    """The id of a rule the vocabulary was handed (:class:`ecarte_tutor.rulebook.Rule`)."""
    return str(getattr(rule, "id", ""))


class _Titled(Protocol):
    """A rule as the vocabulary names it (:class:`ecarte_tutor.rulebook.Rule`)."""

    @property
    def title(self) -> str: ...

    @property
    def law(self) -> int | None: ...


class WordBook(Protocol):
    """What the vocabulary reads of a rule book: a :class:`~ecarte_tutor.rulebook.RuleBook`, described
    here rather than imported because the rule book sits above this module's layer."""

    @property
    def rules(self) -> Mapping[str, _Titled]: ...

    @property
    def laws(self) -> Mapping[int, _Titled]: ...

    @property
    def profiles(self) -> Mapping[str, _Titled]: ...

    @property
    def facts(self) -> Mapping[str, Fact]: ...

    @property
    def option_labels(self) -> Mapping[str, str]: ...

    @property
    def agreement_labels(self) -> Mapping[str, str]: ...

    @property
    def agreements(self) -> Mapping[str, _Titled]: ...

    @property
    def sources(self) -> Mapping[str, Source]: ...

    def text(self, key: str, name: str, lang: str = DEFAULT_LANG) -> str: ...

    def words(self, key: str, name: str, lang: str, english: str) -> str: ...


class Words:
    """The vocabulary of one rule book: every name is looked up in its data."""

    # The book-free names, so that a template needs only this one object.
    card, card_name, cards, seat, kind = (staticmethod(card_short), staticmethod(card_name),
                                          staticmethod(card_list), staticmethod(seat_name), staticmethod(kind_name))

    def __init__(self, book: WordBook) -> None:
        self.book = book
        self.moments = {name for name, fact in book.facts.items() if fact.get("moment")}

    def law(self, number: int) -> str:
        """``Law 43 — Revoking, or not winning a trick when able``."""
        rule = self.book.laws.get(number)
        lang = current()
        if lang == DEFAULT_LANG:
            return f"Law {number} — {rule.title}" if rule else f"Law {number}"
        if rule is None:
            return tr("Law %(number)s", number=number)
        return tr("Law %(number)s — %(title)s", number=number, title=self.book.text(rule_id(rule), "title", lang))

    def rule(self, rule_id: str) -> str:
        """A rule by its title (a law by its number and title); an id the book lacks, in words."""
        found = self.book.rules.get(rule_id)
        if found is None:
            return tr("a rule that is no longer in the rule book")
        if found.law:
            return self.law(found.law)
        lang = current()
        return found.title if lang == DEFAULT_LANG else self.book.text(rule_id, "title", lang)

    def option(self, option_id: str) -> str:
        """A remedy option by its label in the dispute facts."""
        label = self.book.option_labels.get(option_id)
        return option_id.replace("-", " ").capitalize() if label is None else self._said("options", option_id, label)

    def fact(self, name: str) -> str:
        """A dispute fact by the question the interview asks about it."""
        fact = self.book.facts.get(name)
        return self._said(f"fact:{name}", "question", fact["question"]) if fact else name.replace("_", " ")

    def fact_value(self, name: str, value: object) -> str:
        """A fact's value by the label of its choice (yes / no for a yes-or-no fact)."""
        fact = self.book.facts.get(name)
        for choice in fact.get("choices", ()) if fact else ():
            if choice.get("value") == value and type(choice.get("value")) is type(value):
                return self._said(f"fact:{name}", f"choices.{str(value).lower()}", choice["label"])
        if isinstance(value, bool):
            return trc("answer", "yes") if value else trc("answer", "no")
        return str(value)

    def fact_state(self, name: str, value: object) -> str:
        """A fact and its value as a player says them: a moment as what had (not) happened by then,
        any other fact as its question and the answer (“Whose hand is wrong?” The dealer's)."""
        fact = self.book.facts.get(name)
        moment = fact.get("moment") if fact else None
        if moment and isinstance(value, bool):
            said = "happened" if value else "pending"
            return self._said(f"fact:{name}", f"moment.{said}", moment["happened"] if value else moment["pending"])
        return tr("“%(question)s” %(answer)s", question=self.fact(name), answer=self.fact_value(name, value))

    def fact_condition(self, name: str, condition: Condition) -> str:
        """What a decision row asks of a fact (a value, a list of values, or ``{min, max}``), in words."""
        if isinstance(condition, dict):
            low, high = condition.get("min"), condition.get("max")
            span = (tr("from %(low)s to %(high)s", low=low, high=high) if low is not None and high is not None
                    else tr("at least %(low)s", low=low) if low is not None else tr("at most %(high)s", high=high))
            return tr("“%(fact)s” %(values)s", fact=self.fact(name), values=span)
        if isinstance(condition, list):
            return tr("“%(fact)s” %(values)s", fact=self.fact(name),
                      values=trc("list", " or ").join(str(self.fact_value(name, v)) for v in condition))
        return self.fact_state(name, condition)

    def agreements(self, written: Iterable[object] | None) -> list[str]:
        """Agreements as a question writes them (``"ace-high"``, ``{"game-target": 7}``), by their labels."""
        labels = []
        for item in written or ():
            name, value = next(iter(item.items())) if isinstance(item, dict) else (item, None)
            label = self.agreement_label(str(name))
            labels.append(f"{label}: {value}" if value is not None else label)
        return labels

    def agreement_label(self, name: str) -> str:
        """An agreement by its label, in the current language."""
        label = self.book.agreement_labels.get(name, name)
        lang = current()
        if lang == DEFAULT_LANG or name not in self.book.agreement_labels:
            return label
        return self.book.text(rule_id(self.book.agreements[name]), "label", lang)

    def profile(self, name: str, *, full: bool = False) -> str:
        """A profile by its title; in running text only the part before its dash: ``London (the club code)``."""
        rule = self.book.profiles.get(name)
        if rule is None:
            return name
        lang = current()
        title = rule.title if lang == DEFAULT_LANG else self.book.text(rule_id(rule), "title", lang)
        return title if full else title.split(" — ")[0]

    def _said(self, key: str, name: str, english: str) -> str:
        """A dispute fact's words (``fact:<name>``) or a remedy's label (``options``) in the current language."""
        lang = current()
        return english if lang == DEFAULT_LANG else self.book.words(key, name, lang, english)

    def source(self, source_id: str) -> str:
        """A source by its title, as ``rules/sources.yaml`` gives it."""
        found = self.book.sources.get(source_id)
        return found.get("title", source_id) if found else source_id
