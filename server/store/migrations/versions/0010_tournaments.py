"""Hosted events (server/tournaments/tables.py): events, their entries with locked
lists, rounds (one row each: a round is never paired twice) and pairings with their
matches, results and corrections.

Revision ID: 0010
Revises: 0008 (0009 was left to the chat tables, which came after: see 0012)
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("organiser", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("system", sa.String(16), nullable=False),
        sa.Column("settings", sa.LargeBinary, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_table(
        "tournament_entries",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"),
                  primary_key=True),
        sa.Column("warband", sa.LargeBinary, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("joined_round", sa.Integer, nullable=False),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("club", sa.String(64), nullable=True),
        sa.Column("bye_round", sa.Integer, nullable=True),
        sa.Column("registered_at", sa.Float, nullable=False),
    )
    op.create_table(
        "tournament_rounds",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("paired_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("deadline", sa.Float, nullable=True),
    )
    op.create_table(
        "tournament_pairings",
        sa.Column("event_id", sa.String(32), sa.ForeignKey("tournaments.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("player_a", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("player_b", sa.String(32), sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("match_id", sa.String(32), nullable=True),
        sa.Column("result", sa.LargeBinary, nullable=True),
        sa.Column("corrected_by", sa.String(32), sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("corrected_why", sa.String(200), nullable=True),
        sa.Column("corrected_at", sa.Float, nullable=True),
    )
    op.create_index("ix_tournament_pairings_match_id", "tournament_pairings", ["match_id"])


def downgrade() -> None:
    for table in ("tournament_pairings", "tournament_rounds", "tournament_entries",
                  "tournaments"):
        op.drop_table(table)
