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
    assert type(caught.value) is jsonio.JsonError  # not RepeatedKey: the text itself is no JSON
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


@pytest.mark.parametrize("text, key, column", [
    ('{"kind": "play", "kind": "trick"}', "kind", 18),
    ('{"facts": {"count": 3, "hand": "elder", "count": 4}}', "count", 41),
    ('{"a": "x:y", "b": {"c": 1, "c": 2}}', "c", 28),
])
def test_a_key_written_twice_in_one_object_is_refused(text, key, column):
    """orjson keeps the last of two equal keys; a question must not silently mean its second half (L6)."""
    for read in (jsonio.loads, jsonio.loads_utf8):
        with pytest.raises(jsonio.RepeatedKey) as caught:  # a JsonError, told apart from text that is not JSON
            read(text)
        assert f'the key "{key}" appears twice in one object' in caught.value.message
        assert (caught.value.line, caught.value.column) == (1, column)


def test_equal_keys_in_different_objects_and_colons_in_text_are_fine():
    assert jsonio.loads('[{"k": 1}, {"k": 2}, {"a": "10:30", "b": {"k": "x:y"}}]')[2]["b"] == {"k": "x:y"}
