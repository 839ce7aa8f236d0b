"""Ratings: matches are rated or casual and belong to a rating category; each
account has a Glicko-2 rating per rules system and category, and a row per rated
match it played (before and after). Existing matches are casual, "standard".

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:  # (batch: SQLite alters by copying)
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("category", sa.String(16), nullable=False,
                                   server_default="standard"))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("system", sa.String(16), primary_key=True),
        sa.Column("category", sa.String(16), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("last_played_at", sa.Float, nullable=True),
    )
    op.create_index("ix_ratings_board", "ratings", ["system", "category", "rating"])
    op.create_table(
        "rating_changes",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("system", sa.String(16), nullable=False),
        sa.Column("category", sa.String(16), nullable=False),
        sa.Column("rating_before", sa.Float, nullable=False),
        sa.Column("rd_before", sa.Float, nullable=False),
        sa.Column("rating_after", sa.Float, nullable=False),
        sa.Column("rd_after", sa.Float, nullable=False),
        sa.Column("volatility_after", sa.Float, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_changes_account", "rating_changes",
                    ["account_id", "system", "category", "at"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_account", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_board", "ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("category")
        batch.drop_column("rated")
