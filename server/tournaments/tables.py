"""The tables of hosted events (migration 0010): tournaments (the events), their
entries, rounds and pairings.
Defined on the match store's metadata so one schema holds them all. Times are unix
seconds; settings, lists and results are MessagePack, as the match store keeps them."""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Integer, LargeBinary, String, Table

from server.store.schema import metadata

tournaments = Table(
    "tournaments", metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("organiser", String(32), ForeignKey("accounts.id"), nullable=False),
    Column("system", String(16), nullable=False),
    Column("settings", LargeBinary, nullable=False),  # server.tournaments.event_settings
    Column("status", String(16), nullable=False),  # registration, running, finished
    Column("created_at", Float, nullable=False),
    Column("started_at", Float, nullable=True),
    Column("finished_at", Float, nullable=True),
)

entries = Table(
    "tournament_entries", metadata,
    Column("event_id", String(32), ForeignKey("tournaments.id"), primary_key=True),
    Column("account_id", String(32), ForeignKey("accounts.id"), primary_key=True),
    Column("warband", LargeBinary, nullable=False),  # the locked list, MessagePack
    Column("status", String(16), nullable=False),  # registered, checked-in, withdrawn, dropped
    Column("joined_round", Integer, nullable=False),  # late entrants: the first round they play
    Column("rating", Integer, nullable=False),  # seeding
    Column("club", String(64), nullable=True),  # players of one club are never paired
    Column("bye_round", Integer, nullable=True),  # a bye the organiser gave, for this round
    Column("registered_at", Float, nullable=False),
)

# (event_id, number) is the primary key: a round can never be paired twice.
rounds = Table(
    "tournament_rounds", metadata,
    Column("event_id", String(32), ForeignKey("tournaments.id"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("status", String(16), nullable=False),  # paired, playing, ended
    Column("paired_at", Float, nullable=False),
    Column("started_at", Float, nullable=True),
    Column("deadline", Float, nullable=True),  # when unfinished games are decided
)

pairings = Table(
    "tournament_pairings", metadata,
    Column("event_id", String(32), ForeignKey("tournaments.id"), primary_key=True),
    Column("round", Integer, primary_key=True),
    Column("table_no", Integer, primary_key=True),
    Column("player_a", String(32), ForeignKey("accounts.id"), nullable=False),  # seat a
    Column("player_b", String(32), ForeignKey("accounts.id"), nullable=True),  # None: a bye
    # chosen before the match is created; indexed: a list submitted to a match is
    # refused when the match is an event's (its list is the locked one)
    Column("match_id", String(32), nullable=True, index=True),
    # {"winner": account id or None, "vp_a", "vp_b", "how"}, MessagePack; None: not yet
    Column("result", LargeBinary, nullable=True),
    Column("corrected_by", String(32), ForeignKey("accounts.id"), nullable=True),
    Column("corrected_why", String(200), nullable=True),
    Column("corrected_at", Float, nullable=True),
)
