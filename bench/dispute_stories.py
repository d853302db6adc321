"""The dispute interview against many whole hands told as stories (issue 20), counted.

Each story (tests/engine/disputes/stories.py) is a hand with one irregularity injected at a
random moment and found at a random later one, under a random profile. The witness answers the
interview from the story; the same story is then told with one fact against it. Printed: how many
stories, and how many of each kind ended in a ruling, in a question the story cannot answer
(need), in conflicting-facts, or in another error; and, with --show, the first few that went
wrong. A true story should always end in a ruling, a contradicted one in conflicting-facts.

    python bench/dispute_stories.py [--stories 3000] [--seed 1] [--show 5]
"""
import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from engine.disputes.stories import (  # noqa: E402
    INJECTORS,
    RandomChooser,
    contradicted,
    interview,
    opening,
    tell,
    window_holds,
)

from ecarte_tutor import ask  # noqa: E402
from ecarte_tutor.agreements import read_agreements  # noqa: E402
from ecarte_tutor.engine.disputes.rows import decision_rows  # noqa: E402
from ecarte_tutor.rulebook import load_rulebook  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stories", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=0, help="print this many stories that went wrong")
    args = parser.parse_args()
    book = load_rulebook()
    true_ends: Counter[str] = Counter()
    against_ends: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    wrong = []
    for n in range(args.stories):
        c = RandomChooser(args.seed * 1_000_003 + n)
        story = tell(c, sorted(INJECTORS)[n % len(INJECTORS)])
        kinds[story.irregularity] += 1
        # only the facts this rule book knows (so that an older book can be measured with these stories)
        ended = interview(story, ask, book, {k: v for k, v in opening(c, story).items() if k in book.facts})
        if ended.end == "ruling":
            params = book.params(story.profile, read_agreements({"agreements": list(story.agreements)}, book))
            row = next(r for r in decision_rows(book, params) if r.case == ended.answer["case"])
            if window_holds(story, row.decision["window"]):
                ended.end = "ruling outside its window"
        true_ends[ended.end] += 1
        if ended.end != "ruling":
            wrong.append(("true", story, ended.facts, ended.answer))
        against = contradicted(c, story)
        if against is not None and against[0] in book.facts:
            name, value = against
            facts = {**{k: v for k, v in story.witness().items() if k in book.facts}, name: value}
            answer = ask(story.question(facts), book)
            end = answer["error"]["code"] if "error" in answer else answer["status"]
            against_ends[end] += 1
            if end != "conflicting-facts":
                wrong.append((f"against {name}={value!r}", story, facts, answer))
    print(f"stories: {args.stories} ({len(kinds)} irregularities, seed {args.seed})")
    print("true stories:        " + ", ".join(f"{k} {v}" for k, v in sorted(true_ends.items())))
    print("one fact against:    " + ", ".join(f"{k} {v}" for k, v in sorted(against_ends.items())))
    for label, story, facts, answer in wrong[:args.show]:
        print(f"\n{label}: {story.irregularity} under {story.profile}, injected at "
              f"{story.hand.events[story.injected].kind}, found at {story.hand.events[story.discovered].kind}")
        print(f"  facts: {facts}")
        print(f"  answer: {answer.get('error') or answer.get('need') or answer.get('case')}")


if __name__ == "__main__":
    main()
