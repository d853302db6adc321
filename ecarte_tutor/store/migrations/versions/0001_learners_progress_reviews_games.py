"""Learners, their lesson steps, their review items (FSRS state) and their finished games.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""
from typing import Any

import sqlalchemy as sa
from alembic import op

from ecarte_tutor.store.schema import UTCDateTime

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _stamps() -> list[sa.Column[Any]]:
    return [sa.Column("created_at", UTCDateTime(), nullable=False),
            sa.Column("updated_at", UTCDateTime(), nullable=False)]


def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("key", sa.String(32), nullable=False),
        sa.Column("resume_code", sa.String(32), nullable=False),
        sa.Column("seq", sa.BigInteger(), nullable=False),
        sa.Column("reset_seq", sa.BigInteger(), nullable=False),
        sa.Column("last_situation", sa.String(64)),
        *_stamps(),
        sa.PrimaryKeyConstraint("id", name="pk_learners"),
        sa.UniqueConstraint("key", name="uq_learners_key"),
        sa.UniqueConstraint("resume_code", name="uq_learners_resume_code"),
    )
    op.create_table(
        "lesson_steps",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("lesson_id", sa.String(64), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("done", sa.Boolean(), nullable=False),
        sa.Column("first_try", sa.Boolean(), nullable=False),
        sa.Column("missed", sa.Boolean(), nullable=False),
        sa.Column("seq", sa.BigInteger(), nullable=False),
        *_stamps(),
        sa.PrimaryKeyConstraint("learner_id", "lesson_id", "step", name="pk_lesson_steps"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_lesson_steps_learner_id_learners",
                                ondelete="CASCADE"),
    )
    op.create_table(
        "review_items",
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("rule_id", sa.String(120), nullable=False),
        sa.Column("state", sa.SmallInteger(), nullable=False),
        sa.Column("step", sa.Integer()),
        sa.Column("stability", sa.Float()),
        sa.Column("difficulty", sa.Float()),
        sa.Column("due", UTCDateTime(), nullable=False),
        sa.Column("last_review", UTCDateTime()),
        sa.Column("reviews", sa.Integer(), nullable=False),
        sa.Column("lapses", sa.Integer(), nullable=False),
        sa.Column("situation", sa.String(64)),
        sa.Column("seq", sa.BigInteger(), nullable=False),
        *_stamps(),
        sa.PrimaryKeyConstraint("learner_id", "rule_id", name="pk_review_items"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_review_items_learner_id_learners",
                                ondelete="CASCADE"),
    )
    op.create_index("ix_review_items_learner_due", "review_items", ["learner_id", "due"])
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("digest", sa.String(64), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("review", sa.JSON(), nullable=False),
        sa.Column("learner_score", sa.Integer(), nullable=False),
        sa.Column("tutor_score", sa.Integer(), nullable=False),
        sa.Column("mistakes", sa.Integer(), nullable=False),
        sa.Column("winner", sa.String(16)),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_games_learner_id_learners",
                                ondelete="CASCADE"),
        sa.UniqueConstraint("learner_id", "digest", name="uq_games_learner_digest"),
    )
    op.create_index("ix_games_learner_id", "games", ["learner_id"])


def downgrade() -> None:
    op.drop_table("games")
    op.drop_table("review_items")
    op.drop_table("lesson_steps")
    op.drop_table("learners")
