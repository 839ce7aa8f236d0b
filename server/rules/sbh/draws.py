"""Agreed draws (not in the book: a convention of the server's competitive play,
docs/rules/sbh.md "Agreed draws"). Either player may offer a draw at any point of the
battle; the offer stands until the opponent accepts it (the match ends, no winner),
declines it, or makes any other command (which declines it, as moving on does in
chess). While it stands the opponent is asked too, with their own options if it is
their turn. One offer at a time; set-up has none (a match not yet begun is aborted,
not drawn)."""

from __future__ import annotations

from server.rules.kernel import CommandSpec
from server.rules.sbh.context import illegal
from server.rules.sbh.state import SbhState
from server.rules.sbh.turns import end_game

OFFER = CommandSpec("offer_draw", "Offer a draw")
ACCEPT = CommandSpec("accept_draw", "Accept the draw")
DECLINE = CommandSpec("decline_draw", "Decline the draw")
COMMANDS = ("offer_draw", "accept_draw", "decline_draw")
AGREED = "draw agreed"  # (not "a draw ...": a reason starting "a " names seat a)


def may_offer(state: SbhState, seat: str) -> bool:
    return state.phase == "play" and state.draw_offer is None


def answering(state: SbhState) -> str | None:
    """The seat asked to answer a standing offer (the other one's)."""
    if state.draw_offer is None or state.phase != "play":
        return None
    return next(s for s in ("a", "b") if s != state.draw_offer)


def handler(state: SbhState, seat: str, command_type: str):
    """What a draw command does (a function of the working context), or RulesError
    when it may not be made now. Like a concession, it needs no turn."""
    if command_type == "offer_draw":
        if not may_offer(state, seat):
            raise illegal("A draw may be offered once the battle has begun, one offer at a "
                          "time." if state.draw_offer is None else "Your offer of a draw "
                          "stands: your opponent has not answered it yet.")
        return lambda ctx: ctx.emit("draw_offered", seat=seat)
    if answering(state) != seat:
        raise illegal("There is no offer of a draw for you to answer.")
    if command_type == "accept_draw":
        return lambda ctx: end_game(ctx, None, AGREED)
    return lambda ctx: ctx.emit("draw_declined", seat=seat, reason="declined")


def lapse_if_played_on(ctx, seat: str) -> None:
    """The seat asked to answer made another command: the offer lapses."""
    if answering(ctx.state) == seat:
        ctx.emit("draw_declined", seat=seat, reason="played on")


def with_answer(state: SbhState, decisions: dict) -> dict:
    """The decisions of the battle, with the answer to a standing offer asked of its
    seat: beside its own options if it is asked anyway, else alone."""
    seat = answering(state)
    if seat is None:
        return decisions
    text, specs = decisions.get(seat, (f"{state.draw_offer} offers a draw", []))
    return {**decisions, seat: (text, [ACCEPT, DECLINE, *specs])}
