"""The tables of the match store (SQLAlchemy Core, one definition for SQLite and
PostgreSQL). Alembic migrations in `migrations/` create and change them.

Times are unix seconds (float) so both databases compare them the same way.
Payloads (commands, events, setups, results) are MessagePack bytes.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    UniqueConstraint,
)
from sqlalchemy import false as sa_false

metadata = MetaData()

accounts = Table(
    "accounts", metadata,
    Column("id", String(32), primary_key=True),
    Column("username", String(32), unique=True, nullable=True),  # None for guests
    Column("display_name", String(64), nullable=False),
    Column("password_hash", String(256), nullable=True),
    Column("guest", Boolean, nullable=False, default=False),
    Column("created_at", Float, nullable=False),
    Column("failed_logins", Integer, nullable=False, default=0),
    Column("locked_until", Float, nullable=True),
    # server.names.username_key(username): no two accounts share it ("Bob", "bob",
    # "b0b"). None for guests. Up to 32 characters, or, for an account that
    # migration 0004 found sharing its key with an older one, the key, "#" and its id.
    Column("username_key", String(80), nullable=True),
    # (0012) may hide chat messages and silence accounts (server/chat)
    Column("moderator", Boolean, nullable=False, default=False, server_default=sa_false()),
    Index("uq_accounts_username_key", "username_key", unique=True),
)

tokens = Table(
    "tokens", metadata,
    Column("token_hash", String(64), primary_key=True),  # sha256 of the bearer token
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("revoked_at", Float, nullable=True),
)

matches = Table(
    "matches", metadata,
    Column("id", String(32), primary_key=True),
    Column("system", String(16), nullable=False),
    Column("setup", LargeBinary, nullable=False),
    Column("status", String(16), nullable=False),  # open, active, finished, aborted
    Column("created_by", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("started_at", Float, nullable=True),
    Column("finished_at", Float, nullable=True),
    Column("private", Boolean, nullable=False, default=False),
    Column("invite_code", String(16), unique=True, nullable=True),
    Column("spectator_delay", Integer, nullable=False, default=0),
    Column("seed", LargeBinary, nullable=False),  # revealed only once finished
    Column("seed_commitment", String(64), nullable=False),
    Column("result", LargeBinary, nullable=True),
    Column("bot", String(128), nullable=True),  # a house bot's "seat:level:warband:pace"
    # the system's rules_version the match was created under (None: before 0003)
    Column("rules_version", Integer, nullable=True),
    # (0005) whether the result moves the players' ratings, and the rating category:
    # "standard" for every match until time controls set it (server.ratings.records)
    Column("rated", Boolean, nullable=False, default=False, server_default=sa_false()),
    Column("category", String(16), nullable=False, default="standard",
           server_default="standard"),
    # (0007) its time control's wire form, MessagePack (server.clocks); None: no clock
    Column("time_control", LargeBinary, nullable=True),
    # (0011) whether its seats may take moves back with consent; None: rows from before,
    # allowed when casual (server.matches.takebacks)
    Column("takebacks", Boolean, nullable=True),
    Index("ix_matches_status_system", "status", "system"),
)

seats = Table(
    "seats", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("seat", String(16), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("joined_at", Float, nullable=False),
)

# One row per accepted command: what `warband replay verify` re-runs. The request id
# makes a repeated request answerable without applying it twice.
commands = Table(
    "commands", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", String(16), nullable=False),
    Column("request_id", String(64), nullable=False),
    Column("payload", LargeBinary, nullable=False),
    Column("first_seq", Integer, nullable=False),
    Column("last_seq", Integer, nullable=False),
    Column("dice_position", Integer, nullable=False),  # bytes of the dice stream used so far
    Column("created_at", Float, nullable=False),
    # (0007) the clocks this command left, MessagePack {"left": {seat: ms}}; None untimed
    Column("clock", LargeBinary, nullable=True),
    UniqueConstraint("match_id", "seat", "request_id", name="uq_commands_request"),
)

# (match_id, seq) is the primary key: two writers can never both append event N.
events = Table(
    "events", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("payload", LargeBinary, nullable=False),
    Column("checksum", String(64), nullable=False),
)

snapshots = Table(
    "snapshots", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("state", LargeBinary, nullable=False),
)

# (0005) One Glicko-2 rating per account, rules system and rating category
# (server.ratings: the time-control category, "standard" until time controls exist).
ratings = Table(
    "ratings", metadata,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("system", String(16), primary_key=True),
    Column("category", String(16), primary_key=True),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("last_played_at", Float, nullable=True),  # the last rated match's end
    Index("ix_ratings_board", "system", "category", "rating"),
)

# One row per rated match and player: the rating before and after. Its primary key
# is what makes applying a match's result twice impossible.
rating_changes = Table(
    "rating_changes", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("system", String(16), nullable=False),
    Column("category", String(16), nullable=False),
    Column("rating_before", Float, nullable=False),
    Column("rd_before", Float, nullable=False),
    Column("rating_after", Float, nullable=False),
    Column("rd_after", Float, nullable=False),
    Column("volatility_after", Float, nullable=False),
    Column("score", Float, nullable=False),  # 1 won, 0.5 drew, 0 lost
    Column("at", Float, nullable=False),
    Index("ix_rating_changes_account", "account_id", "system", "category", "at"),
)

# (0008) Which node owns each match (server/cluster/leases.py): `epoch` grows with every
# new owner and fences a stale one (its appends are refused); `expires_at` is on the
# database's clock, so nodes whose clocks differ still agree.
match_leases = Table(
    "match_leases", metadata,
    Column("match_id", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("epoch", BigInteger, nullable=False),
    Column("expires_at", Float, nullable=False),
)

# (0012) Chat (server/chat): a message of a match's room ("players" or "spectators"),
# or of the lobby (match_id None, room "lobby"). Kept with the match for its replay.
chat_messages = Table(
    "chat_messages", metadata,
    Column("id", BigInteger().with_variant(Integer, "sqlite"), primary_key=True,
           autoincrement=True),
    Column("match_id", String(32), ForeignKey("matches.id"), nullable=True),
    Column("room", String(16), nullable=False),
    Column("author_id", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("text", String(1200), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("hidden_by", String(32), ForeignKey("accounts.id"), nullable=True),
    Column("hidden_at", Float, nullable=True),
    Index("ix_chat_messages_room", "match_id", "room", "id"),
)

# One report per message and reporter, for the moderators to read.
chat_reports = Table(
    "chat_reports", metadata,
    Column("message_id", BigInteger().with_variant(Integer, "sqlite"),
           ForeignKey("chat_messages.id"), primary_key=True),
    Column("reporter_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("reason", String(400), nullable=False),
    Column("created_at", Float, nullable=False),
)

# Mutes are per account (they follow the player to every connection and survive a
# restart): `account_id` no longer sees what `muted_id` writes.
chat_mutes = Table(
    "chat_mutes", metadata,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("muted_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("created_at", Float, nullable=False),
)

# A moderator's silence: the account may not write in any chat until `until`.
chat_silences = Table(
    "chat_silences", metadata,
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("until", Float, nullable=False),
    Column("silenced_by", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("reason", String(400), nullable=False),
    Column("created_at", Float, nullable=False),
)
