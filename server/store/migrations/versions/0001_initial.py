"""The first schema: accounts, tokens, matches, seats, commands, events, snapshots.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("username", sa.String(32), unique=True, nullable=True),
        sa.Column("display_name", sa.String(64), nullable=False),
        sa.Column("password_hash", sa.String(256), nullable=True),
        sa.Column("guest", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("failed_logins", sa.Integer, nullable=False),
        sa.Column("locked_until", sa.Float, nullable=True),
    )
    op.create_table(
        "tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("revoked_at", sa.Float, nullable=True),
    )
    op.create_index("ix_tokens_account_id", "tokens", ["account_id"])
    op.create_table(
        "matches",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("system", sa.String(16), nullable=False),
        sa.Column("setup", sa.LargeBinary, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_by", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("invite_code", sa.String(16), unique=True, nullable=True),
        sa.Column("spectator_delay", sa.Integer, nullable=False),
        sa.Column("seed", sa.LargeBinary, nullable=False),
        sa.Column("seed_commitment", sa.String(64), nullable=False),
        sa.Column("result", sa.LargeBinary, nullable=True),
    )
    op.create_index("ix_matches_status_system", "matches", ["status", "system"])
    op.create_table(
        "seats",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seat", sa.String(16), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("joined_at", sa.Float, nullable=False),
    )
    op.create_index("ix_seats_account_id", "seats", ["account_id"])
    op.create_table(
        "commands",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.String(16), nullable=False),
        sa.Column("request_id", sa.String(64), nullable=False),
        sa.Column("payload", sa.LargeBinary, nullable=False),
        sa.Column("first_seq", sa.Integer, nullable=False),
        sa.Column("last_seq", sa.Integer, nullable=False),
        sa.Column("dice_position", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("match_id", "seat", "request_id", name="uq_commands_request"),
    )
    op.create_table(
        "events",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("payload", sa.LargeBinary, nullable=False),
        sa.Column("checksum", sa.String(64), nullable=False),
    )
    op.create_table(
        "snapshots",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("state", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    for table in ("snapshots", "events", "commands", "seats", "matches", "tokens", "accounts"):
        op.drop_table(table)
