"""Takebacks (server/matches/takebacks.py): whether a match's seats may take moves back
with the opponent's consent, as set when it was created (None: rows from before this
revision, which allow them in casual matches only).

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("takebacks", sa.Boolean, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("takebacks")
