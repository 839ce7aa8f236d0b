"""`evolve` for the flow of play: activations (of a figure, a group, a Swarm),
the pending stack, the end of an activation and of a turn, draw offers and the
game's end (see evolve.py). Like the rest, they only record what happened.
"""

from __future__ import annotations

from collections.abc import Callable

from server.rules.sbh.evolve_common import changing as _fig
from server.rules.sbh.evolve_common import spend as _spend
from server.rules.sbh.evolve_common import touch as _touch
from server.rules.sbh.state import Activation, SbhState, turn_start_positions


def _activated(s: SbhState, d: dict) -> None:
    bonus_dice = d.get("bonus_dice", 0)  # (absent from events recorded before it)
    casting, scroll = d.get("casting", False), d.get("scroll", False)
    fig = s.figures[d["figure"]]
    s.activation = Activation(d["figure"], d["successes"], d["failures"] >= 2,
                              casting, spell_only=d.get("spell_only", 0), scroll=scroll,
                              bonus_dice=bonus_dice,
                              failures=d["failures"] if bonus_dice else 0,
                              drains=d.get("drains", False),
                              unannounced=not casting and not scroll
                              and len(d.get("dice", ())) < 3 and unannounced_caster(fig))
    if d.get("sorcery"):  # the sacrifice's bonus went into this casting roll
        _fig(s, d["figure"]).sorcery_bonus = 0
    if d.get("out_of_power"):
        _fig(s, d["figure"]).out_of_power = True


def unannounced_caster(fig) -> bool:
    """A magic-user with power left: it may cast after rolling one or two dice
    without announcing it (seed 000, ACTIVATION, EXCEPTION)."""
    return fig.has("Magic-User") and not fig.out_of_power


def _free_move_started(s: SbhState, d: dict) -> None:
    s.activation = Activation(d["figure"], 1, False, free_move=True)


def _skips_turn(s: SbhState, d: dict) -> None:
    _fig(s, d["figure"]).activated = True


def _group_ordered(s: SbhState, d: dict) -> None:
    _spend(s, d)


def _group_activated(s: SbhState, d: dict) -> None:
    for member in d["members"]:
        _fig(s, member).activated = True
    s.group = {"leader": d["leader"], "members": list(d["members"]),
               "all": list(d["members"]), "successes": d["successes"],
               "turnover": d["failures"] >= 2, "regroup": d["regroup"],
               "casters": list(d.get("casters", ()))}
    if len(d["dice"]) < 3 and any(
            m not in s.group["casters"] and unannounced_caster(s.figures[m])
            for m in d["members"]):  # (only then: other groups digest as before)
        s.group["small_roll"] = True  # its magic-users may cast unannounced
    for caster in d.get("out_of_power", ()):
        _fig(s, caster).out_of_power = True


def _group_member_started(s: SbhState, d: dict) -> None:
    s.group["members"] = [m for m in s.group["members"] if m != d["figure"]]
    casting = d["figure"] in s.group.get("casters", ()) and \
        not _fig(s, d["figure"]).out_of_power
    # seed 000, MAGIC IN GROUP ACTIVATIONS: "If the group is not going to roll
    # three dice, this is not needed" (the announcement)
    unannounced = not casting and s.group.get("small_roll", False) and \
        unannounced_caster(s.figures[d["figure"]])
    s.activation = Activation(d["figure"], d["actions"], False, casting,
                              unannounced=unannounced)


def _group_ended(s: SbhState, d: dict) -> None:
    s.group = None


def _pending_pushed(s: SbhState, d: dict) -> None:
    s.pending.append(dict(d["item"]))


def _pending_replaced(s: SbhState, d: dict) -> None:
    s.pending[-1] = dict(d["item"])


def _pending_popped(s: SbhState, d: dict) -> None:
    s.pending.pop()


def _activation_ended(s: SbhState, d: dict) -> None:
    if d["figure"] in s.figures:
        _fig(s, d["figure"]).activated = True
        if d.get("out_of_power"):  # unused boosted dice made three failures (turns.activation_end)
            _fig(s, d["figure"]).out_of_power = True
    s.activation = None


def _turn_passed(s: SbhState, d: dict) -> None:
    s.turn_start = {**s.turn_start, d["to"]: turn_start_positions(s)}  # (before anything moves)
    s.activation = None
    s.group = None
    s.active_seat = d["to"]
    s.turn = d["turn"]
    for fig in s.figures.values():
        if fig.seat == d["to"]:
            _touch(s, fig)
            fig.activated = False
            fig.attacked = None
            fig.moves = 0
            fig.contacted_this_turn = False
            fig.melee_attacks = 0
            fig.special_used = False
            continue
        if fig.contacted_this_turn or fig.melee_attacks:
            # Both mean "in the current turn" (seed 000, DASHING: "if he attacks in
            # the same turn he comes in contact with an enemy"; COMBAT MASTER's first
            # attack): the side whose turn ends loses them too, or a Dashing figure
            # that charged would get +1 on a free hack in the enemy's turn.
            _touch(s, fig)
            fig.contacted_this_turn = False
            fig.melee_attacks = 0
        if fig.transfixed_by == "mutation":
            _touch(s, fig)
            fig.transfixed_by = None  # the mutation turn is over (seed 001, Mutant)


def _draw_offered(s: SbhState, d: dict) -> None:
    s.draw_offer = d["seat"]  # (draws.py: it stands until answered or played on)


def _draw_declined(s: SbhState, d: dict) -> None:
    s.draw_offer = None


def _game_ended(s: SbhState, d: dict) -> None:
    s.phase = "over"
    s.draw_offer = None
    s.winner = d["winner"]
    s.end_reason = d["reason"]
    s.activation = None
    s.pending = []


TURN_EVOLVERS: dict[str, Callable[[SbhState, dict], None]] = {
    "activated": _activated,
    "free_move_started": _free_move_started,
    "skips_turn": _skips_turn,
    "group_ordered": _group_ordered,
    "group_activated": _group_activated,
    "group_member_started": _group_member_started,
    "group_ended": _group_ended,
    "pending_pushed": _pending_pushed,
    "pending_replaced": _pending_replaced,
    "pending_popped": _pending_popped,
    "activation_ended": _activation_ended,
    "turn_passed": _turn_passed,
    "game_ended": _game_ended,
    "draw_offered": _draw_offered,
    "draw_declined": _draw_declined,
}
