"""Every call of the SQL store that reaches the database runs off gevent's loop (store.offload): one left on it
blocks every visitor of the worker while SQLite waits for a lock (up to its 5 s) or PostgreSQL answers."""
import inspect
import threading

from ecarte_tutor.store import offload
from ecarte_tutor.store.interface import Store
from ecarte_tutor.store.sql import SqlStore
from store.served import run_script

# close disposes of the engines (no query); each_game is a generator reading through games(), which is off the loop
ON_THE_CALLERS_THREAD = {"close", "each_game"}


def test_every_database_call_of_the_store_runs_off_the_loop():
    methods = {name for name, _ in inspect.getmembers(Store, inspect.isfunction) if not name.startswith("_")}
    assert {"keep_unfinished", "change_sheet", "followed_sheet", "expire"} <= methods
    left = sorted(name for name in methods - ON_THE_CALLERS_THREAD
                  if not hasattr(getattr(SqlStore, name), "__wrapped__"))
    assert not left, f"store calls left on gevent's loop: {left}"
    assert hasattr(SqlStore.checkpoint, "__wrapped__")  # SQLite only and outside the protocol, public all the same


POOL_SIZE = """
import sys
from gevent import monkey; monkey.patch_all()
import gevent
before = gevent.get_hub().threadpool.maxsize
from ecarte_tutor.store import offload, open_store
store = open_store(sys.argv[1]); store.upgrade()
store.new_learner()
print(before, gevent.get_hub().threadpool.maxsize, offload.STORE_THREADS)
"""


def test_under_gevent_the_store_uses_a_few_threads_of_the_pool(tmp_path):
    """Each pool thread holds the GIL while SQLAlchemy works, so the loop's other visitors wait: the store keeps
    the pool to STORE_THREADS (gevent's default is 10)."""
    before, after, wanted = map(int, run_script(POOL_SIZE, f"sqlite:///{tmp_path}/store.sqlite3").split())
    assert before == 10 and after == wanted == offload.STORE_THREADS < before


EACH_THREAD = """
import sys
from gevent import monkey; monkey.patch_all()
import gevent
from ecarte_tutor.store import offload, open_store
store = open_store(sys.argv[1]); store.upgrade(); store.close()
threads = []
offload.on_each_thread(lambda: threads.append(offload._native("get_ident")()))
offload.on_each_thread(store.rehearse)
print(len(threads), len(set(threads)), len(store._engines), gevent.get_hub().threadpool.size)
"""


def test_under_gevent_each_thread_of_the_pool_is_readied_once(tmp_path):
    """serve readies every thread the store's calls run on before a visitor comes (web.progress.start_serving): each
    of the STORE_THREADS threads of gevent's pool runs the call once, and makes its own engine."""
    calls, threads, engines, size = map(int, run_script(EACH_THREAD, f"sqlite:///{tmp_path}/store.sqlite3").split())
    assert calls == threads == engines == size == offload.STORE_THREADS


def test_outside_gevent_the_calling_thread_is_readied():
    seen = []
    offload.on_each_thread(lambda: seen.append(threading.get_ident()))
    assert seen == [threading.get_ident()]
