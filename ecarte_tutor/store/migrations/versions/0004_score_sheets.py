"""Score sheets of real games (/marque): one row a sheet, its entries and their history as JSON.

Revision ID: 0004_score_sheets
Revises: 0001
Create Date: 2026-12-07
"""
import sqlalchemy as sa
from alembic import op

from ecarte_tutor.store.schema import UTCDateTime

revision = "0004_score_sheets"
down_revision = "0003_bounds_and_expiry"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sheets",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("learner_id", sa.Integer(), nullable=False),
        sa.Column("follow", sa.String(32), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("updated_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_sheets"),
        sa.ForeignKeyConstraint(["learner_id"], ["learners.id"], name="fk_sheets_learner_id_learners",
                                ondelete="CASCADE"),
        sa.UniqueConstraint("follow", name="uq_sheets_follow"),
    )
    op.create_index("ix_sheets_learner_id", "sheets", ["learner_id"])


def downgrade() -> None:
    op.drop_index("ix_sheets_learner_id", table_name="sheets")
    op.drop_table("sheets")
