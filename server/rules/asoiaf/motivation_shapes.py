"""What a motivation card's sides can say (motivations.py applies them): the
one list the engine offers by and the pack checker refuses by
(cards/engine_shapes.py), each refusal with its reason. Rule module: never
imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import command_shapes, lasting, picks
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    DealHits,
    DealWounds,
    DrawAgenda,
    GainCoins,
    GrantAction,
    ModifyRoll,
    ModifyValue,
    MoveModel,
    RemoveCondition,
    RestoreWounds,
    ScoreVP,
    WillTest,
)

# the triggers each side waits for (alive_triggers, after_plunder, deceased_side)
SIDE_TRIGGERS = {"alive": ("kills_enemy", "captures_enemy", "interacts_plunder"),
                 "deceased": ("killed",)}


def unsupported(ability, side: str) -> str | None:
    """Why an ability on a motivation card's `side` ("alive" or "deceased") is
    never offered (None: it can be)."""
    wanted = SIDE_TRIGGERS[side]
    if ability.timing != "trigger" or ability.trigger not in wanted:
        return (f"a motivation's {side.title()} side is used on the trigger "
                f"{' / '.join(map(repr, wanted))}, not as a '{ability.timing}' ability"
                + (f" on '{ability.trigger}'" if ability.trigger else ""))
    return unoffered(ability)


def offered(ability) -> bool:
    return unoffered(ability) is None


def unoffered(ability) -> str | None:
    """Why the engine does not know every effect of the trigger (the module's
    list; None: it does). Its picks are picks.py's: one per target words."""
    if not ability.effects:
        return "it has no effect"
    return next((r for r in (unknown(e, ability.trigger) for e in ability.effects) if r),
                None)


# what an Alive side may aim at models its player picks
PICKED = ApplyCondition | RemoveCondition | ModifyRoll | ModifyValue | MoveModel | GrantAction


def picked(effect, trigger) -> bool:
    """A token, a lasting change, a move (waiting its turn) or a granted action
    for friendly or enemy models its player picks around the hero on its Alive
    side (`count` of them; one pick per target words: picks.py)."""
    t = getattr(effect, "target", None)
    return trigger != "killed" and t is not None and t.who in picks.CHOOSERS \
        and t.count >= 1 and isinstance(effect, PICKED)


def pickers(ability) -> list:
    """The effects naming each of the side's picks, in order (picks.py)."""
    return picks.pickers([e for e in ability.effects if picked(e, ability.trigger)])


def known(effect, trigger) -> bool:
    return unknown(effect, trigger) is None


def unknown(effect, trigger) -> str | None:
    """Why a motivation does not apply `effect` (None: it does). Effects of a
    motivation: VP, coins and agenda cards for its player; the model that
    killed the hero ("trigger_model", on a Deceased side: wounds or a token);
    the hero itself on its Alive side (wounds back, a token); a token for
    every friendly or enemy model around the hero."""
    tag = effect.__struct_config__.tag
    if isinstance(effect, ScoreVP | GainCoins | DrawAgenda):
        return None
    side = "Deceased" if trigger == "killed" else "Alive"
    mine = "trigger_model" if trigger == "killed" else "self"
    around = ("every friendly or enemy model around the hero (count = 0, within "
              "'short_range' or 'anywhere', no types or state)")
    if isinstance(effect, DealWounds | DealHits):  # (the killer, or every model around)
        if trigger == "killed" and (effect.target.who == "trigger_model"
                                    or around_words(effect.target)):
            return None
        return (f"a motivation deals '{tag}' only on its Deceased side, to the model that "
                f"killed the hero ('trigger_model') or to {around}")
    if isinstance(effect, RestoreWounds):
        return None if effect.target.who == "self" and trigger != "killed" else (
            "a motivation restores the wounds of the hero itself ('self'), on its Alive side")
    if isinstance(effect, ModifyRoll | ModifyValue):  # lasting.py
        if not (effect.target.who == mine or picked(effect, trigger)):
            return (f"a motivation's '{tag}' on its {side} side aims at '{mine}'"
                    + (" or friendly or enemy models its player picks"
                       if trigger != "killed" else ""))
        return lasting.unstored(effect)
    if isinstance(effect, GrantAction):  # "he may perform 1 [action]": granted.py
        problem = command_shapes.granted_later_problem(effect, "a motivation's")
        if problem:
            return problem
        if trigger == "killed":  # every friend around where he fell, each in turn
            return None if around_words(effect.target) and effect.target.who == "friendly" \
                else ("a Deceased side grants an action to every friendly model around "
                      "where the hero fell (who = 'friendly', count = 0)")
        return None if effect.target.who == "self" or picked(effect, trigger) else \
            ("an Alive side grants an action to the hero itself ('self') or to friendly "
             "or enemy models its player picks (count 1 or more)")
    if isinstance(effect, MoveModel):  # the hero's "he may move", or picked models'
        if trigger != "killed" and (picked(effect, trigger) or (
                effect.target.who == "self" and effect.direction == "free")):
            return None
        return ("a motivation's 'move_model' is on its Alive side: the hero's own 'free' "
                "move, or friendly or enemy models its player picks (count 1 or more)")
    if isinstance(effect, WillTest):  # the hero (Alive) or its killer (Deceased) tested
        if effect.target.who != mine:
            return f"a will test on a motivation's {side} side tests '{mine}'"
        for e in effect.on_success + effect.on_failure:
            if isinstance(e, ScoreVP | GainCoins):
                continue
            if isinstance(e, WillTest | DrawAgenda) or unknown(e, trigger) \
                    or e.target.who != mine:
                return (f"a will test on a motivation's {side} side holds VP, coins or "
                        f"effects aimed at the model tested ('{mine}'), no will test or "
                        "agenda cards")
        return None
    if isinstance(effect, RemoveCondition | ApplyCondition):
        t = effect.target
        return None if t.who == mine or picked(effect, trigger) or around_words(t) \
            else (f"a motivation's '{tag}' on its {side} side aims at '{mine}', "
                  + ("friendly or enemy models its player picks, "
                     if trigger != "killed" else "")
                  + f"or {around}")
    return (f"a '{tag}' effect is none a motivation applies (it applies VP, coins, "
            "agenda cards, conditions, wounds, hits, wounds back, lasting changes, a "
            "will test, the hero's move and granted actions)")


def around_words(t) -> bool:
    """Every friendly or enemy model around the hero (`_around`)."""
    return t.who in picks.CHOOSERS and t.count == 0 and not t.types \
        and not t.state and t.within in ("short_range", "anywhere")
