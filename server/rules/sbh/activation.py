"""Choosing who acts (seed 000, ACTIVATION, FREE MOVES; AMBUSH: activating a
marker): the acting player activates a figure, rolling 1-3 Quality dice (a
magic-user, necromancer or teleporter declaring first whether it casts), or
gives one a free move, or activates an Ambush marker, or passes. The roll's
successes are the figure's actions (actions.py lists and checks them).
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.kernel import CommandSpec
from server.rules.sbh import (
    ambush,
    hero,
    magic_items,
    necromancy,
    scenario_rules,
    swarms,
    teleport,
)
from server.rules.sbh.context import illegal
from server.rules.sbh.figures import Figure
from server.rules.sbh.movement import (
    can_move,
    destination_lists,
    far_from_all_test,
    free_move_allowed,
    free_move_threats,
    move_cost,
)
from server.rules.sbh.quality import roll_quality, succeeds
from server.rules.sbh.state import SbhState, remembered
from server.rules.sbh.terrain import LONG
from server.rules.sbh.turns import end_turn

ACTIVATION = "seed 000, ACTIVATION"
PASS = CommandSpec("pass", "End your turn")  # (built once: see actions.END_ACTIVATION)


def can_activate(fig: Figure) -> bool:
    """On the table or carried by a mount, and not yet activated this turn."""
    return (not fig.activated and fig.status == "ready"
            and (fig.pos is not None or fig.carried_by is not None))


def is_carried(fig: Figure) -> bool:
    return fig.carried_by is not None and fig.status == "ready"


def activation_options(state: SbhState) -> list[CommandSpec]:
    seat = state.active_seat
    ready = [f for f in state.side(seat) if can_activate(f)]  # (incl. carried figures)
    specs = []
    plain, casters = [], []
    for f in ready:  # (most figures have none of the declaring rules: asked first)
        declares = not f.rules.keys().isdisjoint(_DECLARING_RULES) and _declares(f)
        (casters if declares else plain).append(f.id)
    if plain:
        specs.append(CommandSpec("activate", "Activate a figure with 1-3 dice",
                                 params={"figure": plain, "dice": [1, 2, 3]}))
    if casters:
        specs.append(CommandSpec("activate", "Activate a magic-user, necromancer or "
                                 "teleporter (declare casting or teleporting)",
                                 params={"figure": casters, "dice": [1, 2, 3],
                                         "cast": [False, True]}))
    # seed 000, FREE MOVES: no active enemy within 2 x Long
    far = far_from_all_test(free_move_threats(state, seat), 2 * LONG)
    movers = [f.id for f in ready if f.pos is not None and can_move(f) and far(f.pos)]
    if movers:
        specs.append(CommandSpec("free_move", "Free move instead of rolling (then choose "
                                 "where)", params={"figure": movers}))
    if state.magic_item is not None:
        specs.extend(magic_items.scroll_options(state, ready))
    specs.extend(ambush.activation_options(state))
    specs.append(PASS)
    return specs


_DECLARING_RULES = frozenset(("Magic-User", "Necromancer", "Teleport"))  # (see _declares)


def _casts(fig: Figure) -> bool:
    return (fig.has("Magic-User") and not fig.out_of_power) or necromancy.declares(fig)


def _declares(fig: Figure) -> bool:
    """Rolls that may backfire on three failures are declared before rolling
    (seed 000, ACTIVATION, EXCEPTION): spells, a Necromancer's raising of the
    dead, and seed 001's Teleport."""
    return _casts(fig) or teleport.declares(fig)


def do_activate(ctx, args: dict) -> None:
    s = ctx.state
    fig = _own_figure(s, args.get("figure"))
    dice = args.get("dice")
    if dice not in (1, 2, 3):
        raise illegal("Roll one, two or three activation dice.", ACTIVATION)
    if fig.activated:
        raise illegal(f"{fig.name} has already acted this turn.", ACTIVATION)
    scroll = args.get("scroll", False) is True
    casting = scroll or bool(args.get("cast", False))
    if casting and not scroll and not _declares(fig):
        raise illegal(f"{fig.name} cannot cast spells or teleport.", "seed 000, MAGIC")
    if scroll:
        roll = magic_items.roll_for_scroll(ctx, fig, dice)
    else:
        roll = roll_quality(ctx, fig, dice)
    then = {"rule": "activation", "dice": dice, "casting": casting}
    if hero.offer(ctx, fig, roll, dict(then, scroll=True) if scroll else then):
        return
    finish_activation(ctx, fig, dice, casting, roll, scroll=scroll)


