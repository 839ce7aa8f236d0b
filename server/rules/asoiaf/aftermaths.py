"""Aftermath abilities (seed 004, ATTACK SEQUENCE: "7. If the attacker's attack
mode has an aftermath, it can be used now. Spend the required coin cost, if any.
8. If the defender has an aftermath ability, it can be used now"; ABILITIES
SPECIAL RULES, AFTERMATH): which can be used, and what using one does.

An aftermath is offered when its requirements are met, its `once_per` limit is
not used up, its cost is affordable and every effect is one this module applies,
aimed at the attacker, the defender or the model itself ("self"):
`deal_wounds` (no defence roll; a model left with none is removed at step 9),
`deal_hits` (a defence die per hit, hits.defend: the wounds likewise),
`apply_condition`, `remove_condition`, `restore_wounds` (never beyond the
card's wounds), `gain_coins`, `score_vp` and `draw_agenda` (its player's; the cards in
events only that player sees), `modify_roll`
until the end of the activation (State.roll_bonuses) or longer and
`modify_value` (lasting.py), `grant_action` (the action performed once the
attack is over: granted.py), and a `will_test` whose effects of these kinds
(no pick, move or card drawn) aim at the model it tests ("chosen"), the
attacker, the defender or the model itself (its die, and any hits' defence
dice, rolled when the aftermath is used: the event keeps them; LUCKY CHARM and
BLINDING POWDER are asked first, will_tokens.py). An effect may aim at 1
friendly or enemy model its player picks (`aftermath`'s `params.target`; later
"chosen" effects mean it), `count` of them (`params.targets`) or every model
its words fit (`count` 0), one such pick an aftermath; and `move_model` of the
model itself, the
attacker or the defender in a "free" direction: a move by the MOVE ACTION's
rules of up to its `squares` to the square its player picks (`params.square`),
or of the other side "away" / "towards" the aftermath's model (forced_moves.py:
its player picks among the squares the rule leaves).
Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

import msgspec

from server.rules.asoiaf import (
    charge_terrain,
    coins,
    command_abilities,
    command_shapes,
    conditions,
    forced_moves,
    hits,
    lasting,
    objectives,
    once_per,
    picks,
    terrain_entry,
    will_tokens,
)
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
from server.rules.asoiaf.movement import move_squares
from server.rules.asoiaf.state import State
from server.rules.asoiaf.will_waiting import will_abilities_wait

AFTERMATH = "seed 004, ATTACK SEQUENCE steps 7-8 (aftermaths)"
TARGETS = ("self", "attacker", "defender", "friendly", "enemy", "chosen")
# the models an aftermath may move: known when it is offered (not a picked one)
_MOVERS = ("self", "attacker", "defender")
_PICKED = ("friendly", "enemy", "chosen")
_AIMED = (DealWounds, DealHits, ApplyCondition, RemoveCondition, RestoreWounds, ModifyRoll,
          ModifyValue)


def known(effects, tested: str = "") -> bool:
    return unknown(effects, tested) is None


def unknown(effects, tested: str = "") -> str | None:
    """Why this module does not apply every effect (None: it does; `tested`:
    inside a will test, the model it tests; its effects aim at that model,
    "chosen" or "self")."""
    if not effects:
        return "it has no effect"
    reason = _picks_unknown(effects)
    if reason:
        return reason
    for effect in effects:
        tag = effect.__struct_config__.tag
        if isinstance(effect, GainCoins | ScoreVP):
            continue
        if isinstance(effect, DrawAgenda):  # (cards drawn in events: not from inside a
            if tested:  # will test)
                return "an aftermath's will test draws no agenda cards"
            continue
        if isinstance(effect, GrantAction):  # done once the attack is over (granted.py)
            # (inside a will test: the model tested, or the aftermath's own)
            aims = (tested, "self", "chosen") if tested \
                else ("self", "attacker", "defender", "friendly")
            problem = command_shapes.granted_later_problem(effect, "an aftermath's")
            if problem:
                return problem
            if effect.target.who not in aims:
                return (f"an aftermath grants an action to {', '.join(map(repr, aims))}, "
                        f"not '{effect.target.who}'")
            continue
        if isinstance(effect, MoveModel) and effect.target.who in _PICKED:
            # a picked model's move: asked once the attack is over (granted.py)
            if tested:
                return "an aftermath's will test moves no model"
            if sum(isinstance(e, MoveModel | GrantAction) for e in effects) > 1:
                return ("an aftermath moving a picked model makes no other move or grant "
                        "(one waits at a time)")
            continue
        if isinstance(effect, MoveModel):  # "this model may move": its player's square
            if tested:
                return "an aftermath's will test moves no model"
            if effect.target.who not in _MOVERS:
                return f"an aftermath does not move '{effect.target.who}'"
            if effect.direction != "free" and effect.target.who == "self":
                return ("an aftermath moves the model itself 'free' only (AWAY / TOWARDS "
                        "is from the aftermath's own model)")
            if sum(isinstance(e, MoveModel) for e in effects) > 1:
                return "an aftermath makes one move; one square is asked"
            continue
        if not isinstance(effect, (*_AIMED, WillTest)):
            return (f"a '{tag}' effect is none an aftermath applies (it applies wounds, "
                    "hits, conditions, wounds back, lasting changes, will tests, moves, "
                    "granted actions, coins, VP and agenda cards)")
        if effect.target.who not in TARGETS:
            return f"an aftermath's '{tag}' effect does not aim at '{effect.target.who}'"
        if isinstance(effect, ModifyRoll | ModifyValue) and (lost := lasting.unstored(effect)):
            return lost  # (the activation: roll_bonuses; longer: lasting.py)
        if tested and effect.target.who not in (*_MOVERS, "chosen"):
            return ("an aftermath's will test aims its effects at the model tested "
                    "('chosen'), the attacker, the defender or 'self': no new pick once the "
                    "die is rolled")
        if isinstance(effect, WillTest):
            if tested:
                return "an aftermath's will test holds no will test"
            inner = next((r for r in (unknown([e], effect.target.who)
                                      for e in effect.on_success + effect.on_failure)
                          if r), None)
            if inner:
                return inner
    return None


def _picks_unknown(effects) -> str | None:
    """Any number of picks (1 model, or `count` of them: each then has the
    effect, and later "chosen" ones; one pick per target words, picks.py); any
    number aim at every model their words fit (`count` 0). Several models only
    have what each can have in turn (command_abilities.many): not a will test,
    a grant or a move (one waits at a time)."""
    aimed = [e for e in effects if getattr(e, "target", None) is not None
             and e.target.who in picks.CHOOSERS]
    if not all(e.target.count == 1 or (command_abilities.many(e)
                                       and not isinstance(e, MoveModel)) for e in aimed):
        return "an aftermath moves one picked model, not several"
    return None


def pick_params(state: State, pack, field, owner, ability) -> dict:
    """The aftermath command's params picking its models: {"target": [...]}
    (1 model), {"targets": [[...], ...]} (each set of `count`), `pick_1` ...
    for several picks; {} when it picks none."""
    return picks.params(targets(state, pack, field, owner, ability), ability.effects)


def targets(state: State, pack, field, owner, ability) -> list[list[str]] | None:
    """For each pick, the models its player may pick ("1 enemy model in short
    range"), None when the aftermath picks none."""
    return picks.candidates(state, pack, field, owner, ability.effects)


def squares(state: State, field, owner, ability) -> list[list[int]] | None:
    """Where its `move_model` may take the model it moves (itself, the
    attacker or the defender): a move by the MOVE ACTION's rules of up to its
    `squares` (engaged or not); None when it moves nobody."""
    move = next((e for e in ability.effects
                 if isinstance(e, MoveModel) and e.target.who in _MOVERS), None)
    if move is None:  # (a picked model's move is asked after the attack)
        return None
    mover = _mover(state.attack, owner.uid, move)
    if move.direction != "free":  # AWAY / TOWARDS the aftermath's model
        return forced_moves.squares(state, field, mover, owner.uid, move.squares,
                                    move.direction)
    return move_squares(state, field, mover, move.squares)


def _mover(pending, owner_uid: str, move) -> str:
    return named_models(pending, owner_uid, None)[move.target.who]


def usable(state: State, pack, field, owner, found, words: set[str]) -> list:
    """The aftermaths among `found` model `owner` may use now (one that picks a
    model has one to pick, one that moves it somewhere to go)."""
    return [a for a in found
            if coins.requirements_met(a.requires, words)
            and once_per.available(state, owner.uid, a)
            and coins.affordable(state.purses[owner.seat], a.cost)
            and known(a.effects) and picks.all_fit(targets(state, pack, field, owner, a))
            and squares(state, field, owner, a) != []]


def named_models(pending, owner_uid: str, target) -> dict:
    """What each target word names in this attack ("chosen": the picked model)."""
    return {"self": owner_uid, "attacker": pending.attacker, "defender": pending.target,
            "friendly": target, "enemy": target, "chosen": target}


def _aimed(state: State, pack, owner_uid: str, named: dict, effect) -> list[str]:
    """The models `effect` touches: the one its words name, each model picked,
    or (`count` 0) every model its words fit as it resolves."""
    aim = getattr(effect, "target", None)
    if aim is None:
        return [owner_uid]
    if aim.who in picks.CHOOSERS and aim.count == 0:
        field, owner = charge_terrain.field_now(state), state.model(owner_uid)
        return [o.uid for o in state.models
                if picks.fits(state, field, owner, o, aim, pack)]
    uid = named[aim.who]
    return list(uid) if isinstance(uid, list) else [uid] if uid else []


def apply(state: State, pack, pending, owner_uid: str, ability, dice,
          target=None, square=None) -> State:
    """Pay, then each effect on each model it names (`target`: the model or
    models picked); `dice` roll or replay the will tests and hits
    (recorded_dice.Recorded)."""
    state = once_per.paid(state, owner_uid, ability)
    for effect in ability.effects:
        # (several picks: the effect's own, "chosen" the latest before it: picks.py)
        named = named_models(pending, owner_uid, target.aim(effect)
                             if isinstance(target, picks.Picks) else target)
        if isinstance(effect, DrawAgenda):
            continue  # drawn in the events that follow (combat_commands.py)
        if isinstance(effect, MoveModel) and effect.target.who in _MOVERS:
            uid = _mover(pending, owner_uid, effect)
            state = terrain_entry.moved_by_ability(state, pack, uid, square, effect.squares,
                                                   dice)
            state = objectives.reveal_under(state, state.model(uid).squares)
            continue
        for uid in _aimed(state, pack, owner_uid, named, effect):
            state = _one(state, pack, owner_uid, uid, effect, dice)
    return state


def _one(state: State, pack, owner_uid: str, uid: str, effect, dice) -> State:
    """`effect` on model `uid`: wounds lost at once (a model left with none is
    removed at step 9), as a command ability applies the rest."""
    model = state.model(uid)
    if isinstance(effect, DealWounds | DealHits):
        lost = effect.wounds if isinstance(effect, DealWounds) else 0
        if isinstance(effect, DealHits):  # a defence die per hit, as in step 5
            state, lost = hits.defend(state, pack, uid,
                                      hits.hit_count(pack, model, effect), dice)
            model = state.model(uid)
        return hits.wound_in_attack(state, pack, uid, lost, owner_uid)
    if isinstance(effect, RestoreWounds):
        return hits.restore(state, pack, uid, effect.wounds)
    if isinstance(effect, WillTest):
        return _tested(state, pack, owner_uid, uid, effect, dice)
    # conditions, coins, VP and lasting changes
    one = effect
    if getattr(effect, "target", None) is not None and effect.target.count != 1:
        one = msgspec.structs.replace(effect, target=msgspec.structs.replace(
            effect.target, count=1))  # (each model aimed at in turn)
    return command_abilities.apply_effects(state, pack, owner_uid, uid, [one], dice)


def _tested(state: State, pack, owner_uid: str, uid: str, test, dice) -> State:
    """Model `uid` rolls the will test (its LUCKY CHARM or an engaged enemy's
    BLINDING POWDER first: will_tokens.py); its effects then apply as the
    aftermath's own, on the model each names ("chosen": the model tested)."""
    model = state.model(uid)
    state, _, passed = will_tokens.roll(state, pack, dice, model)
    state = state.with_model(conditions.after_roll(state.model(uid)))
    if passed:  # seed 004, ABILITIES: BRAVADO "after passing a will test"
        state = will_abilities_wait(state, pack, uid)
    named = {**named_models(state.attack, owner_uid, None), "chosen": uid}
    for effect in test.on_success if passed else test.on_failure:
        for aimed in _aimed(state, pack, owner_uid, named, effect):
            state = _one(state, pack, owner_uid, aimed, effect, dice)
    return state
