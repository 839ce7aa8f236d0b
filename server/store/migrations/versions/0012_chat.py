"""Chat (server/chat): messages, reports, mutes, silences, and the moderator flag.

Revision ID: 0012
Revises: 0011 (written as 0009 on the chat branch; it follows the events' and the
takebacks' migrations, which were merged first)
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None

MESSAGE_ID = sa.BigInteger().with_variant(sa.Integer, "sqlite")  # (SQLite's rowid)


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("moderator", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
    op.create_table(
        "chat_messages",
        sa.Column("id", MESSAGE_ID, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), nullable=True),
        sa.Column("room", sa.String(16), nullable=False),
        sa.Column("author_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("text", sa.String(1200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("hidden_by", sa.String(32), sa.ForeignKey("accounts.id"), nullable=True),
        sa.Column("hidden_at", sa.Float, nullable=True),
    )
    op.create_index("ix_chat_messages_room", "chat_messages", ["match_id", "room", "id"])
    op.create_table(
        "chat_reports",
        sa.Column("message_id", MESSAGE_ID, sa.ForeignKey("chat_messages.id"),
                  primary_key=True),
        sa.Column("reporter_id", sa.String(32), sa.ForeignKey("accounts.id"),
                  primary_key=True),
        sa.Column("reason", sa.String(400), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat_mutes",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("muted_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "chat_silences",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("until", sa.Float, nullable=False),
        sa.Column("silenced_by", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("reason", sa.String(400), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_silences")
    op.drop_table("chat_mutes")
    op.drop_table("chat_reports")
    op.drop_index("ix_chat_messages_room", "chat_messages")
    op.drop_table("chat_messages")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("moderator")
