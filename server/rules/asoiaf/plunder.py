"""Plunder tokens (seed 004, PLUNDER TOKENS and INTERACT): a model in contact
with a token, or standing on it, takes it with an interact action.
"- [coin token] scores 2 VP and gains 1 [coin]; - [agenda token] scores 2 VP,
draw 1 agenda card (page 13) from your remaining cards. When a plunder token has
been interacted with, it is removed from the battlefield." The coin gained and
the action's AP were icons: our readings, 1 silver and INTERACT 1 (asoiaf.md).
Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from collections.abc import Mapping

from server.rules.asoiaf.battlefield import Battlefield
from server.rules.asoiaf.state import State, replace
from server.rules.board.square import Square

PLUNDER = "seed 004, PLUNDER TOKENS"
PLUNDER_VP = 2      # both tokens: "scores 2 VP"
INTERACT_AP = 1     # "INTERACT 0, 1 or 2": 1 for a plunder token (ours)
COIN_GAINED = "silver"  # "gains 1 [coin]": the icon is lost (ours)


def within_reach(state: State, field: Battlefield, uid: str) -> list[Square]:
    """The tokens left that the model stands on or is in contact with ("A model in
    contact with an element can interact with it"), other models blocking sight."""
    model = state.model(uid)
    others = [sq for m in state.models if m.on_battlefield and m.uid != uid
              for sq in m.squares]
    return sorted(sq for sq in field.plunder if tuple(sq) not in state.plundered
                  and (sq in model.squares or field.in_contact(model.squares, [sq], others)))


def take(state: State, uid: str, square: tuple[int, int], kinds: Mapping,
         ap: int = INTERACT_AP) -> State:
    """The interact action's AP (none for a granted one), the VP, the coin for a
    coin token, the token gone. (An agenda token's card is drawn by its own,
    hidden, event: agendas.add_drawn.)"""
    model = state.model(uid)
    state = state.with_model(replace(model, ap=model.ap - ap))
    purses = dict(state.purses)
    if kinds[Square(*square)] == "coin":
        purse = purses[model.seat]
        purses[model.seat] = replace(purse, **{COIN_GAINED: getattr(purse, COIN_GAINED) + 1})
    return replace(state, purses=purses, plundered=state.plundered | {tuple(square)},
                   vp={**state.vp, model.seat: state.vp[model.seat] + PLUNDER_VP})
