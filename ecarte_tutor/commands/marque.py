"""``ecarte-tutor marque``: the score sheet of a real game at the terminal, kept in the site's store.

The sheets are the site's (``/marque``): under a learner's resume code, in the store ``serve`` uses
(``ECARTE_TUTOR_DATABASE_URL``, else the SQLite file of the instance folder, ``--instance``). Without
``--code``, ``new`` makes a learner and prints his resume code, which takes the sheet to /progress on any
device. Every hand is scored by the engine as on the site (:mod:`ecarte_tutor.marque`).
"""
from __future__ import annotations

import sys
from datetime import UTC, datetime
from typing import Any

from ..errors import StartError
from ..i18n import DEFAULT_LANG, LANGS, current, speaking, tr
from ..marque import SheetError, add_entry, correct_entry, new_sheet, read_entry, remove_entry, replay
from ..marque.editing import window_said
from ..marque.scorer import Standing, game_said
from ..marque.words import choices
from ..rulebook import default_rulebook
from ..store import Store, StoreError, database_url, open_store, shown_code
from .db import code_key_of, instance_path


def add_arguments(parser) -> None:
    parser.add_argument("action", choices=("new", "list", "show", "hand", "correct", "remove"),
                        help="new: start a sheet; list: your sheets; show: one sheet; hand: enter the next hand; "
                             "correct or remove: mend an entry")
    parser.add_argument("sheet", nargs="?", type=int, help="the sheet's number (list shows them)")
    parser.add_argument("entry", nargs="?", type=int, help="correct, remove: the entry's number")
    parser.add_argument("--code", help="your resume code (from /progress); new without it makes one")
    parser.add_argument("--instance", metavar="DIR", help="the site's instance folder (default: as serve finds it)")
    parser.add_argument("--players", nargs="+", metavar="NAME", help="new: two names (three for a pool)")
    parser.add_argument("--match", choices=tuple(choices("match")), default="game", help="new: what you play")
    parser.add_argument("--profile", default="london", help="new: the rules you play by")
    parser.add_argument("--agree", action="append", default=[], metavar="NAME[=N]",
                        help="new: an agreement at the table (doubling, game-target=7...), once for each")
    parser.add_argument("--first", help="new: who deals first (default: the first name)")
    parser.add_argument("--dealer", help="hand, correct: who dealt (default: whoever's deal it is)")
    parser.add_argument("--tricks", nargs=2, metavar=("ELDER", "DEALER"), help="hand, correct: the tricks won")
    parser.add_argument("--proposals", choices=tuple(choices("proposals")), default="exchanged")
    parser.add_argument("--king", choices=tuple(choices("king")), default="none")
    parser.add_argument("--outcome", choices=tuple(choices("outcome")), default="played")
    parser.add_argument("--doubled", action="store_true", help="the hand was doubled (by agreement)")
    parser.add_argument("--offer-declined-by", choices=("elder", "dealer"), help="the point offered and declined")
    parser.add_argument("--scores", choices=("elder", "dealer"), help="a double declined or an offer taken: who scores")
    parser.add_argument("--admitted", action="store_true", help="correct, remove: the overscore is admitted (law 51)")
    parser.add_argument("--agreed", action="store_true",
                        help="correct, remove: both players agree the sheet was simply written wrong")
    parser.add_argument("--lang", choices=LANGS, default=DEFAULT_LANG, help="the language the sheet is told in")


def _agreements(given: list[str]) -> list[object]:
    agreed: list[object] = []
    for item in given:
        name, _, value = item.partition("=")
        agreed.append({name.strip(): int(value)} if value.strip().isdigit() else name.strip())
    return agreed


def _form(args, standing: Standing) -> dict[str, str]:
    tricks = args.tricks or ("", "")
    return {"dealer": args.dealer or standing.next_dealer or "", "proposals": args.proposals, "king": args.king,
            "outcome": args.outcome, "tricks_elder": tricks[0], "tricks_dealer": tricks[1],
            "doubled": "on" if args.doubled else "", "offer_declined_by": args.offer_declined_by or "",
            "scores": args.scores or ""}


def run(args, stdout=None) -> int:
    out = stdout or sys.stdout
    try:
        instance = instance_path(args.instance)
        store = open_store(database_url(instance), code_key=code_key_of(instance))  # resume codes are kept hashed
        store.upgrade()
    except StoreError as exc:
        raise StartError(str(exc)) from None
    try:
        with speaking(getattr(args, "lang", None) or DEFAULT_LANG):
            return _run(args, store, out)
    except SheetError as exc:
        with speaking(getattr(args, "lang", None) or DEFAULT_LANG):
            said = (tr("ecarte-tutor marque: not entered: hand %(n)s: %(why)s", n=exc.n, why=exc.message) if exc.n
                    else tr("ecarte-tutor marque: not entered: %(why)s", why=exc.message))
        print(said, file=sys.stderr)
        return 1
    except StoreError as exc:
        raise StartError(str(exc)) from None
    finally:
        store.close()


