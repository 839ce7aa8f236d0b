"""Wounds abilities in the attack sequence (seed 004, ABILITIES: "are wounds
abilities. They can be used anytime a model loses at least 1 [wound] and before
the model would be killed"): OLDEST BROTHER, "right after they lose a [wound].
They need to spend 4 [copper], then pass a [will] test to cause a friendly model
in contact to suffer any [wounds] that would otherwise harm them".

Offered to the defender right after step 6 when it lost wounds, for abilities
made of `redirect_wounds`, alone or as the success of a `will_test` on the
model itself; after wounds lost anywhere else the model waits in
`State.wounds_waiting` (`queue`, which hits.py calls; wounds_outside.py asks).
The coins are spent whether or not the test passes; a passed test lets the
model's will abilities wait (BRAVADO, will_abilities.py)."""

from __future__ import annotations

from server.rules.asoiaf import charge_terrain, coins, conditions, once_per, will_tokens
from server.rules.asoiaf.cards.vocabulary import RedirectWounds, WillTest
from server.rules.asoiaf.picks import fits
from server.rules.asoiaf.state import State, replace
from server.rules.asoiaf.will_waiting import will_abilities_wait
from server.rules.dice import Dice
from server.rules.kernel import CommandSpec, Event

WOUNDS = "seed 004, ABILITIES (wounds abilities)"


def redirect_shape(ability):
    """(needs a will test, the redirect effect) of a supported ability, else None."""
    effects = ability.effects
    if len(effects) == 1 and isinstance(effects[0], RedirectWounds):
        return False, effects[0]
    if (len(effects) == 1 and isinstance(effects[0], WillTest)
            and effects[0].target.who == "self" and not effects[0].on_failure
            and len(effects[0].on_success) == 1
            and isinstance(effects[0].on_success[0], RedirectWounds)):
        return True, effects[0].on_success[0]
    return None


def unsupported(ability) -> str | None:
    """Why a `wounds` ability is never offered (None: it can be)."""
    if ability.requires:
        return ("a wounds ability is offered whenever the model loses wounds, with no "
                "'requires'; drop them")
    if redirect_shape(ability) is None:
        return ("a wounds ability is a 'redirect_wounds' alone, or a 'will_test' of the "
                "model itself ('self') with that 'redirect_wounds' alone as its "
                "'on_success' and no 'on_failure' (OLDEST BROTHER)")
    return None


def specs(state: State, pack, field, uid: str) -> list[CommandSpec]:
    """The defender's usable wounds abilities, each with the friendly models it
    may hand the wounds to."""
    model = state.model(uid)
    found = []
    for name in pack.models[model.card].abilities:
        ability = pack.abilities[name]
        shape = redirect_shape(ability) if ability.timing == "wounds" else None
        if shape is None or unsupported(ability) or not once_per.available(state, uid, ability) \
                or not coins.affordable(state.purses[model.seat], ability.cost):
            continue
        targets = [o.uid for o in state.models
                   if fits(state, field, model, o, shape[1].target, pack)]
        if targets:
            found.append(CommandSpec("wounds_ability", label=name, args={"ability": name},
                                     params={"target": targets}))
    return found


def queue(state: State, pack, uid: str, lost: int, dealt: int = 0, by: str = "") -> State:
    """After `uid` lost `lost` of the `dealt` wounds model `by` dealt ("" for a
    terrain): ask its player when it has a wounds ability it can use now (every
    wound but step 6's, which the attack asks itself; wounds_outside.py asks).
    Left with none, it stands with 0 wounds until the answer (its kill held
    back)."""
    if not lost or not state.model(uid).on_battlefield:
        return state
    field = charge_terrain.field_now(state)
    if not specs(state, pack, field, uid):
        return state
    waiting = (uid, lost, max(dealt, lost), by)
    return replace(state, wounds_waiting=state.wounds_waiting + (waiting,))


def event(state: State, pack, args: dict, dice: Dice) -> Event:
    pending = state.attack
    model = state.model(pending.target)
    needs_test, _ = redirect_shape(pack.abilities[args["ability"]])
    face, passed = None, True
    if needs_test:
        _, face, passed = will_tokens.roll(state, pack, dice, model)  # (its tokens)
    return Event("wounds_ability_used", {"model": model.uid, "ability": args["ability"],
                                         "target": args["target"], "will_face": face,
                                         "passed": passed})


def used(state: State, pack, d: dict) -> State:
    """Pay; after a will test the shaken token goes; on success the wounds this
    attack dealt go to the chosen friendly model instead (the defender gets back
    the ones it lost)."""
    if not d["ability"]:
        return state
    model = state.model(d["model"])
    state = once_per.paid(state, model.uid, pack.abilities[d["ability"]])
    if d["will_face"] is not None:
        model = conditions.after_roll(model)
    wounds = state.attack.wounds
    if d["passed"]:
        model = replace(model, wounds_left=model.wounds_left + state.attack.lost)
        other = state.model(d["target"])
        state = state.with_model(replace(other, wounds_left=max(0, other.wounds_left - wounds)))
        # the defender lost nothing after all (OBSIDIAN DAGGER's "deals at least 1 wound")
        state = replace(state, attack=replace(state.attack, lost=0))
    state = state.with_model(model)
    if d["will_face"] is not None and d["passed"]:  # BRAVADO: "after passing a will test"
        state = will_abilities_wait(state, pack, model.uid)
    return state
