"""A model card's trigger abilities other than `friendly_spent_coin` (seed 004,
ABILITIES: "are special trigger abilities. Each of these has a specific
condition of when it can be used written on its effect. These abilities never
activate a model using the ability or a model targeted by the ability").

The vocabulary's triggers, read on a model card (a motivation's and an
agenda's are motivations.py's and agendas.py's):
- `kills_enemy` / `captures_enemy`: this model killed / captured an enemy (of
  `trigger_types`); the trigger model is that enemy.
- `killed`: right before this model would be killed; the trigger model is the
  model that killed it (its attacker, or the defender whose aftermath did), ""
  when none did. It is used though the model is gone, as a Deceased side is.
- `enters_square`: an enemy model (of `trigger_types`) moved into a square
  within this model's `trigger_within`, having stood outside it (our reading
  of "a model enters this terrain's square" on a model card: the model's
  reach is its "square"); the trigger model is the one that entered.
- `interacts_plunder`: this model interacted with a plunder token.
- `spent_last_copper`: its player spent their last copper while the opponent
  still holds some; the trigger model is this model.

Each is seen by comparing the table before and after an event (as triggers.py
sees coins spent), waits in `State.triggers` with the coin triggers and is
offered the same way once the attack in progress is over. Offered when its
effects are ones command_abilities applies, aimed at the model itself, the
trigger model or 1 friendly or enemy model its player picks (`params.target`;
"chosen" is the picked model, the trigger model is always "trigger_model"), and, for `kills_enemy`,
`captures_enemy`, `interacts_plunder` and `spent_last_copper`, never at the
trigger model (gone from the battlefield, or the model itself). On `killed`,
the model is gone: the trigger model (its killer) or picked models may move
"free" (their squares asked as for any trigger; picked models' moves and
grants wait their turn, grant_queue.py), the model itself never, and nobody
AWAY / TOWARDS it (the pack checker refuses those, cards/timings.py).
Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    coins,
    command_abilities,
    forced_moves,
    movement,
    objectives,
    once_per,
    picks,
    requirements,
    terrain_entry,
)
from server.rules.asoiaf.cards import timings
from server.rules.asoiaf.cards.vocabulary import MoveModel
from server.rules.asoiaf.state import SEATS, State, other
from server.rules.board.square import within_short_range

TRIGGERS = "seed 004, ABILITIES (special trigger abilities)"
KINDS = ("kills_enemy", "captures_enemy", "killed", "enters_square", "interacts_plunder",
         "spent_last_copper")
# triggers whose trigger model has left the battlefield (or is the model itself)
_NO_TRIGGER_MODEL = timings.NO_TRIGGER_MODEL


def supported_with_own_move(effects, trigger_model: bool = False) -> bool:
    return own_move_unsupported(effects, trigger_model) is None


def own_move_unsupported(effects, trigger_model: bool = False) -> str | None:
    """Why the engine cannot apply the effects (None: it can): the command
    abilities' effects, and at most one move: "this model may move"
    (`move_model` of the model itself, "free"; with a `trigger_model`, also
    AWAY / TOWARDS it), or of the trigger model in any direction (AWAY /
    TOWARDS from this model: forced_moves.py)."""
    if not effects:
        return "it has no effect"
    reason = command_abilities.unsupported([e for e in effects if not _own_move(e)])
    if reason:
        return reason
    moves = [e for e in effects if _own_move(e)]
    if len(moves) > 1:
        return ("it moves the model itself or the trigger model more than once, and the "
                "engine asks one square an ability; move it once")
    if moves and moves[0].target.who == "self" and moves[0].direction != "free" \
            and not trigger_model:
        return ("a 'move_model' moves the model itself AWAY / TOWARDS, and there is no "
                "trigger model to move from or to; make it 'free'")
    return None


def _own_move(effect) -> bool:
    """A move of the model itself or of the trigger model (its square asked with
    the ability); a picked model's move waits after it (command_abilities)."""
    return isinstance(effect, MoveModel) and effect.target.who in ("self", "trigger_model")


def usable(ability) -> bool:
    return unsupported(ability) is None


