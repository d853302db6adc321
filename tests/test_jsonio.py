"""The JSON reader and writer shared by the API and the command line."""
import pytest

from ecarte_tutor import jsonio


@pytest.mark.parametrize("text, reason", [
    ("NaN", "unexpected character"),
    ('{"a": Infinity}', "unexpected character"),
    ('{"stock": 1e400}', "a number is too large"),
    ('{"a": 1} x', "unexpected content after document"),
    ("[" * 2000 + "]" * 2000, "depth limit exceeded"),
    ("[1,]", "trailing comma"),
])
def test_loads_refuses_what_is_not_one_finite_json_document(text, reason):
    with pytest.raises(jsonio.JsonError) as caught:
        jsonio.loads(text)
    assert reason in caught.value.reason
    assert caught.value.message.startswith(caught.value.reason + " at line 1, column ")


def test_loads_names_the_line_and_column():
    with pytest.raises(jsonio.JsonError) as caught:
        jsonio.loads('{\n  "kind": "play",\n  "trump" "H"\n}')
    assert (caught.value.line, caught.value.column) == (3, 11)


def test_loads_allows_a_byte_order_mark_and_reads_unicode():
    assert jsonio.loads('\ufeff{"led": "J♠"}') == {"led": "J♠"}


def test_an_integer_beyond_64_bits_is_read_as_a_float_which_no_field_accepts():
    assert isinstance(jsonio.loads("123456789012345678901234567890"), float)


def test_dumps_writes_utf8_without_escapes():
    assert jsonio.dumps({"explanation": "Q♠ wins", "field": None}) == '{"explanation":"Q♠ wins","field":null}'.encode()


@pytest.mark.parametrize("value", [{"a": [1, {"b": float("nan")}]}, [float("inf")], {"x": -float("inf")}])
def test_dumps_refuses_numbers_that_are_not_finite(value):
    with pytest.raises(ValueError, match="not finite"):
        jsonio.dumps(value)


@pytest.mark.parametrize("value", [{1: "a"}, {"a": {1, 2}}, {"a": 2 ** 70}])
def test_dumps_refuses_what_is_not_json_data(value):
    with pytest.raises(TypeError):
        jsonio.dumps(value)
