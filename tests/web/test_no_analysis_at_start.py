"""Building the site analyses nothing: a lesson's analysed answer is worked out the first time a page needs it,
then kept (issue 38 item 7). bench/lesson_pages_bench.py measures what that first view costs against the next.

Each check runs in a fresh interpreter: in this one, earlier tests have filled the kept answers, which would
hide an analysis made at start-up.
"""
import subprocess
import sys
import textwrap

COUNTING = textwrap.dedent("""
    import re
    from collections import Counter
    from ecarte_tutor.engine import analysis, analysis_exchange, hidden, parting

    counts = Counter()
    for module, name in ((analysis, "_double_dummy"), (analysis, "_viewed"), (parting, "find"), (hidden, "weigh"),
                         (analysis_exchange, "analyse_exchange")):
        def wrapped(*args, _real=getattr(module, name), _name=name, **kwargs):
            counts[_name] += 1
            return _real(*args, **kwargs)
        setattr(module, name, wrapped)

    from ecarte_tutor.web import create_app
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret"})
    print("built", sum(counts.values()))
""")


def run(script: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", COUNTING + textwrap.dedent(script)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.split("\n")


def test_building_the_site_runs_no_analysis_and_a_lesson_analyses_on_its_first_answer_only():
    shown = run("""
        def answer(url, card):
            client = app.test_client()
            seq = re.search(r'name="seq" value="(\\d+)"', client.get(url).get_data(as_text=True)).group(1)
            before = sum(counts.values())
            response = client.post(url, data={"card": card, "seq": seq, "tries": "0"})
            assert response.status_code == 200
            return sum(counts.values()) - before

        step = next((lesson, step) for lesson in app.extensions["ecarte_tutor"].library.lessons
                    for step in lesson.steps if step.exercise and step.exercise.kind == "best-card")
        url = f"/lessons/{step[0].id}/{step[1].index}"
        card = step[1].exercise.choices[0]["value"]
        print("first", answer(url, card))
        print("again", answer(url, card))
    """)
    assert "built 0" in shown  # create_app loaded every lesson and analysed none
    first = int(next(line for line in shown if line.startswith("first")).split()[1])
    assert first >= 1  # the answer is analysed when a page first needs it ...
    assert "again 0" in shown  # ... and kept
