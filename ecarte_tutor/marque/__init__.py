"""La marque: the score sheet of a real game, every hand scored by the engine (docs/marque.md).

- :mod:`.words` — the sheet's own sentences, from ``words.yaml``;
- :mod:`.model` — a sheet and its entries as JSON, and reading one entry from a form;
- :mod:`.scorer` — the sheet replayed: each hand scored by :func:`ecarte_tutor.engine.scoring.score`,
  the running score, the games, the rubber or the pool, who deals next;
- :mod:`.editing` — adding, correcting and removing entries within laws 50 and 51, the history kept.
"""
from .editing import add_entry, correct_entry, remove_entry
from .model import SheetError, new_sheet, read_entry
from .scorer import Standing, replay

__all__ = ["SheetError", "Standing", "add_entry", "correct_entry", "new_sheet", "read_entry", "remove_entry",
           "replay"]
