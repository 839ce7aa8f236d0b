"""Matches may have a house bot in one seat: `bot` is "seat:level:warband"
(e.g. "b:heuristic:goblins").

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:  # (batch: SQLite alters by copying)
        batch.add_column(sa.Column("bot", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("bot")
