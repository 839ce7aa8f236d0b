"""No secret reaches the other seat or a spectator, over whole seeded games
(seed 004, AGENDA CARDS: "kept secret until they are played"; PLAYING THE GAME:
objective cards "face down"): every event as the kernel hands it to each viewer
(Event.for_viewer) and every view after every event."""

import json
import random

import msgspec
import pytest

from server.matches.rules_host import Material, RulesCore
from server.rules.asoiaf.random_player import random_command
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


def test_the_host_sends_each_viewer_only_its_own_secrets():
    """The same through the server's rules host (server/matches/rules_host.py), as
    the fan-out pushes views: the set-up to the first activations, seat b and a
    spectator never shown seat a's hidden agenda, seat a never b's."""
    rng = random.Random(3)
    core = RulesCore(SYSTEM, b"hidden")
    core.load(Material({"options": {"scenario": "village_skirmish"}}, None, []))
    kept_checked = 0
    for _ in range(60):
        prompt = SYSTEM.prompt(core.state)
        command = random_command(prompt, prompt.seats[0], rng)
        outcome = core.apply(command, views=["a", "b", None])
        views = {who: msgspec.msgpack.decode(raw) for who, raw in outcome.views.items()}
        for seat in SEATS:
            for who, view in views.items():
                hidden = [None] * len(core.state.agendas.get(seat, ()))
                if who != seat and not any(s == seat for s, _ in core.state.agendas_played):
                    assert view["agendas"][seat] == hidden
                    kept_checked += bool(hidden)
            assert "agenda_hand" not in views[None]
    assert kept_checked
