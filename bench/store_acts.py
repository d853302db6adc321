"""Issue 40's findings re-run on the store: what strangers make it keep by reading, and forged acts.

    python bench/store_acts.py [--pages 800] [--postgres URL]

On SQLite (a file) and PostgreSQL (``--postgres``, else ECARTE_TUTOR_TEST_POSTGRES_URL; skipped without):

1. **A crawl.** ``--pages`` cookieless GETs through the site (in-process WSGI), following its links
   breadth first from the home page, a game at its last move among them; then the learners and the
   rows of every table, and the bytes the SQLite file grew by. Before issue 40: 800 pages made 30
   learners, and a cookieless GET of a game's last move stored 25,600 bytes.
2. **The last move's old GET address**, 100 times without a cookie: rows kept.
3. **Forged acts**: a resume, an erase and an answer POSTed with ``Sec-Fetch-Site: cross-site`` and
   with another ``Origin``: each answered 403, and nothing switched or written.

Measured on the 2-core machine shared with other runs (``--pages 800``), SQLite and PostgreSQL alike:
800 cookieless pages read, 0 rows written (the SQLite file grew 0 bytes); the last move's old GET
address 100 times: each a 303 to the game's page, 0 rows; 6 forged acts: 6 × 403, the victim's
cookie unchanged.
"""
from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections import deque
from pathlib import Path

from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from ecarte_tutor.web import create_app  # noqa: E402

TABLES = ("learners", "lesson_steps", "review_items", "games")
LINK = re.compile(r'<a [^>]*href="(/[^"#]*)')


def counts(url: str) -> dict[str, int]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return {t: connection.execute(text(f"SELECT count(*) FROM {t}")).scalar_one() for t in TABLES}
    finally:
        engine.dispose()


def crawl(client, start: list[str], pages: int) -> int:
    seen: set[str] = set()
    queue = deque(start)
    while queue and len(seen) < pages:
        url = queue.popleft().replace("&amp;", "&")
        if url in seen or url.startswith(("/static/", "/api/")):
            continue
        seen.add(url)
        response = client.get(url)
        if response.mimetype == "text/html":
            queue.extend(LINK.findall(response.get_data(as_text=True)))
    return len(seen)


def run(name: str, url: str, pages: int, folder: Path) -> None:
    from store.test_no_write_without_an_act import last_move

    app = create_app({"TESTING": True, "SECRET_KEY": "bench-secret", "DATABASE_URL": url,
                      "INSTANCE_PATH": str(folder / name)})
    game_page, final = last_move(app.test_client())
    file = Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite") else None
    size = file.stat().st_size if file else 0
    before = counts(url)
    read = crawl(app.test_client(), ["/", game_page, "/progress/", "/lessons/01-pack-and-ranking/1"], pages)
    after = counts(url)
    grown = (file.stat().st_size - size) if file else 0
    print(f"{name}: {read} cookieless pages read: rows before {before}, after {after}"
          + (f"; the file grew {grown} bytes" if file else ""))
    old = "/play/move?" + "&".join(f"{k}={v}" for k, v in final.items())
    statuses = {app.test_client().get(old).status_code for _ in range(100)}
    print(f"{name}: the last move's old GET address, 100 times: statuses {sorted(statuses)}, rows {counts(url)}")
    victim, attacker = app.test_client(), app.test_client()
    victim.post("/lessons/01-pack-and-ranking/4", data={"cards": ["7S"], "seq": "0"})
    attacker.post("/lessons/01-pack-and-ranking/4", data={"cards": ["QS"], "seq": "0"})
    code = re.search(r'id="resume-code">([^<]+)<', attacker.post("/progress/code").get_data(as_text=True)).group(1)
    mine = victim.get_cookie("session").value
    refused = []
    for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://elsewhere.example"}):
        for path, data in (("/progress/resume", {"code": code, "confirm": "yes"}), ("/progress/erase",
                           {"confirm": "yes"}), ("/lessons/01-pack-and-ranking/4", {"cards": ["QS"], "seq": "1"})):
            refused.append(victim.post(path, data=data, headers=headers).status_code)
    print(f"{name}: 6 forged acts (resume, erase, answer; two kinds of header): statuses {refused}; the victim's "
          f"cookie {'unchanged' if victim.get_cookie('session').value == mine else 'CHANGED'}; rows {counts(url)}")
    app.extensions["ecarte_tutor_store"].close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=800)
    parser.add_argument("--postgres", default=os.environ.get("ECARTE_TUTOR_TEST_POSTGRES_URL", ""))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        run("sqlite", f"sqlite:///{folder}/store.sqlite3", args.pages, folder)
        if args.postgres:
            from store.databases import fresh_postgres

            os.environ["ECARTE_TUTOR_TEST_POSTGRES_URL"] = args.postgres
            with fresh_postgres() as url:
                run("postgresql", url, args.pages, folder)
        else:
            print("postgresql: skipped (no --postgres and no ECARTE_TUTOR_TEST_POSTGRES_URL)")


if __name__ == "__main__":
    main()
