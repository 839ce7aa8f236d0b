"""The end of an activation, of a player's turn and the start of the next
(seed 000, ACTIVATION, MAGIC, END OF THE GAME, ALL-OUT BATTLE, AMBUSH BONUS).

An activation ends on a turnover (two failures) or when its actions are spent;
a die that succeeded only thanks to a spellcasting bonus and that no spell used
counts as a failure by then (`activation_end`).

At the end of every turn the game may end (all of a side's figures knocked
down, or the agreed turn limit). Otherwise the other player becomes the
acting player; where every figure stands then is recorded, for the Ambush
bonus.
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.sbh.figures import Figure
from server.rules.sbh.scenarios import all_knocked_down, victory_points, winner_by_points
from server.rules.sbh.state import SbhState, other


def end_game(ctx, winner: str | None, reason: str) -> None:
    ctx.emit("game_ended", winner=winner, reason=reason,
             victory_points=victory_points(ctx.state))


def activation_end(act) -> tuple[bool, bool]:
    """(turnover, out_of_power) of an activation as it ends. Seed 000, MAGIC
    (Blarion): "apply the bonus only to the dice that are actually used to cast
    the spell": a die that succeeded only thanks to a spellcasting bonus and
    that no spell used is an ordinary failure, for "If you roll two failures,
    play passes to the opponent" and for FAILURES ON SPELLS (three failures on
    three declared dice: out of power; `act.drains`, not from a scroll nor in a
    Place of Power). Successes only a scroll's Quality gives stay successes."""
    unused = act.bonus_dice
    if not unused:
        return act.turnover, False
    failures = act.failures + unused
    return act.turnover or failures >= 2, act.drains and failures >= 3


def ended_event(act) -> dict:
    """The `activation_ended` event's data for `act` ending now (`out_of_power`
    only when true: events recorded before it still replay the same)."""
    turnover, out_of_power = activation_end(act)
    data = {"figure": act.figure, "turnover": turnover}
    if out_of_power:
        data["out_of_power"] = True
    return data


def end_turn(ctx, reason: str) -> None:
    s = ctx.state
    if s.activation is not None:  # (play passes anyway; unused boosted dice may drain)
        ctx.emit("activation_ended", **dict(ended_event(s.activation), turnover=False))
    for seat in all_knocked_down(s):  # seed 000, ALL-OUT BATTLE: checked at turn end
        end_game(ctx, winner_by_points(s), f"all of {seat}'s figures are knocked down")
        return
    limit = s.options.get("turn_limit") or 0
    if limit and s.turn >= limit:
        end_game(ctx, winner_by_points(s), f"turn limit {limit} reached")
        return
    seat = other(s.active_seat)
    ctx.emit("turn_passed", to=seat, turn=s.turn + 1, reason=reason)


def unseen_at_turn_start(state: SbhState, fig: Figure, enemy: Figure) -> bool:
    """Seed 000, AMBUSH BONUS: "A model that starts the turn hiding behind woods
    ... or is somehow hidden by any other scenic feature, is called an
    ambusher ... the opponent he is charging ... must not be able to draw a line
    of sight to him". Whether `enemy` could not see `fig` where both stood as
    `fig`'s side's latest turn began (`SbhState.turn_start`): terrain blocked
    the line, or `fig` stood in woods and `enemy` outside them, not adjacent
    (seed 000, WOODS: "Woods block line of sight"). Asked only when a figure
    attacks, so a turn's start costs a snapshot of positions, not a sight
    line for every pair of enemies."""
    start = state.turn_start.get(fig.seat)
    if not start:
        return False
    here, there = start.get(fig.id), start.get(enemy.id)
    if here is None or there is None:
        return False
    board = state.board
    if not board.clear_sight(there, here):
        return True
    return (board.kind(here).woods and not board.kind(there).woods
            and distance(here, there) > 1)
