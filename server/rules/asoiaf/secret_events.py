"""The events that carry hidden information (seed 004, PLAYING THE GAME,
AGENDA CARDS, PLUNDER TOKENS): each secret goes in `data` with `visible_to` the
seats allowed to see it, and a `redacted` public part for everyone else (the
kernel's Event.for_viewer). Rule module: never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import agendas, objective_actions, objectives
from server.rules.asoiaf.battlefield import Battlefield
from server.rules.asoiaf.cards.vocabulary import DrawAgenda
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.state import SEATS, State
from server.rules.board.square import Square
from server.rules.dice import Dice
from server.rules.kernel import Event


def drawn(state: State, seat: str, cards: int) -> list[Event]:
    """The top `cards` agenda cards of the seat's deck, each drawn in an event
    only that seat sees (Maester's Ravens, a motivation, an aftermath)."""
    return [Event("agenda_drawn", {"seat": seat, "agenda": card},
                  visible_to=(seat,), redacted={"seat": seat})
            for card in state.agenda_decks.get(seat, ())[:cards]]


def ability_draws(state: State, seat: str, ability, tested: int = 0) -> list[Event]:
    """The agenda cards an ability used draws (`draw_agenda`: a command, trigger,
    end-phase or start-of-game ability's, and `tested` more its will tests'
    results drew), each in an event only its player sees."""
    return drawn(state, seat, tested + sum(e.cards for e in ability.effects
                                           if isinstance(e, DrawAgenda)))


def deal(state: State, field: Battlefield, pack, dice: Dice) -> list[Event]:
    """Once both roll-off choices are made: objective cards face down (seen by
    nobody), then each player's 2 agendas drawn (seen by that player alone)."""
    if not (state.zones or state.first_player):
        return []  # the first of the two choices
    spots = [tuple(sq) for sq in field.objectives]
    dealt = objectives.deal(spots, pack.objectives, dice)
    events = [Event("objectives_dealt", {"cards": dealt}, visible_to=(),
                    redacted={"objectives": [list(sq) for sq in spots]})] if dealt else []
    for seat in SEATS:
        hand, deck = agendas.draw(pack.agendas, dice)
        events.append(Event("agendas_drawn", {"seat": seat, "hand": list(hand),
                                              "deck": list(deck)},
                            visible_to=(seat,), redacted={"seat": seat}))
    return events


def objective_action(state: State, square: list, pack, wounds, given: dict,
                     dice: Dice) -> list[Event]:
    """The active model uses the action of the objective card it stands on (its
    will dice rolled here and kept in the event); the agenda cards it draws
    (Maester's Ravens) go in events only its seat sees."""
    seat = state.model(state.active_model).seat
    card = objectives.card_at(state, square)
    recorded = Recorded(dice)
    objective_actions.use(state, state.active_model, tuple(square), pack, wounds, given,
                          recorded)
    picked = objective_actions.recorded(pack.objectives[card].action, given)
    events = [Event("objective_used", {"model": state.active_model, "square": list(square),
                                       "card": card, **picked,
                                       "will_faces": recorded.faces})]
    return events + drawn(state, seat, objective_actions.draws(state, square,
                                                               pack.objectives))


def plunder(state: State, field: Battlefield, square: list, granted: str = "") -> list[Event]:
    """The active model (or the `granted` model, spending no AP: granted.py)
    takes a plunder token; an agenda token's card is drawn in an event only its
    seat sees."""
    kind = field.plunder[Square(*square)]
    uid = granted or state.active_model
    seat = state.model(uid).seat
    events = [Event("plundered", {"model": uid, "square": list(square), "kind": kind,
                                  **({"granted": True} if granted else {})})]
    card = agendas.draw_one(state, seat) if kind == "agenda" else ""
    if card:  # "draw 1 agenda card ... from your remaining cards"
        events.append(Event("agenda_drawn", {"seat": seat, "agenda": card},
                            visible_to=(seat,), redacted={"seat": seat}))
    return events
