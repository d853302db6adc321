"""``ecarte-tutor db upgrade``, ``db status`` and ``db expire``: the progress store, for operators.

The database is the site's: ``ECARTE_TUTOR_DATABASE_URL`` (``postgresql+psycopg://…``) when set,
else the SQLite file in the instance folder (``--instance``, ECARTE_TUTOR_INSTANCE_PATH, or
Flask's default, as ``serve`` finds it). ``serve`` applies the migrations itself at start;
``upgrade`` lets an operator do it first, say before starting several machines. ``expire`` removes the
learners whose progress has not changed in ``--days`` days (ECARTE_TUTOR_EXPIRE_DAYS, default 365), as
the server does at start and every hour.
"""
from __future__ import annotations

import sys

from ..errors import StartError
from ..store import StoreError, database_url, expire_days, expiry_moment, open_store


def add_arguments(parser) -> None:
    parser.add_argument("action", choices=("upgrade", "status", "expire"),
                        help="upgrade: apply the migrations not yet applied; status: where the store stands; "
                             "expire: remove the learners nobody has come back to")
    parser.add_argument("--days", metavar="N",
                        help="expire: learners whose progress has not changed in N days (default: "
                             "ECARTE_TUTOR_EXPIRE_DAYS, else 365)")
    parser.add_argument("--instance", metavar="DIR",
                        help="the site's instance folder, where the SQLite file lives (default: as serve finds it)")


def instance_path(given: str | None) -> str:
    """The instance folder ``serve`` would use (Flask's, unless given)."""
    from flask import Flask

    from ..web import instance_folder

    folder = instance_folder({"INSTANCE_PATH": given} if given else None)
    return folder or Flask("ecarte_tutor").instance_path


def code_key_of(instance: str) -> bytes:
    """The key the site hashes resume codes with, from its secret key (given, or kept in ``instance``)."""
    from ..web.keys import resume_code_key, secret_key

    return resume_code_key(secret_key(None, instance))


def run(args, stdout=None) -> int:
    out = stdout or sys.stdout
    instance = instance_path(args.instance)
    try:
        days = expire_days(getattr(args, "days", None))
        # upgrade may hash resume codes kept in plain text (migration 0002): it needs the site's secret key
        store = open_store(database_url(instance), code_key=code_key_of(instance) if args.action == "upgrade" else None)
    except StoreError as exc:
        raise StartError(str(exc)) from None
    try:
        if args.action == "expire":
            store.upgrade()
            moment = expiry_moment(days)
            removed = store.expire(moment)
            out.write(f"{store.status().url}: removed {removed} learner{'s' if removed != 1 else ''} whose progress "
                      f"had not changed since {moment:%Y-%m-%d %H:%M} UTC ({days} days).\n")
            return 0
        if args.action == "upgrade":
            before, after = store.upgrade()
            if before == after:
                out.write(f"{store.status().url}: already at the latest migration, {after}.\n")
            else:
                out.write(f"{store.status().url}: migrated from {before or 'nothing'} to {after}.\n")
            return 0
        status = store.status()
    except StoreError as exc:
        raise StartError(str(exc)) from None
    finally:
        store.close()
    out.write(f"database: {status.url}\n")
    out.write(f"migration: {status.current or 'none (the tables are not made yet)'}; latest: {status.head}\n")
    if status.learners is not None:
        out.write(f"learners: {status.learners}\n")
    if not status.up_to_date:
        out.write("not up to date: run ecarte-tutor db upgrade (serve does it at start)\n")
        return 1
    return 0
