"""Matches record the rules version they were created under (the system's
`rules_version`), so a replay is re-decided only by the rules it was played
by. Matches from before this revision have none.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:  # (batch: SQLite alters by copying)
        batch.add_column(sa.Column("rules_version", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("rules_version")
