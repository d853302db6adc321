"""/rules/jeux-de-regle/computed: the list set against computation, linked from the strategy section."""
import re

from data_under_test import BOOK

from ecarte_tutor.engine import jeux_data


def text_of(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True)))


def test_the_page_gives_every_pattern_its_share_interval_and_the_model_sample_and_date(client):
    response = client.get("/rules/jeux-de-regle/computed")
    assert response.status_code == 200
    text = text_of(response)
    data = jeux_data.load(BOOK)
    for pattern in BOOK.strategy.patterns:
        row = next(r for r in data["patterns"] if (r["seat"], r["id"]) == (pattern.seat, pattern.id))
        low, high = row["interval"]
        assert f"{pattern.label} " in text
        assert f"{100 * row['share']:.0f} % of {row['hands']} {100 * low:.0f} %–{100 * high:.0f} %" in text
    assert "hidden-card model" in text and f"Computed on {data['date']} with seed {data['seed']}" in text
    assert f"{data['deals']} deals per hand" in text and "What the model leaves out" in text
    assert "These figures were made for other patterns" not in text
    words = {"t1-n-c3": "one trump, not the king; three or more plain court cards",
             "t2-n-c2": "two trumps, not the king; two plain court cards"}
    for row in data["off_list"]["elder"][1:]:  # the groups off the list worth playing as often as the list's own
        if row["group"] in words:
            assert f"{words[row['group']]}: {100 * row['share']:.0f} % of {row['hands']}" in text


def test_the_strategy_section_links_to_it(client):
    assert "/rules/jeux-de-regle/computed" in client.get("/rules/part/strategy").get_data(as_text=True)
