"""What every kind of exercise knows now lives one floor down, in :mod:`ecarte_tutor.lessons.exercise` (so that
the catalogue of mistakes and the model read it without importing the kinds); this name stays for a kind
written against it. Import from ``..exercise`` in new code."""
from __future__ import annotations

from ..exercise import (
    AnyKind as AnyKind,
)
from ..exercise import (
    Asked as Asked,
)
from ..exercise import (
    Case as Case,
)
from ..exercise import (
    Choice as Choice,
)
from ..exercise import (
    Exercise as Exercise,
)
from ..exercise import (
    ExerciseEntry as ExerciseEntry,
)
from ..exercise import (
    ExerciseKind as ExerciseKind,
)
from ..exercise import (
    Form as Form,
)
from ..exercise import (
    FormFields as FormFields,
)
from ..exercise import (
    KindError as KindError,
)
from ..exercise import (
    OneChoice as OneChoice,
)
from ..exercise import (
    Position as Position,
)
from ..exercise import (
    Terminal as Terminal,
)
from ..exercise import (
    cards_line as cards_line,
)
from ..exercise import (
    params_of as params_of,
)
from ..exercise import (
    trumps_line as trumps_line,
)
