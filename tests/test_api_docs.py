"""docs/api.md against the things it describes, so the two cannot drift apart.

Checked both ways: every field of every question schema is documented and every documented
field exists; the same for the dispute facts (and the values of each), the remedy option ids,
the notations, the error codes the code can produce, the codes of an illegal action, and the
fields of the answers the kinds give to every scenario.
"""
import json
import re
from pathlib import Path

import pytest
from questions.samples import ANSWERED, scenario_questions

from ecarte_tutor import ask
from ecarte_tutor.apidocs import regenerated
from ecarte_tutor.engine.kinds import KINDS
from ecarte_tutor.questions.report import RULE_CODES
from ecarte_tutor.questions.schemas import COMMON, COMMON_FIELDS, FILL, common_schema, kind_schema
from ecarte_tutor.rulebook import load_rulebook

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "api.md"
PACKAGE = ROOT / "ecarte_tutor"
NAMED = re.compile(r"^\|\s*`([^`]+)`")


def sections(text: str) -> dict[str, str]:
    """The text of each ``### `kind` …`` section (up to the next heading of level 2 or 3), by kind."""
    found = {}
    for match in re.finditer(r"^### `([a-z]+)`.*?$(.*?)(?=^##(?:#)? )", text + "\n## end", re.S | re.M):
        found[match.group(1)] = match.group(2)
    return found


def rows(text: str, header: str) -> dict[str, str]:
    """Each row of every table in ``text`` whose header row is ``header``, by the name (in backticks) it starts with."""
    out, inside = {}, False
    for line in text.splitlines():
        if line.strip() == header:
            inside = True
        elif inside and line.startswith("|"):
            match = NAMED.match(line)
            if match:
                out[match.group(1)] = line
        else:
            inside = False
    return out


def table(text: str, header: str) -> list[str]:
    """The names those rows start with, in order."""
    return list(rows(text, header))


@pytest.fixture(scope="module")
def doc():
    return DOC.read_text(encoding="utf-8")


def schema_fields(node, resolve, base, prefix="", skip=()):
    """Every field path of a question schema: ``deal.elder``, ``actions[].card``; the facts are left out."""
    node, base = resolve(node, base)
    if not isinstance(node, dict) or node.get(FILL):
        return set()
    fields = set()
    for branch in [*node.get("anyOf", ()), *node.get("allOf", ())]:
        fields |= schema_fields(branch, resolve, base, prefix, skip)
    for key in ("then", "else"):
        if key in node:
            fields |= schema_fields(node[key], resolve, base, prefix, skip)
    for name, sub in node.get("properties", {}).items():
        if name in skip or sub is True:
            continue
        fields |= {prefix + name} | schema_fields(sub, resolve, base, f"{prefix}{name}.")
    if "items" in node:
        fields |= schema_fields(node["items"], resolve, base, prefix[:-1] + "[].")
    return fields


def resolver(book, kind_file):
    """``resolve(node, base) -> (node, base)``: references followed, their sibling keywords kept."""
    documents = {COMMON: common_schema(book), kind_file: kind_schema(book, kind_file)}

    def resolve(node, base):
        while isinstance(node, dict) and "$ref" in node:
            file, _, pointer = node["$ref"].partition("#")
            base = file or base
            target = documents[base]
            for part in pointer.strip("/").split("/"):
                target = target[part]
            node = {**target, **{key: value for key, value in node.items() if key != "$ref"}}
        return node, base
    return resolve


def test_every_kind_has_its_section_and_the_reserved_kinds_are_named(doc):
    found = sections(doc)
    assert set(KINDS) <= set(found), "a kind without its section in docs/api.md"
    assert set(found) == set(KINDS), "a section for a kind ask() does not answer"
    assert "`analyse`" in doc and "`record`" in doc


SHARED = "#### The deal and the actions"


def shared_fields(doc: str, own: set[str]) -> set[str]:
    """The rows of the shared table (the deal and the actions) under a field the kind has."""
    text = doc[doc.index(SHARED) + len(SHARED):]
    text = text[:re.search(r"\n#{2,4} ", text).start()]
    rows_ = table(text, "| field | required | type | meaning |")
    return {row for row in rows_ if re.split(r"[.\[]", row, maxsplit=1)[0] in own}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_field_of_the_kinds_schema_is_documented_and_no_other(book, doc, kind):
    documented = set(table(sections(doc)[kind], "| field | required | type | meaning |"))
    documented |= shared_fields(doc, documented)
    file = KINDS[kind].schema
    expected = schema_fields(kind_schema(book, file), resolver(book, file), file, skip=COMMON_FIELDS)
    assert documented == expected, (f"docs/api.md, kind {kind}: undocumented {sorted(expected - documented)}, "
                                    f"no such field {sorted(documented - expected)}")


def test_the_common_fields_are_documented(doc):
    assert table(doc, "| common field | type | meaning |") == list(COMMON_FIELDS)


def test_every_notation_of_the_schemas_is_documented(book, doc):
    formats = {node["format"] for node in common_schema(book)["$defs"].values() if "format" in node}
    assert set(table(doc, "| notation | written as |")) == formats


