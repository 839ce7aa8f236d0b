"""Ratings in the store: applying a rated match's result, and what the rating
requests read (an account's ratings, its history, the leaderboard).

A match's result and its rating changes are written in one transaction, which
also turns the match from active to finished: a result applied once is applied
for good, and a retry (the hub finishing a match again after a restart) finds
the match finished and changes nothing. The rating_changes primary key (match,
account) would refuse a second application as well.

The category is the match's time-control category: "standard" for every match
until time controls set it. Results are read from the kernel's wire form only
(`winner`: a seat, or None for a draw): the winner beat every other seat, the
others drew among themselves; nothing here knows a rules system."""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncEngine

from server.names import shown_name, username_key
from server.ratings.glicko2 import Rating, periods_between, rd_after_idle
from server.ratings.glicko2 import update as rate
from server.store.schema import accounts, matches, rating_changes, ratings, seats
from server.store.store import pack

STANDARD = "standard"
MAX_LIST = 200  # rows a history or leaderboard request gets at most


def seat_scores(result: dict[str, Any], seats_held: list[str]) -> dict[str, dict[str, float]]:
    """seat -> opponent seat -> score (1 won, 0.5 drew, 0 lost)."""
    winner = result.get("winner")
    scores: dict[str, dict[str, float]] = {}
    for seat in seats_held:
        for other in seats_held:
            if other != seat:
                score = 1.0 if seat == winner else 0.0 if other == winner else 0.5
                scores.setdefault(seat, {})[other] = score
    return scores


def shown(rating: float, rd: float, games: int) -> dict[str, Any]:
    """A rating as requests show it: whole points, provisional while RD >= 110."""
    return {"rating": round(rating), "rd": round(rd), "games": games,
            "provisional": Rating(rating, rd).provisional}


def _change(before: float, after: float, rd: float, games: int) -> dict[str, Any]:
    """A player's rating change as match_over tells it."""
    return {"before": round(before), "change": round(after) - round(before),
            **shown(after, rd, games)}


