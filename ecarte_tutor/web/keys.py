"""The secret key that signs the session cookie and game links: given and checked, or made once and kept.

A key given (``ECARTE_TUTOR_SECRET_KEY`` or ``SECRET_KEY`` in the environment, or the app's
config) must hold at least :data:`MIN_BITS` bits of entropy as :func:`entropy_bits` estimates it
(a run such as ``0123…``, a repeat or made-up words count for little, whatever the length), and
not be a key printed in documentation: a weak key is found offline from one signed game link,
and then any cookie or link can be forged. Without one, a key is drawn the first time and kept in the instance folder
(:data:`KEY_FILE`, mode 0600), so cookies and copied links survive restarts, and every worker
process and every later start uses the same one.
"""
from __future__ import annotations

import hashlib
import hmac
import math
import os
import secrets
import string
from pathlib import Path

from ..errors import StartError

VARIABLES = ("ECARTE_TUTOR_SECRET_KEY", "SECRET_KEY")
KEY_FILE = "secret_key"
MIN_BITS = 100  # of entropy, as entropy_bits estimates it: out of any search's reach (token_hex(16) scores 109+)
HOW_TO = 'make a good one with: python3 -c "import secrets; print(secrets.token_hex(32))"'
# Random-looking keys printed in documentation: no estimate of entropy can tell them, and everyone has read them.
PUBLISHED = frozenset({
    "192b9bdd22ab9ed4d12e236c78afcb9a393ec15f71bbf5dc987d54727823bcbf",  # Flask's documentation, token_hex()
})
# The smallest of these that holds every character of a key is the alphabet it was drawn from.
ALPHABETS = (string.digits, string.hexdigits[:16], string.digits + "ABCDEF", string.ascii_lowercase,
             string.digits + string.ascii_lowercase, string.ascii_letters + string.digits,
             string.ascii_letters + string.digits + "-_", string.printable[:95])
# Words people put in keys they make up; a word from a list of some thousands is worth about 10 bits
# however long it is (the way zxcvbn counts dictionary words).
WORDS = frozenset({"secret", "key", "keys", "change", "please", "password", "passwd", "pass", "your", "here", "this",
    "that", "for", "development", "develop", "dev", "only", "not", "use", "production", "prod", "super", "django",
    "flask", "insecure", "default", "example", "test", "testing", "admin", "session", "cookie", "token", "sign",
    "signing", "value", "values", "string", "random", "app", "application", "site", "tutor", "ecarte", "my", "mine",
    "knows", "nobody", "none", "letmein", "qwerty", "hello", "world", "welcome", "changeme", "local", "localhost",
    "server", "replace", "unsafe", "private", "public", "config", "settings", "the", "one", "who", "what", "anyone",
    "someone", "everyone"})
WORD_BITS = 10.0
RUN_BITS = 0.2  # a character foretold by what precedes it: a repeat, a run (abcd, 2468, aaaa), a separator again


def _word_at(text: str, start: int) -> int:
    """The length of the longest listed word at ``start`` in ``text`` (lower case), 0 when none."""
    return max((n for n in range(3, 16) if text[start:start + n] in WORDS), default=0)


def _foretold(key: str, i: int, place: dict[str, int], size: int) -> bool:
    """Whether ``key[i]`` follows from the characters before it: the end of three characters already seen, the
    next of a run whose last three steps were alike, or a punctuation mark used before."""
    if i >= 2 and key.find(key[i - 2:i + 1], 0, i) != -1:
        return True
    if i >= 3:
        steps = {(place[key[j]] - place[key[j - 1]]) % size for j in (i, i - 1, i - 2)}
        if len(steps) == 1:
            return True
    return not key[i].isalnum() and key[i] in key[:i]


def entropy_bits(key: str) -> float:
    """An estimate of how many guesses (in bits) find ``key``: each character costs what its alphabet gives
    (4 bits of hex, 6 of base64…), except listed words (a word's worth) and characters that follow from
    the ones before (a fifth of a bit each). A random key scores near its length times its alphabet's bits; anything
    with a pattern in it scores far less, whatever its length."""
    alphabet = next((a for a in ALPHABETS if set(key) <= set(a)), None)
    size = len(alphabet) if alphabet else 0x110000
    place = {c: n for n, c in enumerate(alphabet)} if alphabet else {c: ord(c) for c in key}
    per_char = math.log2(len(alphabet)) if alphabet else 7.0
    lower, bits, i = key.lower(), 0.0, 0
    while i < len(key):
        word = _word_at(lower, i)
        if word:
            bits, i = bits + WORD_BITS, i + word
            continue
        bits += RUN_BITS if _foretold(key, i, place, size) else per_char
        i += 1
    return bits


def weakness(key: str) -> str | None:
    """What makes ``key`` unfit to sign cookies and links (None: nothing)."""
    if key.strip().lower() in PUBLISHED:
        return "is printed in documentation, so everyone has it"
    bits = entropy_bits(key)
    if bits < MIN_BITS:
        return (f"is too easy to guess: about {int(bits)} bits of randomness, where {MIN_BITS} are needed "
                "(a pattern, a repeat or words count for little, whatever the length)")
    return None


def checked(key: str, where: str) -> str:
    problem = weakness(key)
    if problem:
        raise StartError(f"the secret key in {where} {problem}: {HOW_TO}")
    return key


def from_environment() -> tuple[str, str] | None:
    """The key given in the environment and the variable that gave it, if any."""
    for name in VARIABLES:
        value = os.environ.get(name)
        if value:
            return value, name
    return None


def kept_key(instance: str | os.PathLike[str]) -> str:
    """The key kept in the instance folder, made (and written with mode 0600) the first time.

    The new key is written to a file of its own, then linked to its name in one step: two
    processes starting at once cannot both make one, and neither reads a key half written.
    """
    path = Path(instance) / KEY_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        draft = path.with_name(f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
        descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as out:
            out.write(secrets.token_hex(32) + "\n")
        try:
            os.link(draft, path)
        except FileExistsError:
            pass  # another process made it first: its key is the one
        finally:
            draft.unlink()
    if path.stat().st_mode & 0o077:
        path.chmod(0o600)  # a key others can read signs nothing safely
    return checked(path.read_text(encoding="ascii").strip(), str(path))


def secret_key(configured: str | None, instance: str | os.PathLike[str], testing: bool = False) -> str:
    """The app's key: ``configured`` (checked unless ``testing``), else the environment's, else the kept one."""
    if configured:
        return configured if testing else checked(configured, "the app's configuration")
    given = from_environment()
    if given:
        return checked(given[0], given[1])
    return kept_key(instance)


def resume_code_key(secret: str) -> bytes:
    """The key that hashes resume codes in the store (store.interface.code_hash), drawn from the secret key: a
    copy of the database alone cannot test a code. A new secret key retires every resume code made before."""
    return hmac.new(secret.encode(), b"ecarte-tutor resume codes", hashlib.sha256).digest()
