"""Quality rolls: activation, morale and every other Q test.

Seed 000, ACTIVATION: a roll equal to or better than Quality succeeds; 1 always
fails, 6 always succeeds. Seed 000, LEADER: +1 to Quality rolls of friends
within Long who can see the Leader (not himself, not on another Leader, not
while he is fallen or transfixed, not cumulative); seeing him follows the
WOODS reading of ranged combat (`sees_leader`). Seed 000, HERO: one automatic
success.
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.sbh.commanders import command_radius
from server.rules.sbh.figures import Figure
from server.rules.sbh.geometry_cache import board_sight, crosses_side, line_blocked
from server.rules.sbh.state import SbhState
from server.rules.sbh.terrain import SHORT


def succeeds(roll: int, target: int) -> bool:
    return roll != 1 and (roll == 6 or roll >= target)


def leader_bonus(state: SbhState, fig: Figure) -> bool:
    """Seed 000, LEADER (P): within Long and line of sight of a standing Leader.
    Seed 000, FREQUENTLY ASKED QUESTIONS: "Does the Leader bonus count on
    himself? Does the Leader bonus count on other Leaders? -- No to both
    questions": a figure that is itself a Leader never gets the bonus."""
    if fig.pos is None or "Leader" in fig.rules:
        return False
    for leader in state.on_table(fig.seat):  # (the rarest condition first)
        if ("Leader" in leader.rules and not leader.fallen
                and leader.transfixed_by is None
                and distance(leader.pos, fig.pos) <= command_radius(state, leader)
                and sees_leader(state.board, fig.pos, leader.pos)):
            return True
    return False


def sees_leader(board, at, leader_at) -> bool:
    """Whether a figure at `at` can see its Leader at `leader_at` (seed 000, FAQ:
    "The bonus doesn't count if the models cannot see the Leader (so you can't
    hide your Leader in the woods and continue to give orders)"; "Enemy models
    do not obstruct the line of sight between a soldier and his Leader": no
    figure blocks). Terrain as for a shot from the figure at the Leader (seed
    000, WOODS; ranged.py `sight`/`_woods`): "Woods block line of sight";
    into a wood only from a hex touching it, and at most 1 x Short, woods hexes
    between not blocking; out of a wood only from a woods hex touching open
    ground, with no woods hex between; both in woods: at most 1 x Short."""
    in_wood, leader_in_wood = board.kind(at).woods, board.kind(leader_at).woods
    if not leader_in_wood:
        if in_wood and not board.touches_woods(at, wooded=False):
            return False
        return board.clear_sight(at, leader_at)
    if not in_wood and not board.touches_woods(at):
        return False
    return distance(at, leader_at) <= SHORT and _clear_into_woods(board, at, leader_at)


def _clear_into_woods(board, a, b) -> bool:
    """`board.clear_sight` for a line into woods: woods hexes between do not block."""
    _, hexes, sides = board_sight(board)
    return any(not line_blocked(hexes, a, b, nudge) and not crosses_side(sides, a, b, nudge)
               for nudge in (1, -1))


def opportunity(state: SbhState, fig: Figure) -> bool:
    """Seed 001, Opportunistic: "+1 Quality vs. Fallen or Transfixed foes within
    Short range" (read: on its Quality rolls while such a foe is within Short)."""
    if not fig.has("Opportunistic") or fig.pos is None:
        return False
    return any(e.seat != fig.seat and e.on_table and (e.fallen or e.transfixed)
               and distance(e.pos, fig.pos) <= SHORT for e in state.figures.values())


def quality_modifiers(state: SbhState, fig: Figure, *, morale: bool = False,
                      situational: tuple[tuple[str, int], ...] = ()) -> list[list]:
    """What moves `fig`'s roll from its Quality, named, as [name, +n in its favour]
    pairs (the roll event carries them so a player reads "Quality 4, +1 Leader").
    `situational` are the caller's (+1 running start, -2 Heavy Armor...)."""
    named = [[name, n] for name, n in situational if n]
    if fig.wounds:
        named.append(["wounded", -fig.wounds])
    if leader_bonus(state, fig):
        named.append(["Leader", 1])
    if fig.has("Magic-User") and fig.pos in state.place_of_power:
        named.append(["place of power", 1])  # seed 000, PLACE OF POWER: "+1 on their Quality rolls"
    if opportunity(state, fig):
        named.append(["Opportunistic", 1])
    if morale:
        if fig.has("Coward"):
            named.append(["Coward", -1])  # seed 001, Coward: "-1 Morale"
        if fig.has("Steadfast"):
            named.append(["Steadfast", 1])  # seed 000, STEADFAST
        if fig.has("Undead"):
            named.append(["Undead", 2])  # seed 000, UNDEAD: +2 on all Morale rolls
    return named


def quality_target(state: SbhState, fig: Figure, *, morale: bool = False,
                   bonus: int = 0) -> int:
    """The number a die must reach for `fig` (lower is better); `bonus` is a
    situational modifier to the roll (+1 running start, -2 Heavy Armor...)."""
    modifiers = quality_modifiers(state, fig, morale=morale, situational=(("", bonus),))
    return fig.quality - sum(n for _, n in modifiers)


def roll_quality(ctx, fig: Figure, count: int, *, morale: bool = False,
                 situational: tuple[tuple[str, int], ...] = ()) -> dict:
    """Roll `count` Quality dice for `fig`; returns the event payload part:
    dice rolled, automatic successes (Hero), the target, successes, failures, and
    the named modifiers that moved the target from the figure's Quality (when any)."""
    modifiers = quality_modifiers(ctx.state, fig, morale=morale, situational=situational)
    target = fig.quality - sum(n for _, n in modifiers)
    automatic = 1 if fig.has("Hero") and count > 0 else 0
    dice = ctx.roll(count - automatic)
    successes = automatic + sum(1 for d in dice if succeeds(d, target))
    roll = {"dice": dice, "automatic": automatic, "target": target,
            "successes": successes, "failures": count - successes}
    if modifiers:
        roll["modifiers"] = modifiers
    return roll
