"""What players and organisers ask of hosted events (the gateway's requests call
these): create, list and show events; register with a checked list (locked from then
on), withdraw, check in; the organiser's start, re-pair, drop, bye and correction.
Every refusal is a ProtocolError with a stable code and changes nothing."""

from __future__ import annotations

import secrets
import time
from typing import Any

from protocol.errors import ProtocolError
from protocol.messages import CreateMatch
from server.accounts import Account
from server.lobby import build_setup
from server.rules.kernel import RulesError
from server.rules.registry import UnknownSystem, get_system
from server.tournaments import history as rows_to
from server.tournaments.bracket_view import bracket_view
from server.tournaments.director import DROP_REASON, Director, scheduled_start
from server.tournaments.event_settings import ServedSettings, from_stored, in_swiss, parse
from server.tournaments.standings import standings

DEFAULT_RATING = 1500
BRACKETS = ("knockout", "pools_knockout", "double_elimination")  # who goes on is paired
SWISS_FIRST = ("swiss", "swiss_knockout")  # Swiss rounds: late entries, byes, round limit
MAX_EVENTS_LISTED = 200


class EventService:
    def __init__(self, director: Director, lobby, ratings) -> None:
        self.director = director
        self.events = director.events
        self.lobby = lobby
        self.ratings = ratings

    # -- creating and reading ------------------------------------------------------
    async def create(self, account: Account, name: str, system_name: str,
                     wire: dict[str, Any]) -> dict[str, Any]:
        if account.guest:
            raise ProtocolError("invalid_event", "Register an account to organise an event.")
        name = name.strip()
        if not 1 <= len(name) <= 64:
            raise ProtocolError("invalid_event", "An event's name is 1 to 64 characters.")
        settings = parse(wire)
        system = _system(system_name)
        if len(system.seats) != 2:
            raise ProtocolError("invalid_event", "Events pair two players a game; "
                                f"{system.name} has {len(system.seats)} seats.")
        # the matches' settings, checked as create_match checks them (as the organiser)
        for number in range(len(settings.round_scenarios) + 1):  # (0: the event's own)
            try:
                self.lobby.check(account, _match_request(system.name, settings, "check",
                                                         number))
            except ProtocolError as refused:
                if number == 0:
                    raise
                raise ProtocolError(refused.code, f"Round {number}'s scenario: "
                                    f"{refused.message}") from None
        event_id = secrets.token_hex(8)
        await self.events.create_event({
            "id": event_id, "name": name, "organiser": account.id, "system": system.name,
            "settings": settings.to_wire(), "status": "registration",
            "created_at": time.time()})
        return {"event_id": event_id, "name": name, "system": system.name,
                "status": "registration", "settings": settings.to_wire()}

    async def list(self, status: str | None, limit: int) -> dict[str, Any]:
        found = await self.events.list_events(status, max(1, min(limit, MAX_EVENTS_LISTED)))
        out = []
        for event in found:
            entries = await self.events.entries(event["id"])
            settings = event["settings"]
            out.append({"event_id": event["id"], "name": event["name"],
                        "system": event["system"], "format": settings["format"],
                        "status": event["status"], "created_at": event["created_at"],
                        "players": sum(e["status"] not in rows_to.OUT for e in entries)})
        return {"events": out}

    async def get(self, account: Account, event_id: str) -> dict[str, Any]:
        event = await self._event(event_id)
        settings = from_stored(event["settings"])
        entries = await self.events.entries(event_id)
        names = {e["account_id"]: e["name"] for e in entries}
        rounds = await self.events.rounds(event_id)
        rows = await self.events.pairings(event_id)
        started = any(r["started_at"] is not None for r in rounds)
        show_lists = settings.list_policy == "open" or started
        if settings.pairing.format == "swiss_knockout":  # the standing the cut was seeded by
            counted = [p for p in rows if p["round"] <= settings.pairing.rounds]
        else:
            counted = rows
        table = standings(rows_to.players(entries), rows_to.history(counted), settings.pairing)
        return {
            "event_id": event_id, "name": event["name"], "system": event["system"],
            "status": event["status"], "organiser": event["organiser"],
            "you_organise": event["organiser"] == account.id,
            "settings": settings.to_wire(), "problem": self.director.problems.get(event_id),
            "total_rounds": rows_to.total_rounds(settings, entries, rows) if rows else None,
            "next_round_at": _next_round_at(settings, rounds),
            "bracket": bracket_view(settings, entries, rows),
            "entries": [{"player": e["account_id"], "name": e["name"], "status": e["status"],
                         "joined_round": e["joined_round"], "rating": e["rating"],
                         "club": e["club"],
                         "list": e["warband"] if show_lists or e["account_id"] == account.id
                         else None} for e in entries],
            "rounds": [{"round": r["number"], "status": r["status"],
                        "started_at": r["started_at"], "deadline": r["deadline"],
                        "pairings": [_pairing(p, names) for p in rows
                                     if p["round"] == r["number"]]} for r in rounds],
            "standings": [{"rank": s.rank, "player": s.player, "name": names.get(s.player),
                           "points": s.points, "tie_breaks": s.tie_breaks} for s in table],
        }

    # -- players -------------------------------------------------------------------
    async def register(self, account: Account, event_id: str, warband: Any,
                       club: str | None = None) -> dict[str, Any]:
        club = (club or "").strip() or None
        if club is not None and len(club) > 64:
            raise ProtocolError("invalid_event", "A club's name is at most 64 characters.")
        event = await self._event(event_id)
        settings = from_stored(event["settings"])
        joined = await self._joining_round(event, settings)
        if settings.rated and account.guest:
            raise ProtocolError("guests_unrated", "That event is rated, and guests play "
                                "casual matches only: register an account to enter.")
        entries = await self.events.entries(event_id)
        if any(e["account_id"] == account.id for e in entries):
            raise ProtocolError("already_entered")
        if sum(e["status"] not in rows_to.OUT for e in entries) >= settings.max_players:
            raise ProtocolError("registration_closed", "The event is full.")
        checked = _check_list(event["system"], settings, warband)
        rating = await self._rating(account, event["system"])
        added = await self.events.add_entry({
            "event_id": event_id, "account_id": account.id, "warband": warband,
            "status": "registered", "joined_round": joined, "rating": rating, "club": club,
            "bye_round": None, "registered_at": time.time()})
        if not added:
            raise ProtocolError("already_entered")
        return {"event_id": event_id, "status": "registered", "joined_round": joined,
                "list": checked}

    async def withdraw(self, account: Account, event_id: str) -> dict[str, Any]:
        if (await self._event(event_id))["status"] == "finished":
            raise ProtocolError("event_stage", "The event is over.")
        await self._entry(event_id, account.id)
        await self.events.set_entry(event_id, account.id, status="withdrawn")
        return {"event_id": event_id, "status": "withdrawn"}

    async def check_in(self, account: Account, event_id: str) -> dict[str, Any]:
        event = await self._event(event_id)
        if not from_stored(event["settings"]).check_in:
            raise ProtocolError("event_stage", "This event has no check-in.")
        if event["status"] != "registration":
            raise ProtocolError("event_stage", "Check-in closed when the event started.")
        entry = await self._entry(event_id, account.id)
        if entry["status"] == "registered":
            await self.events.set_entry(event_id, account.id, status="checked-in")
        return {"event_id": event_id, "status": "checked-in"}

    # -- the organiser -------------------------------------------------------------
    async def start(self, account: Account, event_id: str) -> dict[str, Any]:
        event = await self._organised(account, event_id)
        if event["status"] != "registration":
            raise ProtocolError("event_stage", "The event has already started.")
        settings = from_stored(event["settings"])
        entries = await self.events.entries(event_id)
        ready = [e for e in entries if e["status"] == "checked-in"
                 or (e["status"] == "registered" and not settings.check_in)]
        if len(ready) < 2:
            raise ProtocolError("event_stage", "An event needs at least two players "
                                + ("checked in." if settings.check_in else "entered."))
        most = len(ready) - 1 + len(ready) % 2  # (an odd field: everyone sits out once)
        if settings.pairing.format in SWISS_FIRST and settings.pairing.rounds > most:
            raise ProtocolError("event_stage", f"{len(ready)} players can play at most "
                                f"{most} Swiss rounds without meeting twice; the event has "
                                f"{settings.pairing.rounds}.")
        if settings.pairing.format == "pools_knockout":
            check_pools(settings, len(ready))
        async with self.director.lock(event_id):
            if not await self.events.set_event(event_id, only_if="registration",
                                               status="running", started_at=time.time()):
                raise ProtocolError("event_stage", "The event has already started.")
        await self.director.advance(event_id)
        return {"event_id": event_id, "status": "running",
                "problem": self.director.problems.get(event_id)}

    async def repair(self, account: Account, event_id: str) -> dict[str, Any]:
        event = await self._organised(account, event_id)
        settings = from_stored(event["settings"])
        async with self.director.lock(event_id):
            number = await self._unstarted_round(event_id)
            tables = await self.director.draw(event, settings, number)
            if tables is None:
                raise ProtocolError("event_stage", "The round cannot be paired again: "
                                    + self.director.problems.get(event_id, ""))
            for table in tables:
                if table["player_b"] is not None and table["result"] is None:
                    table["match_id"] = secrets.token_hex(8)
            if not await self.events.add_round(event_id, number, time.time(), tables,
                                               replace=True):
                raise ProtocolError("event_stage", "The round started meanwhile.")
        self.director.nudge()
        return {"event_id": event_id, "round": number, "pairings": len(tables)}

    async def drop(self, account: Account, event_id: str, player: str) -> dict[str, Any]:
        event = await self._organised(account, event_id)
        await self._entry(event_id, player)
        await self.events.set_entry(event_id, player, status="dropped")
        # a game of theirs still going in this round is forfeited to the opponent
        system = get_system(event["system"])
        for row in await self.events.pairings(event_id):
            if row["result"] is None and row["match_id"] and player in (row["player_a"],
                                                                        row["player_b"]):
                actor = await self.director.hub.running(row["match_id"])
                winner = system.seats[1] if row["player_a"] == player else system.seats[0]
                if actor is not None:
                    await actor.submit("adjudicate", result={
                        "winner": winner, "scores": {},
                        "reason": f"{DROP_REASON}: the organiser dropped a player"})
        self.director.nudge()
        return {"event_id": event_id, "player": player, "status": "dropped"}

    async def give_bye(self, account: Account, event_id: str, player: str) -> dict[str, Any]:
        event = await self._organised(account, event_id)
        settings = from_stored(event["settings"])
        if settings.pairing.format not in SWISS_FIRST:
            raise ProtocolError("event_stage", "Byes are given in Swiss events only.")
        if event["status"] == "finished":
            raise ProtocolError("event_stage", "The event is over.")
        entry = await self._entry(event_id, player)
        rounds = await self.events.rounds(event_id)
        waiting = rounds and rounds[-1]["status"] == "paired"
        number = rounds[-1]["number"] if waiting else len(rounds) + 1
        if not in_swiss(settings, number):
            raise ProtocolError("event_stage", "Byes are given in the Swiss rounds only: "
                                "the knockout after them pairs who goes on.")
        if any(r["player_a"] == player and r["player_b"] is None
               for r in await self.events.pairings(event_id)):
            raise ProtocolError("event_stage", "That player has had a bye already: a "
                                "player gets at most one.")
        await self.events.set_entry(event_id, entry["account_id"], bye_round=number)
        result = {"event_id": event_id, "player": player, "round": number}
        if waiting:  # that round is paired but not started: pair it again with the bye
            await self.repair(account, event_id)
        return result

    async def correct(self, account: Account, event_id: str, number: int, table: int,
                      winner: str | None, vp_a: int, vp_b: int, why: str) -> dict[str, Any]:
        event = await self._organised(account, event_id)
        why = why.strip()
        if not 1 <= len(why) <= 200:
            raise ProtocolError("invalid_event", "Say why the result is corrected (up to "
                                "200 characters): it is shown with the result.")
        rows = await self.events.pairings(event_id)
        [row] = [r for r in rows if r["round"] == number and r["table_no"] == table] \
            or [None]
        if row is None or row["player_b"] is None:
            raise ProtocolError("no_such_pairing")
        if row["result"] is None:
            raise ProtocolError("event_stage", "That game has no result yet to correct.")
        if winner not in (None, row["player_a"], row["player_b"]):
            raise ProtocolError("invalid_event", "The winner is one of the game's two "
                                "players, or none for a draw.")
        settings = from_stored(event["settings"])
        later = any(r["round"] > number for r in rows)
        if settings.pairing.format == "swiss_knockout":  # a Swiss result may move the cut
            later = any(r["round"] > max(number, settings.pairing.rounds) for r in rows)
        if later and settings.pairing.format in (*BRACKETS, "swiss_knockout"):
            raise ProtocolError("event_stage", "The next round is paired: that result can "
                                "no longer change who went through.")
        result = {"winner": winner, "vp_a": vp_a, "vp_b": vp_b, "how": "corrected",
                  "was": row["result"]}
        await self.events.set_result(event_id, number, table, result, correction={
            "corrected_by": account.id, "corrected_why": why, "corrected_at": time.time()})
        return {"event_id": event_id, "round": number, "table": table, "result": result}

    # -- helpers -------------------------------------------------------------------
    async def _event(self, event_id: str) -> dict[str, Any]:
        event = await self.events.event(event_id)
        if event is None:
            raise ProtocolError("no_such_event")
        return event

    async def _organised(self, account: Account, event_id: str) -> dict[str, Any]:
        event = await self._event(event_id)
        if event["organiser"] != account.id:
            raise ProtocolError("not_organiser")
        return event

    async def _entry(self, event_id: str, player: str) -> dict[str, Any]:
        for entry in await self.events.entries(event_id):
            if entry["account_id"] == player and entry["status"] not in rows_to.OUT:
                return entry
        raise ProtocolError("not_entered")

    async def _unstarted_round(self, event_id: str) -> int:
        rounds = await self.events.rounds(event_id)
        if not rounds or rounds[-1]["status"] != "paired":
            raise ProtocolError("event_stage", "Only a round paired and not yet started can "
                                "be paired again; correct a played game's result instead.")
        return rounds[-1]["number"]

    async def _joining_round(self, event, settings: ServedSettings) -> int:
        """The first round a new entry would play; registration_closed if none."""
        now = time.time()
        if settings.registration_opens is not None and now < settings.registration_opens:
            raise ProtocolError("registration_closed", "Registration has not opened yet.")
        if settings.registration_closes is not None and now > settings.registration_closes:
            raise ProtocolError("registration_closed")
        if event["status"] == "registration":
            return 1
        if event["status"] == "running" and settings.pairing.format in SWISS_FIRST:
            rounds = await self.events.rounds(event["id"])
            waiting = bool(rounds) and rounds[-1]["status"] == "paired"
            upcoming = len(rounds) + (0 if waiting else 1)
            if upcoming <= settings.pairing.late_registration_until_round:
                return upcoming
        raise ProtocolError("registration_closed", "Registration closed when the event "
                            "started" + (" (late entries are taken in Swiss events only, up "
                                         "to the round the organiser set)."
                                         if event["status"] == "running" else "."))

    async def _rating(self, account: Account, system: str) -> int:
        if account.guest:
            return DEFAULT_RATING
        for rating in await self.ratings.of_account(account.id, time.time()):
            if rating["system"] == system and rating["category"] == "standard":
                return rating["rating"]
        return DEFAULT_RATING


