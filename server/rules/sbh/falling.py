"""Falls from heights and jumping (seed 000, FALLEN MODELS, NO SPACE TO RECOIL,
JUMPING AND LEAPING, FALLING DAMAGE).

- Cliffs are edge features with a top and a bottom hex and a drop of Short,
  Medium or Long. "[Falling] DOES represent a fall when a model is in a
  precariously balanced situation, such as fighting on the edge of a cliff.
  In that case, a fall is literally a fall... and the model takes falling
  damage": a figure knocked down on the top hex of a cliff falls to its
  bottom hex. "A model recoiling on the edge of a cliff ... falls and takes
  falling damage": a figure that must recoil while on the top of a cliff whose
  bottom lies away from the attacker falls down it instead.
- "A falling model must make a Quality roll, on one die if the fallen
  distance is Short, two dice if Medium, three dice if Long. On any failure,
  the model is out of action ... Complete success ... the character will need
  to spend two actions to stand up." Flying and Clinging figures take no
  damage; Acrobat (seed 001) has +1 on the roll.
- Jumping over a chasm (`jump`): the figure names a landing hex across the
  chasm in a straight line ("NOT allowed to pre-measure": any landing hex up
  to 2 x Long is offered), then rolls one Quality die: +1 with a running start
  (one more action), -2 in Heavy Armor; Animals pass automatically. Success:
  it jumps its move length; failure: one category less (Short becomes one
  hex). Short of the landing hex it comes down in the chasm (an empty hex of
  its line): a Short fall. A Slow figure takes no running start (SLOW).
  A figure in contact with an active enemy must disengage first (it would
  otherwise break contact without the free hacks). A jump (across or down a
  cliff) declared into contact makes the Terror test or charge first (terror.py).
"""

from __future__ import annotations

from server.rules.board.hex import Hex, distance, hex_at, neighbours
from server.rules.kernel import CommandSpec
from server.rules.sbh import hero, terror
from server.rules.sbh.combat import hex_list
from server.rules.sbh.context import illegal
from server.rules.sbh.figures import Figure
from server.rules.sbh.losses import kill
from server.rules.sbh.movement import can_move, contact_entry, enemies_in_contact
from server.rules.sbh.quality import roll_quality
from server.rules.sbh.ray_tables import rays
from server.rules.sbh.scenario_rules import after_move
from server.rules.sbh.state import SbhState
from server.rules.sbh.terrain import LONG, RANGE

FALL_DICE = {"short": 1, "medium": 2, "long": 3}
JUMPING = "seed 000, JUMPING AND LEAPING"
LEAVING_MELEE = "seed 000, LEAVING MELEE COMBAT"
JUMP_SHORTFALL = {"long": RANGE["medium"], "medium": RANGE["short"], "short": 1}


def falling_damage(ctx, fig: Figure, height: str, start: Hex | None = None) -> None:
    """`start`: where the figure came down from; a survivor then arrives where
    it landed (scenario_rules.after_move: a token, a wood), once the damage
    roll is final -- after a Hero's re-roll, so no choice waits on a figure a
    danger roll has removed."""
    if fig.has("Flying") or fig.has("Clinging"):
        ctx.emit("fell", figure=fig.id, reason="no damage from falls")
        _landed(ctx, fig, start)
        return
    acrobat = ("Acrobat", 1 if fig.has("Acrobat") else 0)
    roll = roll_quality(ctx, fig, FALL_DICE[height], situational=(acrobat,))
    then = {"rule": "falling", "height": height}
    if start is not None:
        then["start"] = [start[0], start[1]]
    if hero.offer(ctx, fig, roll, then):
        return
    finish_falling_damage(ctx, fig, height, roll, start)


def finish_falling_damage(ctx, fig: Figure, height: str, roll: dict,
                          start: Hex | None = None) -> None:
    """The falling-damage roll is final (after any Hero re-roll)."""
    ctx.emit("falling_damage_rolled", figure=fig.id, height=height, **roll)
    if roll["failures"]:
        kill(ctx, fig, gruesome=False, by=None)
    else:
        ctx.emit("fell", figure=fig.id, stand_up_cost=2, reason="survived the fall")
        _landed(ctx, fig, start)


