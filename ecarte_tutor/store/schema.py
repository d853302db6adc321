"""The store's tables (SQLAlchemy Core): learners, their lesson steps, their review items, their games (finished
and unfinished).

Every row carries its timestamps, in UTC. The migrations (``migrations/versions``) create
exactly these tables; a test compares the two, so a column added here without a migration fails.
"""
from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Table,
    UniqueConstraint,
)
from sqlalchemy.types import TypeDecorator

# Constraint names the same on every database, so a later migration can name what it alters.
metadata = MetaData(naming_convention={
    "ix": "ix_%(column_0_label)s", "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s", "pk": "pk_%(table_name)s",
})

KEY_LENGTH = 32  # a learner's key (the cookie's id)
HASH_LENGTH = 64  # a resume code's keyed hash: HMAC-SHA256 in hex (store.interface.code_hash)
LESSON_LENGTH = 64
RULE_LENGTH = 120
SITUATION_LENGTH = 64
GAME_KEY_LENGTH = 64  # an unfinished game's key (web.play: a digest of its settings)


class UTCDateTime(TypeDecorator[datetime]):
    """A moment in UTC: written as UTC, read back with its zone (SQLite keeps none of its own)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("the store keeps moments with their time zone; this one has none")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _learner() -> Column[int]:
    return Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)


def _timestamps() -> tuple[Column[datetime], Column[datetime]]:
    return (Column("created_at", UTCDateTime(), nullable=False), Column("updated_at", UTCDateTime(), nullable=False))


learners = Table(
    "learners", metadata,
    Column("id", Integer, primary_key=True),
    Column("key", String(KEY_LENGTH), nullable=False, unique=True),  # what the signed cookie carries
    # The keyed hash of the resume code that carries the learner to another device (store.interface.code_hash);
    # the code itself is shown once and never kept. None: no code made yet.
    Column("resume_hash", String(HASH_LENGTH), unique=True),
    Column("seq", BigInteger, nullable=False),  # the progress counter (lessons.progress)
    Column("reset_seq", BigInteger, nullable=False),
    Column("last_situation", String(SITUATION_LENGTH)),
    *_timestamps(),
)
# Expiry looks for the learners whose progress last changed long ago (migration 0003).
Index("ix_learners_updated_at", learners.c.updated_at)

lesson_steps = Table(
    "lesson_steps", metadata,
    _learner(),
    Column("lesson_id", String(LESSON_LENGTH), primary_key=True),
    Column("step", Integer, primary_key=True),
    Column("done", Boolean, nullable=False),
    Column("first_try", Boolean, nullable=False),
    Column("missed", Boolean, nullable=False),
    Column("seq", BigInteger, nullable=False),  # the progress counter at the step's last change
    *_timestamps(),
)

review_items = Table(
    "review_items", metadata,
    _learner(),
    Column("rule_id", String(RULE_LENGTH), primary_key=True),
    # FSRS's card (fsrs.Card): state (1 learning, 2 review, 3 relearning), learning step, stability in
    # days, difficulty, when it is due and when it was last reviewed.
    Column("state", SmallInteger, nullable=False),
    Column("step", Integer),
    Column("stability", Float),
    Column("difficulty", Float),
    Column("due", UTCDateTime(), nullable=False),
    Column("last_review", UTCDateTime()),
    Column("reviews", Integer, nullable=False),
    Column("lapses", Integer, nullable=False),
    Column("situation", String(SITUATION_LENGTH)),  # the last situation answered on the rule
    Column("seq", BigInteger, nullable=False),
    *_timestamps(),
)
Index("ix_review_items_learner_due", review_items.c.learner_id, review_items.c.due)

games = Table(
    "games", metadata,
    Column("id", Integer, primary_key=True),
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("digest", String(64), nullable=False),  # of the record: a game is kept once
    Column("record", JSON, nullable=False),  # the game's compact record (table.Game.record): it replays the game
    Column("review", JSON, nullable=False),  # what the review made of it when it finished
    Column("learner_score", Integer, nullable=False),
    Column("tutor_score", Integer, nullable=False),
    Column("mistakes", Integer, nullable=False),
    Column("winner", String(16)),
    Column("created_at", UTCDateTime(), nullable=False),  # when it finished and was kept
    UniqueConstraint("learner_id", "digest", name="uq_games_learner_digest"),
)

unfinished_games = Table(
    "unfinished_games", metadata,
    Column("id", Integer, primary_key=True),
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("game_key", String(GAME_KEY_LENGTH), nullable=False),  # the game's settings: one row per game
    Column("record", JSON, nullable=False),  # its record as it last stood (table.Game.record)
    Column("deal", Integer, nullable=False),  # the deal in progress, 1 for the first
    Column("learner_score", Integer, nullable=False),
    Column("tutor_score", Integer, nullable=False),
    *_timestamps(),  # begun, and last played
    UniqueConstraint("learner_id", "game_key", name="uq_unfinished_games_learner_game_key"),
)

FOLLOW_LENGTH = 32  # a sheet's follow code (22 characters of base64url)

sheets = Table(
    "sheets", metadata,
    Column("id", Integer, primary_key=True),
    Column("learner_id", Integer, ForeignKey("learners.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("follow", String(FOLLOW_LENGTH), nullable=False, unique=True),  # the read-only link's code
    Column("data", JSON, nullable=False),  # the sheet (ecarte_tutor.marque.model): every entry, every version
    *_timestamps(),
)
