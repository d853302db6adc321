"""Mutation testing of the engine: mutmut, told that the engine's ``@decides`` marks are safe to mutate under.

Run from the checkout's root, with the test extras installed (``[tool.mutmut]`` in pyproject.toml says which
modules and which tests):

    .venv/bin/python mutate.py run --max-children 2 "ecarte_tutor.engine.exchange.*"
    .venv/bin/python mutate.py results        # the survivors; `show NAME` prints one as a diff

Two commands of its own, for a measure of the whole engine that two shared cores can afford:

    .venv/bin/python mutate.py sample 0.1 37 > mutants/sample.txt   # a tenth of each module's mutants, seed 37
    nice -n 19 .venv/bin/python mutate.py run --max-children 2 $(cat mutants/sample.txt)
    .venv/bin/python mutate.py score mutants/sample.txt               # killed / tested, per module, 95 % interval

Three changes to how mutmut runs a mutant (``run``, always): it meets the tests of the functions that call its
function too (a value the engine keeps is worked out by one test only in mutmut's stats run: :func:`with_callers`);
its tests run fastest first, as mutmut's plain fork
runner orders them and its fork server (``process_isolation``, pyproject.toml) does not, so a mutant that one
quick worked case kills stops there (``-x``) instead of after a few hundred dispute tests in set order; and the
wall-clock limit is a multiple of the CPU limit rather than half of it, because at ``nice -n 19`` on a shared
machine a run waits most of its time and the CPU limit (RLIMIT_CPU) is what measures a looping mutant.

Why a launcher rather than the ``mutmut`` command: mutmut 3 leaves every decorated function alone, because a
decorator may register or wrap what it decorates, and almost every engine function that applies a rule carries
``@decides(...)`` (ecarte_tutor/marks.py). That mark returns the function untouched and only the source scan
reads it, so mutmut may treat such a function as undecorated; its arguments (the decorator node) are still never
mutated. Without this, mutmut would skip the very functions whose edges it is meant to test.
"""
from __future__ import annotations

import contextlib
import math
import random
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path


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


def _mutants_by_module(generate: bool) -> dict[str, dict[str, int | None]]:
    """Every mutant's name and exit code (None: not run yet), by module; ``generate`` writes mutants/ first."""
    from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.mutation.trampoline import set_mutant_under_test
    from mutmut.utils.file_utils import walk_mutatable_files

    if generate:
        set_mutant_under_test("mutant_generation")
        with contextlib.redirect_stdout(sys.stderr):  # mutmut names each file it copies; stdout is the sample
            copy_src_dir()
            copy_also_copy_files()
            setup_source_paths()
            create_mutants(1)
    found = {}
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        found[str(path)] = dict(data.exit_code_by_key)
    return found


def sample(fraction: float, seed: int) -> list[str]:
    """The same fraction of each module's mutants (at least one), drawn uniformly with ``seed``: reproducible."""
    chosen = []
    for module, names in sorted(_mutants_by_module(generate=True).items()):
        population = sorted(names)
        chosen += sorted(random.Random(f"{seed}:{module}").sample(
            population, max(1, round(fraction * len(population)))))
    return chosen