class RatingRecords:
    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    # -- applying -------------------------------------------------------------------
    async def finish(self, match_id: str, result: dict[str, Any], now: float, *,
                     aborted: bool = False) -> dict[str, Any] | None:
        """Record the match as finished with `result`, and, if it is rated, move its
        players' ratings, in one transaction. seat -> the rating change shown to the
        players, or None (casual, or finished before). An `aborted` match (its first
        decision never made in time: server.clocks) is recorded so, and never rated."""
        async with self.engine.begin() as conn:
            # The write comes first: it takes the match's lock (PostgreSQL's row lock,
            # SQLite's write lock) before anything is read.
            done = await conn.execute(
                update(matches).where(matches.c.id == match_id, matches.c.status == "active")
                .values(status="aborted" if aborted else "finished", finished_at=now,
                        result=pack(result)))
            if done.rowcount == 0 or aborted:
                return None  # finished before: its ratings, if any, moved then
            match = (await conn.execute(select(matches.c.rated, matches.c.system,
                                               matches.c.category, matches.c.bot)
                                        .where(matches.c.id == match_id))).one()
            if not match.rated or match.bot:
                return None
            holders = {row.seat: (row.account_id, row.guest) for row in (await conn.execute(
                select(seats.c.seat, seats.c.account_id, accounts.c.guest)
                .join(accounts, accounts.c.id == seats.c.account_id)
                .where(seats.c.match_id == match_id))).all()}
            if len(holders) < 2 or any(guest for _, guest in holders.values()):
                return None  # (refused at create and join; never rated whatever happens)
            return await self._apply(conn, match_id, match.system, match.category,
                                     holders, result, now)

    async def _apply(self, conn, match_id: str, system: str, category: str,
                     holders: dict[str, tuple[str, bool]], result: dict[str, Any],
                     now: float) -> dict[str, Any]:
        ids = sorted(account_id for account_id, _ in holders.values())
        fresh = Rating()
        insert = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
        await conn.execute(insert(ratings).values([
            {"account_id": a, "system": system, "category": category, "rating": fresh.rating,
             "rd": fresh.rd, "volatility": fresh.volatility, "games": 0,
             "last_played_at": None} for a in ids]).on_conflict_do_nothing())
        mine = and_(ratings.c.system == system, ratings.c.category == category)
        rows = {row.account_id: row for row in (await conn.execute(
            select(ratings).where(mine, ratings.c.account_id.in_(ids))
            .order_by(ratings.c.account_id).with_for_update())).all()}  # (one lock order)
        # (each RD grown to now first, then the match is one rating period: lichess's way)
        before = {seat: Rating(rows[a].rating, _rd_now(rows[a], now), rows[a].volatility)
                  for seat, (a, _) in holders.items()}
        changes: dict[str, Any] = {}
        for seat, against in seat_scores(result, list(holders)).items():
            account_id, row = holders[seat][0], rows[holders[seat][0]]
            after = rate(before[seat], [(before[o], s) for o, s in against.items()])
            await conn.execute(update(ratings).where(mine, ratings.c.account_id == account_id)
                               .values(rating=after.rating, rd=after.rd,
                                       volatility=after.volatility, games=row.games + 1,
                                       last_played_at=now))
            score = sum(against.values()) / len(against)
            await conn.execute(rating_changes.insert().values(
                match_id=match_id, account_id=account_id, system=system, category=category,
                rating_before=row.rating, rd_before=before[seat].rd, rating_after=after.rating,
                rd_after=after.rd, volatility_after=after.volatility, score=score, at=now))
            changes[seat] = _change(row.rating, after.rating, after.rd, row.games + 1)
        return changes

    # -- reading --------------------------------------------------------------------
    async def of_match(self, match_id: str) -> dict[str, Any] | None:
        """seat -> its rating change, as match_over told it; None if it moved none."""
        earlier = rating_changes.alias("earlier")
        games = (select(func.count()).select_from(earlier)
                 .where(earlier.c.account_id == rating_changes.c.account_id,
                        earlier.c.system == rating_changes.c.system,
                        earlier.c.category == rating_changes.c.category,
                        earlier.c.at <= rating_changes.c.at)
                 .scalar_subquery())
        query = (select(seats.c.seat, rating_changes, games.label("games"))
                 .join(seats, and_(seats.c.match_id == rating_changes.c.match_id,
                                   seats.c.account_id == rating_changes.c.account_id))
                 .where(rating_changes.c.match_id == match_id))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return {r.seat: _change(r.rating_before, r.rating_after, r.rd_after, r.games)
                for r in rows} or None

    async def registered(self, username: str) -> tuple[str, str] | None:
        """(account id, shown name) of the registered account with this username, as
        login finds it; guests have none."""
        query = (select(accounts.c.id, accounts.c.display_name, accounts.c.username)
                 .where(accounts.c.guest.is_(False),
                        (accounts.c.username_key == username_key(username))
                        | (accounts.c.username == username)))
        async with self.engine.connect() as conn:
            found = (await conn.execute(query)).all()
        exact = [r for r in found if r.username == username] or found
        if not exact:
            return None
        return exact[0].id, shown_name(exact[0].display_name, guest=False)

    async def of_account(self, account_id: str, now: float) -> list[dict[str, Any]]:
        """Every rating the account has, the RD grown to now."""
        query = (select(ratings).where(ratings.c.account_id == account_id)
                 .order_by(ratings.c.system, ratings.c.category))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [{"system": r.system, "category": r.category, "last_played_at": r.last_played_at,
                 **shown(r.rating, _rd_now(r, now), r.games)} for r in rows]

    async def history(self, account_id: str, system: str, category: str,
                      limit: int) -> list[dict[str, Any]]:
        """The account's rated matches in this system and category, oldest first (the
        newest `limit` of them)."""
        query = (select(rating_changes).where(rating_changes.c.account_id == account_id,
                                              rating_changes.c.system == system,
                                              rating_changes.c.category == category)
                 .order_by(rating_changes.c.at.desc(), rating_changes.c.match_id.desc())
                 .limit(_bounded(limit)))
        async with self.engine.connect() as conn:
            rows = (await conn.execute(query)).all()
        return [{"match_id": r.match_id, "at": r.at, "score": r.score,
                 "rating_before": round(r.rating_before), "rating": round(r.rating_after),
                 "rd": round(r.rd_after)} for r in reversed(rows)]

    async def leaderboard(self, system: str, category: str, limit: int,
                          now: float) -> list[dict[str, Any]]:
        """The best non-provisional ratings (RD grown to now below 110), highest first;
        registered accounts only."""
        limit, out, offset = _bounded(limit), [], 0
        query = (select(ratings, accounts.c.display_name)
                 .join(accounts, accounts.c.id == ratings.c.account_id)
                 .where(ratings.c.system == system, ratings.c.category == category,
                        ratings.c.rd < 110, accounts.c.guest.is_(False))
                 .order_by(ratings.c.rating.desc(), ratings.c.account_id))
        async with self.engine.connect() as conn:
            while len(out) < limit:  # (a page at a time: idle players drop out as they go)
                page = (await conn.execute(query.limit(limit).offset(offset))).all()
                for r in page:
                    rd = _rd_now(r, now)
                    if not Rating(r.rating, rd).provisional and len(out) < limit:
                        out.append({"rank": len(out) + 1,
                                    "name": shown_name(r.display_name, guest=False),
                                    **shown(r.rating, rd, r.games)})
                if len(page) < limit:
                    break
                offset += limit
        return out


def _rd_now(row: Any, now: float) -> float:
    if row.last_played_at is None:
        return row.rd
    return rd_after_idle(Rating(row.rating, row.rd, row.volatility),
                         periods_between(row.last_played_at, now))


def _bounded(limit: int) -> int:
    return max(1, min(limit, MAX_LIST))
