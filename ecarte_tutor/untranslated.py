"""The sentences still written in Python logic rather than said through a catalogue (issue 42, item 1).

A player's words come from the catalogues (:mod:`ecarte_tutor.i18n`'s ``tr``/``trn``/``trc``, the templates'
``_()``) or the rule book's ``says``; :func:`found` reads the package's source (``ast``, no module imported) for the
sentences that do not. A *sentence* is a string literal (an f-string's text, each ``{…}`` counted as one word) of
four words or more that is

- no docstring, and no message argument of a catalogue call (:data:`CATALOGUE_CALLS`);
- no log line: an argument of a logger's method (``log.warning(…)``, ``logging.info(…)``);
- no message for developers: an argument of a built-in exception (``raise ValueError(…)``, ``TypeError``…), of a
  broken data file's ``DataError`` or a server's ``StartError``, of a cache's label (``Kept(…)``) or of ``assert``
  (:data:`DEVELOPER_CALLS`): those reach a traceback, a log, a test, a data author or an operator, never a player;
  a message a player reads is raised as :class:`~ecarte_tutor.errors.QuestionError` or another of the package's
  own errors, which are counted;
- not marked ``# for developers`` on one of its lines or on a comment line just above it (an argparse ``help``, a
  SQL query, a message an operator reads when the server will not start: the mark says the text is read by a
  developer or an operator, never by a player).

What is found is held to the ratchet :data:`ALLOWED` (``ecarte_tutor/locale/python-sentences.txt``): one line per
sentence still allowed, ``file<TAB>text``. ``ecarte-tutor check`` fails on a sentence the ratchet does not list (a
new sentence must go through a catalogue) and ``ecarte-tutor lang`` counts what is left, module by module;
``ecarte-tutor lang ratchet`` rewrites the file to what is found (as a translator moves sentences out, the list
only shrinks).
"""
from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .codescan import callee
from .paths import PACKAGE_DIR

ALLOWED = PACKAGE_DIR / "locale" / "python-sentences.txt"
CATALOGUE_CALLS = frozenset({"_", "gettext", "ngettext", "pgettext", "lazy_gettext", "tr", "trn", "trc", "marked",
                             "marked_in"})
"""The calls whose literal arguments are messages of the catalogues (:data:`ecarte_tutor.languages.KEYWORDS`)."""
LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "log"})
DEVELOPER_CALLS = frozenset({
    "AssertionError", "AttributeError", "Exception", "IndexError", "KeyError", "LookupError", "NotImplementedError",
    "RuntimeError", "TypeError", "ValueError", "DataError", "StartError", "Kept"})
"""Calls whose words are a developer's: the built-in exceptions (a traceback, a log, a test; a player's error is one
of the package's own, ``QuestionError``, ``TableError``…), a broken data file's ``DataError`` (read by the rule
book's or the lessons' author, in ``check``), a server's ``StartError`` (read by its operator) and a cache's label
(``Kept("the decision rows in force")``, :class:`ecarte_tutor.rulebook.Kept`)."""
MARK = "# for developers"
WORDS = 4
_WORD = re.compile(r"[(“«'\"]*(?:[^\W\d_][\w'’-]*|\{…\})[)”»'\".,;:!?]*")


@dataclass(frozen=True, order=True)
class Sentence:
    """A sentence written in Python: its file (from the repository's root), line and text."""

    file: str
    line: int
    text: str

    @property
    def module(self) -> str:
        """The module's folder or file below the package: ``engine``, ``web/legal.py``, ``wording.py``."""
        parts = self.file.split("/")[1:]
        return parts[0] if len(parts) > 1 and parts[0] in GROUPED else "/".join(parts)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.text!r}"


GROUPED = frozenset({"lessons", "table", "engine", "store", "commands", "marque", "questions", "serving"})
"""The package's folders counted as one in ``ecarte-tutor lang`` (the others, ``web`` included, file by file)."""


def _text(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else "{…}"
                       for part in node.values)
    return None


