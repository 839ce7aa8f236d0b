"""The scenario objects on the browser's board: treasure tokens, the found
treasure and its carrier, the Place of Power and the features to nominate it
from, spellcasting altars, and Ambush markers, which show what they hide to
their owner only (the server leaves it out of everyone else's view).

One test draws every kind from a view made up here (the bundled Board, in
Chromium); two play real matches by clicking (tests/web/clicking.py): an
Ambush, where the defender's page names each marker's contents and the
attacker's and a spectator's do not, and a Treasure Hunt, whose tokens every
page draws where they were placed."""

from __future__ import annotations

import time

from tests.web.clicking import act
from tests.web.pages import shot, sign_in_as_guest, state, wait_for_library

DRAW_JS = """(view) => {
  document.body.innerHTML = '<div id="board" style="width:900px"></div>'
    + '<div id="legend"></div>';
  const board = new warbandLib.Board(document.getElementById('board'), {});
  board.render(view, {});
  document.getElementById('legend').innerHTML = warbandLib.legendHtml(view);
  const svg = document.querySelector('svg');
  const pick = (sel) => [...svg.querySelectorAll(sel)].map(e => ({
    hex: e.dataset.hex, marker: e.dataset.marker, hides: e.dataset.hides,
    title: (e.querySelector('title') || {}).textContent}));
  return {
    tokens: pick('.object.token'), treasure: pick('.object.treasure'),
    altars: pick('.object.altar'), markers: pick('.marker'),
    power: [...svg.querySelectorAll('.place-of-power')].map(e => e.dataset.power),
    features: [...svg.querySelectorAll('.feature-number')].map(e => e.textContent),
    carrier: svg.querySelectorAll('.figure[data-figure="a1"] .carrier-badge').length,
    carrierStates: svg.querySelector('.figure[data-figure="a1"]').dataset.states,
    legend: [...document.querySelectorAll('#legend [data-legend]')].map(e => e.dataset.legend),
    hover: warbandLib.objectsAt(view, '6,2', new Map([['b1', 'Orc Warrior']])),
  };
}"""

FIGURES = [
    {"id": "a1", "seat": "a", "name": "Elf Archer (Bow)", "quality": 3, "combat": 3,
     "rules": [], "pos": [2, 6], "status": "ready", "fallen": False, "transfixed": False,
     "activated": False},
    {"id": "b1", "seat": "b", "name": "Orc Warrior", "quality": 4, "combat": 3, "rules": [],
     "pos": None, "status": "ready", "fallen": False, "transfixed": False,
     "activated": False}]


def board_view(**objects) -> dict:
    return {"board": {"width": 16, "height": 10, "terrain": [[5, 5, "woods"], [6, 5, "woods"]],
                      "edges": []},
            "options": {"scenario": "treasure_hunt", "spellcasting_altars": [[12, 1]]},
            "figures": FIGURES, "markers": [], "tokens": [], "treasure": None,
            "place_of_power": [], **objects}


def test_every_scenario_object_is_drawn_with_a_tooltip_and_in_the_legend(browser, server):
    page = browser.new_page(viewport={"width": 960, "height": 640})
    try:
        page.goto(server.http_url)
        wait_for_library(page)
        owner = page.evaluate(DRAW_JS, board_view(
            tokens=[[5, 5], [9, 3]], treasure={"at": None, "carrier": "a1"},
            place_of_power=[[5, 5], [6, 5]],
            features=[{"kind": "woods", "hexes": [[5, 5], [6, 5]]}],
            markers=[{"marker": "m1", "at": [6, 2], "hides": "b1"},
                     {"marker": "m2", "at": [8, 2], "hides": "dummy"}]))
        shot(page, "10-objects-owner")
        other = page.evaluate(DRAW_JS, board_view(
            treasure={"at": [9, 3], "carrier": None},
            markers=[{"marker": "m1", "at": [6, 2]}, {"marker": "m2", "at": [8, 2]}]))
        shot(page, "11-objects-other-seat")
    finally:
        page.close()
    assert [t["hex"] for t in owner["tokens"]] == ["5,5", "9,3"]
    assert "Treasure token" in owner["tokens"][0]["title"]
    assert owner["power"] == ["5,5", "6,5"] and owner["features"] == ["1"]
    assert owner["altars"][0]["hex"] == "12,1" and "altar" in owner["altars"][0]["title"]
    assert owner["carrier"] == 1 and "carries the treasure" in owner["carrierStates"]
    assert [(m["marker"], m["hides"]) for m in owner["markers"]] == [("m1", "b1"),
                                                                    ("m2", "dummy")]
    assert "hides Orc Warrior (only you can see this)" in owner["markers"][0]["title"]
    assert owner["hover"] == ["ambush marker m1 (hides Orc Warrior)"]
    assert {"token", "carrier", "power", "feature", "altar", "marker"} <= set(owner["legend"])
    # the other seat's view has no "hides": the page cannot tell real from dummy
    assert [(m["marker"], m["hides"]) for m in other["markers"]] == [("m1", ""), ("m2", "")]
    assert other["markers"][0]["title"] == "Ambush marker m1: a hidden figure or a dummy"
    assert other["hover"] == ["ambush marker m1"]
    assert other["treasure"][0]["hex"] == "9,3" and "treasure" in other["legend"]


