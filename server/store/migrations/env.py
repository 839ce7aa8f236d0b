"""Alembic environment: migrations run on a connection handed in by
`server.store.migrate` (the same engine the server uses), never from an ini file."""

from alembic import context

from server.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
