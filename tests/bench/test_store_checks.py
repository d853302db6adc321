"""bench/store_checks.py prepares its servers' instance folder with code it runs in a fresh interpreter: that code
must name only what the data check offers (a renamed function once left checks 7-10 unable to start)."""
import ast
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import store_checks  # noqa: E402

from ecarte_tutor.commands import datacheck  # noqa: E402


def test_the_preparing_code_names_only_what_the_data_check_has():
    tree = ast.parse(store_checks.PREPARE)
    used = {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "datacheck"}
    assert {"data_key", "remember", "prepare"} <= used
    assert all(hasattr(datacheck, name) for name in used), used - set(dir(datacheck))
