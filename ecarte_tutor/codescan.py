"""What the package's code says about the rule book, read from its source (no module is imported).

Three things tie the Python to the rule book, and this module finds each one in every module
of the package, with its file and line:

- **markers**: ``@decides("play.lead", ...)`` (:mod:`ecarte_tutor.marks`) names the rules
  a function applies, ``@drill(...)`` (:mod:`ecarte_tutor.lessons.drills`) the rules a drill teaches;
- **rule ids**: a string of a rule id's shape (``play.head-the-trick``, ``law.43``) written in a
  function, or a module constant holding some that the function reads (``play.REVOKE``), is a
  rule the function cites;
- **names**: a dispute fact, a fact's value, a remedy option or a law number written through
  :mod:`ecarte_tutor.marks` (``option_id("draw-surplus")``).

:func:`problems` holds them against a loaded rule book (``ecarte-tutor check`` prints them): every
id and name exists; every rule a function cites is named by its marker or an enclosing function's;
every rule that sets an engine parameter is applied by a marked function or by a decision table.
A question's field path (``deal.stock``), a data file's key and a page's endpoint are no rule ids,
though they may look like one (``PATH_ARGUMENTS``).
"""
from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Literal, TypeAlias

from .paths import PACKAGE_DIR
from .rulebook import RuleBook

NameKind: TypeAlias = Literal["rule", "fact", "value", "option", "law"]

MARKERS = frozenset({"decides", "drill"})  # decorators that name the rules a function applies or teaches
NAME_MARKS: dict[str, NameKind] = {  # the marks of ecarte_tutor.marks, and what each marks
    "fact_name": "fact", "fact_value": "value", "option_id": "option", "law_number": "law"}
# Paths that may look like rule ids but are not: a question's field (``deal.stock``), a file's key
# (``variant.parameter``), a page's endpoint (``play.game``). Each callee, with the first of its
# positional arguments that is a path; a ``field=`` or ``key=`` argument is one anywhere.
PATH_ARGUMENTS = {"QuestionError": 2, "url_for": 0, "require": 1}
PATH_READERS = re.compile(r"read_\w+")  # (value, field, ...)
PATH_KEYWORDS = frozenset({"field", "key"})
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)+")  # the shape of an option id or a choice fact's value


@dataclass(frozen=True, order=True)
class Place:
    """A line of a module, as ``file:line`` from the repository's root (``ecarte_tutor/engine/play.py:97``)."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Written:
    """A name of the rule book written in the code: a rule id, a fact, a fact's value, an option, a law."""

    kind: NameKind
    value: str | int
    place: Place
    fact: str = ""  # for a value: the fact it is a value of
    marked: bool = True  # written through its mark (ecarte_tutor.marks); a rule id needs none


@dataclass(frozen=True)
class Function:
    """A function of the package, its marker and the rule ids it cites."""

    module: str
    qualname: str
    place: Place
    marker: frozenset[str] | None  # the ids its own marker names; None when it has no marker
    covered: frozenset[str]  # the ids its marker and those of the functions around it name
    cites: tuple[tuple[str, Place], ...]  # each rule id it writes or reads, where

    @property
    def name(self) -> str:
        return f"{self.module}.{self.qualname}"

    def uncovered(self) -> list[tuple[str, Place]]:
        """The ids it cites that no marker around it names, each once."""
        seen: dict[str, Place] = {}
        for rule_id, place in self.cites:
            if rule_id not in self.covered:
                seen.setdefault(rule_id, place)
        return list(seen.items())


@dataclass(frozen=True)
class Scan:
    """Every function with a marker or a citation, and every name of the rule book the code writes."""

    functions: tuple[Function, ...]
    written: tuple[Written, ...]
    defined: Mapping[str, Place]  # every function and class, by module and qualified name

    def applying(self) -> dict[str, list[Function]]:
        """Each rule id a marker names, with the functions whose own marker names it."""
        found: dict[str, list[Function]] = {}
        for function in self.functions:
            for rule_id in sorted(function.marker or ()):
                found.setdefault(rule_id, []).append(function)
        return found


# --- reading the source ------------------------------------------------------------------------

MARKS = "ecarte_tutor.marks"
_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass
class _Module:
    name: str
    file: str
    tree: ast.Module
    constants: dict[str, frozenset[str]] = field(default_factory=dict)  # module constant -> the rule ids it holds
    imported: dict[str, tuple[str, str]] = field(default_factory=dict)  # local name -> (module, name in it)


@dataclass
class _Scope:
    """A function being read: its marker, the ids the markers around it name, what it cites."""

    qualname: str
    place: Place
    marker: frozenset[str] | None
    covered: frozenset[str]
    cites: list[tuple[str, Place]] = field(default_factory=list)


