"""What the terminal shows of an ASOIAF table, from real views of the engine: the
side panel's table (roster.py, asoiaf_panel.py) for a seat and for a spectator —
coins by type, VP, models left and activated, the acting model's AP, captives,
equipment held and spent, agendas (one's own by name, another's hidden), the two
drawn, objectives revealed and face down, plunder taken —, fuller or terser as
the lines allow; a square's words name a captive and an equipment token spent;
a taken token leaves the map; the headline keeps the round and who acts."""

from __future__ import annotations

import random

from rich.console import Console

from clients.tui.match import MatchModel
from clients.tui.roster import full, grouped, roster, summary, terse
from server.rules.asoiaf.random_player import random_command
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import SeededDice
from server.rules.kernel import Viewer
from tests.asoiaf_table_view import SETUP, deployed, seat_a_view

PLAYERS = {"a": "Ann", "b": "Bob"}


def screen_of(view: dict, seat: str | None) -> MatchModel:
    """The match model of a screen playing `seat` (None: spectating) shown `view`."""
    model = MatchModel("m1", seat=seat, spectator=seat is None, system="asoiaf",
                       status="active", players=dict(PLAYERS))
    model.take({"type": "view", "seq": 9, "view": view})
    return model


def acting_views() -> dict[str | None, dict]:
    """Each viewer's view (seat a, seat b, a spectator) of a table where a model
    is activating: the first activation after deployment, chosen at random."""
    state, rng, dice = deployed(SETUP, 7, b"table"), random.Random(3), SeededDice(b"acting")
    while not state.active_model:
        decision = SYSTEM.prompt(state).decisions[0]
        for event in SYSTEM.decide(state, random_command(SYSTEM.prompt(state), decision.seat,
                                                         rng), dice):
            state = SYSTEM.evolve(state, event)
    return {seat: SYSTEM.view(state, Viewer(seat)) for seat in ("a", "b", None)}


def every_form(model: MatchModel) -> list[str]:
    return [full(model).plain, grouped(model).plain, grouped(model, brief=True).plain,
            summary(model).plain, summary(model, tagged=True).plain, terse(model).plain]


def test_a_seats_panel_shows_the_table_hidden_spent_and_left():
    """seed 004, AGENDA CARDS ("kept secret until they are played"), OBJECTIVE CARDS
    (dealt "face down"), PLUNDER TOKENS, CAPTURING and EQUIPMENT TOKENS (once per
    game, then discarded); COINS (gold, silver, copper, spent as used)."""
    view = seat_a_view()
    model = screen_of(view, "a")
    lines = full(model).plain.split("\n")
    own = view["agendas"]["a"][0]
    captor = next(m for m in view["models"] if m.get("captive"))
    captive = next(m for m in view["models"] if m["uid"] == captor["captive"])
    carrier = next(m for m in view["models"] if m["equipment_spent"])
    a = lines[:lines.index("Seat b: Bob")]
    assert a[:3] == ["Seat a: Ann (you)", "coins 2 gold, 4 silver, 12 copper · 0 VP",
                     "models 12 of 12 left, 0 activated this round"]
    assert f"captives {captive['uid']} {captive['card']} (held by {captor['uid']})" in a
    assert f"equipment spent {carrier['uid']} {carrier['equipment']}" in a
    assert f"your agenda {own}" in a and "gold deployment zone" in a
    assert "drawn (keep one) Thrifty Purse / Raid Their Camp" in a
    b = lines[lines.index("Seat b: Bob"):]
    assert "models 11 of 12 left, 0 activated this round" in b, "b1 was captured"
    assert "agenda hidden" in b and not any("captives" in line for line in b)
    assert "silver deployment zone, 1st player" in b
    assert "Table: objectives 1 of 3 revealed (Supply Cache at [11, 9]), 2 face down" in b
    assert "plunder tokens taken 1 of 2" in b

    brief = summary(model).plain.split("\n")
    assert brief == [
        "Seat a: Ann (you)",
        "2 gold 4 silver 12 copper · 0 VP · 12/12 left, 0 activated · 1 captive · "
        f"equipment 0 held, 1 spent · your agenda {own} · drawn Thrifty Purse / Raid Their Camp",
        "Seat b: Bob", "2 gold 4 silver 12 copper · 0 VP · 11/12 left, 0 activated · "
        "agenda hidden", "Table: objectives 1/3 revealed · plunder taken 1/2",
        "f: every figure"]
    assert terse(model).plain == ("a: Ann (you) 12/12 2g 4s 12c 0VP · b: Bob 11/12 2g 4s 12c"
                                  " 0VP · f: figures")

    headline = model.headline()  # (the panel has the table now: the headline stays short)
    assert "round 1/5" in headline and "b to act" in headline
    assert "coins" not in headline and own not in headline and "objectives" not in headline

    board = model.board
    taken, left = ((x, y) for x, y, _ in view["battlefield"]["plunder"])
    assert board.glyph(taken) == "." and board.glyph(left) in "$?"
    assert f"{carrier['equipment']} spent" in board.describe(tuple(carrier["square"]))
    assert f"holds {captive['card']} captive" in board.describe(tuple(captor["square"]))
    changed = next(m for m in view["models"] if m["uid"] == view["lasting"][0][0])
    assert "defence +1 until the round ends, -1 to attack rolls this turn" in \
        board.describe(tuple(changed["square"]))


