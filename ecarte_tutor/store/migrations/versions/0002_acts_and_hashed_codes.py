"""Resume codes kept as keyed hashes only: each code kept in plain text becomes its hash, and still works.

The hash is :func:`ecarte_tutor.store.interface.code_hash` under the key the site derives from its secret
key (``web.keys.resume_code_key``), which the store hands to the migration (``config.attributes``); a
database with codes in it cannot be migrated without that key, and says so.

Downgrading cannot give the codes back (only their hashes are kept): each learner gets a fresh code, which
no one has seen, so a learner must then make his way back by his cookie.

Revision ID: 0002_acts_and_hashed_codes
Revises: 0001
Create Date: 2026-12-07
"""
import sqlalchemy as sa
from alembic import context, op

from ecarte_tutor.store.interface import StoreError, code_hash, draw_resume_code

revision = "0002_acts_and_hashed_codes"
down_revision = "0001"
branch_labels = None
depends_on = None

BATCH = 1000  # rows hashed per statement


def upgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.add_column(sa.Column("resume_hash", sa.String(64), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT id, resume_code FROM learners")).all()
    if rows:
        code_key = context.config.attributes.get("code_key")
        if not code_key:
            raise StoreError("the resume codes kept in plain text can be hashed only with the site's secret key: "
                               "run the migration from `ecarte-tutor serve` or `ecarte-tutor db upgrade`, which "
                               "read it")
        hashed = [{"id": row.id, "hash": code_hash(code_key, row.resume_code)} for row in rows]
        for start in range(0, len(hashed), BATCH):
            connection.execute(sa.text("UPDATE learners SET resume_hash = :hash WHERE id = :id"),
                               hashed[start:start + BATCH])
    with op.batch_alter_table("learners") as batch:
        batch.drop_constraint("uq_learners_resume_code", type_="unique")
        batch.drop_column("resume_code")
        batch.create_unique_constraint("uq_learners_resume_hash", ["resume_hash"])


def downgrade() -> None:
    with op.batch_alter_table("learners") as batch:
        batch.add_column(sa.Column("resume_code", sa.String(32), nullable=True))
    connection = op.get_bind()
    ids = connection.execute(sa.text("SELECT id FROM learners")).scalars().all()
    if ids:
        connection.execute(sa.text("UPDATE learners SET resume_code = :code WHERE id = :id"),
                           [{"id": learner_id, "code": draw_resume_code()} for learner_id in ids])
    with op.batch_alter_table("learners") as batch:
        batch.drop_constraint("uq_learners_resume_hash", type_="unique")
        batch.drop_column("resume_hash")
        batch.alter_column("resume_code", existing_type=sa.String(32), nullable=False)
        batch.create_unique_constraint("uq_learners_resume_code", ["resume_code"])
