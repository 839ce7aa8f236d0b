"""Usernames are unique whatever their case and look-alike characters: each
account's username key (server.names.username_key: NFKC, case folded, 0 as o,
1 and l as i, - as _) under a unique index. Guests have none.

Accounts registered before this revision get their key here. Where several
already share one ("Bob" and "bob"), the oldest account (by created_at, then
id) takes the key; each later one gets its key followed by "#" and its id, so
the index holds and nobody loses an account: login finds an account by its key
or by its exact username, the exact spelling first, so each of them still logs
in with the username it registered (any other spelling finds the oldest).

Revision ID: 0004
Revises: 0003
"""

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

# A copy of server.names.username_key as of this revision, so that this migration
# keeps doing what it did should the key change later (that needs a new revision).
_LOOK_ALIKES = str.maketrans({"0": "o", "1": "i", "l": "i", "-": "_"})


def _key(username: str) -> str:
    return unicodedata.normalize("NFKC", username).casefold().translate(_LOOK_ALIKES)


def upgrade() -> None:
    op.add_column("accounts", sa.Column("username_key", sa.String(80), nullable=True))
    accounts = sa.table("accounts", sa.column("id"), sa.column("username"),
                        sa.column("created_at"), sa.column("username_key"))
    connection = op.get_bind()
    registered = connection.execute(
        sa.select(accounts.c.id, accounts.c.username).where(accounts.c.username.is_not(None))
        .order_by(accounts.c.created_at, accounts.c.id)).all()
    taken: set[str] = set()
    for account_id, username in registered:
        key = _key(username)
        if key in taken:  # an older account has it
            key = f"{key}#{account_id}"
        taken.add(key)
        connection.execute(sa.update(accounts).where(accounts.c.id == account_id)
                           .values(username_key=key))
    op.create_index("uq_accounts_username_key", "accounts", ["username_key"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_accounts_username_key", "accounts")
    with op.batch_alter_table("accounts") as batch:  # (batch: SQLite drops by copying)
        batch.drop_column("username_key")