def unsupported(ability) -> str | None:
    """Why a model card's trigger ability (other than `friendly_spent_coin`:
    triggers.py) is never offered, None when it can be."""
    if ability.timing != "trigger" or ability.trigger not in KINDS:
        return f"a '{ability.timing}' ability with the trigger '{ability.trigger}' is " \
            "none this module waits for"
    reason = own_move_unsupported(ability.effects, ability.trigger not in _NO_TRIGGER_MODEL)
    if reason:
        return reason
    if ability.trigger == "killed" and any(
            isinstance(e, MoveModel) and (e.target.who == "self" or e.direction != "free")
            for e in _all(ability.effects)):  # (the model is gone)
        return ("a 'killed' trigger is used once the model is removed from the battlefield: "
                "nothing moves it, away from or towards it; make the move 'free' of "
                "another model")
    aims = {e.target.who for e in _all(ability.effects) if getattr(e, "target", None)}
    if ability.trigger in _NO_TRIGGER_MODEL and "trigger_model" in aims:
        return (f"a '{ability.trigger}' trigger has no trigger model on the battlefield "
                "to aim at; aim at this model or at friendly or enemy models")
    return None


def targets(state: State, pack, field, uid: str, ability) -> list[list[str]] | None:
    """For each of its picks, the models its player may pick ("1 enemy model in
    short range"), None when it picks none (picks.candidates)."""
    return picks.candidates(state, pack, field, state.model(uid), ability.effects)


def squares(state: State, field, uid: str, ability,
            trigger_model: str = "") -> list[list[int]] | None:
    """Where its move takes the model it moves (itself, or the trigger model),
    None when it moves nobody (movement.move_squares: the MOVE ACTION's
    rules; forced_moves.py for AWAY / TOWARDS this model)."""
    move = next((e for e in ability.effects if _own_move(e)), None)
    if move is None:
        return None
    mover = trigger_model if move.target.who == "trigger_model" else uid
    if not mover:
        return []
    if move.direction != "free" and mover == uid:  # itself, AWAY / TOWARDS the trigger model
        return forced_moves.squares(state, field, uid, trigger_model, move.squares,
                                    move.direction) if trigger_model else []
    if move.direction != "free":
        return forced_moves.squares(state, field, mover, uid, move.squares, move.direction)
    return movement.move_squares(state, field, mover, move.squares)


def _all(effects):
    """The effects and those inside their will tests."""
    for effect in effects:
        yield effect
        yield from _all(getattr(effect, "on_success", ()))
        yield from _all(getattr(effect, "on_failure", ()))


def in_reach(field, model, other_model, where: str) -> bool:
    """Whether `other_model` is where a card's `trigger_within` asks of `model`
    ("short_range", "contact", "los"; anything else: anywhere on the battlefield)."""
    mine, theirs = list(model.squares), list(other_model.squares)
    if not mine or not theirs:
        return False
    if where == "short_range":
        return within_short_range(mine, theirs)
    if where == "contact":
        return field.in_contact(mine, theirs)
    if where == "los":
        return field.sees(mine, theirs, [])
    return True


def _killer(before: State, after: State, event, uid: str) -> str:
    """The model whose attack (or aftermath, or ability's wounds: hits.py) removed
    `uid` ("" for none)."""
    by_ability = next((k for killed, k in after.killers if killed == uid), "")
    if by_ability:
        return by_ability
    pending = before.attack or after.attack
    if pending is not None:
        pair = (pending.attacker, pending.target)
    elif event.type == "attack_rolled":  # the whole attack resolved in its first event
        pair = (event.data["attacker"], event.data["target"])
    else:
        return ""
    if uid == pair[1]:
        return pair[0]
    return pair[1] if uid == pair[0] else ""


def _of(state: State, pack, field, uid: str, trigger: str, trigger_model: str,
        trigger_type: str = "", standing: State | None = None) -> list[tuple]:
    """The waiting entries for model `uid`'s abilities on `trigger`; its
    `requires` judged where it stands in `standing` (a killed model: before it
    fell), else in `state`."""
    model = state.model(uid)
    found = []
    for name in pack.models[model.card].abilities:
        ability = pack.abilities[name]
        if ability.trigger != trigger or not usable(ability):
            continue
        if trigger_type and ability.trigger_types and trigger_type not in ability.trigger_types:
            continue
        if (model.on_battlefield or trigger == "killed") \
                and requirements.met(standing or state, pack, field, uid, ability.requires) \
                and once_per.available(state, uid, ability) \
                and coins.affordable(state.purses[model.seat], ability.cost):
            found.append((model.seat, uid, name, trigger_model))
    return found


