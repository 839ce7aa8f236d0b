"""Agendas played during the battle (seed 004, AGENDA CARDS): "[Raid Their
Camp] can be played at the beginning of a friendly soldier model activation.
This soldier immediately performs 1 [move] as a free action, before announcing
their first action"; "[Cut Off the Head] can be played at the beginning of a
friendly model activation. This model immediately performs 1 [attack] as a free
action". The play is an agenda's `activation` ability with a `grant_action`
effect marked `free`; playing it turns the card face up ("kept secret until
they are played ... or when specified on the card"); the card still scores its
end-of-battle part (our reading, asoiaf.md). Rule module: reads state.py,
never imports system.py."""

from __future__ import annotations

from collections.abc import Mapping

from server.rules.asoiaf import agendas
from server.rules.asoiaf.cards.vocabulary import GrantAction
from server.rules.asoiaf.state import State, replace

# the events that are a model's action: after one, it is no longer "the
# beginning of" the activation (an attack's first event is attack_rolled, the
# attack sequence's step 3, where its AP is spent; a charge's is charged)
ACTION_EVENTS = frozenset({"moved", "attack_rolled", "charged", "terrain_charged",
                           "ability_used", "plundered", "objective_used", "door_used",
                           "corpse_pile_tested", "idled"})
FREE_EVENT = {"move": "moved", "attack": "attack_rolled"}


def grant(card) -> GrantAction | None:
    """The free action an agenda grants when played, if it has one."""
    for ability in card.abilities:
        if ability.timing == "activation" and agendas.unsupported(ability) is None:
            return ability.effects[0]  # (one free grant: agendas.unsupported)
    return None


def playable(state: State, seat: str, agenda_cards: Mapping, model_type: str,
             possible: Mapping[str, bool]) -> list[str]:
    """The seat's unplayed agendas it may play now: at the beginning of the
    active model's activation, on a model of a type the card allows, with its
    free action possible (`possible` maps action name to whether it is)."""
    if not state.fresh or state.free_action:
        return []
    out = []
    for name in state.agendas.get(seat, ()):
        effect = grant(agenda_cards[name])
        if effect is None or (seat, name) in state.agendas_played:
            continue
        if effect.target.types and model_type not in effect.target.types:
            continue
        if possible.get(effect.action):
            out.append(name)
    return out


def play(state: State, seat: str, name: str, agenda_cards: Mapping) -> State:
    """Face up, and the active model owes its free action."""
    return replace(state, agendas_played=state.agendas_played | {(seat, name)},
                   free_action=grant(agenda_cards[name]).action)


def after_event(before: State, after: State, event_type: str) -> State:
    """Keep the AP a free action did not cost, and close the activation's
    beginning once the model acts."""
    if before.free_action and FREE_EVENT.get(before.free_action) == event_type:
        uid = before.active_model
        if after.model(uid).on_battlefield:
            after = after.with_model(replace(after.model(uid), ap=before.model(uid).ap))
        after = replace(after, free_action="")
    if event_type in ACTION_EVENTS:
        after = replace(after, fresh=False)
    return after
