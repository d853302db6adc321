"""Mutation testing of the engine: mutmut, told that the engine's ``@decides`` marks are safe to mutate under.

Run from the checkout's root, with the test extras installed (``[tool.mutmut]`` in pyproject.toml says which
modules and which tests):

    .venv/bin/python mutate.py run --max-children 2 "ecarte_tutor.engine.exchange.*"
    .venv/bin/python mutate.py results        # the survivors; `show NAME` prints one as a diff

Why a launcher rather than the ``mutmut`` command: mutmut 3 leaves every decorated function alone, because a
decorator may register or wrap what it decorates, and almost every engine function that applies a rule carries
``@decides(...)`` (ecarte_tutor/marks.py). That mark returns the function untouched and only the source scan
reads it, so mutmut may treat such a function as undecorated; its arguments (the decorator node) are still never
mutated. Without this, mutmut would skip the very functions whose edges it is meant to test.
"""
from __future__ import annotations

import sys


def _let_marked_functions_through() -> None:
    import libcst as cst
    from mutmut.mutation import file_mutation

    skip = file_mutation.MutationVisitor._skip_node_and_children

    def only_marks(node: cst.CSTNode) -> bool:
        return isinstance(node, cst.FunctionDef) and bool(node.decorators) and all(
            isinstance(d.decorator, cst.Call) and isinstance(d.decorator.func, cst.Name)
            and d.decorator.func.value == "decides" for d in node.decorators)

    def skip_unless_marked(self, node):  # type: ignore[no-untyped-def]
        # judged as the same function without its marks: mutmut's other reasons to skip one still apply
        return skip(self, node.with_changes(decorators=[]) if only_marks(node) else node)

    file_mutation.MutationVisitor._skip_node_and_children = skip_unless_marked  # type: ignore[method-assign]


if __name__ == "__main__":
    _let_marked_functions_through()
    from mutmut.__main__ import cli
    sys.argv[0] = "mutmut"
    cli()
