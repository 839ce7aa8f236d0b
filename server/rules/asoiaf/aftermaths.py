"""Aftermath abilities (seed 004, ATTACK SEQUENCE: "7. If the attacker's attack
mode has an aftermath, it can be used now. Spend the required coin cost, if any.
8. If the defender has an aftermath ability, it can be used now"; ABILITIES
SPECIAL RULES, AFTERMATH): which can be used, and what using one does.

An aftermath is offered when its requirements are met, its `once_per` limit is
not used up, its cost is affordable and every effect is one this module applies,
aimed at the attacker, the defender or the model itself ("self"):
`deal_wounds` (no defence roll; a model left with none is removed at step 9),
`deal_hits` (a defence die per hit, hits.defend: the wounds likewise),
`apply_condition`, `remove_condition`, `restore_wounds` (never beyond the
card's wounds), `gain_coins`, `score_vp` and `draw_agenda` (its player's; the cards in
events only that player sees), `modify_roll`
until the end of the activation (State.roll_bonuses) or longer and
`modify_value` (lasting.py), and a `will_test` whose conditions, coins and VP
are aimed at the model it tests or at the model itself (its die rolled when
the aftermath is used: the event keeps it; LUCKY CHARM and BLINDING POWDER are
asked first, will_tokens.py). An effect may aim at 1 friendly or enemy model
its player picks (`aftermath`'s `params.target`; later "chosen" effects mean
it), one such pick an aftermath; and `move_model` of the model itself, the
attacker or the defender in a "free" direction: a move by the MOVE ACTION's
rules of up to its `squares` to the square its player picks (`params.square`),
or of the other side "away" / "towards" the aftermath's model (forced_moves.py:
its player picks among the squares the rule leaves).
Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    coins,
    command_abilities,
    forced_moves,
    hits,
    lasting,
    objectives,
    once_per,
    terrain_entry,
)
from server.rules.asoiaf.cards.vocabulary import (
    ApplyCondition,
    DealHits,
    DealWounds,
    DrawAgenda,
    GainCoins,
    GrantAction,
    ModifyRoll,
    ModifyValue,
    MoveModel,
    RemoveCondition,
    RestoreWounds,
    ScoreVP,
    WillTest,
)
from server.rules.asoiaf.movement import (
    ENGAGED_SQUARES,
    MOVE_SQUARES,
    is_engaged,
    move_destinations,
)
from server.rules.asoiaf.state import State, replace

AFTERMATH = "seed 004, ATTACK SEQUENCE steps 7-8 (aftermaths)"
TARGETS = ("self", "attacker", "defender", "friendly", "enemy", "chosen")
# the models an aftermath may move: known when it is offered (not a picked one)
_MOVERS = ("self", "attacker", "defender")
_PICKED = ("friendly", "enemy", "chosen")
_AIMED = (DealWounds, DealHits, ApplyCondition, RemoveCondition, RestoreWounds, ModifyRoll,
          ModifyValue)


def known(effects, tested: str = "") -> bool:
    """Whether this module applies every effect (`tested`: inside a will test,
    the model it tests; its effects aim at that model, "chosen" or "self")."""
    if not effects:
        return False
    pickers = [e for e in effects if getattr(e, "target", None) is not None
               and e.target.who in command_abilities.CHOOSERS]
    if len(pickers) > 1 or any(e.target.count != 1 for e in pickers):
        return False
    for effect in effects:
        if isinstance(effect, GainCoins | ScoreVP) or (isinstance(effect, DrawAgenda)
                                                      and not tested):
            continue  # (cards drawn in events: not from inside a will test)
        if isinstance(effect, GrantAction):  # done once the attack is over (granted.py)
            if tested or effect.free or effect.action not in command_abilities.GRANTABLE \
                    or effect.target.who not in ("self", "attacker", "defender", "friendly"):
                return False
            continue
        if isinstance(effect, MoveModel) and effect.target.who in _PICKED:
            # a picked model's move: asked once the attack is over (granted.py)
            if tested or sum(isinstance(e, MoveModel | GrantAction) for e in effects) > 1:
                return False
            continue
        if isinstance(effect, MoveModel):  # "this model may move": its player's square
            if tested or effect.target.who not in _MOVERS \
                    or (effect.direction != "free" and effect.target.who == "self") \
                    or sum(isinstance(e, MoveModel) for e in effects) > 1:
                return False
            continue
        if not isinstance(effect, (*_AIMED, WillTest)) or effect.target.who not in TARGETS:
            return False
        if isinstance(effect, ModifyRoll | ModifyValue) and not lasting.stored(effect):
            return False  # (the activation: State.roll_bonuses; longer: lasting.py)
        if tested and (effect.target.who not in (tested, "self", "chosen")
                       or isinstance(effect, DealWounds | DealHits | RestoreWounds)):
            return False  # (a will test's effects are command_abilities.apply_effects')
        if isinstance(effect, WillTest) and (
                tested or not all(known([e], effect.target.who)
                                  for e in effect.on_success + effect.on_failure)):
            return False
    return True


def targets(state: State, pack, field, owner, ability) -> list[str] | None:
    """The models its player may pick ("1 enemy model in short range"), None
    when the aftermath picks none."""
    picker = command_abilities.chooser(ability.effects)
    if picker is None:
        return None
    return [o.uid for o in state.models
            if command_abilities.fits(state, field, owner, o, picker.target, pack)]


def squares(state: State, field, owner, ability) -> list[list[int]] | None:
    """Where its `move_model` may take the model it moves (itself, the
    attacker or the defender): a move by the MOVE ACTION's rules of up to its
    `squares` (engaged or not); None when it moves nobody."""
    move = next((e for e in ability.effects
                 if isinstance(e, MoveModel) and e.target.who in _MOVERS), None)
    if move is None:  # (a picked model's move is asked after the attack)
        return None
    mover = _mover(state.attack, owner.uid, move)
    if move.direction != "free":  # AWAY / TOWARDS the aftermath's model
        return forced_moves.squares(state, field, mover, owner.uid, move.squares,
                                    move.direction)
    return move_squares(state, field, mover, move.squares)


def move_squares(state: State, field, uid: str, squares: int) -> list[list[int]]:
    """Where an ability's "free" move takes model `uid`: a move by the MOVE
    ACTION's rules of up to `squares` (engaged or not; none off the table)."""
    mover = state.model(uid)
    if not mover.on_battlefield:
        return []
    usual = ENGAGED_SQUARES if is_engaged(state, field, uid) and not mover.large \
        else MOVE_SQUARES
    return [list(sq) for sq in move_destinations(state, field, uid, squares - usual)]