def is_sentence(text: str) -> bool:
    """Four words or more, each a run of letters between spaces (a slot counts as one, with its quotes and
    punctuation); a path, an identifier, a header's value (``text/plain; charset=utf-8``) or code is no sentence."""
    return sum(1 for token in text.split() if _WORD.fullmatch(token)) >= WORDS


def _is_log(call: ast.Call) -> bool:
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in LOG_METHODS:
        return False
    owner = func.value.func if isinstance(func.value, ast.Call) else func.value  # getLogger(...).info
    return "log" in callee(owner).lower()


class _Reader(ast.NodeVisitor):
    def __init__(self, file: str, lines: list[str]) -> None:
        self.file, self.lines = file, lines
        self.found: list[Sentence] = []
        self.skip: set[int] = set()  # ids of nodes whose strings are not counted

    def _skip_all(self, node: ast.AST) -> None:
        self.skip.update(id(child) for child in ast.walk(node))

    def _docstring(self, body: list[ast.stmt]) -> None:
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            self.skip.add(id(body[0].value))

    def visit_Module(self, node: ast.Module) -> None:
        self._docstring(node.body)
        self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self._docstring(node.body)
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._docstring(node.body)
        # an attribute's docstring (a string statement after it) is documentation too
        for statement in node.body:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                self.skip.add(id(statement.value))
        self.generic_visit(node)

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant):  # a module attribute's docstring, a bare string
            self.skip.add(id(node.value))
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        name = callee(node.func)
        if name in CATALOGUE_CALLS:
            for argument in node.args:
                self._skip_all(argument)
        elif _is_log(node) or name in DEVELOPER_CALLS:
            self._skip_all(node)
        self.generic_visit(node)

    def visit_Assert(self, node: ast.Assert) -> None:
        if node.msg is not None:
            self._skip_all(node.msg)
        self.generic_visit(node)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        self._count(node)  # its parts are no sentences of their own

    def visit_Constant(self, node: ast.Constant) -> None:
        self._count(node)

    def _count(self, node: ast.expr) -> None:
        text = _text(node)
        if text is None or id(node) in self.skip or not is_sentence(text):
            return
        end = getattr(node, "end_lineno", None) or node.lineno
        above = node.lineno - 1  # a comment line just above the statement marks it too
        first = above if above >= 1 and self.lines[above - 1].lstrip().startswith("#") else node.lineno
        if any(MARK in self.lines[line - 1] for line in range(first, min(end, len(self.lines)) + 1)):
            return
        self.found.append(Sentence(self.file, node.lineno, text))


_PARSED: dict[Path, tuple[int, str, ast.Module]] = {}


def _parsed(path: Path) -> tuple[str, ast.Module]:
    """A module's source and tree, parsed once while the file is unchanged (check reads each module twice)."""
    stamp = path.stat().st_mtime_ns
    kept = _PARSED.get(path)
    if kept is None or kept[0] != stamp:
        source = path.read_text(encoding="utf-8")
        kept = _PARSED[path] = (stamp, source, ast.parse(source, filename=str(path)))
    return kept[1], kept[2]


def read_module(path: Path, root: Path = PACKAGE_DIR.parent) -> list[Sentence]:
    """The sentences written in one module."""
    source, tree = _parsed(path)
    file = path.relative_to(root).as_posix() if root in path.parents else path.name
    reader = _Reader(file, source.splitlines())
    reader.visit(tree)
    return sorted(reader.found)


def found(package: Path = PACKAGE_DIR) -> list[Sentence]:
    """Every sentence written in the package's Python (module docstring)."""
    return [sentence for path in sorted(package.rglob("*.py")) for sentence in read_module(path, package.parent)]


def _key(sentence: Sentence) -> tuple[str, str]:
    return sentence.file, sentence.text


def _line(file: str, text: str) -> str:
    return f"{file}\t{text.encode('unicode_escape').decode('ascii')}"