_CARDS: dict[int, tuple] = {}  # id(pack) -> (pack, the cards with such triggers)


def _trigger_cards(pack) -> frozenset:
    """The model cards of the pack with such a trigger (most packs: none), once
    a pack: `detect` runs after every event."""
    known = _CARDS.get(id(pack))
    if known is None or known[0] is not pack:
        cards = frozenset(name for name, card in pack.models.items()
                          if any(pack.abilities[a].trigger in KINDS for a in card.abilities))
        known = _CARDS[id(pack)] = (pack, cards)
    return known[1]


def detect(before: State, after: State, event, pack, field) -> tuple:
    """The entries `event` sets off, in the order the deeds happened."""
    cards = _trigger_cards(pack)
    if not cards or not any(m.card in cards for m in after.models):
        return ()
    found: list[tuple] = []
    kind_of = {m.uid: pack.models[m.card].type for m in after.models}
    for model in after.models:
        was = before.model(model.uid)
        if model.removed and not was.removed:
            if model.removed == "killed":
                killer = _killer(before, after, event, model.uid)
                if killer and after.model(killer).seat != model.seat:
                    found += _of(after, pack, field, killer, "kills_enemy", model.uid,
                                 kind_of[model.uid])
                found += _of(after, pack, field, model.uid, "killed", killer, standing=before)
            else:
                captor = next((m.uid for m in after.models if m.captive == model.uid), "")
                if captor:
                    found += _of(after, pack, field, captor, "captures_enemy", model.uid,
                                 kind_of[model.uid])
        elif model.on_battlefield and was.on_battlefield and model.square != was.square:
            found += _entered(before, after, pack, field, model.uid, kind_of[model.uid])
    if event.type == "plundered":
        found += _of(after, pack, field, event.data["model"], "interacts_plunder",
                     event.data["model"])
    for seat in SEATS:
        if before.purses[seat].copper and not after.purses[seat].copper \
                and after.purses[other(seat)].copper:
            for model in after.models_of(seat):
                found += _of(after, pack, field, model.uid, "spent_last_copper", model.uid)
    return tuple(found)


def _entered(before: State, after: State, pack, field, uid: str, kind: str) -> list[tuple]:
    mover, was = after.model(uid), before.model(uid)
    found = []
    for owner in after.models:
        if owner.seat == mover.seat or not owner.on_battlefield:
            continue
        for name in pack.models[owner.card].abilities:
            ability = pack.abilities[name]
            if ability.trigger == "enters_square" \
                    and in_reach(field, owner, mover, ability.trigger_within) \
                    and not in_reach(field, before.model(owner.uid), was,
                                   ability.trigger_within):
                found += [e for e in _of(after, pack, field, owner.uid, "enters_square", uid,
                                         kind)
                          if e[2] == name]
    return found


def still_usable(state: State, pack, field, seat: str, uid: str, name: str,
                 trigger_model: str) -> bool:
    """Whether a waiting entry may still be used when its turn comes."""
    ability = pack.abilities[name]
    if not picks.all_fit(targets(state, pack, field, uid, ability)) \
            or squares(state, field, uid, ability, trigger_model) == []:
        return False
    owner = state.model(uid)
    if not (owner.on_battlefield or ability.trigger == "killed"):
        return False
    if owner.on_battlefield and not requirements.met(state, pack, field, uid,
                                                     ability.requires):
        return False
    aims = {e.target.who for e in _all(ability.effects) if getattr(e, "target", None)}
    if "trigger_model" in aims and not (trigger_model
                                        and state.model(trigger_model).on_battlefield):
        return False
    return coins.affordable(state.purses[seat], ability.cost) \
        and once_per.available(state, uid, ability)


def apply(state: State, pack, uid: str, chosen, effects, dice, square=None,
          trigger_model: str | None = None) -> State:
    """`supported_with_own_move`'s effects in order: the model's own move to
    `square`, the others as command_abilities.apply_effects applies them."""
    for effect in effects:
        if _own_move(effect):  # itself, or the trigger model
            mover = trigger_model if effect.target.who == "trigger_model" else uid
            state = terrain_entry.moved_by_ability(state, pack, mover, square, effect.squares,
                                                   dice)
            state = objectives.reveal_under(state, state.model(mover).squares)
        else:
            state = command_abilities.apply_effects(state, pack, uid, chosen, [effect], dice,
                                                    trigger_model)
    return state
