"""No secret reaches the other seat or a spectator, over whole seeded games
(seed 004, AGENDA CARDS: "kept secret until they are played"; PLAYING THE GAME:
objective cards "face down"): every event as the kernel hands it to each viewer
(Event.for_viewer) and every view after every event."""

import json

import pytest

from server.rules.asoiaf.state import SEATS
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import SPECTATOR, Viewer
from tests.asoiaf.test_random_games import play

AGENDA_NAMES = ("Cut Off the Head", "Hold the Field", "Protect the Lords", "Raid Their Camp",
                "Thrifty Purse")
PUBLIC_AGENDA_EVENTS = {"agenda_played"}  # a play is public: the card is face up


def _check_view(state, viewer):
    view = SYSTEM.view(state, viewer)
    for seat in SEATS:
        held = state.agendas.get(seat, ())
        expected = [name if seat == viewer.seat or (seat, name) in state.agendas_played
                    else None for name in held]
        assert view["agendas"][seat] == expected
    assert ("agenda_hand" in view) == (viewer.seat is not None)
    if viewer.seat is not None:
        assert view["agenda_hand"] == list(state.agenda_hands.get(viewer.seat, ()))
    for shown, (x, y, card) in zip(view["objectives"], state.objective_cards, strict=True):
        assert shown["card"] == (card if (x, y) in state.objectives_revealed else None)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_seats_secrets_never_reach_the_other_seat_or_a_spectator(seed):
    setup, final, events = play(seed)
    state = SYSTEM.initial(setup)
    secret_events = 0
    for event in events:
        for viewer in (Viewer("a"), Viewer("b"), SPECTATOR):
            seen = event.for_viewer(viewer)
            if event.visible_to is not None and viewer.seat not in event.visible_to:
                secret_events += 1
                assert seen is not None and set(seen.data) <= {"seat", "objectives"}
            elif viewer.seat is None and event.type not in PUBLIC_AGENDA_EVENTS:
                text = json.dumps(dict(seen.data))
                assert not any(name in text for name in AGENDA_NAMES), event
        state = SYSTEM.evolve(state, event)
        for viewer in (Viewer("a"), Viewer("b"), SPECTATOR):
            _check_view(state, viewer)
    assert secret_events  # the agendas were drawn and kept in secret
