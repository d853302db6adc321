"""The site's Flask class (web.Tutor): Flask's own, with ensure_sync's answer kept per function."""
import inspect

import pytest
from flask import Flask


def test_the_site_is_a_flask_app_whose_views_are_called_as_flask_calls_them(app):
    assert isinstance(app, Flask)

    def view():
        return "plain"

    assert app.ensure_sync(view) is view
    assert app.ensure_sync(view) is view, "asked again, the same answer"


def test_a_coroutine_function_is_handed_to_flask_every_time_it_cannot_be_run(app):
    async def view():
        return "async"

    assert inspect.iscoroutinefunction(view)
    try:
        import asgiref  # noqa: F401 - Flask runs coroutine functions with it, when installed
    except ImportError:
        for _ in range(2):  # Flask's own refusal, said again rather than a plain function kept in its place
            with pytest.raises(RuntimeError, match="async"):
                app.ensure_sync(view)
    else:
        assert app.ensure_sync(view)() == "async"
        assert app.ensure_sync(view)() == "async"


def test_a_callable_that_cannot_be_a_key_is_asked_afresh(app):
    class Unhashable:
        __hash__ = None  # type: ignore[assignment]

        def __call__(self):
            return "called"

    view = Unhashable()
    assert app.ensure_sync(view) is view
    assert app.ensure_sync(view)() == "called"


def test_a_hook_added_after_the_first_requests_is_called(app, client):
    calls = []
    assert client.get("/api/openapi.json").status_code == 200

    def seen(response):
        calls.append(response.status_code)
        return response

    app.after_request_funcs.setdefault(None, []).append(seen)
    try:
        assert client.get("/api/openapi.json").status_code == 200
    finally:
        app.after_request_funcs[None].remove(seen)
    assert calls == [200]
