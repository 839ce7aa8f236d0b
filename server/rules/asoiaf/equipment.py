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
    ChangeDie,
    ExtraSquares,
    ImmuneToCondition,
    KillInsteadOfCapture,
    KillOutright,
    ModifyRoll,
    ModifyValue,
    RestoreWounds,
    SeeAll,
)
from server.rules.asoiaf.state import Condition

EQUIPMENT = "seed 004, EQUIPMENT TOKENS"


# what a token does while it is kept (here), and what it does as it is discarded
# once per game (equipment_uses.py); GLASS CANDLE's `see_all` either way
KEPT = "'modify_roll', 'modify_value' of 'wounds', 'extra_squares' on 'move', " \
    "'immune_to_condition'"
SPENT = (ChangeDie, KillOutright, KillInsteadOfCapture, RestoreWounds)
# a condition may come at any moment, from anywhere: whether the model is immune is
# judged with no table (`immunities`), so only "infantry" may be required
IMMUNE_REQUIRES = ("an 'immune_to_condition' counts with no 'requires' but 'infantry' (it is "
                   "judged whenever the condition would come, wherever the model stands)")


def unsupported(token) -> str | None:
    """Why the engine would never use an equipment token (None: it may): its
    kept effects are read here, its discarded ones by equipment_uses.py."""
    for effect in token.effects:
        tag = effect.__struct_config__.tag
        if isinstance(effect, SeeAll):
            continue
        if isinstance(effect, SPENT):
            if not token.once_per_game:
                return (f"a token's '{tag}' is used as the token is discarded; mark it "
                        "'once_per_game'")
        elif isinstance(effect, ImmuneToCondition) and not set(token.requires) <= {"infantry"}:
            return IMMUNE_REQUIRES
        elif isinstance(effect, ModifyRoll | ImmuneToCondition) \
                or (isinstance(effect, ModifyValue) and effect.value == "wounds") \
                or (isinstance(effect, ExtraSquares) and effect.on == "move"):
            if token.once_per_game:
                return (f"a token's '{tag}' counts while the token is kept; a "
                        "'once_per_game' token counts only as it is discarded")
        else:
            return (f"a '{tag}' effect is none a token has (kept: {KEPT}; discarded once "
                    "per game: 'change_die', 'kill_outright', 'kill_instead_of_capture', "
                    "'restore_wounds'; either: 'see_all')")
    return None


def _lasting(pack, model, words: set[str]) -> list:
    """The effects of the model's token, when it is not a once-per-game token and
    its requirements are among `words`."""
    token = pack.equipment.get(model.equipment) if model.equipment else None
    if token is None or token.once_per_game or not set(token.requires) <= words \
            or unsupported(token):
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
    """"This model may not become ...": from its card's passive abilities and its
    token, their `requires` judged as GLASS CANDLE's (only "infantry" is known
    here, with no table: `unsupported` and passives.unsupported refuse others)."""
    words = set() if model.large else {"infantry"}
    card = pack.models[model.card]
    found = {Condition(e.condition) for name in card.abilities
             for ability in [pack.abilities[name]]
             if ability.timing == "passive" and set(ability.requires) <= words
             for e in ability.effects if isinstance(e, ImmuneToCondition)}
    found |= {Condition(e.condition) for e in _lasting(pack, model, words)
              if isinstance(e, ImmuneToCondition)}
    return frozenset(found)
