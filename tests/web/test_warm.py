"""web/warm.py: serve builds every page's caches before forking, and leaves nothing in the store."""
import json
from functools import lru_cache

from ecarte_tutor.web import create_app
from ecarte_tutor.web.api import mounted_api
from ecarte_tutor.web.progress import STORE
from ecarte_tutor.web.warm import WORKER_PAGES, addresses, warm, warm_worker


def test_warming_asks_every_page_family_and_keeps_no_learner(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret-" + "x" * 32,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'warm.sqlite3'}"})
    store = app.extensions[STORE]
    asked = warm(app)
    assert asked >= len(addresses(app.extensions["ecarte_tutor"]))
    assert app.extensions[STORE] is store, "the real store is put back"
    assert store.status().learners == 0, "warming made a learner in the database"


def test_a_worker_asks_every_family_and_every_kind_and_opens_its_own_connection(tmp_path, monkeypatch):
    """A forked worker's first visitors must not pay for its first pages (web/warm.py): before serving it asks
    one page of each family and one question of each kind in process, opens its database connection, and
    leaves no learner and no remembered answer behind."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret-" + "x" * 32,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'warm.sqlite3'}"})
    store, api = app.extensions[STORE], mounted_api(app)
    kinds: set[str] = set()
    ask = api.answer
    monkeypatch.setattr(api, "remembered", lru_cache(maxsize=8)(lambda body: kinds.add(json.loads(body)["kind"])
                                                                or ask(body)))
    asked = warm_worker(app)
    cases = {case.question["kind"] for case in app.extensions["ecarte_tutor"].library.scenarios}
    assert kinds == cases and asked == len(WORKER_PAGES) + 2 + len(cases)
    assert store.engine.pool.checkedin() >= 1, "the worker's connection was not opened before serving"
    assert store.status().learners == 0, "warming a worker made a learner in the database"
    assert api.remembered.cache_info().currsize == 0, "the memo starts empty"


def test_after_warming_no_page_compiles_a_template_or_traces_a_rule(tmp_path, monkeypatch):
    """What a page builds on first use is built by warm(): a later page of any family, a dispute's ruling
    included, compiles no template and traces no rule of its own."""
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret-" + "x" * 32,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'warm.sqlite3'}"})
    warm(app)
    site = app.extensions["ecarte_tutor"]
    built: list[str] = []
    compile_template = app.jinja_env._compile
    monkeypatch.setattr(app.jinja_env, "_compile", lambda *args: built.append(str(args[1])) or compile_template(*args))
    trace, traced = site.trace(), site.trace()._trace
    monkeypatch.setattr(trace, "_trace", lambda rule: built.append(rule.id) or traced(rule))
    client = app.test_client()
    for address in ["/dispute/?irregularity=wrong-card-count&discovered=before-turn-up&elder_looked=true&hand=elder"
                    "&count=3", *(f"/rules/{rule_id}" for rule_id in site.book.rules), "/laws/43"]:
        assert client.get(address).status_code == 200, address
    assert built == []


def test_a_store_that_does_not_answer_does_not_stop_a_worker_warming(tmp_path, monkeypatch):
    from ecarte_tutor.store import StoreUnavailable

    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret-" + "x" * 32,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'warm.sqlite3'}"})
    store = app.extensions[STORE]

    def unavailable(*args, **kwargs):
        raise StoreUnavailable("the progress store cannot be used: gone")

    for name in ("learner", "erase", "change", "new_learner"):
        monkeypatch.setattr(store, name, unavailable)
    assert warm_worker(app) > len(WORKER_PAGES)
