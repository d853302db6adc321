"""mutate.py's choice of tests for a mutant: which run, and in what order (docs/scenarios.md, "Edges")."""
from mutate import fastest_first, with_callers, without_slow

DURATIONS = {"a.py::slow": 3.0, "a.py::quick": 0.01, "b.yaml::case": 0.2, "c.py::slower": 9.0}


def test_a_mutants_tests_run_quickest_first_and_in_a_fixed_order_on_ties():
    assert fastest_first({"a.py::slow", "b.yaml::case", "a.py::quick"}, DURATIONS) == [
        "a.py::quick", "b.yaml::case", "a.py::slow"]
    assert fastest_first({"z::new", "y::new"}, {}) == ["y::new", "z::new"]  # not timed yet: first, by name


def test_slow_tests_are_dropped_where_a_quick_one_reaches_the_function():
    kept = without_slow({"f": {"a.py::slow", "a.py::quick", "b.yaml::case"}}, DURATIONS, 0.5)
    assert kept == {"f": {"a.py::quick", "b.yaml::case"}}


def test_a_function_only_slow_tests_reach_keeps_its_fastest():
    kept = without_slow({"g": {"a.py::slow", "c.py::slower"}, "h": set()}, DURATIONS, 0.5)
    assert kept == {"g": {"a.py::slow"}, "h": set()}


def test_a_function_meets_the_tests_of_the_functions_that_call_it():
    # the timeline's implications are worked out once per rule book: in the stats run only the first test that
    # asked for them reached the function that works them out, though every test reaching its caller reads them
    tests = {"implications": {"t1", "t2", "t3"}, "_data": {"t1"}, "alone": {"t4"}}
    assert with_callers(tests, {"_data": {"implications"}, "gone": {"implications"}}) == {
        "implications": {"t1", "t2", "t3"}, "_data": {"t1", "t2", "t3"}, "alone": {"t4"}}
