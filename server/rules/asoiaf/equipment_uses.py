"""Equipment tokens used "once per game" (seed 004, EQUIPMENT TOKENS: "The
token's effect is always very precise and can be linked to a specific moment
to be used"), and GLASS CANDLE's sight. Each token is discarded when used
(`State.spent_equipment`, shown in the view); "if a model is killed, their
equipment token is discarded for the rest of the game".

- HEALING BALM (`restore_wounds`): "when this model activates, discard to
  restore 2 [wounds] as a free action": `use_equipment` before the model's
  first action, when it has lost wounds; the activation's free action.
- LUCKY CHARM (`change_die` own, to 10): "discard this card before rolling any
  dice for this model. You may change the result of 1 die to a 10": declared
  with the model's attack (`attack`/`charge` `args.equipment`) or defence
  (`defend` `args.equipment`); its lowest die becomes a natural 10. Before a
  will test it is asked of its player (will_tokens.py).
- BLINDING POWDER (`change_die` enemy, to 1; requires engaged): "discard this
  card before an engaged enemy model rolls any dice. You may change the result
  of 1 die to a 1": declared with the carrier's close combat attack or charge
  (it rolls in contact with its target), against the defence roll of the
  engaged enemy it attacks; before an engaged enemy's will test (will_tokens.py);
  or, when an enemy in
  contact with the carrier declares an attack, asked of the carrier's player
  before that attack is rolled (the attack waits at step "powder"). The roll's
  highest die becomes a 1 (before the roller's own LUCKY CHARM, which sees it).
- OBSIDIAN DAGGER (`kill_outright`): "discard this card before rolling any
  attack mode. If this attack deals at least 1 wound, the defender is killed
  regardless of any remaining wounds, and cannot be captured": declared with
  the attack; at step 9 a defender that lost a wound to it is killed.
- STRANGLER FLASK (`kill_instead_of_capture`): "if this model would be
  captured, discard to kill them instead": when its attacker chooses to capture
  it, its player is asked (`use_equipment` or `decline_equipment`).
- GLASS CANDLE (`see_all`, infantry): "has LoS to all other models" (`sees_all`).

Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import lasting
from server.rules.asoiaf.cards.vocabulary import (
    ChangeDie,
    KillInsteadOfCapture,
    KillOutright,
    RestoreWounds,
    SeeAll,
)
from server.rules.asoiaf.equipment import unsupported
from server.rules.asoiaf.state import State, replace
from server.rules.kernel import CommandSpec, Decision, Event

EQUIPMENT = "seed 004, EQUIPMENT TOKENS (once per game)"


def token(pack, model):
    """The model's unspent equipment card (one the engine uses:
    equipment.unsupported), or None."""
    card = pack.equipment.get(model.equipment) if model.equipment else None
    return None if card is None or unsupported(card) else card


def unspent(state: State, pack, model, words: set[str]):
    """The model's once-per-game token, when not yet discarded and its
    requirements are met (`words`: the context's requirement words)."""
    card = token(pack, model)
    if card is None or not card.once_per_game or model.uid in state.spent_equipment \
            or not set(card.requires) <= words:
        return None
    return card


def has(card, kind, **fields) -> bool:
    return card is not None and any(
        isinstance(e, kind) and all(getattr(e, k) == v for k, v in fields.items())
        for e in card.effects)


def sees_all(pack, model) -> bool:
    """GLASS CANDLE: "This infantry model has LoS to all other models"; or a
    passive `see_all` of its card (seed 004, ABILITIES: passive abilities "are
    always active"), its `requires` judged as the token's (only "infantry"
    is known here: a passive requiring another word does not count)."""
    card = token(pack, model)
    words = set() if model.large else {"infantry"}
    if card is not None and set(card.requires) <= words and has(card, SeeAll):
        return True
    return any(ability.timing == "passive" and set(ability.requires) <= words
               and has(ability, SeeAll)
               for ability in map(pack.abilities.get, pack.models[model.card].abilities)
               if ability is not None)


# -- with an attack: LUCKY CHARM, BLINDING POWDER, OBSIDIAN DAGGER ------------------------
def attack_tokens(state: State, pack, uid: str, kind: str, words: set[str]) -> list[str]:
    """The tokens the attacker may discard with this attack."""
    card = unspent(state, pack, state.model(uid), words)
    if card is None:
        return []
    if has(card, ChangeDie, whose="own") or has(card, KillOutright) \
            or (kind == "close" and has(card, ChangeDie, whose="enemy")):
        return [card.name]
    return []


def powder_carrier(state: State, pack, field, attacker_uid: str) -> str:
    """An enemy of the attacker, in contact with it ("an engaged enemy model": our
    reading, engaged with the carrier), holding an unspent token that changes an
    enemy's die: it may be discarded before the attacker rolls ("" if none)."""
    attacker = state.model(attacker_uid)
    for model in state.models:
        if model.seat == attacker.seat or not model.on_battlefield \
                or not field.in_contact(model.squares, attacker.squares):
            continue
        words = {"engaged"} | (set() if model.large else {"infantry"})
        if has(unspent(state, pack, model, words), ChangeDie, whose="enemy"):
            return model.uid
    return ""


def powder_decision(state: State, pack) -> Decision:
    carrier = state.model(state.attack.powder)
    attacker = state.model(state.attack.attacker)
    name = carrier.equipment
    return Decision(carrier.seat, f"{attacker.card} is about to roll its attack: discard "
                    f"{carrier.card}'s {name} to change 1 of its dice to a 1?",
                    (CommandSpec("use_equipment", label=name, args={"equipment": name}),
                     CommandSpec("decline_equipment")))


def defence_tokens(state: State, pack, uid: str, words: set[str]) -> list[str]:
    card = unspent(state, pack, state.model(uid), words)
    return [card.name] if has(card, ChangeDie, whose="own") else []


def change_dice(pack, name: str, whose: str, faces: tuple[int, ...]):
    """The faces after the token's `change_die` of `whose` roll ("own": the
    lowest dice become its `to`; "enemy": the highest), and the changes as
    [index, rolled face] pairs."""
    card = pack.equipment.get(name) if name else None
    changed = []
    faces = list(faces)
    for effect in (card.effects if card else ()):
        if not isinstance(effect, ChangeDie) or effect.whose != whose:
            continue
        for _ in range(min(effect.dice, len(faces))):
            pick = (min if whose == "own" else max)(range(len(faces)), key=faces.__getitem__)
            changed.append([pick, faces[pick]])
            faces[pick] = effect.to
    return tuple(faces), changed


def kills_outright(pack, name: str) -> bool:
    return has(pack.equipment.get(name) if name else None, KillOutright)


def blinds_defender(pack, name: str) -> bool:
    return has(pack.equipment.get(name) if name else None, ChangeDie, whose="enemy")


def spend(state: State, uid: str) -> State:
    return replace(state, spent_equipment=state.spent_equipment | {uid})


# -- HEALING BALM ---------------------------------------------------------------------------
def _most_wounds(state: State, pack, model) -> int:
    return lasting.most_wounds(state, pack, model)


def activation_specs(state: State, pack, uid: str, free_ap: int) -> list[CommandSpec]:
    """HEALING BALM "when this model activates": before its first action, when
    it has lost wounds and can pay the free action."""
    model = state.model(uid)
    words = set() if model.large else {"infantry"}
    card = unspent(state, pack, model, words)
    if not (state.fresh and has(card, RestoreWounds) and model.ap >= free_ap
            and model.wounds_left < _most_wounds(state, pack, model)):
        return []
    return [CommandSpec("use_equipment", label=card.name, args={"equipment": card.name})]


def activation_event(state: State, args: dict, free_ap: int) -> Event:
    return Event("equipment_used", {"model": state.active_model,
                                    "equipment": args["equipment"], "ap": free_ap})


def used_at_activation(state: State, pack, d: dict) -> State:
    """Restore the wounds (never beyond the card's), spend the free action."""
    model = state.model(d["model"])
    card = pack.equipment[d["equipment"]]
    gained = sum(e.wounds for e in card.effects if isinstance(e, RestoreWounds))
    wounds = min(_most_wounds(state, pack, model), model.wounds_left + gained)
    state = state.with_model(replace(model, wounds_left=wounds, ap=model.ap - d["ap"]))
    return replace(spend(state, model.uid), free_used=True)


# -- STRANGLER FLASK ------------------------------------------------------------------------
def flask(state: State, pack, uid: str) -> str:
    """The unspent token that kills model `uid` instead of its capture, or ""."""
    model = state.model(uid)
    card = token(pack, model)
    if card is None or not card.once_per_game or uid in state.spent_equipment:
        return ""
    return card.name if has(card, KillInsteadOfCapture) else ""


def flask_decision(state: State, pack) -> Decision:
    target = state.model(state.attack.target)
    name = flask(state, pack, target.uid)
    return Decision(target.seat, f"{target.card} would be captured: discard {name} to be "
                    "killed instead?",
                    (CommandSpec("use_equipment", label=name, args={"equipment": name}),
                     CommandSpec("decline_equipment")))
