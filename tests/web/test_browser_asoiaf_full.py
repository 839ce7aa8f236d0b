"""A whole A Song of Ice & Fire match in two Chromium pages, played to its result
by clicking: Ann and Bob each read their prompt panel and answer with a simple
policy (attack when an attack is offered, else end each activation at once), the
smallest scenario (Learn to Play, 4 rounds) so it stays short (about 230 clicks:
a few minutes on a loaded 2-core machine). Then the result on the match page,
the replay page's ASOIAF summary (rounds, VP by source adding up to the result's
scores, models lost) and `warband replay verify` on the stored match.

The server's dice are seeded per match at random: the policy acts on what each
prompt offers; nothing depends on luck but how the match ends."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from server.store.store import unpack
from tests.web.pages import new_page, shot, sign_in_as_guest
from tests.web.test_browser_asoiaf import (
    create_learn_to_play,
    fill_choices,
    panel,
    wait_new_prompt,
)

# what a player clicks first when offered, in order: one attack an activation at most
PREFERENCE = ["roll_off", "choose_zone", "choose_first_player", "keep_agenda", "deploy", "place",
              "defend", "decline_wounds_ability", "decline_aftermath", "remove", "hold",
              "decline_motivation", "activate", "end_activation", "pass"]
GAME_SECONDS = 600  # (a guard: about 230 clicks, far slower on a loaded machine)


def act(page, done: list) -> None:
    state = panel(page)
    options = state["options"]
    if not options:  # a single option already picked (deploy, keep an agenda)
        kind = page.locator(".prompt .chosen-option").get_attribute("data-type")
    else:
        kind = next((k for k in PREFERENCE if k in options), options[0])
        if "attack" in options and done and done[-1] == "activate":
            kind = "attack"
        buttons = page.locator(f".prompt .option[data-type={kind}] button.do")
        texts = buttons.all_inner_texts()  # (two defences: with and without a token)
        assert len(set(texts)) == len(texts), f"options that read alike: {texts}"
        buttons.first.dispatch_event("click")
    done.append(kind)
    fill_choices(page, done, [])
    wait_new_prompt(page, state["seq"])


def test_a_whole_asoiaf_match_by_clicking_to_its_result_and_replay(browser, server):
    """seed 004, THE GAME ROUND and THE END PHASE: "add all VP for each player ...
    and the player with the most VP wins the game" — after the last round."""
    errors: list[str] = []
    ann, bob = (new_page(browser, server, errors) for _ in range(2))
    try:
        match_id = play_to_the_end(ann, bob)
        row = server.run(server.server.store.match(match_id))
        check_result_and_summary(ann, unpack(row["result"]))
        url = server.server.options.database_url
        verified = subprocess.run(
            [str(Path(sys.executable).parent / "warband"), "replay", "verify", match_id,
             "--database", url], capture_output=True, text=True, timeout=120)
        assert verified.returncode == 0, verified.stdout + verified.stderr
        assert not errors, errors
    finally:
        shot(ann, "asoiaf-full-ann")
        shot(bob, "asoiaf-full-bob")
        ann.context.close()
        bob.context.close()


def play_to_the_end(ann, bob) -> str:
    sign_in_as_guest(ann, "Ann")
    create_learn_to_play(ann)
    ann.wait_for_selector(".match-status >> text=open")
    match_id = ann.locator(".match-id").inner_text()
    sign_in_as_guest(bob, "Bob")
    bob.click(f"tr[data-match='{match_id}'] button[data-join]")
    bob.wait_for_selector(f"#asoiaf-join[data-match='{match_id}'] option", state="attached")
    bob.click("#asoiaf-join button[type=submit]")
    for page in (ann, bob):
        page.wait_for_selector(".prompt[data-seq]")

    players = {"a": ann, "b": bob}
    done: dict[str, list] = {"a": [], "b": []}
    deadline = time.monotonic() + GAME_SECONDS
    while not ann.locator(".prompt-head.over").count():
        assert time.monotonic() < deadline, f"too slow; did {len(done['a'])}, {len(done['b'])}"
        acted = False
        for seat, page in players.items():
            if panel(page)["mine"]:
                act(page, done[seat])
                acted = True
        if not acted:
            time.sleep(0.05)
    assert done["a"].count("activate") >= 12 and done["b"].count("activate") >= 12, done
    return match_id


def check_result_and_summary(ann, stored: dict) -> None:
    """Ann's page says the stored result in words; the summary agrees with it."""
    ann.wait_for_selector(".match-result")
    result = ann.locator(".match-result").inner_text()
    expected = {"a": "you win", "b": "Bob (guest) wins", None: "no winner"}[stored["winner"]]
    assert result.startswith(expected), (result, stored)
    assert f"({stored['reason']})" in result, (result, stored)  # ("most victory points")
    ann.click("a.button[href^='#/replay/']")
    ann.wait_for_selector(".replay .board svg.asoiaf-board")
    ann.click("button[data-go=summary]")
    ann.wait_for_selector(".summary-card .asoiaf-summary")
    summary = ann.locator(".summary-card").inner_text()
    assert "after 4 of 4 rounds" in summary or "of 4 rounds" in summary, summary
    assert "Victory points by source" in summary and "Models lost" in summary
    totals = ann.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
      '.vp-total td[data-seat]')].map(td => [td.dataset.seat, Number(td.dataset.total)]))""")
    by_source = ann.evaluate("""() => { const sums = {};
      for (const td of document.querySelectorAll('tr[data-source] td[data-seat]'))
        sums[td.dataset.seat] = (sums[td.dataset.seat] || 0) + Number(td.textContent);
      return sums; }""")
    assert totals == stored["scores"], (totals, stored)
    for seat, total in totals.items():
        assert by_source.get(seat, 0) == total, (seat, by_source, totals)
    assert ann.locator(".models-lost li[data-lost]").count() == 2