def play_set_up(players: dict, until, deadline: float = 90) -> list[str]:
    """Both players click through their decisions until `until()`."""
    done: list[str] = []
    stop = time.monotonic() + deadline
    while not until():
        assert time.monotonic() < stop, f"set-up took too long; did {done}"
        acted = False
        for seat, (page, preset) in players.items():
            if state(page)["mine"] and not until():
                done.append(act(page, seat, preset))
                acted = True
        if not acted:
            time.sleep(0.05)
    return done


MARKERS_JS = """() => [...document.querySelectorAll('.board .marker')].map(m => ({
  marker: m.dataset.marker, hides: m.dataset.hides, title: m.querySelector('title').textContent,
  at: m.querySelector('rect').getAttribute('x') + ',' + m.querySelector('rect').getAttribute('y')}))
"""


def start_match(pages, scenario: str) -> tuple[str, dict]:
    ann, bob, eve, errors = pages
    for page, name in ((ann, "Ann"), (bob, "Bob"), (eve, "Eve")):
        sign_in_as_guest(page, name)
    ann.select_option("#create-form select[name=points]", "200")
    ann.select_option("#create-form select[name=scenario]", scenario)
    ann.click("#create-form button[type=submit]")
    match_id = ann.wait_for_selector(".match-id").inner_text()
    bob.wait_for_selector(f"tr[data-match='{match_id}'] button[data-join]").click()
    eve.fill("#watch-form input[name=match]", match_id)
    eve.click("#watch-form button[type=submit]")
    eve.wait_for_selector(".match-info >> text=You are watching")
    return match_id, {"a": (ann, "Human Patrol"), "b": (bob, "Orc Patrol")}


def test_ambush_markers_show_their_contents_to_the_defender_alone(pages):
    ann, bob, eve, errors = pages
    _, players = start_match(pages, "ambush")
    play_set_up(players, lambda: ann.locator(".log li[data-type=initiative_rolled]").count())
    defender_page = next(p for p in (ann, bob) if p.locator(".marker[data-hides='dummy']").count())
    attacker_page = bob if defender_page is ann else ann
    for page in (attacker_page, eve):
        page.wait_for_function("() => document.querySelectorAll('.board .marker').length > 0")
    mine = defender_page.evaluate(MARKERS_JS)
    assert len(mine) == 12  # two markers a figure: 6 figures each side
    assert sum(m["hides"] == "dummy" for m in mine) == 6
    assert all("(only you can see this)" in m["title"] for m in mine)
    for page in (attacker_page, eve):
        theirs = page.evaluate(MARKERS_JS)
        assert [(m["marker"], m["at"]) for m in theirs] == [(m["marker"], m["at"]) for m in mine]
        assert all(m["hides"] == "" and m["title"].endswith("a hidden figure or a dummy")
                   for m in theirs)
    defender_page.hover(f".board .marker[data-marker='{mine[0]['marker']}']")
    assert "ambush marker" in defender_page.locator(".hover-info").inner_text()
    shot(defender_page, "12-ambush-defender")
    shot(attacker_page, "13-ambush-attacker")
    assert errors == []


def test_treasure_tokens_are_drawn_for_both_seats_and_spectators(pages):
    ann, bob, eve, errors = pages
    _, players = start_match(pages, "treasure_hunt")
    play_set_up(players, lambda: ann.locator(".log li[data-type=token_placed]").count() == 3)
    placed = [li.inner_text() for li in ann.locator(".log li[data-type=token_placed]").all()]
    for page in (ann, bob, eve):
        page.wait_for_function("() => document.querySelectorAll('.object.token').length === 3")
        hexes = page.eval_on_selector_all(".object.token", "els => els.map(e => e.dataset.hex)")
        assert len(set(hexes)) == 3
        assert all(f"[{h.replace(',', ', ')}]" in " ".join(placed) for h in hexes), placed
        assert "Treasure token" in page.locator(".legend-body").inner_text()
    shot(eve, "14-treasure-tokens-spectator")
    assert errors == []


def test_the_place_of_power_is_nominated_by_clicking_a_feature_and_drawn(pages):
    """The nominator's prompt highlights each terrain feature (and names it on a
    button); a click on one of its hexes nominates it; every page draws it."""
    ann, bob, eve, errors = pages
    _, players = start_match(pages, "place_of_power")
    play_set_up(players, lambda: any(
        p.locator(".prompt .option[data-type=nominate_place]").count() for p in (ann, bob)))
    nominator = next(p for p in (ann, bob)
                     if p.locator(".prompt .option[data-type=nominate_place]").count())
    buttons = nominator.locator(".prompt .option[data-type=nominate_place] button.value")
    assert buttons.first.inner_text().startswith("feature 1 (")
    assert nominator.locator(".board .feature-number").count() == buttons.count()
    shot(nominator, "20-place-of-power-nomination")
    play_set_up(players, lambda: ann.locator(".log li[data-type=place_nominated]").count())
    said = ann.locator(".log li[data-type=place_nominated]").inner_text()
    assert "as the Place of Power" in said
    for page in (ann, bob, eve):
        page.wait_for_function("() => document.querySelectorAll('.place-of-power').length > 0")
        assert page.locator(".board .feature-number").count() == 0
    shot(eve, "21-place-of-power-spectator")
    assert errors == []
