"""Will abilities waiting after a passed will test (seed 004, ABILITIES: BRAVADO,
"after passing a will test"): whoever rolls a will test (a command, trigger,
end-phase or wounds ability, an aftermath, an objective action, a bought
improvement) lets the model's will abilities wait in `State.will_triggers`,
and will_abilities.py asks their player. Below every roller, as grant_queue.py
is below every grant. Rule module: never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import charge_terrain, coins, once_per, requirements
from server.rules.asoiaf.command_shapes import will_unsupported
from server.rules.asoiaf.state import State, replace


def will_abilities_wait(state: State, pack, uid: str) -> State:
    """The model's will abilities that "passing a will test" allows (their other
    requirements met where it stands), each waiting for its player
    (will_abilities.py)."""
    model = state.model(uid)
    field = charge_terrain.field_now(state)
    waiting = []
    for name in pack.models[model.card].abilities:
        ability = pack.abilities[name]
        others = [word for word in ability.requires if word != "will_test_passed"]
        if ability.timing == "will" and will_unsupported(ability) is None \
                and requirements.met(state, pack, field, uid, others) \
                and once_per.available(state, uid, ability) \
                and coins.affordable(state.purses[model.seat], ability.cost):
            waiting.append((model.seat, uid, name))
    return replace(state, will_triggers=state.will_triggers + tuple(waiting))