def _mover(pending, owner_uid: str, move) -> str:
    return picks(pending, owner_uid, None)[move.target.who]


def usable(state: State, pack, field, owner, found, words: set[str]) -> list:
    """The aftermaths among `found` model `owner` may use now (one that picks a
    model has one to pick, one that moves it somewhere to go)."""
    return [a for a in found
            if coins.requirements_met(a.requires, words)
            and once_per.available(state, owner.uid, a)
            and coins.affordable(state.purses[owner.seat], a.cost)
            and known(a.effects) and targets(state, pack, field, owner, a) != []
            and squares(state, field, owner, a) != []]


def picks(pending, owner_uid: str, target: str | None) -> dict:
    """What each target word names in this attack ("chosen": the picked model)."""
    return {"self": owner_uid, "attacker": pending.attacker, "defender": pending.target,
            "friendly": target, "enemy": target, "chosen": target}


def apply(state: State, pack, pending, owner_uid: str, ability, dice,
          target: str | None = None, square=None) -> State:
    """Pay, then each effect on the model it names; `dice` roll or replay the
    will tests (command_abilities.Recorded)."""
    state = once_per.paid(state, owner_uid, ability)
    named = picks(pending, owner_uid, target)
    for effect in ability.effects:
        if isinstance(effect, DrawAgenda):
            continue  # drawn in the events that follow (combat_commands.py)
        if isinstance(effect, MoveModel) and effect.target.who in _MOVERS:
            uid = _mover(pending, owner_uid, effect)
            state = terrain_entry.moved_by_ability(state, pack, uid, square, effect.squares,
                                                   dice)
            state = objectives.reveal_under(state, state.model(uid).squares)
            continue
        aim = getattr(effect, "target", None)
        uid = named[aim.who] if aim is not None else owner_uid
        if uid is None:
            continue
        model = state.model(uid)
        if isinstance(effect, DealWounds | DealHits):
            lost = effect.wounds if isinstance(effect, DealWounds) else 0
            if isinstance(effect, DealHits):  # a defence die per hit, as in step 5
                state, lost = hits.defend(state, pack, uid,
                                          hits.hit_count(pack, model, effect), dice)
                model = state.model(uid)
            state = state.with_model(replace(
                model, wounds_left=max(0, model.wounds_left - lost)))
        elif isinstance(effect, RestoreWounds):
            state = hits.restore(state, pack, uid, effect.wounds)
        else:  # conditions, coins, VP and will tests: as a command ability applies them
            state = command_abilities.apply_effects(state, pack, owner_uid, uid, [effect],
                                                    dice)
    return state
