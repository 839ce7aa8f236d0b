"""Wounds abilities outside the attack sequence (seed 004, ABILITIES: "are
wounds abilities. They can be used anytime a model loses at least 1 [wound] and
before the model would be killed"; OLDEST BROTHER: "right after they lose a
[wound] ... to cause a friendly model in contact to suffer any [wounds] that
would otherwise harm them").

A model that loses wounds to a terrain, an ability or a motivation outside an
attack, survives, and has a usable wounds ability (wounds_abilities.specs: its
coins, a friendly model in contact) waits in `State.wounds_waiting` (uid, wounds
lost) for its player: `wounds_ability` or `decline_wounds_ability`, as in the
attack's step 6. On a pass the model gets its wounds back and the friend
suffers them (hits.wound: it may die). Wounds that kill outside an attack are
not offered (the kill is not held back: see docs/rules/asoiaf.md, What is
left). Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    charge_terrain,
    conditions,
    hits,
    once_per,
    will_tokens,
    wounds_abilities,
)
from server.rules.asoiaf.command_abilities import Recorded, will_abilities_wait
from server.rules.asoiaf.state import State, replace
from server.rules.kernel import CommandSpec, Decision, Event


def queue(state: State, pack, uid: str, lost: int) -> State:
    """After `uid` lost `lost` wounds outside an attack and lived: ask its
    player when it has a wounds ability it can use now."""
    if not lost or state.attack or not state.model(uid).on_battlefield:
        return state
    field = charge_terrain.field_now(state)
    if not wounds_abilities.specs(state, pack, field, uid):
        return state
    return replace(state, wounds_waiting=state.wounds_waiting + ((uid, lost),))


def decision(state: State, pack, field) -> Decision:
    uid, lost = state.wounds_waiting[0]
    model = state.model(uid)
    return Decision(model.seat, f"{model.card} lost {lost} wound{'s' if lost > 1 else ''}: "
                    "use a wounds ability?",
                    (*wounds_abilities.specs(state, pack, field, uid),
                     CommandSpec("decline_wounds_ability")))


def event(state: State, pack, args: dict, dice) -> Event:
    uid, lost = state.wounds_waiting[0]
    if not args.get("ability"):
        return Event("wounds_ability_answered", {"model": uid, "ability": "", "lost": lost})
    needs_test, _ = wounds_abilities.redirect_shape(pack.abilities[args["ability"]])
    recorded, passed = Recorded(dice), True
    if needs_test:
        _, _, passed = will_tokens.roll(state, pack, recorded, state.model(uid))
    return Event("wounds_ability_answered", {"model": uid, "ability": args["ability"],
                                             "target": args["target"], "lost": lost,
                                             "will_faces": list(recorded.faces),
                                             "passed": passed})


def answered(state: State, pack, d: dict) -> State:
    """Pay, roll (its shaken token and tokens spent), and on a pass hand the
    wounds to the friend."""
    state = replace(state, wounds_waiting=state.wounds_waiting[1:])
    if not d["ability"]:
        return state
    model = state.model(d["model"])
    state = once_per.paid(state, model.uid, pack.abilities[d["ability"]])
    if d["will_faces"]:
        state, _, _ = will_tokens.roll(state, pack, Recorded(faces=d["will_faces"]), model)
        state = state.with_model(conditions.after_roll(state.model(model.uid)))
    if not d["passed"]:
        return state
    model = state.model(d["model"])
    state = state.with_model(replace(model, wounds_left=model.wounds_left + d["lost"]))
    state = hits.wound(state, pack, d["target"], d["lost"])
    if d["will_faces"]:  # BRAVADO: "after passing a will test"
        state = will_abilities_wait(state, pack, model.uid)
    return state

