"""The lobby: create a match, list open challenges, join by id or private invite
code, leave or abort before the start, resign after it. A match starts (its
actor begins) the moment its last seat is taken."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
import weakref
from typing import Any

from clients.bots.house import LEVELS, house_bot
from protocol.errors import ProtocolError
from protocol.messages import CreateMatch
from server.accounts import Account
from server.clocks import control as time_controls
from server.matches.bot_seat import PACES
from server.matches.hub import Hub
from server.matches.takebacks import takebacks_allowed
from server.names import house_bot_name
from server.rules.dice import commitment, new_seed
from server.rules.kernel import RulesError
from server.rules.registry import UnknownSystem, get_system
from server.store.store import MatchNotOpen, SeatTaken, Store, pack, unpack

MAX_SPECTATOR_DELAY = 500


def build_setup(request: CreateMatch) -> dict[str, Any]:
    """The rules system's setup map from the lobby's fields."""
    options = dict(request.options)
    if request.scenario is not None:
        options["scenario"] = request.scenario
    if request.points_limit is not None:
        options["points_limit"] = request.points_limit
    setup: dict[str, Any] = {"options": options}
    if request.board_size is not None:
        setup["board_size"] = request.board_size
    warbands = getattr(request, "warbands", None)  # (create_match's alone, not a seek's)
    if warbands is not None:
        if not isinstance(warbands, dict):
            raise ProtocolError("invalid_setup", "warbands names a warband for each seat "
                                "(seat -> a ready-made warband's key or a list).")
        system = get_system(request.system)
        for seat, warband in warbands.items():
            setup = with_warband(system, setup, seat, warband)
    return setup


def with_warband(system, setup: dict[str, Any], seat: str, warband: Any) -> dict[str, Any]:
    """The setup with `seat`'s own warband put in place by the system (its
    `seat_warband`: a joiner's choice replaces any the creator named for that seat);
    the system's checker judges it. A system whose lists are chosen in play has none."""
    place = getattr(system, "seat_warband", None)
    if place is None:
        raise ProtocolError("invalid_setup", "In this game each warband is chosen once the "
                            "match has begun, not in its settings: leave warbands out.")
    try:
        return place(setup, seat, warband)
    except RulesError as refused:
        raise ProtocolError("invalid_setup", refused.message) from None


def house_bot_list_index(seed: bytes, count: int) -> int:
    """Which of `count` fitting ready-made lists (sorted by key) the house bot plays:
    SHA-256 of "house bot list" followed by the seed's bytes, read as a big-endian
    number, modulo `count` (docs/protocol.md, create_match). Not drawn from the dice
    stream, whose rolls it would shift."""
    digest = hashlib.sha256(b"house bot list" + seed).digest()
    return int.from_bytes(digest, "big") % count


def validate_setup(system, setup: dict) -> None:
    """The system judges the setup (its `validate_setup`, or by starting a match from
    it); refused: `invalid_setup` with the system's reason."""
    try:
        validate = getattr(system, "validate_setup", None)
        if validate is not None:
            validate(setup)
        else:
            system.initial(setup)
    except RulesError as invalid:
        raise ProtocolError("invalid_setup", invalid.message) from None


def _check_rated(account: Account, request: CreateMatch) -> None:
    """Guests and matches against the house bot are never rated."""
    if not request.rated:
        return
    if account.guest:
        raise ProtocolError("guests_unrated")
    if request.opponent is not None:
        raise ProtocolError("bot_unrated")


def _time_control(row: dict[str, Any]) -> dict[str, Any]:
    """A match row's time control, as every list shows it ({"kind": "none"}: no clock)."""
    stored = row.get("time_control")
    return time_controls.from_stored(unpack(stored) if stored else None).to_wire()


