"""Will abilities (seed 004, ABILITIES: abilities used "when this model makes a
will test"): BRAVADO, "1 silver after passing a will test: one enemy engaged with
this model becomes shaken" (its cost ours).

After a model passes a will test made through the command abilities' effects
(command_abilities.apply_effects: LOYALLY REBELLIOUS, THORNY WIT, the War Horn,
DOWAGER'S RESOURCES) or a wounds ability's (OLDEST BROTHER),
each of its `will` abilities requiring `will_test_passed` whose other
requirements hold where it stands (requirements.py), made of effects the
command abilities apply (command_abilities.supported: will tests and hits
too, their dice rolled as it is used and kept in the event; a passed will
test allows the will abilities again), and that its player can pay, waits in
`State.will_triggers` (seat, model, ability) for its player: `will_ability` with
the model(s) to target, or `decline_will_ability`. Rule module: reads state.py,
never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import coins, command_abilities, once_per, picks
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.state import replace
from server.rules.kernel import CommandSpec, Decision, Event

WILL = "seed 004, ABILITIES (will abilities)"


def decision(state, pack, field) -> Decision:
    seat, uid, name = state.will_triggers[0]
    model, ability = state.model(uid), pack.abilities[name]
    aimed = picks.candidates(state, pack, field, model, ability.effects)
    options = []
    if model.on_battlefield and coins.affordable(state.purses[seat], ability.cost) \
            and picks.all_fit(aimed):
        options.append(CommandSpec("will_ability", label=name, args={"ability": name},
                                   params=picks.params(aimed, ability.effects)))
    return Decision(seat, f"{model.card} passed a will test: use {name}?",
                    (*options, CommandSpec("decline_will_ability")))


def event(state, pack, args: dict, dice) -> Event:
    """Resolve once to roll its dice (will tests, hits); the event keeps them."""
    recorded = Recorded(dice)
    data = {"ability": args.get("ability", ""), **picks.record(args)}
    if args.get("ability"):
        used(state, pack, data, recorded)
    if recorded.faces:
        data["will_faces"] = recorded.faces
    return Event("will_ability_used", {**data, **command_abilities.drawn(recorded)})


def used(state, pack, d: dict, dice=None):
    """The first waiting will ability, paid and applied, or declined (`dice`:
    rolling; else the event's faces replayed)."""
    _, uid, name = state.will_triggers[0]
    state = replace(state, will_triggers=state.will_triggers[1:])
    if not d["ability"]:
        return state
    ability = pack.abilities[name]
    state = once_per.paid(state, uid, ability)
    dice = dice or Recorded(faces=d.get("will_faces", ()))
    return command_abilities.apply_effects(state, pack, uid, picks.picked(d, ability.effects),
                                           ability.effects, dice)
