"""Each process readies itself before it answers (web.warmup): a page of each family shown once, a question asked,
without touching the store or any learner's progress."""
from ecarte_tutor.web import progress, warmup


def test_every_page_family_is_shown_and_each_answers(app):
    client = app.test_client(use_cookies=False)
    shown = warmup.addresses(app)
    families = {address.strip("/").split("/")[0].split("?")[0] for address in shown}
    assert {"", "legal", "dispute", "rules", "laws", "casebook", "lessons", "glossary", "play", "marque",
            "api"} <= families
    assert not any(address.startswith(("/progress", "/static")) for address in shown)
    for address in shown:
        assert client.get(address).status_code < 500, address


def test_the_warm_up_reads_and_writes_nothing_of_a_learner(app, monkeypatch):
    store = app.extensions[progress.STORE]
    called = []
    for name in ("new_learner", "learner", "progress", "change", "unfinished", "sheets", "games", "keep_game",
                 "keep_unfinished", "new_sheet", "status", "by_resume_code"):
        original = getattr(store, name)
        monkeypatch.setattr(store, name, lambda *args, _name=name, _original=original, **kwargs:
                            called.append(_name) or _original(*args, **kwargs))
    warmup.show_every_family(app)
    assert called == []


def test_a_process_is_readied_once_its_expiry_and_its_store_too(app, monkeypatch):
    done = []
    monkeypatch.setattr(warmup, "start_serving", lambda site: done.append(("start", site)))
    monkeypatch.setattr(warmup, "show_every_family", lambda site: done.append(("show", site)))
    warmup.ready_to_serve(app)
    assert done == [("start", app), ("show", app)]


def test_a_process_whose_readying_fails_still_serves(app, monkeypatch, caplog):
    """Readying only spares a first visitor's wait: a store that cannot be reached, or a page that fails, is logged
    and the process serves all the same."""
    from ecarte_tutor.store import StoreUnavailable

    store = app.extensions[progress.STORE]
    state = app.extensions[progress.EXPIRY]

    def down():
        raise StoreUnavailable("the database does not answer")

    def broken(site):
        raise RuntimeError("a page failed")

    monkeypatch.setattr(store, "rehearse", down)
    monkeypatch.setattr(warmup, "show_every_family", broken)
    monkeypatch.setattr(progress, "_expire_loop", lambda site, state: None)  # the hourly loop is not this test's
    monkeypatch.setitem(state, "pid", None)
    warmup.ready_to_serve(app)
    assert "could not be readied" in caplog.text and "could not all be shown" in caplog.text
    assert app.test_client().get("/").status_code == 200
