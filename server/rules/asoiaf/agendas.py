"""Agenda cards (seed 004, AGENDA CARDS and PLAYING THE GAME): each player's
deck of 5, 2 drawn and 1 kept as the hidden agenda, and its scoring. The cards
are data (data/packs/core/agendas.toml); the conditions their `special` hooks
name are the code here. Rule module: reads state.py, never imports system.py.

Secrecy: the kept agenda lives in `State.agendas`; system.view shows it only to
its seat until `agendas_played` holds it, and the events that carry it
are `visible_to` that seat alone (asoiaf.md, "Hidden information")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from server.rules.asoiaf.cards.vocabulary import GrantAction, ScoreVP, Special
from server.rules.asoiaf.state import SEATS, State, other, replace
from server.rules.dice import Dice

AGENDAS = "seed 004, AGENDA CARDS"
# seed 004: "Each player shuffles their own deck of 5 unique agenda cards and draws 2"
DRAWN = 2
# every agenda of seed 004 "scores 2 VP"
AGENDA_VP = 2


def shuffled(items: Sequence[str], dice: Dice) -> tuple[str, ...]:
    """A Fisher-Yates shuffle drawing its positions from the match's dice, so
    the shuffle is in the replay like any other roll."""
    deck = list(items)
    for i in range(len(deck) - 1, 0, -1):
        j = dice.roll(1, i + 1)[0] - 1
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def draw(deck_cards: Iterable[str], dice: Dice) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Shuffle a deck and draw 2: (hand, rest of the deck)."""
    deck = shuffled(sorted(deck_cards), dice)
    return deck[:DRAWN], deck[DRAWN:]


def keep(state: State, seat: str, kept: str, deck: Sequence[str]) -> State:
    """"Then they select one and shuffle the other card back to their agenda
    deck. The selected card is their hidden agenda." `deck` is the reshuffled deck."""
    return replace(state, agendas={**state.agendas, seat: (kept,)},
                   agenda_hands={**state.agenda_hands, seat: ()},
                   agenda_decks={**state.agenda_decks, seat: tuple(deck)})


def reshuffle_with(state: State, seat: str, kept: str, dice: Dice) -> tuple[str, ...]:
    """The deck after the unkept card is shuffled back in."""
    back = [c for c in state.agenda_hands[seat] if c != kept]
    return shuffled(list(state.agenda_decks[seat]) + back, dice)


# -- scoring -----------------------------------------------------------------
# A hook sees the state, the seat holding the agenda, the card types by card
# name and the objective squares; True means the agenda scores.
Hook = Callable[[State, str, Mapping[str, str], frozenset, Mapping[str, frozenset]], bool]


def _no_hero_lost(state, seat, types, objectives, zones) -> bool:
    """"if none of their heroes have been captured or killed": a hero freed since
    it was captured has been captured."""
    return not any(m.removed or m.was_captured for m in state.models_of(seat)
                   if types[m.card] == "hero")


def _more_objectives(state, seat, types, objectives, zones) -> bool:
    """"if the player who drew the agenda controls more objectives than their opponent"."""
    return controlled(state, seat, objectives) > controlled(state, other(seat), objectives)


def _soldiers_in_enemy_zone(state, seat, types, objectives, zones) -> bool:
    """"if they have at least 2 soldier models in any of their opponent's deployment zone(s)"."""
    enemy_zone = zones[state.zones[other(seat)]]
    inside = [m for m in state.models_of(seat) if m.on_battlefield
              and types[m.card] == "soldier" and m.square in enemy_zone]
    return len(inside) >= 2


def _all_enemy_characters_killed(state, seat, types, objectives, zones) -> bool:
    """"if they have killed all enemy heroes and champions": killed, not captured
    (our reading, asoiaf.md)."""
    return all(m.removed == "killed" for m in state.models_of(other(seat))
               if types[m.card] in ("hero", "champion"))


HOOKS: dict[str, Hook] = {
    "score_if_no_hero_lost": _no_hero_lost,
    "score_if_more_objectives": _more_objectives,
    "score_if_soldiers_in_enemy_zone": _soldiers_in_enemy_zone,
    "score_if_all_enemy_characters_killed": _all_enemy_characters_killed,
}


