"""The requirement words (vocabulary.Requirement) true for a model, and at
which timings each word can ever be true (the pack checker refuses the others).

A requirement is "checked on the model using it (and the attack or charge in
progress)" (cards/vocabulary.py): the model's own standing is read from the
table at any moment; the attack's words only while an attack or charge is
resolved (attack_sequence.context adds them). Rule module: reads state.py,
never imports system.py.

    met(state, pack, field, "a1", ["engaged"])  # -> True when a1 is engaged
"""

from __future__ import annotations

from server.rules.asoiaf.state import State

# true of the model itself at any moment
STANDING = frozenset({"engaged", "unengaged", "engaged_with_hero",
                      "engaged_with_hero_or_champion", "infantry"})
# true only while an attack or charge is resolved (or a move of a charge)
IN_ATTACK = frozenset({"charging", "close_combat", "ranged", "target_hero_or_champion",
                       "on_high_ground"})
# true only right after the model passed a will test
AFTER_WILL = frozenset({"will_test_passed"})

# the words each timing can ever see; a pack using another is refused
BY_TIMING = {
    "start_of_game": STANDING, "activation": STANDING, "command": STANDING,
    "trigger": STANDING, "passive": STANDING, "end_phase": STANDING,
    "end_of_game": STANDING, "will": STANDING | AFTER_WILL,
    "movement": STANDING | IN_ATTACK, "defence": STANDING | IN_ATTACK,
    "wounds": STANDING | IN_ATTACK, "aftermath": STANDING | IN_ATTACK,
}
WHY = {
    "charging": "there is a charge only while one is resolved",
    "close_combat": "there is an attack only while one is resolved",
    "ranged": "there is an attack only while one is resolved",
    "target_hero_or_champion": "there is a target only while an attack or charge is resolved",
    "on_high_ground": "'on High Ground against a target' needs an attack in progress",
    "will_test_passed": "only a will ability follows a will test",
}


def standing(state: State, pack, field, uid: str) -> set[str]:
    """The words true of model `uid` where it stands now."""
    model = state.model(uid)
    words = set() if pack.models[model.card].large else {"infantry"}
    if model.on_battlefield:
        touching = [pack.models[e.card].type for e in state.models
                    if e.seat != model.seat and e.on_battlefield
                    and field.in_contact(model.squares, e.squares)]
        words.add("engaged" if touching else "unengaged")
        if "hero" in touching:
            words |= {"engaged_with_hero", "engaged_with_hero_or_champion"}
        if "champion" in touching:
            words.add("engaged_with_hero_or_champion")
    return words


def met(state: State, pack, field, uid: str, requires) -> bool:
    """Every word of `requires` holds for model `uid` now (none: always)."""
    return not requires or set(requires) <= standing(state, pack, field, uid)


def refused(timing: str, requires) -> list[str]:
    """Sentences for the words an ability of `timing` can never meet."""
    allowed = BY_TIMING.get(timing, STANDING)
    return [f"it requires '{word}' but is a '{timing}' ability: {WHY[word]}"
            for word in requires if word not in allowed]
