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
reading of "demise": whoever kills it). Rule module: never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf.cards.vocabulary import Nemesis
from server.rules.asoiaf.state import State, other, replace
from server.rules.kernel import CommandSpec, Decision, Event

START = "seed 004, PLAYING THE GAME (At the Start of the Game)"


def _nemesis(ability):
    effects = ability.effects
    if ability.timing == "start_of_game" and effects \
            and all(isinstance(e, Nemesis) and e.count == 1 for e in effects):
        return effects[0]
    return None


def candidates(state: State, pack, uid: str, effect) -> list[str]:
    seat = state.model(uid).seat
    return [m.uid for m in state.models_of(other(seat)) if not m.removed
            and pack.models[m.card].type in effect.types]


def queue(state: State, pack) -> State:
    waiting = []
    for seat in (state.first_player, other(state.first_player)):
        for model in state.models_of(seat):
            if not model.on_battlefield:
                continue
            for name in pack.models[model.card].abilities:
                effect = _nemesis(pack.abilities[name])
                if effect and candidates(state, pack, model.uid, effect):
                    waiting.append((seat, model.uid, name))
    return replace(state, start_abilities=tuple(waiting))


def decision(state: State, pack) -> Decision:
    seat, uid, name = state.start_abilities[0]
    effect = _nemesis(pack.abilities[name])
    return Decision(seat, f"At the start of the game, {state.model(uid).card}'s {name}: "
                    "choose a nemesis.",
                    (CommandSpec("choose_nemesis", label=name, args={"model": uid},
                                 params={"nemesis": candidates(state, pack, uid, effect)}),))


def event(state: State, args: dict) -> Event:
    _, uid, name = state.start_abilities[0]
    return Event("nemesis_chosen", {"model": uid, "ability": name, "nemesis": args["nemesis"]})


def chosen(state: State, pack, d: dict) -> State:
    effect = _nemesis(pack.abilities[d["ability"]])
    return replace(state, start_abilities=state.start_abilities[1:],
                   nemeses=state.nemeses + ((d["model"], d["nemesis"], effect.vp),))