def read_allowed(path: Path = ALLOWED) -> Counter[tuple[str, str]]:
    """The sentences the ratchet still allows, each (file, text) with how many times."""
    allowed: Counter[tuple[str, str]] = Counter()
    if not path.is_file():
        return allowed
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#") and "\t" in line:
            file, text = line.split("\t", 1)
            allowed[file, text.encode("ascii").decode("unicode_escape")] += 1
    return allowed


# for developers: the ratchet's header, read by whoever edits it
HEADER = ("# The sentences still written in Python that ecarte-tutor check allows (ecarte_tutor/untranslated.py):\n"
          "# file<TAB>text. A sentence not listed fails check: say it through a catalogue (tr, trn, trc) instead.\n"
          "# Rewritten by `ecarte-tutor lang ratchet` as sentences move out; it never grows by hand.\n")


def write_allowed(sentences: Iterable[Sentence], path: Path = ALLOWED) -> int:
    """Write the ratchet: every sentence found, sorted. Returns how many."""
    lines = sorted(_line(*_key(sentence)) for sentence in sentences)
    path.write_text(HEADER + "".join(f"{line}\n" for line in lines), encoding="utf-8")
    return len(lines)


def unlisted(sentences: Iterable[Sentence], allowed: Counter[tuple[str, str]]) -> Iterator[Sentence]:
    """The sentences beyond what the ratchet allows (a file that writes the same text once more counts too)."""
    left = Counter(allowed)
    for sentence in sentences:
        if left[_key(sentence)] > 0:
            left[_key(sentence)] -= 1
        else:
            yield sentence


def problems(package: Path = PACKAGE_DIR, path: Path = ALLOWED, sentences: list[Sentence] | None = None) -> list[str]:
    """Each sentence in Python the ratchet does not allow, by ``file:line`` (``sentences``: those :func:`found`
    already read in ``package``)."""
    # for developers: check's words to the one who wrote the sentence
    return [f"{sentence}: a sentence a player may read, written in Python: say it through the catalogue "
            f"(tr, trn, trc), or mark it {MARK!r} if no player reads it"
            for sentence in unlisted(found(package) if sentences is None else sentences, read_allowed(path))]


def by_module(sentences: Iterable[Sentence]) -> dict[str, int]:
    """How many sentences each module (:attr:`Sentence.module`) still writes."""
    return dict(sorted(Counter(sentence.module for sentence in sentences).items()))


MESSAGE_FIRST = frozenset({"_", "gettext", "ngettext", "lazy_gettext", "tr", "trn", "marked"})
MESSAGE_SECOND = frozenset({"pgettext", "trc", "marked_in"})  # the context first, then the message


def unextracted(said: Iterable[str], package: Path = PACKAGE_DIR) -> list[str]:
    """Each catalogue call whose literal message Babel's extractor (``pybabel extract``, :func:`ecarte_tutor.languages
    .extracted`) does not see, by ``file:line``: it misses a call nested in another's arguments after a literal
    (``tr("… %(each)s", each="; ".join(tr("if %(x)s", …)))``), and the message would then never be translated,
    silently. ``said`` is every message id (a plural's singular) the extractor found."""
    seen = set(said)
    found: list[str] = []
    for path in sorted(package.rglob("*.py")):
        file = path.relative_to(package.parent).as_posix()
        for node in ast.walk(_parsed(path)[1]):
            if not isinstance(node, ast.Call):
                continue
            name = callee(node.func)
            at = 0 if name in MESSAGE_FIRST else 1 if name in MESSAGE_SECOND else None
            if at is None or len(node.args) <= at:
                continue
            message = node.args[at]
            if isinstance(message, ast.Constant) and isinstance(message.value, str) and message.value \
                    and message.value not in seen:
                # for developers: check's words to the one who wrote the call
                found.append(f"{file}:{node.lineno}: the message {message.value!r} is not seen by the catalogues' "
                             "extractor (a call nested in another's arguments): say it in a variable first")
    return found
