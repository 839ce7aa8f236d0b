"""A match's house bot is "seat:level:warband:pace" since bots have a pace
(create_match's bot_pace): 32 characters no longer hold it on PostgreSQL
("b:heuristic:<a long warband key>:normal"), so the column takes 128.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:  # (batch: SQLite alters by copying)
        batch.alter_column("bot", type_=sa.String(128), existing_type=sa.String(32),
                           existing_nullable=True)


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.alter_column("bot", type_=sa.String(32), existing_type=sa.String(128),
                           existing_nullable=True)
