"""Alembic's environment for the store: run on the connection ``ecarte_tutor.store.migrate`` passes in.

The store runs the migrations itself (``ecarte-tutor db upgrade``, and the site at start), inside
its own transaction and under its lock; this file only hands Alembic that connection.
"""
from alembic import context

from ecarte_tutor.store.schema import metadata

connection = context.config.attributes["connection"]
# SQLite alters a table by copying it (batch mode); transactional DDL: a failed migration leaves nothing half done.
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True, transactional_ddl=True)
with context.begin_transaction():
    context.run_migrations()
