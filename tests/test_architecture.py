"""Domain modules never import Flask; only ecarte_tutor.web and the serve command do."""
import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "ecarte_tutor"
ALLOWED = {"web", "commands"}


def test_domain_modules_do_not_import_flask():
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        if ALLOWED & set(path.relative_to(PACKAGE).parts[:-1]):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            if any(n.split(".")[0] in ("flask", "werkzeug") for n in names):
                offenders.append(str(path.relative_to(PACKAGE)))
    assert offenders == []