def wilson(killed: int, tested: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a proportion (sound near 0 and 1 and for small samples, unlike p ± 2σ)."""
    if not tested:
        return 0.0, 1.0
    z, p = 1.96, killed / tested
    centre = (p + z * z / (2 * tested)) / (1 + z * z / tested)
    half = z * math.sqrt(p * (1 - p) / tested + z * z / (4 * tested * tested)) / (1 + z * z / tested)
    return centre - half, centre + half


def score(names: Iterable[str]) -> str:
    """Per module and over all: mutants killed (a test failed or ran out of time) of those run.

    A mutant no test reaches counts as survived: no test would notice it. One not run yet is counted apart."""
    from mutmut.stats import status_by_exit_code

    wanted = set(names)
    tally: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for module, codes in _mutants_by_module(generate=False).items():
        for name, code in codes.items():
            if name in wanted:
                status = status_by_exit_code[code]
                kind = {"killed": "killed", "timeout": "killed", "survived": "survived",
                        "no tests": "survived", "not checked": "not run"}.get(status, "other")
                tally[module][kind] += 1
                tally["all"][kind] += 1
    lines = [f"{'module':42} {'killed':>6} {'run':>5} {'score':>6}  95 % interval  (not run, other)"]
    for module in sorted(tally, key=lambda m: (m == "all", m)):
        t = tally[module]
        run = t["killed"] + t["survived"]
        low, high = wilson(t["killed"], run)
        lines.append(f"{module:42} {t['killed']:6} {run:5} {100 * t['killed'] / max(run, 1):5.1f}%"
                     f"  {100 * low:5.1f}-{100 * high:5.1f}%  ({t['not run']}, {t['other']})")
    return "\n".join(lines)


def fastest_first(tests: Iterable[str], duration_by_test: dict[str, float]) -> list[str]:
    """The tests in the order to run them against a mutant: the quickest first (then by name, reproducibly)."""
    return sorted(tests, key=lambda test: (duration_by_test.get(test, 0.0), test))


def without_slow(tests_by_function: dict[str, set[str]], duration_by_test: dict[str, float],
                 seconds: float) -> dict[str, set[str]]:
    """Each function's tests that took under ``seconds``; a function reached only by slower ones keeps its fastest.

    Without that one, a function only slow tests reach (the rows' precedence, checked over every profile) has
    no test left: its mutants would count as survivors that no test was even asked about."""
    kept = {}
    for function, tests in tests_by_function.items():
        quick = {test for test in tests if duration_by_test.get(test, 0.0) < seconds}
        kept[function] = quick or set(fastest_first(tests, duration_by_test)[:1])
    return kept


def with_callers(tests_by_function: dict[str, set[str]],
                 callers_by_function: dict[str, set[str]]) -> dict[str, set[str]]:
    """Each function's tests, and those of the functions that call it.

    A value the engine keeps (``Kept``: the timeline's implications, the rows in force) is worked out by the
    first test that asks for it, and mutmut's stats run, which runs every test in one process, ties the
    function that works it out to that test alone. Its mutant would then meet one test, though every
    dispute reads the value: the tests of the function that keeps and hands it out (its caller) are its too."""
    return {function: set(tests).union(*(tests_by_function.get(caller, ()) for caller in
                                         callers_by_function.get(function, ())))
            for function, tests in tests_by_function.items()}


def _choose_tests(seconds: float | None) -> None:
    """After mutmut's stats run: a function's callers' tests are its too (:func:`with_callers`), and with
    ``--tests-under`` each mutant runs only the selected tests that took under ``seconds`` there.

    The fast tests still hold a few slow ones (the search against plain minimax on 10,000 positions, the compiled
    core against the Python search, the interview's questions over every profile): a mutant that survives runs
    every test that reaches its function, so these few would make a measure of the whole engine take hours."""
    import mutmut.__main__ as main
    from mutmut.state import state

    collect = main.collect_or_load_stats

    def collect_then_choose(*args, **kwargs):  # type: ignore[no-untyped-def]
        collect(*args, **kwargs)
        found = state()
        kept = with_callers(found.tests_by_mangled_function_name, found.function_dependencies)
        if seconds is not None:
            kept = without_slow(kept, found.duration_by_test, seconds)
        for function, tests in kept.items():
            found.tests_by_mangled_function_name[function] = tests

    main.collect_or_load_stats = collect_then_choose


WALL_PER_CPU_SECOND = 4


def _run_fastest_first_on_cpu_time() -> None:
    """The fork server's two changes (module docstring): tests fastest first, and a wall limit of 4 CPU limits."""
    from mutmut.state import state
    from mutmut.workers import isolation

    submit = isolation.ForkServerRunner.submit

    def submit_fastest_first(self, mutant_name, tests, cpu_time_limit, estimated_time):  # type: ignore[no-untyped-def]
        submit(self, mutant_name, fastest_first(tests, state().duration_by_test), cpu_time_limit, estimated_time)

    register_timeout = isolation.register_timeout

    def register_on_cpu_time(pid: int, timeout_s: float) -> None:
        # mutmut passes half the CPU limit; a starved run at nice 19 may wait far longer than it computes
        register_timeout(pid, timeout_s * 2 * WALL_PER_CPU_SECOND)

    isolation.ForkServerRunner.submit = submit_fastest_first  # type: ignore[method-assign]
    isolation.register_timeout = register_on_cpu_time


if __name__ == "__main__":
    _let_marked_functions_through()
    if sys.argv[1:2] == ["run"]:
        _run_fastest_first_on_cpu_time()
        under = None
        if "--tests-under" in sys.argv:
            at = sys.argv.index("--tests-under")
            under = float(sys.argv[at + 1])
            del sys.argv[at:at + 2]
        _choose_tests(under)
    if sys.argv[1:2] == ["sample"]:
        print("\n".join(sample(float(sys.argv[2]), int(sys.argv[3]))))
        sys.exit(0)
    if sys.argv[1:2] == ["score"]:
        print(score(Path(sys.argv[2]).read_text().split()))
        sys.exit(0)
    from mutmut.__main__ import cli
    sys.argv[0] = "mutmut"
    cli()