def callee(node: ast.expr) -> str:
    """The name a call is made by: ``tr`` of ``tr(…)``, ``warning`` of ``log.warning(…)``; empty for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _modules(package: Path) -> list[_Module]:
    modules = []
    root = package.parent
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[1:2] == ("data",):
            continue  # the wheel's copy of the data folders
        parts = list(rel.with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules.append(_Module(".".join(parts), rel.as_posix(), ast.parse(path.read_text(encoding="utf-8"))))
    return modules


def _source_of(module: _Module, node: ast.ImportFrom) -> str:
    """The module an ``from X import`` of ``module`` reads from, relative levels resolved."""
    if not node.level:
        return node.module or ""
    package = module.name.split(".")
    if not module.file.endswith("__init__.py"):
        package.pop()
    base = package[:len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


class _Reader:
    """Reads the modules of one package, for one shape of rule id, each node once."""

    def __init__(self, modules: list[_Module], rule_id: re.Pattern[str]):
        self.modules = {m.name: m for m in modules}
        self.rule_id = rule_id
        self.functions: list[Function] = []
        self.written: list[Written] = []
        self.defined: dict[str, Place] = {}
        for module in modules:
            self._read_top(module)

    def _read_top(self, module: _Module) -> None:
        """The module's imports, and its constants that hold rule ids."""
        for node in module.tree.body:
            if isinstance(node, ast.ImportFrom):
                source = _source_of(module, node)
                for alias in node.names:
                    module.imported[alias.asname or alias.name] = (source, alias.name)
                continue
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            else:
                continue
            ids = frozenset(self._ids_in(value)) | {rule_id for item in ast.walk(value)
                                                    if isinstance(item, (ast.Name, ast.Attribute))
                                                    for rule_id in self._named(module, item)}
            for target in targets:
                if ids and isinstance(target, ast.Name):
                    module.constants[target.id] = ids

    def _ids_in(self, node: ast.AST) -> Iterator[str]:
        """The strings of a rule id's shape in a constant's value."""
        for item in ast.walk(node):
            if isinstance(item, ast.Constant) and isinstance(item.value, str) and self.rule_id.fullmatch(item.value):
                yield item.value

    def _constant(self, module: str, name: str, depth: int = 0) -> frozenset[str]:
        """The rule ids constant ``name`` of ``module`` holds, following the imports of it."""
        found = self.modules.get(module)
        if found is None or depth > 4:
            return frozenset()
        if name in found.constants:
            return found.constants[name]
        if name in found.imported:
            return self._constant(*found.imported[name], depth=depth + 1)
        return frozenset()

    def _named(self, module: _Module, node: ast.expr) -> frozenset[str]:
        """The rule ids a name read in ``module`` stands for: a constant of it, or one of another module."""
        if isinstance(node, ast.Name):
            if node.id in module.constants:
                return module.constants[node.id]
            if node.id in module.imported:
                return self._constant(*module.imported[node.id])
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in module.imported:
            source, name = module.imported[node.value.id]
            return self._constant(f"{source}.{name}", node.attr)  # a module imported by name (``play.REVOKE``)
        return frozenset()

    def _mark(self, module: _Module, call: ast.Call) -> NameKind | None:
        """What a call of a mark (ecarte_tutor.marks) marks, or None when the call is not one."""
        func = call.func
        if isinstance(func, ast.Name) and module.imported.get(func.id, ("", ""))[0] == MARKS:
            return NAME_MARKS.get(module.imported[func.id][1])
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
                module.imported.get(func.value.id) == ("ecarte_tutor", "marks"):
            return NAME_MARKS.get(func.attr)
        return None

    def read(self) -> Scan:
        for module in self.modules.values():
            self._visit(module, module.tree, None, "")
        return Scan(tuple(self.functions), tuple(self.written), MappingProxyType(self.defined))

    def _visit(self, module: _Module, node: ast.AST, scope: _Scope | None, prefix: str) -> None:
        if isinstance(node, _DEFINITIONS):
            self._function(module, node, scope, prefix)
            return
        if isinstance(node, ast.ClassDef):
            self.defined[f"{module.name}.{prefix}{node.name}"] = Place(module.file, node.lineno)
            for item in [*node.decorator_list, *node.bases, *node.body]:
                self._visit(module, item, scope, f"{prefix}{node.name}.")
            return
        if isinstance(node, ast.JoinedStr):
            return  # an f-string's parts are no ids (f"law.{n}")
        place = Place(module.file, getattr(node, "lineno", 0))
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if self.rule_id.fullmatch(node.value):
                self.written.append(Written("rule", node.value, place))
                if scope is not None:
                    scope.cites.append((node.value, place))
            elif SLUG.fullmatch(node.value):
                self.written.append(Written("option", node.value, place, marked=False))
            return
        skipped: set[int] = set()
        if isinstance(node, ast.Call):
            kind = self._mark(module, node)
            if kind is not None:
                self._written_name(kind, node, place)
                return
            called = callee(node.func)
            first = 1 if PATH_READERS.fullmatch(called) else PATH_ARGUMENTS.get(called)
            if first is not None:
                skipped = {id(arg) for arg in node.args[first:first + 1]}
            skipped |= {id(k) for k in node.keywords if k.arg in PATH_KEYWORDS}
        elif isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Load) and scope is not None:
            scope.cites += [(rule_id, place) for rule_id in sorted(self._named(module, node))]
            if isinstance(node, ast.Attribute):
                return  # its value is a module's name, or a name that holds no ids
        for child in ast.iter_child_nodes(node):
            if id(child) not in skipped:
                self._visit(module, child, scope, prefix)

    def _function(self, module: _Module, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: _Scope | None,
                  prefix: str) -> None:
        marker: set[str] | None = None
        for decorator in node.decorator_list:
            is_marker = isinstance(decorator, ast.Call) and callee(decorator.func) in MARKERS
            if isinstance(decorator, ast.Call) and is_marker:
                marker = marker or set()
                for arg in [*decorator.args, *(k.value for k in decorator.keywords)]:
                    marker |= set(self._ids_in(arg))
                    for item in ast.walk(arg):  # a constant, one of a tuple, or one unpacked (*RULES)
                        if isinstance(item, (ast.Name, ast.Attribute)):
                            marker |= self._named(module, item)
            self._visit(module, decorator, None if is_marker else scope, prefix)  # a marker cites nothing itself
        own = frozenset(marker) if marker is not None else None
        self.defined[f"{module.name}.{prefix}{node.name}"] = Place(module.file, node.lineno)
        inner = _Scope(prefix + node.name, Place(module.file, node.lineno), own,
                       (scope.covered if scope else frozenset()) | (own or frozenset()))
        parts: list[ast.AST] = [*node.args.defaults, *(d for d in node.args.kw_defaults if d is not None), *node.body]
        for item in parts:
            self._visit(module, item, inner, f"{prefix}{node.name}.")
        if own is not None or inner.cites:
            self.functions.append(Function(module.name, inner.qualname, inner.place, own, inner.covered,
                                           tuple(inner.cites)))

    def _written_name(self, kind: NameKind, call: ast.Call, place: Place) -> None:
        values = [arg.value if isinstance(arg, ast.Constant) else None for arg in call.args]
        if kind == "value" and len(values) == 2:
            self.written.append(Written(kind, _literal(values[1]), place, fact=str(values[0])))
        else:
            self.written.append(Written(kind, _literal(values[0] if values else None), place))


