"""Hits and wounds an ability deals outside the attack sequence (the vocabulary's
`deal_hits`: "it rolls a defence die for each, as in attack step 5";
`deal_wounds`: "no defence roll blocks them"), and a model left with no wounds
by them (seed 004, ATTACK SEQUENCE: "The defender rolls as many dice as hits
received ... Each [die] scoring equal or above their [defence] blocks 1 hit";
"Each unblocked hit causes the defender to suffer 1 [wound]"; MOUNTED
CHARACTERS: a mount's death leaves its rider; MOTIVATIONS CARDS: "Right before
a hero would be killed, flip their motivation card").

The defence roll counts what the attack's step 5 counts for a roll with no
attack: the model's passive and equipment defence modifiers, its passive
defence value, its shaken token (then lost: "After this roll is made, remove
the [shaken token]"). No defence ability and no coins: those are the
defender's choices within an attack (step 4). Rule module: reads state.py,
never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    attack,
    capture,
    charge_terrain,
    conditions,
    equipment,
    lasting,
    motivation_triggers,
    passives,
    requirements,
    wounds_abilities,
)
from server.rules.asoiaf.state import Condition, State, replace

HITS = "seed 004, ATTACK SEQUENCE steps 5-6 (hits rolled against the defence)"


def hit_count(pack, model, effect) -> int:
    """`hits`, or `large_hits` for a large model when the card gives them."""
    if effect.large_hits is not None and pack.models[model.card].large:
        return effect.large_hits
    return effect.hits


def defend(state: State, pack, uid: str, hits: int, dice) -> tuple[State, int]:
    """Model `uid` rolls a defence die per hit: (state with its shaken token
    spent, the unblocked hits). With no `dice` (the odds' terms of a roll an
    improvement's hits come before) the token alone is spent."""
    model = state.model(uid)
    if not hits or not model.on_battlefield:
        return state, 0
    if dice is None:  # a roll's terms for the odds (bought_effects.py): no dice, no wounds
        return lasting.rolled(state.with_model(conditions.after_roll(model)), uid,
                              "defence"), 0
    field = charge_terrain.field_now(state)
    words = requirements.standing(state, pack, field, uid)
    modifier = passives.roll_modifier(state, pack, field, uid, "defence") \
        + equipment.roll_modifier(pack, model, "defence", words)
    value = pack.models[model.card].defence + passives.value_change(state, pack, field, uid,
                                                                     "defence")
    faces = attack.roll_defence(dice, hits)
    results = conditions.results(faces, Condition.SHAKEN in model.conditions, modifier)
    state = lasting.rolled(state.with_model(conditions.after_roll(model)), uid, "defence")
    return state, hits - attack.blocks(faces, results, value, hits)


# an attack's steps once step 9 has removed the models left with no wounds
PAST_REMOVAL = ("dismount", "surge")


def held_to_step_9(state: State) -> bool:
    """Whether a model left with no wounds now is removed at the attack's step
    9 ("at the end of the current action"): an attack is under way and has not
    reached its removals yet."""
    return state.attack is not None and state.attack.step not in PAST_REMOVAL


def wound(state: State, pack, uid: str, wounds: int, by: str = "") -> State:
    """Model `uid` suffers `wounds` (none blocked). Inside an attack before its
    step 9 (a will ability, a bought improvement) as an aftermath's wounds
    (`wound_in_attack`); else left with none it dies (`fall`), outside an attack
    an enemy `by` killed it as an attack's attacker would. A usable wounds
    ability is asked first (OLDEST BROTHER: "before the model would be
    killed"): a model left with none then stands with 0 wounds until its
    player answers (wounds_outside.py)."""
    if held_to_step_9(state):
        return wound_in_attack(state, pack, uid, wounds, by)
    model = state.model(uid)
    if not wounds or not model.on_battlefield:
        return state
    lost = min(wounds, model.wounds_left)
    model = replace(model, wounds_left=max(0, model.wounds_left - wounds))
    state = state.with_model(model)
    asked = wounds_abilities.queue(state, pack, uid, lost, wounds, by)
    if model.wounds_left or asked is not state:  # "right after they lose a [wound]"
        return asked
    return fall(state, pack, uid, by, as_killer=not state.attack)


def fall(state: State, pack, uid: str, by: str = "", as_killer: bool = True) -> State:
    """Model `uid`, left with no wounds, dies: a mounted one loses only its
    mount (its player places the rider, `State.dismounting`); a hero so killed
    flips to its Deceased side, `by` the model that killed it ("" for none). An
    enemy `by` (`as_killer`) killed it as an attack's attacker kills its target:
    `State.killers` (model_triggers.py's kills_enemy) and its Alive side's
    kills_enemy."""
    model = state.model(uid)
    card = pack.models[model.card]
    if card.large and card.infantry:  # seed 004, MOUNTED CHARACTERS: only the mount dies
        return replace(state, dismounting=state.dismounting + (uid,))
    squares = model.squares
    state = capture.kill(state, uid)
    if as_killer and by and by != uid and state.model(by).seat != model.seat:
        state = replace(state, killers=state.killers + ((uid, by),))
        state = motivation_triggers.alive_triggers(state, by, uid, "killed", pack.models,
                                                   pack.motivations)
    return motivation_triggers.deceased_side(state, uid, pack.models, pack.motivations,
                                             squares, by)


def wound_in_attack(state: State, pack, uid: str, wounds: int, by: str) -> State:
    """Model `uid` suffers `wounds` inside an attack before its step 9 from
    model `by` (an aftermath, an improvement or defence ability bought, a will
    ability): a model left with none is removed at step 9 ("at the end of the
    current action"), `by` named its killer (PendingAttack.wounded_by); a
    usable wounds ability is asked first (the attack waits:
    attack_sequence.advance)."""
    model = state.model(uid)
    if not wounds or not model.on_battlefield:
        return state
    lost = min(wounds, model.wounds_left)
    state = state.with_model(replace(model, wounds_left=max(0, model.wounds_left - wounds)))
    pending = state.attack
    dealt = tuple(pair for pair in pending.wounded_by if pair[0] != uid) + ((uid, by),)
    state = replace(state, attack=replace(pending, wounded_by=dealt))
    # OLDEST BROTHER "right after they lose a [wound]": asked before step 9
    return wounds_abilities.queue(state, pack, uid, lost, wounds, by)


def restore(state: State, pack, uid: str, wounds: int) -> State:
    """Model `uid` regains up to `wounds` lost wounds, never beyond its card's
    (and its equipment's: HEIRLOOM ARMOR)."""
    model = state.model(uid)
    most = lasting.most_wounds(state, pack, model)
    return state.with_model(replace(model, wounds_left=min(most, model.wounds_left + wounds)))
