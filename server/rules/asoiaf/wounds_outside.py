"""Wounds abilities outside the attack sequence (seed 004, ABILITIES: "are
wounds abilities. They can be used anytime a model loses at least 1 [wound] and
before the model would be killed"; OLDEST BROTHER: "right after they lose a
[wound] ... to cause a friendly model in contact to suffer any [wounds] that
would otherwise harm them").

A model that loses wounds to a terrain, an ability or a motivation outside an
attack, or inside one to anything but step 6 (an aftermath, an improvement or
defence ability bought, a will ability, a motivation), and has a usable wounds ability
(wounds_abilities.specs: its coins, a friendly model in contact) waits in
`State.wounds_waiting` (uid, wounds lost, wounds dealt, dealer: queued by
wounds_abilities.queue, below hits.py, which asks it) for its player:
`wounds_ability` or `decline_wounds_ability`, as in the attack's step 6. Every
wound is dealt through hits.wound / hits.wound_in_attack, which queue it: a
model the wounds leave with none stands with 0 wounds until the answer ("before
the model would be killed"), then is killed (outside an attack; inside one at
step 9) unless a pass gave its wounds back. On a pass the friend suffers all
the wounds dealt (hits.wound: it may die, or be asked in its turn). Rule
module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    conditions,
    hits,
    once_per,
    will_tokens,
    wounds_abilities,
)
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.state import State, replace
from server.rules.asoiaf.will_waiting import will_abilities_wait
from server.rules.kernel import CommandSpec, Decision, Event


def decision(state: State, pack, field) -> Decision:
    uid, lost, _, _ = state.wounds_waiting[0]
    model = state.model(uid)
    return Decision(model.seat, f"{model.card} lost {lost} wound{'s' if lost > 1 else ''}: "
                    "use a wounds ability?",
                    (*wounds_abilities.specs(state, pack, field, uid),
                     CommandSpec("decline_wounds_ability")))


def event(state: State, pack, args: dict, dice) -> Event:
    uid, lost, dealt, by = state.wounds_waiting[0]
    if not args.get("ability"):
        return Event("wounds_ability_answered", {"model": uid, "ability": "", "lost": lost,
                                                 "dealt": dealt, "by": by})
    needs_test, _ = wounds_abilities.redirect_shape(pack.abilities[args["ability"]])
    recorded, passed = Recorded(dice), True
    if needs_test:
        _, _, passed = will_tokens.roll(state, pack, recorded, state.model(uid))
    return Event("wounds_ability_answered", {"model": uid, "ability": args["ability"],
                                             "target": args["target"], "lost": lost,
                                             "dealt": dealt, "by": by,
                                             "will_faces": list(recorded.faces),
                                             "passed": passed})


def answered(state: State, pack, d: dict) -> State:
    """Pay, roll (its shaken token and tokens spent), and on a pass hand the
    wounds to the friend; a model still left with none is killed now (outside
    an attack; in one, at step 9)."""
    state = replace(state, wounds_waiting=state.wounds_waiting[1:])
    if d["ability"]:
        state = _used(state, pack, d)
    model = state.model(d["model"])
    if not model.wounds_left and model.on_battlefield and not hits.held_to_step_9(state):
        state = hits.fall(state, pack, model.uid, d.get("by", ""), as_killer=not state.attack)
    return state


def _used(state: State, pack, d: dict) -> State:
    model = state.model(d["model"])
    state = once_per.paid(state, model.uid, pack.abilities[d["ability"]])
    if d["will_faces"]:
        state, _, _ = will_tokens.roll(state, pack, Recorded(faces=d["will_faces"]), model)
        state = state.with_model(conditions.after_roll(state.model(model.uid)))
    if not d["passed"]:
        return state
    model = state.model(d["model"])
    state = state.with_model(replace(model, wounds_left=model.wounds_left + d["lost"]))
    # "any [wounds] that would otherwise harm them": all those dealt
    dealt, by = d.get("dealt", d["lost"]), d.get("by", "")
    state = hits.wound(state, pack, d["target"], dealt, by)  # (held to step 9 in an attack)
    if d["will_faces"]:  # BRAVADO: "after passing a will test"
        state = will_abilities_wait(state, pack, model.uid)
    return state
