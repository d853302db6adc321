"""The languages a player may read, and the gettext catalogues that hold their words (issue 42).

English is the language of the code: every message is written in English where it is used, and the
catalogue of each other language (``ecarte_tutor/locale/<lang>/LC_MESSAGES/messages.po``) gives its
words. The ``.po`` file is the only copy kept: it is compiled in memory the first time a process needs
the language (Babel, a few milliseconds), so no binary ``.mo`` file is committed, none can fall behind
its ``.po``, and two translators' changes merge as text. ``ecarte-tutor check`` holds the catalogues
to the code (:mod:`ecarte_tutor.languages`).

Messages with numbers or cards are templates with named slots (``%(card)s``), never fragments put
together, so each language orders its own words; counts go through :func:`trn` (1 levée, 2 levées).
The language of the words being made is :func:`current`: ``ask()`` and the site set it for the
question or the request (:func:`speaking`); the engine's explanations take theirs from the
parameters they are made under (``params.lang``).
"""
from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from gettext import NullTranslations
from io import BytesIO
from pathlib import Path

LANGS = ("en", "fr")
"""The languages a player may choose; the first is the language of the code and of the defaults."""
DEFAULT_LANG = LANGS[0]
LANG_NAMES = {"en": "English", "fr": "Français"}
"""Each language by its own name, as a switch between them shows it (never translated)."""
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "messages"

_current: ContextVar[str] = ContextVar("ecarte_tutor_lang", default=DEFAULT_LANG)
_compiled: dict[str, NullTranslations] = {}
_lock = threading.Lock()


def read_lang(value: object) -> str | None:
    """The language ``value`` names (``"fr"``, ``" FR "``), or None when it names none we have."""
    if not isinstance(value, str):
        return None
    found = value.strip().lower()
    return found if found in LANGS else None


def po_file(lang: str) -> Path:
    """Where the catalogue of ``lang`` is kept."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def compile_po(path: Path, lang: str) -> NullTranslations:
    """The catalogue at ``path`` compiled in memory, as ``msgfmt`` would compile it (fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    with path.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def catalogue(lang: str) -> NullTranslations:
    """The translations of ``lang``: its ``.po`` compiled on first use; English (the code's words) is the identity."""
    found = _compiled.get(lang)
    if found is None:
        with _lock:
            found = _compiled.get(lang)
            if found is None:
                path = po_file(lang)
                if lang != DEFAULT_LANG and path.is_file():
                    found = compile_po(path, lang)
                else:  # Babel's, which has the methods Flask-Babel's templates call (ugettext...)
                    from babel.support import NullTranslations as Identity

                    found = Identity()
                _compiled[lang] = found
    return found


def current() -> str:
    """The language the words being made are in."""
    return _current.get()


@contextmanager
def speaking(lang: str) -> Iterator[str]:
    """Make the words of the block in ``lang`` (a question's or a request's language)."""
    token = _current.set(lang)
    try:
        yield lang
    finally:
        _current.reset(token)


def _filled(text: str, slots: dict[str, object]) -> str:
    return text % slots if slots else text


def marked(message: str) -> str:
    """``message`` itself, marked for the catalogues: a constant translated where it is shown (``tr(TITLE)``)."""
    return message


def marked_in(context: str, message: str) -> str:
    """``message`` itself, marked for the catalogues in ``context``: a word said through :func:`trc`."""
    return message


def tr(message: str, **slots: object) -> str:
    """``message`` in the current language, its ``%(name)s`` slots filled."""
    return _filled(catalogue(current()).gettext(message), slots)


def trn(singular: str, plural: str, count: int, **slots: object) -> str:
    """The form of a message for ``count`` in the current language (``%(count)d`` is filled with it)."""
    return _filled(catalogue(current()).ngettext(singular, plural, count), {"count": count, **slots})


def trc(context: str, message: str, lang: str | None = None, **slots: object) -> str:
    """A short word told apart by its ``context`` (``trc("rank letter", "K")`` is R in French), in ``lang``
    (default: the current language)."""
    return _filled(catalogue(lang or current()).pgettext(context, message), slots)
