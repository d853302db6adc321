"""Bounds and expiry (issue 40): an index on when each learner's progress last changed, for expiry to find
the learners nobody has come back to. No row is changed.

Revision ID: 0003_bounds_and_expiry
Revises: 0001
Create Date: 2026-12-07
"""
from alembic import op

revision = "0003_bounds_and_expiry"
down_revision = "0002_acts_and_hashed_codes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_learners_updated_at", "learners", ["updated_at"])


def downgrade() -> None:
    op.drop_index("ix_learners_updated_at", table_name="learners")
