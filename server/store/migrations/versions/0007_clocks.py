"""Time controls (server/clocks): a match's time control, and the clocks each command
left (so a replay shows them and a restart resumes them).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("time_control", sa.LargeBinary, nullable=True))
    with op.batch_alter_table("commands") as batch:
        batch.add_column(sa.Column("clock", sa.LargeBinary, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("commands") as batch:
        batch.drop_column("clock")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("time_control")
