"""bench/site_bench.py's statistics: the interval it reports for a run's median ratio; the bare Flask view over ask()
it measures beside the site."""
import json
import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import site_bench  # noqa: E402
from site_bench import median_interval  # noqa: E402


def covers(n: int, j: int) -> float:
    """The chance that the j-th and the (n + 1 - j)-th of n values hold the median between them."""
    return sum(math.comb(n, i) for i in range(j, n - j + 1)) / 2 ** n


@pytest.mark.parametrize("n", range(6, 121))
def test_the_interval_is_the_narrowest_that_holds_the_median_nineteen_times_in_twenty(n):
    low, high = median_interval([float(v) for v in reversed(range(1, n + 1))])  # in any order
    j = int(low)
    assert high == n + 1 - j, "the interval is symmetric in rank"
    assert covers(n, j) >= 0.95, "wide enough"
    assert covers(n, j + 1) < 0.95, "and no wider than it must be"


def test_a_run_too_short_for_an_interval_reports_its_extremes():
    assert median_interval([0.93, 0.88, 0.91]) == (0.88, 0.93)


def test_the_cpu_ratio_is_the_controls_cpu_a_request_over_the_asks():
    from site_bench import cpu_ratios

    asks = [{"cpu_per_request": 0.0004}, {"cpu_per_request": 0.0}]  # a round that served nothing is left out
    controls = [{"cpu_per_request": 0.0002}, {"cpu_per_request": 0.0002}]
    assert cpu_ratios(asks, controls) == [0.5]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads Linux's /proc")
def test_a_process_trees_cpu_counts_its_children():
    import os
    import subprocess
    import time

    from site_bench import tree_cpu

    child = subprocess.Popen([sys.executable, "-c", "import time\nt = time.process_time()\n"
                              "while time.process_time() - t < 0.5: pass\ntime.sleep(30)"])
    try:
        deadline = time.monotonic() + 20
        while tree_cpu(child.pid) < 0.4:
            assert time.monotonic() < deadline, "the child's CPU was never counted"
            time.sleep(0.1)
        assert tree_cpu(os.getpid()) >= tree_cpu(child.pid) >= 0.4, "a parent's count holds its child's"
    finally:
        child.kill()
        child.wait()


def test_the_bare_flask_view_over_ask_answers_what_the_site_answers():
    import control_server

    question = json.dumps(site_bench.PLAY).encode()
    status, headers, body = control_server.recorded_answer(question)
    client = control_server.flask_ask_app(status, headers, body).test_client()
    reply = client.post("/api/ask", data=question)
    assert (reply.status, reply.get_data()) == (status, body)
    assert sorted(reply.headers.items()) == sorted(headers), "the same headers, its own length among them"
    other = json.dumps({**site_bench.PLAY, "card": "QS"}).encode()
    assert client.post("/api/ask", data=other).get_data() != body, "each question is asked, not a kept answer sent"