def finish_activation(ctx, fig: Figure, dice: int, casting: bool, roll: dict, *,
                      scroll: bool = False) -> None:
    """The activation roll is final (after any Hero re-roll): the figure acts."""
    s = ctx.state
    if fig.has("Swarm") and swarms.activate_swarm(ctx, fig, dice, roll):
        return
    spell_only = 0
    bonus = (scenario_rules.spellcasting_bonus(s, fig) + fig.sorcery_bonus) if casting else 0
    if bonus:  # seed 000, MAGIC (Blarion): "apply the bonus only to the dice ... used to cast"
        spell_only = sum(1 for d in roll["dice"] if not succeeds(d, roll["target"])
                         and succeeds(d, roll["target"] - bonus))
        roll = dict(roll, failures=roll["failures"] - spell_only)
    bonus_dice = spell_only  # (failures again if no spell uses them: turns.activation_end)
    if scroll:  # successes only the scroll's Quality gives are for its spell
        by_scroll = magic_items.scroll_only_successes(s, fig, roll)
        roll = dict(roll, successes=roll["successes"] - by_scroll)
        spell_only += by_scroll
    triple_failure = casting and dice == 3 and roll["failures"] == 3
    out_of_power = (triple_failure and not scroll and _casts(fig)
                    and not scenario_rules.in_place_of_power(s, fig))  # FAILURES ON SPELLS
    used = {"sorcery": True} if casting and fig.sorcery_bonus else {}  # (only when used)
    if scroll:
        used["scroll"] = True
    if bonus_dice:  # (only then: events without them replay as before)
        used["bonus_dice"] = bonus_dice
        if (dice == 3 and not scroll and _casts(fig)
                and not scenario_rules.in_place_of_power(s, fig)):
            used["drains"] = True  # three failures, unused boosted dice included, drain
    ctx.emit("activated", figure=fig.id, casting=casting, out_of_power=out_of_power,
             spell_only=spell_only, **used, **roll)
    if scroll and triple_failure:
        ctx.emit("magic_item_spent", figure=fig.id, name="scroll",
                 reason="three failures casting from it")
    if fig.has("Mutant") and roll["successes"] + spell_only >= 2 and 6 in roll["dice"]:
        # seed 001, Mutant: "mutates on '6' roll if 2+ successes are rolled. Mutant
        # counts as Transfixed during the mutation turn" (its activation is over)
        ctx.emit("mutated", figure=fig.id)
    teleport.after_activation_roll(ctx, fig, dice, casting and not scroll, roll)


def do_free_move(ctx, args: dict) -> None:
    s = ctx.state
    fig = _own_figure(s, args.get("figure"))
    if fig.activated or fig.pos is None or not can_move(fig):
        raise illegal(f"{fig.name} cannot make a free move now.", "seed 000, FREE MOVES")
    if not free_move_allowed(s, fig):
        raise illegal(f"{fig.name} has an active enemy within 2 x Long: no free move.",
                      "seed 000, FREE MOVES")
    ctx.emit("free_move_started", figure=fig.id)


def free_move_destinations(state: SbhState, fig: Figure) -> list[list[int]]:
    """Seed 000, FREE MOVES: 'a single "non combat" move': one ordinary move
    that does not end in contact with an enemy. As [q, r] lists (remembered:
    checking the move looks the chosen hex up here)."""
    return remembered(state, ("free move", fig.id), lambda s: _free_move_destinations(s, fig))


def _free_move_destinations(state: SbhState, fig: Figure) -> list[list[int]]:
    return destination_lists(state, fig, 1, not_next_to=[
        e.pos for e in state.on_table() if e.seat != fig.seat])[0]


def free_move_to(state: SbhState, fig: Figure, to) -> bool:
    """`to in free_move_destinations(state, fig)`, tracing that one line only
    (checking a command should not cost as much as listing every option)."""
    if any(distance(e.pos, to) == 1 for e in state.on_table() if e.seat != fig.seat):
        return False
    return move_cost(state, fig, to, 1) == 1


def do_pass(ctx, args: dict) -> None:
    end_turn(ctx, reason="passed")


def _own_figure(state: SbhState, fig_id) -> Figure:
    fig = state.figures.get(fig_id) if isinstance(fig_id, str) else None
    if fig is None or fig.seat != state.active_seat or not (fig.on_table or is_carried(fig)):
        raise illegal(f"{fig_id!r} is not one of your figures on the table.", ACTIVATION,
                      code="unknown_figure")
    return fig


def do_activate_marker(ctx, args: dict) -> None:
    s = ctx.state
    marker, dice = args.get("marker"), args.get("dice")
    if s.active_seat != ambush.defender(s):
        raise illegal("Only the defender activates Ambush markers.", ambush.AMBUSH)
    if (not isinstance(marker, str) or marker not in s.markers
            or type(dice) is not int or dice not in (1, 2, 3)):
        raise illegal("Choose one of your markers and one to three dice.", ambush.AMBUSH)
    figure = ambush.reveal(ctx, marker, "activated")
    if figure is not None and s.figures[figure].on_table:
        do_activate(ctx, {"figure": figure, "dice": dice})
