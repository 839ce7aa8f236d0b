"""Climbing tall walls and jumping down cliffs (seed 000, LINEAR OBSTACLES;
JUMPING AND LEAPING; FALLING DAMAGE; HEAVY ARMOR).

- "Linear obstacles which are taller than half the model's height will
  require climbing over. Depending on the scenario, this may require the
  expenditure of an extra action, or passing a Quality roll on a single die to
  avoid falling." A `climb` takes the figure over a tall wall into the hex on
  the other side. The match option `climbing` picks the scenario's reading:
  "quality_roll" (the default: one action and one Quality die, -2 in Heavy
  Armor, "has -2 on climbing rolls", +1 for an Acrobat, seed 001: "+1 Quality
  to climbing"; a failure leaves the figure fallen at the
  foot of the wall, a fall no higher than itself, so no falling damage) or
  "extra_action" (two actions, no roll). Flying and Clinging figures cross
  tall walls as part of a move and never climb.
- "A model may jump down from a height no greater than its own
  automatically, but jumps from a greater height use the 'falling damage'
  rules." Every cliff drop is at least Short (far taller than a figure), so
  `jump_down` from a cliff's top hex to its bottom hex costs one action and
  then rolls falling damage for the drop (1/2/3 dice; any failure: out of
  action; else fallen, two actions to stand). Cliffs are not climbed up
  (sheer, as the scenario's terrain); Clinging and Flying figures walk or fly
  over them.
"""

from __future__ import annotations

from server.rules.board.hex import neighbours
from server.rules.kernel import CommandSpec
from server.rules.sbh import groups, swarms, terror
from server.rules.sbh.combat import hex_list
from server.rules.sbh.context import hex_arg, illegal
from server.rules.sbh.falling import engaged, falling_damage
from server.rules.sbh.figures import Figure
from server.rules.sbh.hacks import move_or_disengage
from server.rules.sbh.movement import can_move, contact_entry
from server.rules.sbh.quality import roll_quality
from server.rules.sbh.state import SbhState

CLIMBING = "seed 000, LINEAR OBSTACLES"
JUMP_DOWN = "seed 000, JUMPING AND LEAPING"


def climb_cost(state: SbhState) -> int:
    return 2 if state.options.get("climbing") == "extra_action" else 1


def climb_destinations(state: SbhState, fig: Figure, actions: int) -> list:
    if (not state.board.edges or fig.pos not in state.board.beside_tall_walls()
            or not can_move(fig) or fig.has("Flying") or fig.has("Clinging")
            or actions < climb_cost(state)):
        return []
    occupied = state.occupancy()
    cost = climb_cost(state)
    return sorted(n for n in neighbours(fig.pos)
                  if state.board.edge(fig.pos, n) == "tall_wall" and n not in occupied
                  and state.board.passable(n, fig.rules)
                  and groups.regroup_allows(state, fig, n, cost)
                  and swarms.keeps_coherency(state, fig, n)
                  and terror.refused_contact(state, fig, n) is None)


def drops_below(state: SbhState, fig: Figure) -> dict:
    """Bottom hex -> drop height, for the cliffs whose top is the figure's hex."""
    if not state.board.drops or not can_move(fig) or fig.has("Flying") or fig.has("Clinging"):
        return {}
    if engaged(state, fig):
        return {}  # it must disengage first (docs/rules/sbh.md)
    occupied = state.occupancy()
    return {bottom: height for (top, bottom), height in state.board.drops.items()
            if top == fig.pos and bottom not in occupied
            and terror.refused_contact(state, fig, bottom) is None}


def options(state: SbhState, fig: Figure, actions: int) -> list[CommandSpec]:
    specs = []
    climbs = climb_destinations(state, fig, actions)
    if climbs:
        cost = climb_cost(state)
        how = "2 actions" if cost == 2 else "1 action and a Quality roll"
        specs.append(CommandSpec("climb", f"Climb over the wall ({how})",
                                 params={"to": hex_list(climbs)}))
    drops = drops_below(state, fig) if actions >= 1 else {}
    if drops:
        specs.append(CommandSpec("jump_down", "Jump down the cliff (1 action, falling damage)",
                                 params={"to": hex_list(sorted(drops))}))
    return specs


def do_climb(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    to = hex_arg(args.get("to"))
    terror.check_not_refused(s, fig, to)
    if to not in climb_destinations(s, fig, s.activation.actions):
        raise illegal("Climb into the empty hex just over a tall wall next to you.", CLIMBING)
    # seed 000, TERROR (P): a climb into contact tests (or charges) before the climb roll
    if terror.before_move(ctx, fig, to, climb_cost(s), how="climb"):
        return
    climb(ctx, fig, to)


def resume_climb(ctx, fig: Figure, item: dict) -> None:
    """A Terror charge over a wall, after the charged figures' morale checks:
    the climb goes ahead if it is still possible (seed 000, TERROR (P))."""
    to = hex_arg(item["to"])
    if to in climb_destinations(ctx.state, fig, ctx.state.activation.actions):
        climb(ctx, fig, to)


def climb(ctx, fig: Figure, to) -> None:
    """The climb roll (if the match reads it so) and the move over the wall."""
    cost = climb_cost(ctx.state)
    if cost == 1:
        # HEAVY ARMOR: "-2 on climbing rolls"; seed 001, Acrobat: "+1 Quality to climbing"
        situational = (("Acrobat", 1 if fig.has("Acrobat") else 0),
                       ("Heavy Armor", -2 if fig.has("Heavy Armor") else 0))
        roll = roll_quality(ctx, fig, 1, situational=situational)
        ctx.emit("climb_rolled", figure=fig.id, **roll)
        if roll["failures"]:
            ctx.emit("actions_spent", figure=fig.id, cost=cost, reason="failed climb")
            ctx.emit("fell", figure=fig.id, reason="fell climbing the wall")
            return
    move_or_disengage(ctx, fig, to, cost, terror_done=True)


def do_jump_down(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    to = hex_arg(args.get("to"))
    terror.check_not_refused(s, fig, to)
    drops = drops_below(s, fig)
    if to not in drops or s.activation.actions < 1:
        raise illegal("Jump down from the cliff top you stand on to the empty hex below.",
                      JUMP_DOWN)
    # seed 000, TERROR (P): landing in contact tests (or charges) before the jump
    if terror.before_move(ctx, fig, to, 1, how="jump_down"):
        return
    jump_down(ctx, fig, to, drops[to])


def resume_jump_down(ctx, fig: Figure, item: dict) -> None:
    """A Terror charge down a cliff, after the charged figures' morale checks."""
    to = hex_arg(item["to"])
    drops = drops_below(ctx.state, fig)
    if to in drops and ctx.state.activation.actions >= 1:
        jump_down(ctx, fig, to, drops[to])


def jump_down(ctx, fig: Figure, to, height: str) -> None:
    start = fig.pos
    ctx.emit("jumped_down", figure=fig.id, to=[to[0], to[1]], height=height, cost=1,
             **contact_entry(ctx.state, fig, to))
    falling_damage(ctx, fig, height, start)  # (then tokens, markers, difficult ground)