def _learner_key(args, store: Store, out) -> str | None:
    if not args.code:
        return None
    learner = store.by_resume_code(args.code)
    if learner is None:
        raise StartError("no progress has this resume code: check it against /progress")
    return learner.key


def _run(args, store: Store, out) -> int:
    book = default_rulebook()
    now = datetime.now(UTC)
    key = _learner_key(args, store, out)
    if args.action == "new":
        first = args.first or (args.players or [""])[0]
        sheet = new_sheet(args.players or [], args.profile, _agreements(args.agree), args.match, first, book, now)
        if key is None:
            learner = store.new_learner()
            key = learner.key
            code = shown_code(store.new_resume_code(key))  # shown this once: only its keyed hash is kept
            out.write(tr("Your resume code: %(code)s (keep it: it finds this sheet again)", code=code) + "\n")
        kept = store.new_sheet(key, sheet)
        out.write(tr("Sheet %(n)s started.", n=kept.id) + "\n")
        _print(replay(kept.data, book=book), out)
        return 0
    if key is None:
        raise StartError("give your resume code (--code), as /progress shows it")
    if args.action == "list":
        for kept in store.sheets(key):
            standing = replay(kept.data, book=book)
            score = ", ".join(f"{name} {points}" for name, points in standing.current.score.items())
            out.write(f"{kept.id}: {' – '.join(kept.data['players'])}, {standing.result or score}\n")
        return 0
    found = store.sheet(key, args.sheet) if args.sheet is not None else None
    if found is None:
        raise StartError("give the number of one of your sheets (ecarte-tutor marque list)")
    if args.action == "show":
        _print(replay(found.data, book=book), out)
        return 0
    standing = replay(found.data, book=book)
    if args.action == "hand":
        entry = read_entry(_form(args, standing), found.data["players"])
        kept = store.change_sheet(key, found.id, lambda data: add_entry(data, entry, book, now)[0])
    else:
        if args.entry is None:
            raise StartError("give the number of the entry to mend (ecarte-tutor marque show)")
        n = args.entry
        if args.action == "remove":
            kept = store.change_sheet(key, found.id, lambda data: remove_entry(
                data, n, book, now, args.agreed, args.admitted)[0])
        else:
            entry = read_entry(_form(args, standing), found.data["players"])
            kept = store.change_sheet(key, found.id, lambda data: correct_entry(
                data, n, entry, book, now, args.agreed, args.admitted)[0])
    _print(replay(kept.data, book=book), out)
    return 0


def _print(standing: Standing, out) -> None:
    book = standing.table.book
    sheet = standing.sheet
    slots = {"players": " – ".join(sheet["players"]), "match": choices("match")[sheet["match"]],
             "profile": sheet["profile"], "agreed": ", ".join(map(str, sheet["agreements"]))}
    out.write((tr("%(players)s: %(match)s; rules of %(profile)s; agreed: %(agreed)s", **slots) if sheet["agreements"]
               else tr("%(players)s: %(match)s; rules of %(profile)s", **slots)) + "\n")
    for game in standing.games:
        score = ", ".join(f"{name} {points}" for name, points in game.score.items())
        out.write("\n" + tr("Game %(number)s: %(score)s", number=game.number, score=score) + "\n")
        for line in game.lines:
            _line(line, out, book)
        if game.winner:
            out.write(f"  {game_said(game)}\n")
    removed = [line for line in standing.lines if line.entry is None]
    for line in removed:
        out.write(tr("  (entry %(n)s removed; its history is kept)", n=line.n) + "\n")
    for text in standing.said:
        out.write(f"{text}\n")
    if standing.over and standing.result not in standing.said:  # said already holds the result once over
        out.write(f"{standing.result}\n")
    elif standing.next_dealer:
        out.write(tr("%(dealer)s deals next; %(elder)s is the elder hand.", dealer=standing.next_dealer,
                     elder=standing.next_elder) + "\n")
    latest = [line.n for line in standing.lines if line.entry is not None]
    if latest:
        _, text, _ = window_said(standing, latest[-1])
        out.write(tr("Mending entry %(n)s: %(text)s", n=latest[-1], text=text) + "\n")


def _line(line: Any, out, book) -> None:
    ruling = bool(line.entry and line.entry["kind"] == "ruling")
    mended = " " + tr("(corrected)") if len(line.versions) > 1 else ""
    points = ", ".join(f"{name} +{p}" for name, p in line.points.items())
    after = ", ".join(f"{name} {p}" for name, p in line.score_after.items())
    head = tr("Ruling %(n)s", n=line.n) if ruling else tr("Hand %(n)s", n=line.n)
    told = tr("%(head)s: %(dealt)s", head=head, dealt=tr("%(name)s dealt.", name=line.dealer))
    out.write(f"  {told} {points} -> {after}{mended}\n")
    for award in line.awards:
        out.write(f"    {award['name']}: {award['reason']}\n")
    if line.laws:
        lang = current()
        out.write("    " + tr("Laws:") + " " + "; ".join(f"{n} ({book.text(book.laws[n].id, 'title', lang)})"
                                                     for n in line.laws if n in book.laws) + "\n")