def _landed(ctx, fig: Figure, start: Hex | None) -> None:
    if start is not None:
        after_move(ctx, fig, start, walked=False)  # (tokens, markers, difficult ground)


def _drop_from(state: SbhState, fig: Figure, away_from: Figure | None):
    occupied = state.occupancy()
    for (top, bottom), height in sorted(state.board.drops.items()):
        if top != fig.pos or bottom in occupied:
            continue
        if away_from is not None and distance(bottom, away_from.pos) <= distance(
                top, away_from.pos):
            continue
        return bottom, height
    return None


def over_the_edge(ctx, fig: Figure, winner: Figure | None, *, recoiling: bool) -> bool:
    """If `fig` falls (or recoils) at a cliff top, it goes down: True if so."""
    drop = _drop_from(ctx.state, fig, winner if recoiling else None)
    if drop is None:
        return False
    bottom, height = drop
    start = fig.pos
    ctx.emit("fell_from_height", figure=fig.id, to=[bottom[0], bottom[1]], height=height)
    falling_damage(ctx, fig, height, start)  # (then it arrives at the bottom)
    return True


def _keeps_footing(ctx, fig: Figure, moment: str, cost: int) -> bool:
    """Seed 000, JUMPING AND LEAPING, slippery ground: "test its Quality BEFORE
    and AFTER making the jump (he risks falling at the end of his 'running
    start' and when landing)". One Quality die; a failure and it falls where
    it stands (on the flat: no falling damage)."""
    roll = roll_quality(ctx, fig, 1)
    ctx.emit("slip_tested", figure=fig.id, moment=moment, **roll)
    if roll["successes"]:
        return True
    if cost:
        ctx.emit("actions_spent", figure=fig.id, cost=cost, reason="slipped before the jump")
    ctx.emit("fell", figure=fig.id, reason=f"slipped at the {moment}")
    return False


def engaged(state: SbhState, fig: Figure) -> bool:
    """In contact with an active enemy: seed 000, LEAVING MELEE COMBAT, "The
    model receives one "Free Hack" attack from each adjacent opponent at the
    moment of breaking contact". A jump would break contact without them, so
    (as for jumping down a cliff, climbing.drops_below) the figure must
    disengage first (docs/rules/sbh.md)."""
    return bool(enemies_in_contact(state, fig, active_only=True))


def jump_options(state: SbhState, fig: Figure, actions: int) -> list[CommandSpec]:
    if (actions < 1 or not _beside_chasm(state, fig) or not can_move(fig)
            or fig.has("Flying") or engaged(state, fig)):
        return []
    landings = jump_landings(state, fig)
    if not landings:
        return []
    # the running start is "one movement action" and the jump another: not for a
    # Slow figure ("can only make one movement per turn")
    starts = [False, True] if actions >= 2 and not fig.has("Slow") else [False]
    return [CommandSpec("jump", "Jump across (1 action; running start: 2 actions, +1)",
                        params={"to": hex_list(landings), "running_start": starts})]


def _beside_chasm(state: SbhState, fig: Figure) -> bool:
    """A jump starts at a chasm's edge (the first thing a jump asks: rarely so)."""
    chasms = state.board.hexes_of("chasm")
    return bool(chasms) and not chasms.isdisjoint(neighbours(fig.pos))


def jump_landings(state: SbhState, fig: Figure) -> list:
    board = state.board
    if not _beside_chasm(state, fig):
        return []
    q0, r0 = fig.pos[0], fig.pos[1]
    occupied = state.occupancy()
    out = []
    for _offset, steps in rays(2 * LONG):
        cells = [hex_at(q0 + sq, r0 + sr) for sq, sr in steps]
        if board.kind(cells[0]).name != "chasm" or len(cells) < 2:
            continue
        *middle, landing = cells
        if all(board.kind(c).name == "chasm" for c in middle) and \
                board.kind(landing).name != "chasm" and landing not in occupied and \
                board.passable(landing, fig.rules) and \
                terror.refused_contact(state, fig, landing) is None:
            out.append(landing)
    return sorted(out)


