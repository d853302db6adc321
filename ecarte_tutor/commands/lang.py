"""``ecarte-tutor lang [update LANG | status]``: the catalogues of the languages (docs/languages.md).

``update fr`` brings ``ecarte_tutor/locale/fr/LC_MESSAGES/messages.po`` up to the messages the code and the
templates say (new ones added untranslated, those no longer said dropped, translations kept); ``status`` (the
default) says how far each language has come, file by file, and exits 1 on any defect ``check`` would report.
"""
from __future__ import annotations

import sys

from ..i18n import DEFAULT_LANG, LANGS


def add_arguments(parser) -> None:
    parser.add_argument("action", nargs="?", choices=("status", "update"), default="status")
    parser.add_argument("lang", nargs="?", choices=[lang for lang in LANGS if lang != DEFAULT_LANG],
                        help="the language whose catalogue to update")


def run(args) -> int:
    from ..languages import problems, update_catalogue
    from ..rulebook import load_rulebook

    if args.action == "update":
        if not args.lang:
            print("ecarte-tutor: lang update needs a language: " + ", ".join(LANGS[1:]), file=sys.stderr)
            return 2
        path, added, dropped = update_catalogue(args.lang)
        print(f"{path}: {added} message(s) added to translate, {dropped} no longer said dropped.")
        return 0
    report = problems(load_rulebook())
    for lang, count in report.messages.items():
        print(f"{lang}: {count} of {report.said} messages translated.")
        for file, left in sorted(report.left.get(lang, {}).items()):
            print(f"  {file}: {left} text(s) left to translate")
    for problem in report.problems:
        print(f"ecarte-tutor: {problem}", file=sys.stderr)
    return 1 if report.problems else 0
