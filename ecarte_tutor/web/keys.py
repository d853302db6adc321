"""The secret key that signs the session cookie and game links: given and checked, or made once and kept.

A key given (``ECARTE_TUTOR_SECRET_KEY`` or ``SECRET_KEY`` in the environment, or the app's
config) must be at least :data:`MIN_BYTES` bytes and not a well-known value: a weak key is found
offline from one signed game link in well under a second, and then any cookie or link can be
forged. Without one, a key is drawn the first time and kept in the instance folder
(:data:`KEY_FILE`, mode 0600), so cookies and copied links survive restarts, and every worker
process and every later start uses the same one.
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from ..errors import StartError

VARIABLES = ("ECARTE_TUTOR_SECRET_KEY", "SECRET_KEY")
KEY_FILE = "secret_key"
MIN_BYTES = 32
HOW_TO = 'make a good one with: python3 -c "import secrets; print(secrets.token_hex(32))"'
# Values copied from documentation, tutorials and frameworks' placeholders (some of them long enough to
# pass the length test): a key anyone has seen is no key. Compared without case or surrounding spaces.
WELL_KNOWN = frozenset({
    "192b9bdd22ab9ed4d12e236c78afcb9a393ec15f71bbf5dc987d54727823bcbf",  # Flask's documentation, token_hex()
    "your-secret-key-here-change-me-please", "please-change-this-secret-key-now!",
    "change-me-change-me-change-me-change-me", "changemechangemechangemechangeme",
    "this-is-a-secret-key-for-development", "super-secret-key-for-development-only",
    "django-insecure-change-me-in-production", "development-key-do-not-use-in-production",
    "my-super-secret-key-that-no-one-knows", "secretsecretsecretsecretsecretsecret",
    "passwordpasswordpasswordpassword", "0123456789abcdef0123456789abcdef", "abcdefghijklmnopqrstuvwxyz012345",
    "abcdefghijklmnopqrstuvwxyz123456", "12345678901234567890123456789012",
    "00000000000000000000000000000000", "ffffffffffffffffffffffffffffffff",
})
MIN_DISTINCT = 8  # characters: 'aaaa…' or 'abab…' repeated to any length is still one guess away


def weakness(key: str) -> str | None:
    """What makes ``key`` unfit to sign cookies and links (None: nothing)."""
    size = len(key.encode())
    if size < MIN_BYTES:
        return f"is {size} byte{'s' * (size != 1)} long; it must be at least {MIN_BYTES}"
    if key.strip().lower() in WELL_KNOWN:
        return "is a well-known value, printed in documentation or examples"
    if len(set(key)) < MIN_DISTINCT:
        return f"uses fewer than {MIN_DISTINCT} different characters"
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
            out.write(secrets.token_hex(MIN_BYTES) + "\n")
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