def test_every_fact_and_its_values_are_documented(book, doc):
    documented = rows(doc, "| fact | type | values | what it asks |")
    assert list(documented) == list(book.facts), "the facts of docs/api.md, in the order of dispute-facts.yaml"
    for name, spec in book.facts.items():
        cells = [cell.strip() for cell in documented[name].strip("|").split("|")]
        assert cells[1] == spec["type"], name
        if spec["type"] == "choice":
            assert re.findall(r"`([^`]+)`", cells[2]) == [c["value"] for c in spec["choices"]], name
        elif spec["type"] == "integer":
            assert cells[2] == f"whole number from {spec['min']} to {spec['max']}", name


def test_every_option_id_is_documented(book, doc):
    assert table(doc, "| option id | meaning |") == list(book.option_labels)


def test_the_tables_of_facts_and_options_are_those_the_rule_book_writes(book, doc):
    assert regenerated(doc, book) == doc, "docs/api.md's generated tables are stale: run python3 dev.py docs"


def test_a_fact_changed_in_the_data_changes_its_documentation(doc, rules_copy):
    facts = rules_copy / "dispute-facts.yaml"
    facts.write_text(facts.read_text(encoding="utf-8").replace("question: Had the dealer already begun to deal?",
                                                               "question: Had the deal begun?"), encoding="utf-8")
    written = regenerated(doc, load_rulebook(rules_copy))
    assert "| `deal_begun` | boolean | true / false | Had the deal begun? |" in written and written != doc


def produced_codes(call: str) -> set[str]:
    """The codes passed as text to ``call`` anywhere in the package."""
    pattern = re.compile(rf"\b(?:{call})\(\s*\"([a-z-]+)\"")
    codes = set()
    for path in PACKAGE.rglob("*.py"):
        codes |= set(pattern.findall(path.read_text(encoding="utf-8")))
    return codes


def chosen_codes(module: str) -> set[str]:
    """Codes chosen in a module before the call: ``code = "revoke" if … else "failed-to-win-trick"``."""
    text = (PACKAGE / module).read_text(encoding="utf-8")
    pairs = re.findall(r'\bcode = \(?"([a-z-]+)" if .+? else "([a-z-]+)"', text, re.S)
    return {code for pair in pairs for code in pair}


def test_every_error_code_is_documented_and_every_documented_code_is_produced(book, doc):
    documented = rows(doc, "| code | when |")
    reserved = {code for code, row in documented.items() if "*Reserved*" in row}
    unknown = {book_schema.get("x-unknown-code") for book_schema in
               [kind_schema(book, k.schema)["properties"].get("facts", {}) for k in KINDS.values()]} - {None}
    produced = produced_codes("QuestionError|error_object") | unknown | {"unknown-field"}  # the schema's default
    assert set(documented) - reserved == produced


def test_the_rule_codes_are_listed_as_the_code_has_them(doc):
    paragraph = doc[doc.index("the *rule codes*"):]
    paragraph = paragraph[:paragraph.index("\n\n")]
    assert re.findall(r"`([a-z-]+)`", paragraph) == list(RULE_CODES)


def test_every_illegal_action_code_is_documented(doc):
    codes = produced_codes("Illegal") | chosen_codes("engine/hand.py")
    assert "revoke" in codes
    assert set(table(sections(doc)["hand"], "| illegal code | when |")) == codes


def test_every_field_of_the_answers_is_documented(book, doc):
    """The fields of every answer to the samples and the scenarios are in their kind's table, and each
    documented field turns up in some answer."""
    every = doc[doc.index("## Every answer"):]
    common = set(table(every[:every.index("\n## ", 1)], "| answer field | meaning |"))
    assert {"cites", "explanation", "laws", "profile", "agreements", "house"} <= common
    seen = {kind: set() for kind in KINDS}
    # analyse before the play, at the elder's proposal: the same deal (docs/api.md, "Before the play")
    before_play = {**ANSWERED["analyse"], "actions": []}
    for question in [*ANSWERED.values(), *scenario_questions(), before_play]:
        answer = ask(question, book)
        if "error" not in answer:
            seen[question["kind"]] |= set(answer) - common
    for kind, fields in seen.items():
        documented = set(table(sections(doc)[kind], "| answer field | meaning |"))
        assert documented == fields, (f"docs/api.md, answers of {kind}: undocumented {sorted(fields - documented)}, "
                                      f"never given {sorted(documented - fields)}")


def test_no_document_of_the_project_sends_anyone_outside_it():
    for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        text = path.read_text(encoding="utf-8")
        assert "shared/API.md" not in text and "api-additions" not in text, path.name


def test_every_agreement_of_the_rule_book_is_documented(book, doc):
    assert table(doc, "| agreement | what it changes |") == list(book.agreements)


def test_the_example_error_is_the_one_ask_gives(doc):
    example = doc[doc.index("```json\n") + len("```json\n"):]
    example = json.loads(example[:example.index("```")])
    assert ask({"kind": "score", "tricks": {"elder": 1, "dealer": 4}, "dealer_refused": True}) == example
