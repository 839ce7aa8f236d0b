"""Bots at play: a whole match of any rules system in-process (the simulator), or
one bot seat driven over the network through a `Session`."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass

from clients.bots.sbh import RandomBot
from clients.client import ServerError
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


def play_in_process(bots: dict, setup: dict, seed: int, system=SYSTEM) -> Outcome:
    """One match of `system` (SBH by default) between `bots` (seat -> bot) with the
    match dice seeded by `seed`. `turns` is the system's turn count (ASOIAF's round)."""
    state = system.initial(setup)
    dice = SeededDice(seed.to_bytes(8, "big"))
    events = commands = 0
    while not system.is_over(state):
        if commands >= MAX_COMMANDS:
            raise RuntimeError(f"the match with seed {seed} did not end")
        decision = system.prompt(state).decisions[0]
        view = system.view(state, Viewer(decision.seat))
        kind, args = bots[decision.seat].choose(decision.to_wire(), view)
        state, applied = apply_command(system, state, Command(decision.seat, kind, args), dice,
                                       checksums=False, keep_input=False)
        events += len(applied)
        commands += 1
    result = system.result(state)
    turns = getattr(state, "turn", None)
    turns = getattr(state, "round", 0) if turns is None else turns
    return Outcome(None if result is None else result.winner, turns, events, commands)


async def play_seat(session: Session, stream: MatchStream, bot) -> dict:
    """Act for the session's seat from the prompts until the match is over; returns
    the match_over push. With a stream watched with `views=True` the bot reads the
    pushed views; otherwise it asks for the view before each decision."""
    prompt = view = None
    acted_at = -1
    kinds = ("prompt", "view", "snapshot", "match_over")
    while True:
        # Act on the newest prompt only: take whatever else has arrived too. (Not
        # "wait while the queue is not empty": a chat line or a presence change queued
        # after our prompt would leave us waiting for a prompt that never comes.)
        for push in [await stream.next(*kinds), *stream.arrived(*kinds)]:
            if push["type"] == "match_over":
                return push
            if push["type"] == "prompt":
                prompt = push
            else:
                view = push
        if prompt is None or prompt["decision"] is None or prompt["seq"] == acted_at:
            continue
        if not stream.views:
            view = {"seq": prompt["seq"], "view": await _view_now(session, stream.match_id)}
        elif view is None or view["seq"] < prompt["seq"]:
            continue  # its view is on the way
        acted_at = prompt["seq"]
        await _act(session, stream.match_id, bot, prompt, view["view"])


async def _view_now(session: Session, match_id: str) -> dict:
    while True:
        try:
            return (await session.get_view(match_id))["view"]
        except ServerError as refused:
            if not refused.retryable:
                raise
            await asyncio.sleep(0.2)  # rate_limited: the server asks us to slow down


async def _act(session: Session, match_id: str, bot, prompt: dict, view: dict) -> None:
    """Send the bot's choice; if the rules refuse it (a bot's mistake), any other
    offered command will do, a few times over."""
    choose = bot.choose
    for _ in range(5):
        kind, args = choose(prompt["decision"], view)
        try:
            await session.command(match_id, kind, args, at_seq=prompt["seq"])
            return
        except ServerError as refused:
            if refused.code in ("stale_prompt", "match_finished"):
                return  # a newer prompt, or the end, is on its way
            if refused.retryable:
                await asyncio.sleep(0.2)  # rate_limited or store_unavailable: again
                continue
            if kind == "submit_list":
                # Its warband does not fit this match (its points limit, say): the bot
                # cannot play it, and its opponent should not wait for it forever.
                log.warning("bot's warband refused, resigning match %s: %s", match_id, refused)
                await session.resign(match_id)
                return
            log.warning("bot command %s refused: %s", kind, refused)
            choose = RandomBot(bot.warband).choose
