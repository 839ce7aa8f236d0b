"""Abilities "At the Start of the Game" and nemeses (seed 004, PLAYING THE GAME:
"Once all models are on the battlefield (or all deployment zones full), players
resolve their abilities triggered At the Start of the Game, starting with the 1st
player. Models that are not on the battlefield can't use these abilities. When
done, the 1st round of the game begins"; COMMON GAME TERMS, NEMESIS: "A character
(hero or champion) from your opponent's warband whose demise is of significance.
Some characters can choose a nemesis before the battle begins ... Usually,
killing a nemesis grants you VP").

When deployment ends, each start-of-game ability made of `nemesis` effects of a
model on the battlefield waits in `State.start_abilities` (seat, uid, ability),
the 1st player's models first, in warband order; its player is asked
`choose_nemesis` with the enemy characters of its `types`. A nemesis killed
(capture.kill: by an attack, an aftermath or a Deceased side's wound; not a
captured one, not one never placed) scores the chooser's player its `vp` (our
reading of "demise": whoever kills it).

Any other start-of-game ability made of effects that make sense before round 1
(`gain_coins`, `score_vp`, `draw_agenda`; conditions, wounds dealt or
restored, hits and `modify_roll` / `modify_value` lasting the round or the
game, on the model itself or on 1 friendly or enemy model it picks;
`move_model` of the model itself in a "free" direction, `nemesis`), whose
model meets its `requires` (requirements.py), waits in the same queue, in the
same order. One its player must choose for (a model to aim at, a square to
move to, or coins to spend: "may") is asked as `start_ability`
(`args.model`, `args.ability`; `params.target`, `params.square`), with
`decline_start_ability` when it costs coins; one with a `will_test`, hits
(their dice) or agenda cards (drawn in events only its player sees) is asked
too, its dice rolled with the answer (LUCKY CHARM and BLINDING POWDER asked
first, will_tokens.py); one with no choice is applied when its turn comes.
Any other is refused at load (`unsupported`, the pack checker). Rule module:
never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    coins,
    command_abilities,
    command_shapes,
    lasting,
    objectives,
    picks,
    requirements,
    secret_events,
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
    Nemesis,
    RemoveCondition,
    RestoreWounds,
    ScoreVP,
    WillTest,
)
from server.rules.asoiaf.movement import MOVE_SQUARES, move_destinations
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.state import State, other, replace
from server.rules.kernel import CommandSpec, Decision, Event

START = "seed 004, PLAYING THE GAME (At the Start of the Game)"


def _nemesis(ability):
    effects = ability.effects
    if ability.timing == "start_of_game" and len(effects) == 1 \
            and isinstance(effects[0], Nemesis) and effects[0].count == 1:
        return effects[0]
    return None


# what the start of the game applies, in a card author's words
_KNOWN = ("coins, VP, agenda cards, conditions, wounds dealt or restored, hits, will "
          "tests, lasting changes (the round or the game, the next roll or action), the "
          "model's own 'free' move, picked models' moves and granted actions")
_AIMS = ("self", "friendly", "enemy", "chosen")


def _unknown(effect) -> str | None:
    """Why the start of the game does not apply `effect` (None: it does)."""
    tag = effect.__struct_config__.tag
    if isinstance(effect, GainCoins | ScoreVP | DrawAgenda):
        return None
    if isinstance(effect, ApplyCondition | RemoveCondition | DealWounds | DealHits
                  | RestoreWounds):  # (several models: command_abilities.many)
        return _aim_problem(effect, _AIMS)
    if isinstance(effect, WillTest):  # its die rolled when its player answers (its
        # moves wait their turn: grant_queue.py; its cards: Recorded.drawn)
        for inner in effect.on_success + effect.on_failure:
            if isinstance(inner, WillTest):
                return "a will test inside a will test is not rolled at the start of the game"
            if reason := _unknown(inner):
                return f"inside its will test, {reason}"
        return _aim_problem(effect, _AIMS)
    if isinstance(effect, MoveModel):  # its own, or picked models' (grant_queue.py)
        if effect.target.who == "self" and effect.direction == "free":
            return None
        if effect.target.who == "self" or effect.target.who not in _AIMS:
            return ("a 'move_model' at the start of the game is the model's own 'free' "
                    "move or a move of 'friendly', 'enemy' or 'chosen' models")
        return _aim_problem(effect, _AIMS)
    if isinstance(effect, GrantAction):  # performed once the start abilities are done
        problem = command_shapes.granted_later_problem(effect, "a start-of-game")
        if problem:
            return problem
        return _aim_problem(effect, ("self", "friendly", "chosen"))
    if isinstance(effect, ModifyRoll | ModifyValue):  # its next roll or action, a round
        # or the game (lasting.py; the pack checker refuses an activation or a turn)
        if effect.until in ("activation", "turn"):
            return f"no {effect.until} is in progress at the start of the game"
        return lasting.unstored(effect) or _aim_problem(effect, _AIMS)
    return f"a '{tag}' effect is none the start of the game applies (it applies {_KNOWN})"


def _aim_problem(effect, aims) -> str | None:
    tag, target = effect.__struct_config__.tag, effect.target
    if target.who not in aims:
        return (f"a '{tag}' effect at the start of the game aims at '{target.who}'; it "
                f"aims at {', '.join(repr(a) for a in aims)}")
    if target.count != 1 and not command_abilities.many(effect):
        return (f"a '{tag}' effect has count {target.count} on '{target.who}', which is "
                "one model; only 'friendly' or 'enemy' targets count several")
    return None


def unsupported(ability) -> str | None:
    """Why a start-of-game ability never waits in the queue (None: it does):
    a nemesis (one `nemesis` effect choosing 1), or effects known here (the
    models its player picks: one pick per target words, picks.py), at most one
    move of its own (its
    square asked with it; the others' moves and grants wait their turn:
    grant_queue.py)."""
    effects = ability.effects
    if ability.timing != "start_of_game":
        return f"a '{ability.timing}' ability is not used at the start of the game"
    if any(isinstance(e, Nemesis) for e in effects):
        return None if _nemesis(ability) else (
            "a nemesis ability is one 'nemesis' effect choosing 1 nemesis (count = 1) and "
            "nothing else; write another ability for the rest")
    if not effects:
        return "it has no effect"
    reason = next((r for r in map(_unknown, effects) if r), None)
    if reason:
        return reason
    if sum(isinstance(e, MoveModel) and e.target.who == "self" for e in effects) > 1:
        return "it moves the model itself more than once; one square is asked an ability"
    return None


def _other(ability) -> bool:
    """A start-of-game ability other than a nemesis that the engine applies."""
    return _nemesis(ability) is None and unsupported(ability) is None


def candidates(state: State, pack, uid: str, effect) -> list[str]:
    seat = state.model(uid).seat
    return [m.uid for m in state.models_of(other(seat)) if not m.removed
            and pack.models[m.card].type in effect.types]


def _squares(state: State, field, uid: str, ability) -> list[list[int]] | None:
    move = next((e for e in ability.effects
                 if isinstance(e, MoveModel) and e.target.who == "self"), None)
    if move is None:  # (a picked model's move is asked after the ability: granted.py)
        return None
    extra = move.squares - MOVE_SQUARES  # "up to `squares` squares", by the move rules
    return [list(sq) for sq in move_destinations(state, field, uid, extra)]


def _choices(state: State, pack, field, uid: str, ability) -> dict | None:
    """The params its player picks from (None: it cannot be used now)."""
    aimed = picks.candidates(state, pack, field, state.model(uid), ability.effects)
    if not picks.all_fit(aimed):
        return None
    params = picks.params(aimed, ability.effects)  # target, targets, or pick_1 ...
    found = _squares(state, field, uid, ability)
    if found is not None:
        if not found:
            return None
        params["square"] = found
    return params


def _usable(state: State, pack, field, uid: str, ability) -> bool:
    return (requirements.met(state, pack, field, uid, ability.requires)
            and coins.affordable(state.purses[state.model(uid).seat], ability.cost)
            and _choices(state, pack, field, uid, ability) is not None)


def _asked(ability, params: dict) -> bool:
    """A choice, coins to spend, or a die to roll (the answer's event keeps it)."""
    return bool(params) or bool(ability.cost.total()) \
        or any(isinstance(e, WillTest | DealHits | DrawAgenda) for e in ability.effects)


def queue(state: State, pack, field) -> State:
    waiting = []
    for seat in (state.first_player, other(state.first_player)):
        for model in state.models_of(seat):
            if not model.on_battlefield:
                continue
            for name in pack.models[model.card].abilities:
                ability = pack.abilities[name]
                effect = _nemesis(ability)
                if (effect and candidates(state, pack, model.uid, effect)) \
                        or (_other(ability) and _usable(state, pack, field, model.uid, ability)):
                    waiting.append((seat, model.uid, name))
    return advance(replace(state, start_abilities=tuple(waiting)), pack, field)


def advance(state: State, pack, field) -> State:
    """Apply each ability at the head of the queue that asks nothing; skip one
    an earlier ability left unusable (its coins spent)."""
    while state.start_abilities:
        _, uid, name = state.start_abilities[0]
        ability = pack.abilities[name]
        if _nemesis(ability):
            return state
        if not _usable(state, pack, field, uid, ability):
            state = replace(state, start_abilities=state.start_abilities[1:])
            continue
        if _asked(ability, _choices(state, pack, field, uid, ability)):
            return state
        state = _apply(replace(state, start_abilities=state.start_abilities[1:]), pack,
                       uid, ability, None, None, None)
    return state


def decision(state: State, pack, field) -> Decision:
    seat, uid, name = state.start_abilities[0]
    ability = pack.abilities[name]
    card = state.model(uid).card
    effect = _nemesis(ability)
    if effect:
        return Decision(seat, f"At the start of the game, {card}'s {name}: choose a nemesis.",
                        (CommandSpec("choose_nemesis", label=name, args={"model": uid},
                                     params={"nemesis": candidates(state, pack, uid,
                                                                   effect)}),))
    options = [CommandSpec("start_ability", label=name, args={"model": uid, "ability": name},
                           params=_choices(state, pack, field, uid, ability))]
    if ability.cost.total():
        options.append(CommandSpec("decline_start_ability"))
    return Decision(seat, f"At the start of the game, {card}'s {name}: {ability.text}",
                    tuple(options))


def event(state: State, args: dict) -> Event:
    _, uid, name = state.start_abilities[0]
    return Event("nemesis_chosen", {"model": uid, "ability": name, "nemesis": args["nemesis"]})


def chosen(state: State, pack, d: dict) -> State:
    effect = _nemesis(pack.abilities[d["ability"]])
    return replace(state, start_abilities=state.start_abilities[1:],
                   nemeses=state.nemeses + ((d["model"], d["nemesis"], effect.vp),))


def ability_event(state: State, pack, args: dict, dice) -> Event:
    """Resolve once to roll any will dice; the event keeps them for evolve."""
    _, uid, name = state.start_abilities[0]
    recorded = Recorded(dice)
    ability = pack.abilities[name]
    if args.get("ability"):
        _apply(state, pack, uid, ability, picks.picked(args, ability.effects),
               args.get("square"), recorded)
    data = {"model": uid, "ability": args.get("ability", ""), **picks.record(args),
            "square": args.get("square")}
    if recorded.faces:
        data["will_faces"] = recorded.faces
    return Event("start_ability_used", {**data, **command_abilities.drawn(recorded)})


def draw_events(state: State, pack, args: dict, used: Event) -> list[Event]:
    """The agenda cards the ability at the head of the queue draws when used
    (its will tests' too: `used`'s record), each in an event only its player
    sees (asked, so an event carries them)."""
    seat, _, name = state.start_abilities[0]
    if not args.get("ability"):
        return []
    return secret_events.ability_draws(state, seat, pack.abilities[name],
                                       used.data.get("drawn", 0))


def ability_used(state: State, pack, field, d: dict) -> State:
    """The head of the queue used (or declined), then the next that asks nothing."""
    _, uid, name = state.start_abilities[0]
    state = replace(state, start_abilities=state.start_abilities[1:])
    if d["ability"]:
        ability = pack.abilities[name]
        state = _apply(state, pack, uid, ability, picks.picked(d, ability.effects), d["square"],
                       Recorded(faces=d.get("will_faces", ())))
    return advance(state, pack, field)


def _apply(state: State, pack, uid: str, ability, target, square, dice) -> State:
    """Pay, then each effect in order; `dice` roll or replay its will tests."""
    seat = state.model(uid).seat
    state = replace(state, purses={**state.purses,
                                   seat: coins.pay(state.purses[seat], ability.cost)})
    for effect in ability.effects:
        if isinstance(effect, ScoreVP):
            state = replace(state, vp={**state.vp, seat: state.vp[seat] + effect.vp})
        elif isinstance(effect, DrawAgenda):
            continue  # drawn in the events that follow (`draw_events`)
        elif isinstance(effect, MoveModel) and effect.target.who == "self":  # (its terrain)
            state = terrain_entry.moved_by_ability(state, pack, uid, square, effect.squares,
                                                   dice)
            state = objectives.reveal_under(state, state.model(uid).squares)
        else:
            state = command_abilities.apply_effects(state, pack, uid, target, [effect], dice)
    return state
