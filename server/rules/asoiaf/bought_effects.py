"""What an attack improvement or a defence ability does beside its roll (seed
004, ATTACK SEQUENCE: "2. The attacker declares whether they spend any coin to
modify the attack mode"; "4. The defender declares if they use an ability ...
spending coins if required"): a condition given or taken, wounds dealt or
restored, hits (a defence die each, as in step 5: hits.defend), coins or VP,
a change lasting beyond this roll (coins.bought_effect).

Each applies as its roll is made, before its dice (our reading: "Spending
extra coins must be declared before any dice are rolled", ATTACK MODES): a
defender made shaken by the attacker's improvement rolls its defence shaken,
a change lasting the round counts for this roll too. Wounds dealt so take
effect at once and, as an aftermath's (hits.wound_in_attack), remove a model
left with none at step 9 ("at the end of the current action"), its dealer
named its killer, a wounds ability (OLDEST BROTHER) asked first. Hits are
rolled with the roll's event, before its own dice (`dice`: the event keeps
their faces); without dice (a roll's terms for the odds) only the shaken token
their defence roll spends is counted, not their wounds. A will test rolls its
die from the same dice, in the effects' order (its model's LUCKY CHARM or an
engaged enemy's BLINDING POWDER asked first: will_tokens.py), then its
success's or failure's effects, "chosen" the model tested. An effect aimed at
models its player picks takes them from the command's `pick_1` ... (picks.py:
one per target words, the attack command's `target` being the model attacked).
Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    coins,
    command_abilities,
    conditions,
    hits,
    picks,
    will_tokens,
    will_waiting,
)
from server.rules.asoiaf.cards.vocabulary import DealHits, DealWounds, RestoreWounds, WillTest
from server.rules.asoiaf.state import State, replace

BOUGHT = "seed 004, ATTACK SEQUENCE steps 2 and 4 (coins spent to modify a roll)"


def apply(state: State, pack, owner: str, attacker: str, defender: str, effects,
          roll: str, dice=None, chosen: list | None = None) -> State:
    """The effects among `effects` that `roll` does not apply itself, each on
    the model it names: "self" `owner`, or the attacker or the defender, or
    the models picked (`chosen`: one value a pick, in picks.py's order)."""
    named = {"self": owner, "attacker": attacker, "defender": defender}
    bought = coins.bought_effects(effects, roll)
    picked = picks.Picks(bought, chosen) if chosen else None
    for effect in bought:
        for uid in _aimed(named, picked, effect, owner):
            state = _one(state, pack, owner, uid, effect, dice, named)
    return state


NOBODY = {"": []}  # a pick with nobody to pick: that set is not offered


def pick_params(state: State, pack, field, model, effects) -> dict:
    """The params picking the models bought effects aim at ("1 enemy model in
    short range" of `model`, the attacker or defender): {} when none picks,
    NOBODY when a pick has nobody to pick."""
    found = picks.candidates(state, pack, field, model, effects)
    if not picks.all_fit(found):
        return NOBODY
    return picks.numbered(found, effects)


def _aimed(named: dict, picked, effect, owner: str) -> list[str]:
    aim = getattr(effect, "target", None)
    if aim is None:  # coins and VP: its player's
        return [owner]
    if aim.who in named:
        return [named[aim.who]]
    found = picked.aim(effect) if picked is not None else None
    return list(found) if isinstance(found, list) else [found] if found else []


def _one(state: State, pack, owner: str, uid: str, effect, dice, named: dict) -> State:
    """`effect` on model `uid` (wounds and hits held to step 9 once the attack waits)."""
    if isinstance(effect, DealWounds):
        return _wounded(state, pack, uid, effect.wounds, owner)
    if isinstance(effect, DealHits):  # a defence die per hit, as in step 5
        count = hits.hit_count(pack, state.model(uid), effect)
        state, unblocked = hits.defend(state, pack, uid, count, dice)
        return _wounded(state, pack, uid, unblocked, owner)
    if isinstance(effect, RestoreWounds):
        return hits.restore(state, pack, uid, effect.wounds)
    if isinstance(effect, WillTest):
        return _tested(state, pack, owner, uid, effect, dice, named)
    # conditions, coins, VP and lasting changes: as a command ability's (on `uid`)
    return command_abilities.apply_effects(state, pack, owner, uid, [effect], None)


def _tested(state: State, pack, owner: str, uid: str, test, dice, named: dict) -> State:
    """Model `uid` rolls the will test ("A model asked to roll [a will test]
    rolls 1 die", seed 004, WILL TESTS), with the tokens discarded for it;
    then its success's or failure's effects, "chosen" the model tested."""
    state, _, passed = will_tokens.roll(state, pack, dice, state.model(uid))
    state = state.with_model(conditions.after_roll(state.model(uid)))
    if passed:  # seed 004, ABILITIES: BRAVADO "after passing a will test"
        state = will_waiting.will_abilities_wait(state, pack, uid)
    inner = {**named, "chosen": uid}
    for effect in test.on_success if passed else test.on_failure:
        for aimed in _aimed(inner, None, effect, owner):
            state = _one(state, pack, owner, aimed, effect, dice, inner)
    return state


def _wounded(state: State, pack, uid: str, wounds: int, owner: str) -> State:
    """`wounds` on `uid` from `owner`: held to step 9 once the attack waits
    (hits.wound_in_attack), else (the attack roll's terms) lost alone."""
    if state.attack:
        return hits.wound_in_attack(state, pack, uid, wounds, owner)
    model = state.model(uid)
    return state.with_model(replace(model, wounds_left=max(0, model.wounds_left - wounds)))
