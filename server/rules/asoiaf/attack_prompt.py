"""The attack sequence's prompt (seed 004, ATTACK SEQUENCE steps 4-10): who
decides the step the attack waits at (attack_sequence.advance stops only where
somebody has a choice), and their options."""

from __future__ import annotations

from server.rules.asoiaf import aftermaths as aftermath_rules
from server.rules.asoiaf import bought_effects, equipment_uses, mounts, roll_terms, wounds_abilities
from server.rules.asoiaf.attack_sequence import aftermaths, context, defence_choices
from server.rules.asoiaf.state import State
from server.rules.asoiaf.surging import surge_squares
from server.rules.kernel import CommandSpec, Decision


def _defence(state: State, pack, field, attacker, target, pending) -> Decision:
    """Step 4: the defence abilities and coins; a use whose effects pick models
    is an option of its own, its picks asked (`pick_1` ...: bought_effects.py)."""
    plain, picking = [], []
    for used in defence_choices(state, pack, field, pending):
        asked = bought_effects.pick_params(state, pack, field, target,
                                           roll_terms.defence_effects(pack, used))
        if not asked:
            plain.append(used)
        elif asked != bought_effects.NOBODY:
            picking.append({"abilities": [used], **asked})
    words = context(state, pack, field, target.uid, pending.kind)
    tokens = equipment_uses.defence_tokens(state, pack, target.uid, words)
    options = [CommandSpec("defend", params={"abilities": plain}),
               *(CommandSpec("defend", label=f"with {name}", args={"equipment": name},
                             params={"abilities": plain}) for name in tokens)]
    for params in picking:
        options += [CommandSpec("defend", label=" + ".join(n for n, _ in params["abilities"][0]),
                                params=params),
                    *(CommandSpec("defend", label=f"with {name}", args={"equipment": name},
                                  params=params) for name in tokens)]
    return Decision(target.seat, f"{attacker.card} scores {pending.hits} hit(s) on "
                    f"{target.card}: use defence abilities and coins, or none.",
                    tuple(options))


def decision(state: State, pack, field) -> Decision:
    pending = state.attack
    attacker, target = state.model(pending.attacker), state.model(pending.target)
    if pending.step == "defence":
        return _defence(state, pack, field, attacker, target, pending)
    if pending.step == "wounds":
        return Decision(target.seat, f"{target.card} loses {pending.wounds} wound(s): use "
                        "a wounds ability, or not.",
                        (*wounds_abilities.specs(state, pack, field, target.uid),
                         CommandSpec("decline_wounds_ability")))
    if pending.step in ("attacker_aftermath", "defender_aftermath"):
        owner = attacker if pending.step == "attacker_aftermath" else target
        options = []
        for a in aftermaths(state, pack, field, pending, pending.step):
            params = aftermath_rules.pick_params(state, pack, field, owner, a)
            square = aftermath_rules.squares(state, field, owner, a)
            if square:
                params["square"] = square
            options.append(CommandSpec("aftermath", label=a.name, args={"ability": a.name},
                                       params=params))
        return Decision(owner.seat, "An aftermath may be used now.",
                        (*options, CommandSpec("decline_aftermath")))
    if pending.step == "dismount":
        return mounts.decision(state)
    if pending.step == "strangler":
        return equipment_uses.flask_decision(state, pack)
    if pending.step == "powder":
        return equipment_uses.powder_decision(state, pack)
    if pending.step == "removal":
        return Decision(attacker.seat, f"{target.card} has lost all wounds: kill or capture?",
                        (CommandSpec("remove", params={"removal": ["killed", "captured"]}),))
    squares = [list(sq) for sq in surge_squares(state, field, pending)]
    return Decision(attacker.seat, "Surge forth into the square left empty, or hold.",
                    (CommandSpec("surge", params={"square": squares}), CommandSpec("hold")))