def controlled(state: State, seat: str, objectives: frozenset) -> int:
    """seed 004, OBJECTIVES TOKENS: "any model that stands on this square controls it"."""
    return sum(1 for m in state.models_of(seat) if m.on_battlefield
               for sq in m.squares if tuple(sq) in objectives)


def unsupported(ability) -> str | None:
    """Why an agenda card's ability is never played or scored (None: it is):
    its `activation` play is one free grant (agenda_plays.grant), its
    `end_of_game` part hooks of HOOKS (`end_of_game_hooks`), its
    `spent_last_copper` trigger AGENDA_VP (`spent_last_copper`)."""
    effects = ability.effects
    if ability.timing == "activation":
        if len(effects) == 1 and isinstance(effects[0], GrantAction) and effects[0].free:
            return None
        return ("an agenda's 'activation' play is one 'free' grant_action (a move or an "
                "attack) and nothing else")
    if ability.timing == "end_of_game":
        if effects and all(isinstance(e, Special) and e.hook in HOOKS for e in effects):
            return None
        return ("an agenda's 'end_of_game' part is scored by 'special' hooks: "
                f"{', '.join(HOOKS)}")
    if ability.timing == "trigger" and ability.trigger == "spent_last_copper":
        if len(effects) == 1 and isinstance(effects[0], ScoreVP) \
                and effects[0].vp == AGENDA_VP:
            return None
        return (f"an agenda's 'spent_last_copper' trigger scores {AGENDA_VP} VP and nothing "
                f"else (one 'score_vp' of vp = {AGENDA_VP})")
    return ("an agenda is played as an 'activation' ability, scored by 'end_of_game' hooks "
            f"or by a 'spent_last_copper' trigger, not as a '{ability.timing}' ability"
            + (f" on '{ability.trigger}'" if ability.trigger else ""))


def end_of_game_hooks(card) -> list[str]:
    return [effect.hook for ability in card.abilities if ability.timing == "end_of_game"
            for effect in ability.effects if isinstance(effect, Special)]


def score_last_round(state: State, cards: Mapping, types: Mapping[str, str],
                     objectives: frozenset, zones: Mapping[str, frozenset]) -> dict[str, int]:
    """"In the end phase of the last round of the battle, the player who drew the
    agenda scores 2 VP if ...": the VP each seat's agenda scores now."""
    gained = {}
    for seat in SEATS:
        for name in state.agendas.get(seat, ()):  # a card played early still scores
            if any(HOOKS[hook](state, seat, types, objectives, zones)
                   for hook in end_of_game_hooks(cards[name])):
                gained[seat] = gained.get(seat, 0) + AGENDA_VP
    return gained


def reveal_all(state: State) -> State:
    """"Agenda cards are kept secret until they are played, either at the end of
    the battle, or when specified on the card"."""
    return replace(state, agendas_played=frozenset(
        (seat, name) for seat, names in state.agendas.items() for name in names))


def spent_last_copper(state: State, seat: str, cards: Mapping) -> State:
    """The trigger agenda: "score 2 VP as soon as they spend their last [copper]
    before their opponent". Played once: it is revealed when it scores."""
    if state.purses[seat].copper or not state.purses[other(seat)].copper:
        return state
    for name in state.agendas.get(seat, ()):
        triggered = any(a.trigger == "spent_last_copper" for a in cards[name].abilities
                        if a.timing == "trigger" and unsupported(a) is None)
        if triggered and (seat, name) not in state.agendas_played:
            state = replace(state, vp={**state.vp, seat: state.vp[seat] + AGENDA_VP},
                            agendas_played=state.agendas_played | {(seat, name)})
    return state


def draw_one(state: State, seat: str) -> str:
    """PLUNDER TOKENS: "draw 1 agenda card (page 13) from your remaining cards":
    the top of the seat's deck ("" when it is empty)."""
    deck = state.agenda_decks.get(seat, ())
    return deck[0] if deck else ""


def add_drawn(state: State, seat: str, card: str) -> State:
    return replace(state, agendas={**state.agendas, seat: (*state.agendas.get(seat, ()), card)},
                   agenda_decks={**state.agenda_decks, seat: state.agenda_decks[seat][1:]})
