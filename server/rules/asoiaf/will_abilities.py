"""Will abilities (seed 004, ABILITIES: abilities used "when this model makes a
will test"): BRAVADO, "1 silver after passing a will test: one enemy engaged with
this model becomes shaken" (its cost ours).

After a model passes a will test made through the command abilities' effects
(command_abilities.apply_effects: LOYALLY REBELLIOUS, THORNY WIT, the War Horn,
DOWAGER'S RESOURCES) or a wounds ability's (OLDEST BROTHER),
each of its `will` abilities whose only requirement is `will_test_passed`, made
of condition effects, and that its player can pay, waits in
`State.will_triggers` (seat, model, ability) for its player: `will_ability` with
the model to target, or `decline_will_ability`. Rule module: reads state.py,
never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import coins, command_abilities, once_per
from server.rules.asoiaf.state import replace
from server.rules.kernel import CommandSpec, Decision, Event

WILL = "seed 004, ABILITIES (will abilities)"


def decision(state, pack, field) -> Decision:
    seat, uid, name = state.will_triggers[0]
    model, ability = state.model(uid), pack.abilities[name]
    picker = command_abilities.chooser(ability.effects)
    targets = [o.uid for o in state.models
               if picker and command_abilities.fits(state, field, model, o, picker.target, pack)]
    options = []
    if model.on_battlefield and coins.affordable(state.purses[seat], ability.cost) \
            and (picker is None or targets):
        options.append(CommandSpec("will_ability", label=name, args={"ability": name},
                                   params={"target": targets} if picker else {}))
    return Decision(seat, f"{model.card} passed a will test: use {name}?",
                    (*options, CommandSpec("decline_will_ability")))


def event(args: dict) -> Event:
    return Event("will_ability_used", {"ability": args.get("ability", ""),
                                       "target": args.get("target")})


def used(state, pack, d: dict):
    """The first waiting will ability, paid and applied, or declined."""
    _, uid, name = state.will_triggers[0]
    state = replace(state, will_triggers=state.will_triggers[1:])
    if not d["ability"]:
        return state
    ability = pack.abilities[name]
    state = once_per.paid(state, uid, ability)
    return command_abilities.apply_effects(state, pack, uid, d["target"], ability.effects,
                                           command_abilities.Recorded(faces=()))
