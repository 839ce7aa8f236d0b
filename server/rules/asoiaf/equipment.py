"""Equipment tokens in play (seed 004, EQUIPMENT TOKENS): the lasting effects of
the token a model carries (`Model.equipment`, from its warband entry).

Applied: `modify_roll` on the model's own attack, defence and will rolls (STEEL
ARROWHEADS, HEIRLOOM and VALYRIAN STEEL "+1 to attack rolls on all attack
modes", CASTLE-FORGED STEEL "+1 to defence rolls", FLASK OF MEAD "+2 to will
rolls"); `modify_value` of its wounds (HEIRLOOM ARMOR "+1 wound", from the
start); `immune_to_condition` (HOLY ICON, MILK OF THE POPPY "may not become");
`extra_squares` (PRISTINE BOOTS, for an infantry model). Tokens used "once per
game" (`change_die`, `kill_outright`, `kill_instead_of_capture`,
`restore_wounds`) and GLASS CANDLE's `see_all` are equipment_uses.py's.
Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf.cards.vocabulary import (
    ExtraSquares,
    ImmuneToCondition,
    ModifyRoll,
    ModifyValue,
)
from server.rules.asoiaf.state import Condition

EQUIPMENT = "seed 004, EQUIPMENT TOKENS"


def _lasting(pack, model, words: set[str]) -> list:
    """The effects of the model's token, when it is not a once-per-game token and
    its requirements are among `words`."""
    token = pack.equipment.get(model.equipment) if model.equipment else None
    if token is None or token.once_per_game or not set(token.requires) <= words:
        return []
    return token.effects


def roll_modifier(pack, model, roll: str, words: set[str] = frozenset()) -> int:
    return sum(e.by for e in _lasting(pack, model, set(words))
               if isinstance(e, ModifyRoll) and e.roll in (roll, "any"))


def extra_wounds(pack, model) -> int:
    return sum(e.by for e in _lasting(pack, model, {"infantry"} if not model.large else set())
               if isinstance(e, ModifyValue) and e.value == "wounds")


def extra_squares(pack, model) -> int:
    words = set() if model.large else {"infantry"}
    return sum(e.squares for e in _lasting(pack, model, words)
               if isinstance(e, ExtraSquares) and e.on == "move")


def immunities(pack, model) -> frozenset:
    """"This model may not become ...": from its card's abilities and its token."""
    card = pack.models[model.card]
    found = {Condition(e.condition) for name in card.abilities
             for e in pack.abilities[name].effects if isinstance(e, ImmuneToCondition)}
    found |= {Condition(e.condition) for e in _lasting(pack, model, set())
              if isinstance(e, ImmuneToCondition)}
    return frozenset(found)
