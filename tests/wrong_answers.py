"""The typical wrong answers to an exercise, by kind: what the diagnosis tests answer with."""
from itertools import permutations, product

from ecarte_tutor.cards import parse_card


def typical_wrong_answers(exercise, expected) -> list[tuple[str, dict]]:
    """(what the mistake is, the answer) for the mistakes a learner makes with this kind."""
    kind, p = exercise.kind, exercise.position
    out = []
    if kind == "legal-cards":
        legal = expected["cards"]
        out += [(f"left out {c}", {"cards": [x for x in legal if x != c]}) for c in legal if len(legal) > 1]
        out += [(f"added {c}", {"cards": [*legal, c]}) for c in map(str, map(parse_card, p["hand"])) if c not in legal]
        wrong = [c for c in map(str, map(parse_card, p["hand"])) if c not in legal]
        if wrong:
            out.append(("only cards that may not be played", {"cards": wrong}))
    elif kind == "rank-order":
        order = expected["order"]
        for i in range(len(order) - 1):
            swapped = list(order)
            swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
            out.append((f"swapped places {i + 1} and {i + 2}", {"order": swapped}))
        out.append(("reversed", {"order": order[::-1]}))
        aces = [c for c in order if c.startswith("A")]
        if aces:
            out.append(("the ace on top", {"order": aces + [c for c in order if c not in aces]}))
    elif kind == "trick-winner":
        out.append(("the other player", {"winner": "leader" if expected["winner"] == "follower" else "follower"}))
    elif kind in ("score", "exchange", "hand-score"):
        keys = ("elder", "dealer")
        right = expected["points"] if kind != "exchange" else {s: expected[f"{s}_draws"] for s in keys}
        tries = [{**right, seat: right[seat] + step} for seat in keys for step in (-1, 1) if right[seat] + step >= 0]
        tries += [{"elder": right["dealer"], "dealer": right["elder"]}, {"elder": 0, "dealer": 0}]
        if kind == "exchange":
            tries.append({"elder": p["elder_discards"], "dealer": p.get("dealer_discards") or 0})
        for counts in tries:
            if counts != right:
                out.append((f"counted {counts}", {"points": counts} if kind != "exchange"
                            else {f"{s}_draws": counts[s] for s in keys}))
    elif kind == "dispute":
        right, offered = expected["option_ids"], [c["value"] for c in exercise.choices]
        chooser = expected["chooser"] or "none"
        out += [(f"left out {o}", {"option_ids": [x for x in right if x != o], "chooser": chooser})
                for o in right if len(right) > 1]
        out += [(f"added {o}", {"option_ids": [*right, o], "chooser": chooser}) for o in offered if o not in right]
        out += [(f"chooser {c}", {"option_ids": right, "chooser": c}) for c in ("elder", "dealer", "none")
                if c != chooser]
    elif kind == "propose-or-play":
        out += [(f"chose {c['value']}", {"choice": c["value"]}) for c in exercise.choices
                if c["value"] != expected["choice"]]
    elif kind == "pool":  # every other of the six answers: a winner or a waiting player sent out, a pool not won
        out += [(f"chose {c['value']}", {"next": c["value"]}) for c in exercise.choices
                if c["value"] != expected["next"]]
    elif kind == "best-exchange" and "cards" in expected:  # the best discard with one card more or one less
        right = [set(choice) for choice in expected["right"]]
        best = list(expected["right"][0])
        for choice in exercise.choices:
            card = choice["value"]
            cards = [c for c in best if c != card] if card in best else [*best, card]
            if set(cards) not in right:
                out.append((f"{'kept' if card in best else 'threw out'} {card}", {"cards": cards}))
    elif kind == "best-exchange":  # the other answer to the proposal
        out += [(f"chose {c['value']}", {"choice": c["value"]}) for c in exercise.choices
                if c["value"] not in expected["right"]]
    elif kind == "best-card":  # every other card of the hand: a worse one, or one that may not be played
        best = set(expected["best"])
        out += [(f"chose {c['value']}", {"card": c["value"]}) for c in exercise.choices if c["value"] not in best]
    else:
        raise AssertionError(f"no typical wrong answers for the kind {kind}: add them here")
    return out


def every_wrong_answer(exercise, expected) -> list[tuple[str, dict]]:
    """Every wrong answer a learner can give (the class, not a few examples): every set of cards of the
    hand, every order, every count up to two past the right one, every ruling, every other choice."""
    kind, p = exercise.kind, exercise.position
    out: list[tuple[str, dict]] = []
    if kind == "legal-cards":
        hand = [str(parse_card(c)) for c in p["hand"]]
        for mask in range(1, 2 ** len(hand)):
            cards = [c for i, c in enumerate(hand) if mask >> i & 1]
            if set(cards) != set(expected["cards"]):
                out.append((f"cards {cards}", {"cards": cards}))
    elif kind == "rank-order":
        out += [(f"order {list(order)}", {"order": list(order)}) for order in permutations(expected["order"])
                if list(order) != expected["order"]]
    elif kind in ("score", "exchange", "hand-score"):
        keys = ("elder", "dealer")
        right = expected["points"] if kind != "exchange" else {s: expected[f"{s}_draws"] for s in keys}
        top = max(right.values()) + 2
        for elder, dealer in product(range(top + 1), repeat=2):
            counts = {"elder": elder, "dealer": dealer}
            if counts != right:
                out.append((f"counted {counts}", {"points": counts} if kind != "exchange"
                            else {f"{s}_draws": counts[s] for s in keys}))
    elif kind == "best-exchange" and "cards" in expected:  # every set of the hand's cards, none included
        hand = [c["value"] for c in exercise.choices]
        right = [set(choice) for choice in expected["right"]]
        for mask in range(2 ** len(hand)):
            cards = [c for i, c in enumerate(hand) if mask >> i & 1]
            if set(cards) not in right:
                out.append((f"threw out {cards}", {"cards": cards}))
    elif kind == "dispute":
        offered = [c["value"] for c in exercise.choices]
        right = (set(expected["option_ids"]), expected["chooser"] or "none")
        for mask in range(1, 2 ** len(offered)):
            ticked = [o for i, o in enumerate(offered) if mask >> i & 1]
            for chooser in ("elder", "dealer", "none"):
                if (set(ticked), chooser) != right:
                    out.append((f"ticked {ticked}, chooser {chooser}", {"option_ids": ticked, "chooser": chooser}))
    else:  # one choice among several: every other one
        out += typical_wrong_answers(exercise, expected)
    return out
