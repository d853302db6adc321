"""The store's work, off gevent's event loop when the process runs one.

Under ``ecarte-tutor serve`` each gunicorn worker is one thread running every connection as a greenlet.
A database call there is C code that blocks that thread: an SQLite writer waiting for another's lock
(its busy handler sleeps), an fsync at commit, a PostgreSQL round trip. Every other visitor of the
worker waited with it (issue 40: a visitor's p99 went from 65 ms to 1.5 s under writes). So when gevent
has patched the process, each call of the store runs in gevent's thread pool, a real thread, while the
loop answers everyone else; outside gevent (waitress's threads, tests, commands) it runs where it is called.

Those threads must share no gevent lock: gevent loses the wake-up of a thread waiting on one when the thread
releasing it has a hub of its own whose loop is not running (a pool thread that ever slept or waited has one), and
the waiter then waits for good. SQLAlchemy's pool and first-connect locks are made after gevent patched ``threading``,
so they are gevent's: the store gives each thread an engine of its own (sql.SqlStore.engine, through
:func:`native_local`), and twelve answers at once no longer hung three of them for good.
"""
from __future__ import annotations

import contextvars
import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
# Threads of gevent's pool a worker runs the store's calls on (gevent's default is 10). Each holds the GIL while
# SQLAlchemy builds and reads a query, and the loop answering every other visitor waits for it. With 64 learners
# answering on a quiet 2-core machine (bench/reliability.py --only 8), a reader's p99 on PostgreSQL was 191 ms with
# 10 threads, 52-82 ms with 4 and 36-38 ms with 2 (SQLite: 28, 27 and 20 ms), and 2 answered as many or more.
STORE_THREADS = 2


def _pool() -> Any:
    """gevent's thread pool of this process's loop, or None when gevent has not patched the process or this
    is already one of the pool's threads (a store method calling another runs on where it is)."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is None or not monkey.is_module_patched("socket"):
        return None
    import gevent

    local = _thread_state()
    if getattr(local, "inside", False):
        return None
    pool = gevent.get_hub().threadpool
    if pool.maxsize != STORE_THREADS:
        pool.maxsize = STORE_THREADS
    return pool


_STATE: Any = None


def _thread_state() -> Any:
    """Whether this real thread is already running a store call (made on first use, once gevent has patched)."""
    global _STATE
    if _STATE is None:
        _STATE = native_local()
    return _STATE


def _inside(method: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    local = _STATE
    local.inside = True
    try:
        return method(*args, **kwargs)
    finally:
        local.inside = False


def _native(name: str) -> Any:
    """``threading``'s ``name`` as it was before gevent patched it (when it did)."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("threading"):
        return monkey.get_original("threading", name)
    import threading

    return getattr(threading, name)


def native_local() -> Any:
    """A thread-local of real threads, also once gevent has patched ``threading`` (its own is per greenlet)."""
    return _native("local")()


def native_lock() -> Any:
    """A lock of real threads, also once gevent has patched ``threading`` (its own is a greenlet's, see above)."""
    return _native("Lock")()


def off_loop(method: F) -> F:
    """Run ``method`` in gevent's thread pool when the process is patched (see the module's docstring)."""
    @functools.wraps(method)
    def run(*args: Any, **kwargs: Any) -> Any:
        pool = _pool()
        if pool is None:
            return method(*args, **kwargs)
        # The caller's context variables go along (a change may read the site's, as Flask's current_app is):
        # the caller waits meanwhile, so nothing reads them from two places at once.
        return pool.apply(contextvars.copy_context().run, (_inside, method, *args), kwargs)

    return run  # type: ignore[return-value]


def on_each_thread(method: Callable[[], Any], wait: float = 1.0) -> None:
    """Call ``method`` once in each thread the store's calls run on: each of the :data:`STORE_THREADS` threads of
    gevent's pool when the process is patched (each call waits up to ``wait`` seconds for the others to start, so
    that no thread takes two), else here. The first exception raised is raised here once all have ended."""
    pool = _pool()
    if pool is None:
        method()
        return
    barrier = _native("Barrier")(STORE_THREADS)

    def each() -> None:
        try:
            barrier.wait(wait)
        except _native("BrokenBarrierError"):
            pass  # a thread slow to start: the one here may take two turns, no harm
        _inside(method)

    results = [pool.spawn(each) for _ in range(STORE_THREADS)]
    for result in results:
        result.get()


__all__ = ["native_local", "native_lock", "off_loop", "on_each_thread"]
