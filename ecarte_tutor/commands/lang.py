"""``ecarte-tutor lang [status | update LANG | stamp LANG | ratchet | sentences [PATH]]``: the languages' catalogues
(docs/languages.md).

``stamp fr`` writes, in each entry of ``rules/fr/`` whose English changed since (or that has none), the
fingerprint of the English it now translates (``of:``): run it once the translation follows its English.
``update fr`` brings ``ecarte_tutor/locale/fr/LC_MESSAGES/messages.po`` up to the messages the code and the
templates say (new ones added untranslated, those no longer said dropped, translations kept); ``status`` (the
default) says how far each language has come, file by file, and how many sentences each module still writes in
Python (:mod:`ecarte_tutor.untranslated`), and exits 1 on any defect ``check`` would report; ``ratchet`` rewrites
``ecarte_tutor/locale/python-sentences.txt`` to the sentences still in Python (run it once some have moved out);
``sentences [PATH]`` names each of them, ``file:line``, those under ``PATH`` only if one is given.
"""
from __future__ import annotations

import sys

from ..i18n import LANGS


def add_arguments(parser) -> None:
    parser.add_argument("action", nargs="?", choices=("status", "update", "stamp", "ratchet", "sentences"),
                        default="status")
    parser.add_argument("lang", nargs="?", help="the language whose catalogue to update (for sentences: the files "
                                                "whose path starts so, e.g. ecarte_tutor/engine)")  # for developers


def run(args) -> int:
    from .. import untranslated
    from ..coursewords import stamp as course_stamp
    from ..languages import problems, stamp, stamp_parallels, update_catalogue
    from ..rulebook import load_rulebook

    if args.action == "sentences":  # each sentence still in Python, file:line, under a path if one is given
        for sentence in untranslated.found():
            if not args.lang or sentence.file.startswith(args.lang):
                print(sentence)
        return 0
    if args.action == "ratchet":
        count = untranslated.write_allowed(untranslated.found())
        print(f"{untranslated.ALLOWED}: {count} sentence(s) still in Python allowed.")
        return 0
    if args.action in ("update", "stamp") and args.lang not in LANGS[1:]:
        print(f"ecarte-tutor: lang {args.action} needs a language: " + ", ".join(LANGS[1:]), file=sys.stderr)
        return 2
    if args.action == "stamp":
        book = load_rulebook()
        count = stamp(book, book.translations[args.lang], book.root)
        count += course_stamp(book.root, args.lang)  # rules/<lang>/course/ too
        print(f"rules/{args.lang}/: {count} entr{'y' if count == 1 else 'ies'} stamped with the English "
              "they translate.")
        files = stamp_parallels(book, args.lang)
        print(f"the data files' translations: {files} file(s) stamped with the English they translate.")
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
    sentences = untranslated.found()
    print(f"Sentences still in Python: {len(sentences)}, to move to the catalogues:")
    for module, count in untranslated.by_module(sentences).items():
        print(f"  ecarte_tutor/{module}: {count}")
    unlisted = untranslated.problems(sentences=sentences)
    for problem in [*report.problems, *unlisted, *report.stale]:
        print(f"ecarte-tutor: {problem}", file=sys.stderr)
    return 1 if report.problems or unlisted or report.stale else 0
