"""A Song of Ice & Fire in the browser, end to end in Debian's Chromium: Ann
creates a match from the lobby's ASOIAF form, Bob joins it from the open list,
and both play by clicking (never by sending frames) through the roll-off, the
zone and 1st-player choices, the hidden agendas, the deployment and several
activations of each side: models chosen on the square battlefield, squares
clicked, targets and coins chosen with their exact odds shown on hover
(seed 004, PLAYING THE GAME and THE GAME ROUND).

The server's dice are seeded per match at random: each player acts on what its
prompt offers, in a fixed preference order; nothing depends on luck."""

from __future__ import annotations

import time

from tests.web.pages import shot, sign_in_as_guest

ACTIVATIONS_EACH = 3
# what a player clicks first when offered, in order
PREFERENCE = ["roll_off", "choose_zone", "choose_first_player", "keep_agenda", "deploy", "place",
              "defend", "decline_wounds_ability", "decline_aftermath", "remove", "hold",
              "decline_motivation", "attack", "activate", "move", "end_activation", "pass"]

PANEL_JS = """() => {
  const p = document.querySelector('.prompt');
  return {mine: p.dataset.mine === 'true' && p.dataset.busy !== 'true', seq: p.dataset.seq,
          pending: p.dataset.pending,
          options: [...p.querySelectorAll('.option button.do')].map(
            b => b.closest('.option').dataset.type)};
}"""


def panel(page) -> dict:
    return page.evaluate(PANEL_JS)


def wait_new_prompt(page, seq: str) -> None:
    page.wait_for_function(
        "seq => { const p = document.querySelector('.prompt');"
        " return p.dataset.busy !== 'true' && (p.dataset.seq !== seq"
        " || p.dataset.mine !== 'true'); }", arg=seq)


def fill_choices(page, done: list, odds_seen: list) -> None:
    """Answer each parameter the picked option asks, on the board or by a button."""
    for _ in range(6):
        state = panel(page)
        pending = state["pending"]
        if not state["mine"] or not pending:
            return
        if pending == "square":
            squares = page.locator(".board rect.legal-square")
            squares.nth(squares.count() // 2).click()
        elif pending == "target" and page.locator(".prompt button[data-param=target]").count():
            button = page.locator(".prompt button[data-param=target]").first
            button.hover()  # the exact odds of this attack, before choosing
            page.wait_for_selector(".prompt .odds table.odds-table")
            odds_seen.append(page.locator(".prompt .odds").inner_text())
            button.click()
        elif pending in ("model", "target", "friend"):
            page.locator(".board .model.legal").first.click(force=True)
        else:
            page.locator(".prompt button.choice").first.click()
        page.wait_for_function(
            "([p, seq]) => { const d = document.querySelector('.prompt').dataset;"
            " return d.pending !== p || d.busy === 'true' || d.seq !== seq; }",
            arg=[pending, state["seq"]])


def act(page, done: list, odds_seen: list) -> None:
    state = panel(page)
    options = state["options"]
    if not options:  # a single option already picked (deploy, keep an agenda)
        kind = page.locator(".prompt .chosen-option").get_attribute("data-type")
    else:
        kind = next((k for k in PREFERENCE if k in options), options[0])
        if kind == "attack" and done.count("attack") >= 2:
            kind = next(k for k in PREFERENCE[PREFERENCE.index("attack") + 1:] + options
                        if k in options)
        page.click(f".prompt .option[data-type={kind}] button.do")
    done.append(kind)
    fill_choices(page, done, odds_seen)
    wait_new_prompt(page, state["seq"])


def test_two_players_set_up_and_play_asoiaf_by_clicking(pages):
    ann, bob, _, errors = pages
    sign_in_as_guest(ann, "Ann")
    ann.select_option("#asoiaf-form select[name=scenario]", "learn_to_play")
    ann.click("#asoiaf-form button[type=submit]")
    ann.wait_for_selector(".match-status >> text=open")
    match_id = ann.locator(".match-id").inner_text()

    sign_in_as_guest(bob, "Bob")
    row = bob.wait_for_selector(f"tr[data-match='{match_id}']")
    assert "A Song of Ice & Fire: Learn to Play" in row.inner_text()
    bob.click(f"tr[data-match='{match_id}'] button[data-join]")
    for page in (ann, bob):
        page.wait_for_selector(".board svg.asoiaf-board")
        page.wait_for_selector(".prompt[data-seq]")

    # the square battlefield: 14x14 squares, its square types, deployment zones,
    # objectives; each side's coins by type
    assert ann.locator(".board rect.square").count() == 14 * 14
    assert ann.locator(".board rect.square[data-kind='#']").count() > 0
    assert ann.locator(".board rect.deploy-zone[data-zone=gold]").count() > 0
    assert ann.locator(".roster .coins[data-coins=a] [data-coin=copper]").count() == 1

    players = {"a": ann, "b": bob}
    done = {"a": [], "b": []}
    odds_seen: list[str] = []
    deadline = time.monotonic() + 120
    while min(done[s].count("activate") for s in done) < ACTIVATIONS_EACH:
        assert time.monotonic() < deadline, f"too slow; did {done}"
        assert not ann.locator(".prompt-head.over").count(), f"ended early: {done}"
        acted = False
        for seat, page in players.items():
            if panel(page)["mine"]:
                act(page, done[seat], odds_seen)
                acted = True
                if done[seat].count("deploy") == 1 and done[seat][-1] == "deploy":
                    shot(page, f"asoiaf-deploying-{seat}")
        if not acted:
            time.sleep(0.05)
    shot(ann, "asoiaf-ann")
    shot(bob, "asoiaf-bob")

    # set-up went through by clicking, then activations of both sides
    everything = done["a"] + done["b"]
    for kind in ("roll_off", "keep_agenda", "deploy", "activate"):
        assert kind in everything, (kind, done)
    assert ann.locator(".board .model").count() >= 6
    # each seat sees its own agenda, the other's stays hidden
    ann_agenda = ann.locator(".roster .agendas[data-agendas=a]").inner_text()
    assert "hidden" not in ann_agenda
    assert "hidden" in ann.locator(".roster .agendas[data-agendas=b]").inner_text()
    assert "hidden" in bob.locator(".roster .agendas[data-agendas=a]").inner_text()
    # the log in plain words: model names, never ids
    log = ann.locator(".log").inner_text()
    assert "activates." in log and " a1 " not in log
    if "attack" in everything:  # (an enemy in reach: the odds were shown on hover)
        assert odds_seen and "Wounds after defence" in odds_seen[0]
    assert not errors, errors
