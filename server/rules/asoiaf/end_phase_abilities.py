"""Abilities used in the end phase (seed 004, THE END PHASE: "When neither
player can activate any more of their models, the round ends. Resolve the end
phase: - Players may use end of round effects. - Each model that controls an
objective scores 1 VP ... - The player holding the most [copper] scores 1 VP"):
STUBBORN COMMANDER, "In the end phase, 1 copper: a friendly soldier in short
range loses its routed token" (ours: the book has no card for it).

When the round ends (after the 1st round's unplaced models are killed), each
`end_phase` ability of a model on the battlefield that the engine can apply
(command_abilities.supported), that its player can pay, whose `once_per` limit
is not used up and that has a model to aim at waits in
`State.end_phase_waiting` (seat, uid, ability), the 1st player's models first
(as "At the Start of the Game"; the book gives no order here), in warband
order. Its player answers `end_phase_ability` (with the model to aim at) or
`decline_end_phase_ability`. The end phase's VP come after the last: copper
spent now is no longer held for "the most [copper]". A `remove_condition` is
aimed only at a model holding that token (losing a token it does not hold
changes nothing). `end_of_game` abilities ("when the game ends") wait with them
in the last round's end phase, in their card's order: the game ends with that
end phase (not when a warband is wiped out or a player concedes: it is over at
once). Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import (
    coins,
    command_abilities,
    model_triggers,
    once_per,
    picks,
    requirements,
)
from server.rules.asoiaf.cards.vocabulary import RemoveCondition
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.state import Condition, State, other, replace
from server.rules.kernel import CommandSpec, Decision, Event

END_PHASE = "seed 004, THE END PHASE (end of round effects)"


def _usable(ability, last_round: bool = False) -> bool:
    """An end-phase ability; in the last round's end phase an `end_of_game` one
    too ("when the game ends": the game ends with that end phase)."""
    timings = ("end_phase", "end_of_game") if last_round else ("end_phase",)
    return ability.timing in timings and unsupported(ability) is None


def unsupported(ability) -> str | None:
    """Why a model card's `end_phase` or `end_of_game` ability is never
    offered (None: it can be): its effects are a trigger's, its own move "free"
    (model_triggers.own_move_unsupported)."""
    if ability.timing not in ("end_phase", "end_of_game"):
        return f"a '{ability.timing}' ability is not used in the end phase"
    return model_triggers.own_move_unsupported(ability.effects)


def targets(state: State, pack, field, uid: str, ability) -> list[list[str]] | None:
    """For each of its picks, the models the ability may aim at now (a pick
    that removes a condition: those that have it); None when it aims at
    nobody."""
    def has_condition(picker, other) -> bool:
        return not isinstance(picker, RemoveCondition) \
            or Condition(picker.condition) in other.conditions
    return picks.candidates(state, pack, field, state.model(uid), ability.effects,
                            has_condition)


def _may_use(state: State, pack, field, seat: str, uid: str, ability) -> bool:
    if not (state.model(uid).on_battlefield and once_per.available(state, uid, ability)
            and requirements.met(state, pack, field, uid, ability.requires)
            and coins.affordable(state.purses[seat], ability.cost)):
        return False
    return picks.all_fit(targets(state, pack, field, uid, ability)) \
        and model_triggers.squares(state, field, uid, ability) != []


def queue(state: State, pack, field) -> State:
    """The end phase begins: its abilities wait, the 1st player's first."""
    waiting = []
    for seat in (state.first_player, other(state.first_player)):
        for model in state.models_of(seat):
            if not model.on_battlefield:
                continue
            for name in pack.models[model.card].abilities:
                ability = pack.abilities[name]
                if _usable(ability, state.round >= state.rounds) \
                        and _may_use(state, pack, field, seat, model.uid, ability):
                    waiting.append((seat, model.uid, name))
    return replace(state, end_phase_waiting=tuple(waiting), end_phase_begun=True)


def decision(state: State, pack, field) -> Decision:
    seat, uid, name = state.end_phase_waiting[0]
    ability = pack.abilities[name]
    options = []
    if _may_use(state, pack, field, seat, uid, ability):  # (an earlier one may have spent)
        params = picks.params(targets(state, pack, field, uid, ability), ability.effects)
        moves = model_triggers.squares(state, field, uid, ability)
        if moves is not None:
            params["square"] = moves
        options.append(CommandSpec("end_phase_ability", label=name, args={"ability": name},
                                   params=params))
    when = "End of the game" if ability.timing == "end_of_game" else "End phase"
    return Decision(seat, f"{when}: use {state.model(uid).card}'s {name}?",
                    (*options, CommandSpec("decline_end_phase_ability")))


def event(state: State, pack, args: dict, dice) -> Event:
    """Resolve once to roll any will dice; the event keeps them for evolve."""
    _, uid, name = state.end_phase_waiting[0]
    recorded = Recorded(dice)
    if args.get("ability"):
        _apply(state, pack, uid, name, picks.picked(args, pack.abilities[name].effects),
               recorded, args.get("square"))
    data = {"model": uid, "ability": args.get("ability", ""), **picks.record(args),
            "will_faces": recorded.faces}
    if args.get("square"):  # where "this model may move" took it
        data["square"] = args["square"]
    return Event("end_phase_ability_used", {**data, **command_abilities.drawn(recorded)})


def used(state: State, pack, d: dict) -> State:
    """The first waiting ability, paid and applied, or declined."""
    _, uid, name = state.end_phase_waiting[0]
    state = replace(state, end_phase_waiting=state.end_phase_waiting[1:])
    if not d["ability"]:
        return state
    return _apply(state, pack, uid, name, picks.picked(d, pack.abilities[name].effects),
                  Recorded(faces=d["will_faces"]), d.get("square"))


def _apply(state: State, pack, uid: str, name: str, target, dice, square=None) -> State:
    ability = pack.abilities[name]
    state = once_per.paid(state, uid, ability)
    return model_triggers.apply(state, pack, uid, target, ability.effects, dice, square)