class Lobby:
    def __init__(self, store: Store, hub: Hub) -> None:
        self.store = store
        self.hub = hub
        # A lock lives while someone holds or waits for it, then goes: ids named once
        # (or made up) do not pile up.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = \
            weakref.WeakValueDictionary()

    def _lock(self, match_id: str) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    def check(self, account: Account, request: CreateMatch, *,
              validate: bool = True) -> tuple[Any, dict, Any]:
        """A new match's settings, checked as create_match checks them (quick pairing's
        seeks too): the system, its setup and the time control. `validate=False`: the
        setup is judged later (the house bot's warband goes in first)."""
        try:
            system = get_system(request.system)
        except UnknownSystem as unknown:
            said = str(unknown)
            raise ProtocolError("unknown_system", f"{said[:1].upper()}{said[1:]}.") from None
        setup = build_setup(request)
        if validate:
            validate_setup(system, setup)
        _check_rated(account, request)
        return system, setup, time_controls.parse(request.time_control)

    async def create(self, account: Account, request: CreateMatch, *,
                     match_id: str | None = None) -> dict[str, Any]:
        """A new match; `match_id` when the caller chose it first (a hosted event's
        pairing records it before the match exists, so a restart creates it once)."""
        # (a setup with the house bot is judged once its warband is in: _house_bot)
        system, setup, clock = self.check(account, request,
                                          validate=request.opponent is None)
        seat = request.seat or system.seats[0]
        if seat not in system.seats:
            raise ProtocolError("no_such_seat", f"Seats are {', '.join(system.seats)}.")
        if not 0 <= request.spectator_delay <= MAX_SPECTATOR_DELAY:
            raise ProtocolError("invalid_setup", "spectator_delay must be from 0 to "
                                f"{MAX_SPECTATOR_DELAY} events.")
        # (rated: only when the creator allows them; a joiner sees the setting and agrees)
        takebacks = not request.rated if request.takebacks is None else request.takebacks
        seed = new_seed()
        bot, setup = self._house_bot(request, system, setup, seat, seed)
        match_id = match_id or secrets.token_hex(8)
        invite = secrets.token_hex(4).upper() if request.private else None
        await self.store.create_match({
            "id": match_id, "system": system.name, "setup": pack(setup), "status": "open",
            "created_by": account.id, "created_at": time.time(), "private": request.private,
            "invite_code": invite, "spectator_delay": request.spectator_delay, "seed": seed,
            "seed_commitment": commitment(seed), "bot": bot,
            "rules_version": system.rules_version, "rated": request.rated,
            "category": clock.category, "takebacks": takebacks,
            "time_control": pack(clock.to_wire()) if clock.timed else None}, seat, account.id)
        status = "open"
        if bot is not None:  # the house bot takes the other seat: the match starts
            status = (await self.join(await self._bot_account(bot), match_id, None,
                                      bot.split(":")[0], private_ok=True))["status"]
        return {"match_id": match_id, "seat": seat, "status": status, "invite_code": invite,
                "seed_commitment": commitment(seed), "setup": setup, "rated": request.rated,
                "time_control": clock.to_wire(), "takebacks": takebacks}

    def _house_bot(self, request: CreateMatch, system, setup: dict, seat: str,
                   seed: bytes) -> tuple[str | None, dict]:
        """"seat:level:warband[:pace]" for a match against the house bot, or None
        (the pace, how long it pauses before each move, only when not instant), and the
        match's setup. The warband is one of the ready-made lists that fit, drawn with
        the match's secret seed: the opponent cannot know it in advance (SBH's lists are
        secret until both are in; an ASOIAF creator gives theirs before the draw), and
        once the seed is revealed anyone can check the draw (`house_bot_list_index`).
        A system whose warbands are part of the setup (the house bot's `seat_setup`)
        gets the bot's there, checked by the system as any setup is."""
        if request.opponent is None:
            if request.bot_pace is not None:
                raise ProtocolError("invalid_setup", "bot_pace is only for a match against "
                                    "the house bot (opponent 'bot').")
            return None, setup
        pace = request.bot_pace or "instant"
        if pace not in PACES:
            raise ProtocolError("invalid_setup", f"bot_pace is one of {', '.join(PACES)}.")
        kind, _, level = request.opponent.partition(":")
        level = level or "heuristic"
        if kind != "bot" or level not in LEVELS:
            raise ProtocolError("invalid_setup", "opponent is 'bot', 'bot:heuristic' or "
                                "'bot:random'.")
        house = house_bot(system.name)
        if house is None:
            raise ProtocolError("invalid_setup", f"There is no house bot for {system.name}.")
        seat_setup = getattr(house, "seat_setup", None)
        if seat_setup is None:
            validate_setup(system, setup)  # (as given: the bot's list is not the setup's)
        fitting = house.fitting(setup)
        if not fitting:
            validate_setup(system, setup)  # (a setup refused for itself says why first)
            raise ProtocolError("invalid_setup", f"No ready-made warband for the bot fits "
                                f"{house.describe(setup)}.")
        other = next(s for s in system.seats if s != seat)
        key = fitting[house_bot_list_index(seed, len(fitting))]
        if seat_setup is not None:
            setup = seat_setup(setup, other, key)
            validate_setup(system, setup)
        chosen = f"{other}:{level}:{key}"
        return (chosen if pace == "instant" else f"{chosen}:{pace}"), setup

    async def _bot_account(self, bot: str) -> Account:
        level = bot.split(":")[1]
        account = Account(secrets.token_hex(8), house_bot_name(level), None, True)
        await self.store.create_account({
            "id": account.id, "username": None, "display_name": account.display_name,
            "password_hash": None, "guest": True, "created_at": time.time(),
            "failed_logins": 0, "locked_until": None})
        return account

    async def list_open(self, system: str | None,
                        invite_code: str | None = None) -> dict[str, Any]:
        """Open public matches; with `invite_code`, the open match of that code
        instead, private or not (none: an empty list), so a joiner sees its setup
        before choosing what to join with (an ASOIAF warband of its size)."""
        if invite_code:
            row = await self.store.match_by_invite(invite_code.strip().upper())
            rows = [row] if row is not None and row["status"] == "open" \
                and system in (None, row["system"]) else []
        else:
            rows = await self.store.open_matches(system)
        names = await self.store.seat_names([r["id"] for r in rows])
        out = []
        for row in rows:
            seats = get_system(row["system"]).seats
            held = names.get(row["id"], {})
            out.append({"match_id": row["id"], "system": row["system"],
                        "setup": unpack(row["setup"]), "created_at": row["created_at"],
                        "players": held, "open_seats": [s for s in seats if s not in held],
                        "rated": row["rated"], "time_control": _time_control(row),
                        "takebacks": takebacks_allowed(row)})
        return {"matches": out}

    async def list_live(self, system: str | None) -> dict[str, Any]:
        """Matches being played, for spectators (private ones stay unlisted)."""
        rows = await self.store.open_matches(system, status="active")
        names = await self.store.seat_names([r["id"] for r in rows])
        out = []
        for row in rows:
            actor = self.hub.actor(row["id"])
            out.append({"match_id": row["id"], "system": row["system"],
                        "setup": unpack(row["setup"]), "started_at": row["started_at"],
                        "players": names.get(row["id"], {}),
                        # (as far as spectators see it: a delayed match's live seq would
                        # tell them how far ahead of their delay it is)
                        "seq": actor.spectator_seq() if actor is not None else None,
                        "spectator_delay": row["spectator_delay"],
                        "time_control": _time_control(row)})
        return {"matches": out}

    async def list_mine(self, account: Account, system: str | None,
                        limit: int) -> dict[str, Any]:
        """The account's own matches: status, players, result, and who must act now
        (`waiting`: the seats the match waits for; null when not running here)."""
        rows = await self.store.account_matches(account.id, system=system, limit=limit)
        names = await self.store.seat_names([r["id"] for r in rows])
        out = []
        for row in rows:
            actor = self.hub.actor(row["id"]) if row["status"] == "active" else None
            if actor is not None and (actor.asleep is not None or actor.prompt_pending):
                actor = None  # (resumed, its prompt not built yet: who must act is not
                # known here)
            out.append({"match_id": row["id"], "system": row["system"],
                        "setup": unpack(row["setup"]), "status": row["status"],
                        "seat": row["my_seat"], "players": names.get(row["id"], {}),
                        "invite_code": row["invite_code"] if row["status"] == "open" else None,
                        "rated": row["rated"], "time_control": _time_control(row),
                        "takebacks": takebacks_allowed(row),
                        "created_at": row["created_at"], "finished_at": row["finished_at"],
                        "waiting": list(actor.asked.waiting) if actor is not None else None,
                        "result": unpack(row["result"]) if row["result"] else None})
        return {"matches": out}

    async def join(self, account: Account, match_id: str | None, invite_code: str | None,
                   seat: str | None, *, private_ok: bool = False,
                   warband: Any = None) -> dict[str, Any]:
        """Take a seat (the first free one unless named); `warband`: the joiner's own,
        where the system's warbands are part of the setup (`with_warband`)."""
        if invite_code:
            row = await self.store.match_by_invite(invite_code.strip().upper())
            if row is None:
                raise ProtocolError("no_such_invite")
        else:
            row = await self._match(match_id)
        async with self._lock(row["id"]):
            row = await self._match(row["id"])
            if row["status"] != "open":
                raise ProtocolError("match_started" if row["status"] == "active"
                                    else "match_finished")
            # Only an open private match needs its code: one that started or ended is
            # refused as any other is (its status is no secret: anyone may subscribe).
            if row["private"] and not invite_code and not private_ok:
                raise ProtocolError("no_such_invite", "That match is private: join it with "
                                    "its invite code.")
            if row["rated"] and account.guest:
                raise ProtocolError("guests_unrated", "That match is rated, and guests play "
                                    "casual matches only: register to join it.")
            system = get_system(row["system"])
            held = await self.store.seats(row["id"])
            if account.id in held.values():
                raise ProtocolError("already_seated")
            free = [s for s in system.seats if s not in held]
            if seat is None:
                seat = free[0]  # an open match always has a free seat
            elif seat not in system.seats:
                raise ProtocolError("no_such_seat", f"Seats are {', '.join(system.seats)}.")
            elif seat not in free:
                raise ProtocolError("seat_taken")
            if self.hub.stopping:  # (a node stopping starts no match: its clients retry
                raise ProtocolError("match_moved")  # on another node; nothing changed)
            if warband is not None:  # judged before the seat is taken: refused, no change
                setup = with_warband(system, unpack(row["setup"]), seat, warband)
                validate_setup(system, setup)
                row = {**row, "setup": pack(setup)}
            try:  # the seat and the joiner's warband in one transaction
                await self.store.take_seat(row["id"], seat, account.id,
                                           setup=row["setup"] if warband is not None else None)
            except SeatTaken:
                raise ProtocolError("seat_taken") from None
            except MatchNotOpen as gone:  # (started or withdrawn by another node meanwhile)
                raise ProtocolError("match_started" if gone.status == "active"
                                    else "match_finished") from None
            started = len(held) + 1 == len(system.seats)
            if started:
                await self.hub.start_match(row)
        return {"match_id": row["id"], "seat": seat, "status": "active" if started else "open"}

    async def leave(self, account: Account, match_id: str) -> dict[str, Any]:
        async with self._lock(match_id):
            row = await self._open_match(match_id)
            held = await self.store.seats(match_id)
            mine = [s for s, holder in held.items() if holder == account.id]
            if not mine:
                raise ProtocolError("not_in_match")
            if row["created_by"] == account.id:  # the creator leaving withdraws the challenge
                await self.store.set_match(match_id, status="aborted", finished_at=time.time())
                return {"match_id": match_id, "status": "aborted"}
            for seat in mine:
                await self.store.leave_seat(match_id, seat)
        return {"match_id": match_id, "status": "open"}

    async def abort(self, account: Account, match_id: str) -> dict[str, Any]:
        async with self._lock(match_id):
            row = await self._open_match(match_id)
            if row["created_by"] != account.id:
                raise ProtocolError("not_creator")
            await self.store.set_match(match_id, status="aborted", finished_at=time.time())
        return {"match_id": match_id, "status": "aborted"}

    async def _match(self, match_id: str | None) -> dict[str, Any]:
        row = await self.store.match(match_id) if match_id else None
        if row is None:
            raise ProtocolError("no_such_match")
        return row

    async def _open_match(self, match_id: str) -> dict[str, Any]:
        row = await self._match(match_id)
        if row["status"] == "active":
            raise ProtocolError("match_started", "The match has started: resign instead.")
        if row["status"] != "open":
            raise ProtocolError("match_finished")
        return row
