"""Templates take the game's numbers (hand, stock, game target) from the rule book, never as literals."""
import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "ecarte_tutor" / "templates"
# A number box whose upper bound is written into the template: a profile or agreement with another
# hand size, stock or target would then be refused by the browser before the engine saw it.
LITERAL_MAX = re.compile(r'\bmax="\d+"')


def test_no_template_writes_a_bound_of_the_game_as_a_number():
    found = [f"{path.relative_to(TEMPLATES)}:{number}: {line.strip()}"
             for path in sorted(TEMPLATES.rglob("*.html"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if LITERAL_MAX.search(line)]
    assert found == []
