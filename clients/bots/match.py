"""Bots at play: a whole SBH match in-process (the simulator), or one bot seat
driven over the network through a `Session`."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from clients.session import MatchStream, Session
from server.rules.dice import SeededDice
from server.rules.kernel import Command, Viewer
from server.rules.runner import apply_command
from server.rules.sbh.system import SYSTEM

log = logging.getLogger("warband.bot")
MAX_COMMANDS = 20_000  # a match that has not ended by then is a bug, not a long game


@dataclass
class Outcome:
    winner: str | None
    turns: int
    events: int
    commands: int


def play_in_process(bots: dict, setup: dict, seed: int) -> Outcome:
    """One match between `bots` (seat -> bot) with the match dice seeded by `seed`."""
    state = SYSTEM.initial(setup)
    dice = SeededDice(seed.to_bytes(8, "big"))
    events = commands = 0
    while not SYSTEM.is_over(state):
        if commands >= MAX_COMMANDS:
            raise RuntimeError(f"the match with seed {seed} did not end")
        decision = SYSTEM.prompt(state).decisions[0]
        view = SYSTEM.view(state, Viewer(decision.seat))
        kind, args = bots[decision.seat].choose(decision.to_wire(), view)
        state, applied = apply_command(SYSTEM, state, Command(decision.seat, kind, args), dice,
                                       checksums=False, keep_input=False)
        events += len(applied)
        commands += 1
    result = SYSTEM.result(state)
    return Outcome(None if result is None else result.winner, state.turn, events, commands)


async def play_seat(session: Session, stream: MatchStream, bot) -> dict:
    """Act for the session's seat from the prompts until the match is over; returns
    the match_over push."""
    while True:
        push = await stream.next("prompt", "match_over")
        if push["type"] == "match_over":
            return push
        if push["decision"] is None or not stream.pushes.empty():
            continue  # not ours, or already out of date
        view = (await session.get_view(stream.match_id))["view"]
        kind, args = bot.choose(push["decision"], view)
        try:
            await session.command(stream.match_id, kind, args, at_seq=push["seq"])
        except Exception as refused:  # stale prompt or a bot mistake: the next prompt
            log.info("bot command %s refused: %s", kind, refused)
