"""The end of a player's turn and the start of the next (seed 000, ACTIVATION,
END OF THE GAME, ALL-OUT BATTLE, AMBUSH BONUS).

At the end of every turn the game may end (all of a side's figures knocked
down, or the agreed turn limit). Otherwise the other player becomes the
acting player; which of its figures start the turn hidden from which enemies
is recorded then, for the Ambush bonus.
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.sbh.scenarios import all_knocked_down, victory_points, winner_by_points
from server.rules.sbh.state import SbhState, other


def end_game(ctx, winner: str | None, reason: str) -> None:
    ctx.emit("game_ended", winner=winner, reason=reason,
             victory_points=victory_points(ctx.state))


def end_turn(ctx, reason: str) -> None:
    s = ctx.state
    if s.activation is not None:
        ctx.emit("activation_ended", figure=s.activation.figure, turnover=False)
    for seat in all_knocked_down(s):  # seed 000, ALL-OUT BATTLE: checked at turn end
        end_game(ctx, winner_by_points(s), f"all of {seat}'s figures are knocked down")
        return
    limit = s.options.get("turn_limit") or 0
    if limit and s.turn >= limit:
        end_game(ctx, winner_by_points(s), f"turn limit {limit} reached")
        return
    seat = other(s.active_seat)
    ctx.emit("turn_passed", to=seat, turn=s.turn + 1, reason=reason,
             hidden=hidden_map(s, seat))


def hidden_map(state: SbhState, seat: str) -> dict[str, list[str]]:
    """Seed 000, AMBUSH BONUS: "A model that starts the turn hiding behind woods
    ... or is somehow hidden by any other scenic feature, is called an
    ambusher ... the opponent he is charging ... must not be able to draw a line
    of sight to him". For each of `seat`'s figures, the enemies that cannot see
    it now: terrain blocks the line, or it stands in woods and they are outside
    the woods and not adjacent (seed 000, WOODS: "Woods block line of sight")."""
    board = state.board
    figures = state.on_table(seat)
    enemies = [e for e in state.on_table() if e.seat != seat]
    # Sight is symmetric: look from whichever side has fewer figures (each
    # hex looked from costs a pass over the board's blockers).
    if len(enemies) < len(figures):
        spots = [f.pos for f in figures]
        by_enemy = [board.clear_sights(e.pos, spots) for e in enemies]
        sight = [[row[i] for row in by_enemy] for i in range(len(figures))]
    else:
        spots = [e.pos for e in enemies]
        sight = [board.clear_sights(f.pos, spots) for f in figures]
    out: dict[str, list[str]] = {}
    for fig, seen in zip(figures, sight, strict=True):
        in_woods = board.kind(fig.pos).woods
        unseen = [e.id for e, clear in zip(enemies, seen, strict=True)
                  if not clear
                  or (in_woods and not board.kind(e.pos).woods
                      and distance(e.pos, fig.pos) > 1)]
        if unseen:
            out[fig.id] = sorted(unseen)
    return out
