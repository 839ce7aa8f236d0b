"""Mounted characters dismounting (seed 004, MOUNTED CHARACTERS), and the free
actions of an activation (seed 004, ABILITIES and ACTIVATING A MODEL).

"They can choose to dismount and become infantry as a free action at any point
during their activation. Remove the mounted model from the battlefield and place
the infantry model on any square previously occupied by the mounted version,
without any wounds or condition tokens." "If the mounted model's wounds are
reduced to 0, only the mount dies. The model does not perish. As with
dismounting, ... The infantry model is placed ... before any enemy model surges
forth." "if a model dismounts, they can't get back on their mount".

"without any wounds" is read as without wound tokens: the infantry model starts
with its card's full wounds (the tokens mark wounds lost, GAME TOKENS). The model
keeps its uid, its activation and its AP; only its card and footprint change.
Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import equipment
from server.rules.asoiaf.state import State, replace
from server.rules.board.square import Square
from server.rules.kernel import CommandSpec, Decision

MOUNTED = "seed 004, MOUNTED CHARACTERS"
# seed 004, ABILITIES: "The 1st time any free action is used during an activation
# doesn't require spending AP. A model may perform other free actions during
# their activation by spending 1 AP for each free action beyond the first."
EXTRA_FREE_ACTION_AP = 1


def free_action_ap(state: State) -> int:
    """The AP the active model's next free action costs."""
    return EXTRA_FREE_ACTION_AP if state.free_used else 0


def infantry_of(pack, model) -> str:
    """The infantry card a mounted model becomes, or "" for any other model."""
    card = pack.models[model.card]
    return card.infantry if card.large else ""


def mount_died(pack, model) -> bool:
    """A mounted model reduced to 0 wounds: only its mount dies."""
    return model.on_battlefield and model.wounds_left == 0 and bool(infantry_of(pack, model))


def may_dismount(state: State, pack, uid: str) -> bool:
    """The active model is mounted and can pay for a free action."""
    model = state.model(uid)
    return bool(infantry_of(pack, model)) and model.ap >= free_action_ap(state)


def squares(model) -> list[list[int]]:
    """"any square previously occupied by the mounted version"."""
    return [list(sq) for sq in model.squares]


def dismount(state: State, pack, uid: str, square, ap: int) -> State:
    """Swap the mounted model for its infantry model on `square` (one of its
    four), with full wounds and no condition token, spending `ap`."""
    model = state.model(uid)
    card = infantry_of(pack, model)
    if Square(*square) not in model.squares:
        raise ValueError(f"{square} is not under {model.card}")
    infantry = replace(model, card=card, large=False, square=tuple(square),
                       conditions=frozenset(), ap=model.ap - ap)
    wounds = pack.models[card].wounds + equipment.extra_wounds(pack, infantry)
    return state.with_model(replace(infantry, wounds_left=wounds))


def decision(state: State) -> Decision:
    """The first rider whose mount died, placed by its player."""
    rider = state.model(state.dismounting[0])
    return Decision(rider.seat, f"{rider.card}'s mount dies: place the infantry model "
                    "on a square it occupied.",
                    (CommandSpec("dismount", args={"model": rider.uid},
                                 params={"square": squares(rider)}),))


def rider_placed(state: State, pack, d: dict) -> State:
    """A rider whose mount died outside an attack (a Deceased side's wound)."""
    state = dismount(state, pack, d["model"], d["square"], 0)
    return replace(state, dismounting=tuple(u for u in state.dismounting if u != d["model"]))
