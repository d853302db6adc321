"""web/warm.py: serve builds every page's caches before forking, and leaves nothing in the store."""
from ecarte_tutor.web import create_app
from ecarte_tutor.web.progress import STORE
from ecarte_tutor.web.warm import addresses, warm


def test_warming_asks_every_page_family_and_keeps_no_learner(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret-" + "x" * 32,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'warm.sqlite3'}"})
    store = app.extensions[STORE]
    asked = warm(app)
    assert asked >= len(addresses(app.extensions["ecarte_tutor"]))
    assert app.extensions[STORE] is store, "the real store is put back"
    assert store.status().learners == 0, "warming made a learner in the database"
