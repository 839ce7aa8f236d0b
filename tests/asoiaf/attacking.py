"""A test helper for rules that follow an attack (motivations, agendas, large
models): the attack command, then every later decision of the attack sequence
(seed 004, ATTACK SEQUENCE) answered plainly — no defence ability, wounds
ability or aftermath, the removal asked for when the attacker may choose, hold
instead of surging, a rider whose mount died on the first square offered —
until the attack is over or a motivation waits. Every die scripted must be rolled
by then."""

from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import ScriptedDice
from server.rules.kernel import Command

PLAIN = {"defence": ("defend", {"abilities": []}),
         "wounds": ("decline_wounds_ability", {}),
         "attacker_aftermath": ("decline_aftermath", {}),
         "defender_aftermath": ("decline_aftermath", {}),
         "surge": ("hold", {})}


def attack(state, target, faces, mode=0, removal="killed", seat="a"):
    dice = ScriptedDice(*faces)
    state = _send(state, Command(seat, "attack", {"mode": mode, "target": target,
                                                  "improvements": []}), dice)
    while state.attack and not state.pending:
        decision = SYSTEM.prompt(state).decisions[0]
        type_, args = PLAIN.get(state.attack.step, ("remove", {"removal": removal}))
        if state.attack.step == "dismount":  # the rider on the first square offered
            option = decision.options[0]
            type_, args = "dismount", {**option.args, "square": option.params["square"][0]}
        state = _send(state, Command(decision.seat, type_, args), dice)
    dice.assert_exhausted()
    return state


def _send(state, command, dice):
    for event in SYSTEM.decide(state, command, dice):
        state = SYSTEM.evolve(state, event)
    return state