def _literal(value: object) -> str | int:
    """A name as written, or "" when it is not written out (a mark's argument must be a literal)."""
    return value if isinstance(value, (str, int)) and not isinstance(value, bool) else ""


def id_shape(book: RuleBook) -> re.Pattern[str]:
    """A string of a rule id's shape: a section of ``book``, a dot, a slug (``play.lead``, ``law.43``)."""
    sections = sorted({section.name for section in book.sections})
    return re.compile(rf"(?:{'|'.join(map(re.escape, sections))})\.[a-z0-9]+(?:-[a-z0-9]+)*")


@cache
def _scan(package: Path, shape: str) -> Scan:
    return _Reader(_modules(package), re.compile(shape)).read()


def scan(book: RuleBook, package: Path = PACKAGE_DIR) -> Scan:
    """The markers, citations and names in the source of ``package`` (default: this package), read once."""
    return _scan(package, id_shape(book).pattern)


# --- holding the code against the rule book -----------------------------------------------------


def problems(book: RuleBook, package: Path = PACKAGE_DIR) -> list[str]:
    """What does not hold between the code and ``book``, one line each, ``file:line: ...`` (empty when all is well)."""
    found = scan(book, package)
    lines: list[tuple[Place, str]] = []
    for name in found.written:
        problem = _unknown(book, name)
        if problem:
            lines.append((name.place, problem))
    for function in found.functions:
        for rule_id, place in function.uncovered():
            if rule_id not in book.rules:
                continue  # said once already, as an unknown id
            marker = "its marker does not name it" if function.marker is not None else "it has no marker"
            lines.append((place, f"{function.name} cites '{rule_id}', but {marker} (@decides)"))
    applied = found.applying()
    for rule in book.rules.values():
        sets_parameter = bool(rule.params) or bool(rule.variant)
        if sets_parameter and rule.id not in applied and not rule.decisions and not rule.optional:
            lines.append((Place(rule.file, 0), f"'{rule.id}' sets an engine parameter that no code applies "
                                               "(mark the function that reads it with @decides)"))
    return [f"{place}: {message}" if place.line else f"{place.file}: {message}" for place, message in sorted(lines)]


def _unknown(book: RuleBook, name: Written) -> str | None:
    """Why ``name`` is not in ``book``, or None when it is."""
    value = name.value
    if name.kind == "rule":
        return None if value in book.rules else f"'{value}' has the shape of a rule id, but the rule book has none such"
    if name.kind == "option":
        if not name.marked:  # a bare slug: an option id must be marked, so that a rename is caught
            return f"the option id '{value}' is written bare: write option_id('{value}')" \
                if value in book.option_labels else None
        return None if value in book.option_labels else f"option '{value}' is not an option of the rule book"
    if name.kind == "fact":
        return None if value in book.facts else f"fact '{value}' is not a dispute fact of the rule book"
    if name.kind == "value":
        fact = book.facts.get(name.fact)
        if fact is None:
            return f"fact '{name.fact}' is not a dispute fact of the rule book"
        values = {choice["value"] for choice in fact["choices"]}
        return None if value in values else f"'{value}' is not a value of fact '{name.fact}'"
    return None if value in book.laws else f"the rule book has no law {value!r}"
