"""Unfinished games of the practice table, kept as they last stood, to be resumed or closed.

Revision ID: 0005_unfinished_games
Revises: 0001
Create Date: 2026-12-07
"""
import sqlalchemy as sa
from alembic import op

from ecarte_tutor.store.schema import UTCDateTime

revision = "0005_unfinished_games"
down_revision = "0004_score_sheets"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "unfinished_games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("game_key", sa.String(64), nullable=False),
        sa.Column("record", sa.JSON(), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("learner_score", sa.Integer(), nullable=False),
        sa.Column("tutor_score", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_unfinished_games"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_unfinished_games_learner_id_learners",
                                ondelete="CASCADE"),
        sa.UniqueConstraint("learner_id", "game_key", name="uq_unfinished_games_learner_game_key"),
    )
    op.create_index("ix_unfinished_games_learner_id", "unfinished_games", ["learner_id"])


def downgrade() -> None:
    op.drop_table("unfinished_games")
