"""What the engine would never carry out, asked of the engine itself: each
timing's module says why it cannot use an ability of this shape (effects x
timing x targets), and the pack checker refuses the card with that sentence
(issue 31: "a malformed pack is refused with every problem named"), rather than
loading a card the engine then silently never offers. One source of truth: the
functions below are the ones the engine calls to decide whether it offers or
queues an ability, not a copy of them.

    model_ability(Ability(name="X", timing="command", ap=1, text="",
                          effects=[ExtraDice(roll="attack", dice=1)]))
        -> "a 'extra_dice' effect is none the engine applies here (...)"
"""

from __future__ import annotations

from server.rules.asoiaf import (
    aftermaths,
    agendas,
    coins,
    command_shapes,
    end_phase_abilities,
    equipment,
    motivation_shapes,
    movement_abilities,
    objective_actions,
    passives,
    start_of_game,
    triggers,
    wounds_abilities,
)

# a model card's ability, by timing: the module that uses it and its reason
_BY_TIMING = {
    "command": command_shapes.command_unsupported,
    "activation": command_shapes.command_unsupported,
    "movement": movement_abilities.unsupported,
    "will": command_shapes.will_unsupported,
    "defence": coins.defence_unsupported,
    "wounds": wounds_abilities.unsupported,
    "trigger": triggers.unsupported,
    "aftermath": lambda ability: aftermaths.unknown(ability.effects),
    "passive": passives.unsupported,
    "start_of_game": start_of_game.unsupported,
    "end_phase": end_phase_abilities.unsupported,
    "end_of_game": end_phase_abilities.unsupported,
}


def model_ability(ability) -> str | None:
    """Why the engine would never use a model card's ability (None: it may)."""
    return bought_only_in_defence(ability) or _BY_TIMING[ability.timing](ability)


def bought_only_in_defence(ability) -> str | None:
    """An ability's `improvements` are read only at attack step 4, for a
    `defence` ability (attack_sequence.defence_choices); an attack's are its
    attack mode's."""
    if ability.improvements and ability.timing != "defence":
        return ("only a 'defence' ability's improvements are bought (ATTACK SEQUENCE step "
                "4); an attack's are its attack mode's: move them there or drop them")
    return None


def attack_aftermath(ability) -> str | None:
    """An attack mode's aftermath (attack step 7: aftermaths.usable)."""
    return bought_only_in_defence(ability) or aftermaths.unknown(ability.effects)


def attack_improvement(improvement) -> str | None:
    """An attack mode's improvement (step 2: coins.improvement_choices)."""
    return coins.unbought(improvement.effects, "attack")


def motivation_side(side: str):
    """The check of an ability on a motivation card's `side`."""
    return lambda ability: bought_only_in_defence(ability) \
        or motivation_shapes.unsupported(ability, side)


def agenda_ability(ability) -> str | None:
    return bought_only_in_defence(ability) or agendas.unsupported(ability)


def equipment_token(token) -> str | None:
    return equipment.unsupported(token)


def objective_action(ability) -> str | None:
    return bought_only_in_defence(ability) or objective_actions.unsupported(ability)
