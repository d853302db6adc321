"""The practice table: whole games against the tutor, every move refereed and explained.

Above the engine and below any page or terminal: it asks the engine's kinds (``hand``,
``analyse``, ``advice``, ``score``, ``play``) and never imports Flask.

- :mod:`.game` — :class:`Game`: deal after deal to the target, the score sheet, the learner's
  decisions; rebuilt from its compact record (:mod:`.settings`, :mod:`.moves`).
- :mod:`.players` — the tutor's levels (beginner, club, book), each deciding from its own view.
- :mod:`.review` — each hand reviewed with the analysis; the game's mistakes by rule.
- :mod:`.why` — one line of why for each legal choice.
- :mod:`.terminal` — the game at a terminal (``ecarte-tutor play``).
"""
from .game import Decision, Game
from .settings import LEVELS, Settings, TableError

__all__ = ["Decision", "Game", "LEVELS", "Settings", "TableError"]