def _system(name: str):
    try:
        return get_system(name)
    except UnknownSystem as unknown:
        said = str(unknown)
        raise ProtocolError("unknown_system", f"{said[:1].upper()}{said[1:]}.") from None


def _match_request(system: str, settings: ServedSettings, request_id: str,
                   round_number: int = 0) -> CreateMatch:
    return CreateMatch(v=1, id=request_id, system=system,
                       scenario=settings.scenario_of(round_number),
                       points_limit=settings.points_limit, board_size=settings.board_size,
                       options=dict(settings.options), private=True, rated=settings.rated,
                       time_control=settings.time_control)


def check_pools(settings: ServedSettings, players: int) -> None:
    """The pools the field makes must each send `pool_qualifiers` on, two at least in all."""
    count = max(1, players // settings.pool_size)
    smallest = players // count
    if settings.pool_qualifiers > smallest or settings.pool_qualifiers * count < 2:
        raise ProtocolError("event_stage", f"{players} players make {count} pool(s) of "
                            f"{smallest} or more: {settings.pool_qualifiers} from each "
                            "cannot go through to a knockout of two or more.")


def _next_round_at(settings: ServedSettings, rounds: list[dict[str, Any]]) -> float | None:
    """The next round's scheduled time while it is still to be paired, or None."""
    if rounds and rounds[-1]["status"] != "ended":
        return None
    at = scheduled_start(settings, len(rounds) + 1)
    return at or None


def _check_list(system_name: str, settings: ServedSettings, warband: Any) -> dict[str, Any]:
    """The list judged by the system's own checker under the event's match settings."""
    system = get_system(system_name)
    if getattr(system, "check_list", None) is None:
        raise ProtocolError("invalid_list", f"{system_name} has no list checker.")
    options = build_setup(_match_request(system_name, settings, "list"))["options"]
    try:
        checked = system.check_list(warband, options)
    except RulesError as invalid:
        raise ProtocolError("invalid_list", invalid.message) from None
    if not checked.get("valid"):
        problems = checked.get("problems") or []
        said = " ".join(p.get("message", "") for p in problems[:3]).strip()
        raise ProtocolError("invalid_list", f"That warband list is not legal for the event: "
                            f"{said or 'see the problems'}", details={"problems": problems})
    return checked


def _pairing(row: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    return {"table": row["table_no"], "player_a": row["player_a"],
            "name_a": names.get(row["player_a"]), "player_b": row["player_b"],
            "name_b": names.get(row["player_b"]), "bye": row["player_b"] is None,
            "match_id": row["match_id"], "result": row["result"],
            "replay": row["match_id"] if row["result"] and row["match_id"] else None,
            "corrected_by": row["corrected_by"], "corrected_why": row["corrected_why"]}