def do_jump(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    running = bool(args.get("running_start", False))
    to = args.get("to")
    if engaged(s, fig):
        raise illegal("Disengage from the enemies in contact before jumping.", LEAVING_MELEE)
    if running and fig.has("Slow"):
        raise illegal("A Slow figure makes one movement a turn: no running start before "
                      "its jump.", "seed 000, SLOW")
    legal = jump_options(s, fig, s.activation.actions)
    if not legal or to not in legal[0].params["to"] or running not in \
            legal[0].params["running_start"]:
        raise illegal("Jump to a hex across the chasm in a straight line.", JUMPING)
    cost = 2 if running else 1
    # seed 000, TERROR (P): a jump declared into contact tests (or charges) first
    if terror.before_move(ctx, fig, hex_at(to[0], to[1]), cost, how="jump",
                          running_start=running):
        return
    jump(ctx, fig, to, running)


def resume_jump(ctx, fig: Figure, item: dict) -> None:
    """A Terror charge across a chasm, after the charged figures' morale checks:
    the jump goes ahead if it is still possible (seed 000, TERROR (P))."""
    s = ctx.state
    to, running = item["to"], item["running_start"]
    legal = jump_options(s, fig, s.activation.actions)  # (none while engaged)
    if legal and to in legal[0].params["to"] and running in legal[0].params["running_start"]:
        jump(ctx, fig, to, running)


def jump(ctx, fig: Figure, to: list[int], running: bool) -> None:
    """The jump itself: slips, the jump roll (a Hero may re-roll it), the landing."""
    s = ctx.state
    target = hex_at(to[0], to[1])
    cost = 2 if running else 1
    slippery_start = s.board.kind(fig.pos).name == "slippery"
    slippery_landing = s.board.kind(target).name == "slippery"
    if slippery_start and not _keeps_footing(ctx, fig, "take-off", cost):
        return
    situational = (("running start", 1 if running else 0),
                   ("Heavy Armor", -2 if fig.has("Heavy Armor") else 0))
    if fig.animal and not (slippery_start or slippery_landing):  # (Swarms too)
        roll = {"dice": [], "automatic": 1, "target": 0, "successes": 1, "failures": 0}
    else:  # "MOST four legged animals will automatically pass ... unless ... slippery"
        roll = roll_quality(ctx, fig, 1, situational=situational)
        if hero.offer(ctx, fig, roll, {"rule": "jump", "to": to, "cost": cost}):
            return
    finish_jump(ctx, fig, to, cost, roll)


def finish_jump(ctx, fig: Figure, to: list[int], cost: int, roll: dict) -> None:
    """The jump roll is final (after any Hero re-roll): across, or short and down."""
    target = hex_at(to[0], to[1])
    slippery_landing = ctx.state.board.kind(target).name == "slippery"
    reach = RANGE[fig.move_category] if roll["successes"] else \
        JUMP_SHORTFALL[fig.move_category]
    span = distance(fig.pos, target)

    start = fig.pos
    if span <= reach:
        ctx.emit("jumped", figure=fig.id, to=to, cost=cost, reach=reach, **roll,
                 **contact_entry(ctx.state, fig, target))
        if slippery_landing:
            _keeps_footing(ctx, fig, "landing", 0)
        after_move(ctx, fig, start, walked=False)  # (tokens, markers, difficult ground)
        return
    short = _fell_short_at(ctx.state, fig, target, reach)
    if short is None:  # every chasm hex it could reach is taken: it stumbles where it is
        ctx.emit("actions_spent", figure=fig.id, cost=cost, reason="jump fell short")
        ctx.emit("fell", figure=fig.id, reason="no room in the chasm")
        return
    ctx.emit("jumped", figure=fig.id, to=[short[0], short[1]], cost=cost, reach=reach,
             fell_short=True, **roll, **contact_entry(ctx.state, fig, short))
    falling_damage(ctx, fig, "short", start)  # (then it arrives in the chasm)


def _fell_short_at(state: SbhState, fig: Figure, target: Hex, reach: int) -> Hex | None:
    """Where a jump that falls short comes down: the hex of its line `reach`
    hexes out, or, if a figure already lies there (one figure a hex), the
    nearest empty chasm hex of the line short of it; None if none is empty."""
    from server.rules.board.hex import line

    occupied = state.occupancy()
    cells = line(fig.pos, target)
    return next((c for c in reversed(cells[1:reach + 1]) if c not in occupied), None)