def test_a_spectator_sees_every_agenda_hidden_and_a_seat_its_own_by_name():
    """seed 004, AGENDA CARDS: "Each player's Agenda cards are kept secret until they
    are played": a spectator's view has no agenda's name, so its panel has none in
    any form; each seat's panel names its own only. THE GAME ROUND: the model
    activating and its AP left."""
    views = acting_views()
    secret = {seat: views[seat]["agendas"][seat][0] for seat in ("a", "b")}
    assert all(secret.values()) and views[None]["agendas"] == {"a": [None], "b": [None]}
    active = views[None]["active_model"]
    acting = next(m for m in views[None]["models"] if m["uid"] == active)
    spectator = screen_of(views[None], None)
    for text in every_form(spectator):
        assert secret["a"] not in text and secret["b"] not in text
        assert "your agenda" not in text and "drawn" not in text
    whole = full(spectator).plain
    assert whole.count("\nagenda hidden\n") == 2
    assert f"acting {active} {acting['card']}, {acting['ap']} AP left" in whole
    assert f"{active} acting, {acting['ap']} AP" in summary(spectator).plain
    assert "Seat b: Bob\n" in whole and "(you)" not in whole
    assert secret["a"] not in spectator.headline() and secret["b"] not in spectator.headline()

    for seat, other in (("a", "b"), ("b", "a")):
        text = full(screen_of(views[seat], seat)).plain
        assert f"your agenda {secret[seat]}" in text and "agenda hidden" in text
        assert secret[other] not in text or secret[other] == secret[seat]


def test_the_panel_is_fuller_or_terser_as_the_lines_allow():
    """The roster's forms, each with the table, at the side panel's 34 columns of an
    80-column terminal: a line a thing, then a line a seat, then coins and VP only,
    then one line, then one line without them; the choices come first."""
    model = screen_of(seat_a_view(), "a")
    console = Console(width=34)

    def count(text):
        return len(text.wrap(console, 34)) if text else 0

    forms = [full(model), full(model, with_legend=False), grouped(model),
             grouped(model, brief=True), summary(model), summary(model, tagged=True),
             terse(model), terse(model, tagged=False)]
    sizes = [count(text) for text in forms]
    assert sizes == sorted(set(sizes), reverse=True), "each form shorter than the last"
    for text, size in zip(forms, sizes, strict=True):
        assert roster(model, size, count).plain == text.plain
    assert "your agenda" in forms[3].plain and "Vale Archer" in forms[3].plain, \
        "the list packed, each seat's table on a line"
    assert forms[5].plain.split("\n")[:2] == ["Seat a: Ann (you): 12 of 12 left · 2g 4s 12c 0VP",
                                              "Seat b: Bob: 11 of 12 left · 2g 4s 12c 0VP"]
    assert forms[7].plain == "a: Ann (you) 12/12 · b: Bob 11/12 · f: figures"
    assert roster(model, 1, count, least=2).plain == forms[7].plain
    assert roster(model, 0, count, least=1).plain == ""
