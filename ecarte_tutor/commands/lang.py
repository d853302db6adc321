"""``ecarte-tutor lang [update LANG | status]``: the catalogues of the languages (docs/languages.md).

``stamp fr`` writes, in each entry of ``rules/fr/`` whose English changed since (or that has none), the
fingerprint of the English it now translates (``of:``): run it once the translation follows its English.
``update fr`` brings ``ecarte_tutor/locale/fr/LC_MESSAGES/messages.po`` up to the messages the code and the
templates say (new ones added untranslated, those no longer said dropped, translations kept); ``status`` (the
default) says how far each language has come, file by file, and exits 1 on any defect ``check`` would report.
"""
from __future__ import annotations

import sys

from ..i18n import DEFAULT_LANG, LANGS


def add_arguments(parser) -> None:
    parser.add_argument("action", nargs="?", choices=("status", "update", "stamp"), default="status")
    parser.add_argument("lang", nargs="?", choices=[lang for lang in LANGS if lang != DEFAULT_LANG],
                        help="the language whose catalogue to update")


def run(args) -> int:
    from ..coursewords import stamp as course_stamp
    from ..languages import problems, stamp, update_catalogue
    from ..rulebook import load_rulebook

    if args.action in ("update", "stamp") and not args.lang:
        print(f"ecarte-tutor: lang {args.action} needs a language: " + ", ".join(LANGS[1:]), file=sys.stderr)
        return 2
    if args.action == "stamp":
        book = load_rulebook()
        count = stamp(book, book.translations[args.lang], book.root)
        count += course_stamp(book.root, args.lang)  # rules/<lang>/course/ too
        print(f"rules/{args.lang}/: {count} entr{'y' if count == 1 else 'ies'} stamped with the English "
              "they translate.")
        return 0
    if args.action == "update":
        path, added, dropped = update_catalogue(args.lang)
        print(f"{path}: {added} message(s) added to translate, {dropped} no longer said dropped.")
        return 0
    report = problems(load_rulebook())
    for lang, count in report.messages.items():
        print(f"{lang}: {count} of {report.said} messages translated.")
        for file, left in sorted(report.left.get(lang, {}).items()):
            print(f"  {file}: {left} text(s) left to translate")
    for problem in [*report.problems, *report.stale]:
        print(f"ecarte-tutor: {problem}", file=sys.stderr)
    return 1 if report.problems or report.stale else 0
