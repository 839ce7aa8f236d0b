"""The browser player answers the rules' questions in the middle of the
opponent's turn, by clicking: where its Boss recoils, which enemy strikes its
free hack first, and by which route a figure flees.

Nothing depends on luck: the match's dice come from a fixed seed (the server
runs in this process: the test replaces `server.lobby.new_seed`, which no
setting of a real server reaches), the opponent is tests/web/prompt_battle.py's
script playing through the Python client library, and the browser player
clicks what that module's browser policy decides, from the view and prompt
the page holds. At the end the server's record of every command must be the
match prompt_battle.simulate() plays in-process with the same seed.
Screenshots of each prompt: tests/web/artifacts/17-*.png to 19-*.png.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from clients.session import Session
from tests.web.pages import new_page, shot, sign_in_as_guest, wait_for_new_prompt
from tests.web.prompt_battle import (
    MID_TURN,
    SEED,
    SETUP,
    b_recoiled,
    browser_command,
    opponent_command,
    preset_list,
    simulate,
)

PAGE_JS = """() => {
  const s = window.warband.screen, p = document.querySelector('.prompt');
  return {prompt: s && s.prompt, view: s && s.view, viewSeq: s && s.viewSeq,
          mine: !!p && p.dataset.mine === 'true' && p.dataset.busy !== 'true'};
}"""
SHOTS = {"recoil": "17-recoil-prompt", "free_hack_order": "18-free-hack-order",
         "flee": "19-flee-route"}


class ScriptedOpponent:
    """Seat a: creates the match and plays prompt_battle.opponent_command on
    every decision of its own, through a Session (on the server's loop)."""

    def __init__(self, url: str) -> None:
        self.url = url

    async def create(self) -> str:
        self.session = await Session.open(self.url)
        await self.session.guest("Script")
        created = await self.session.create_match("sbh", **SETUP)
        self.match_id = created["match_id"]
        self.stream = await self.session.watch(self.match_id, views=True)
        return self.match_id

    async def play(self) -> None:
        prompt, recoiled = None, False
        while True:
            push = await self.stream.next()
            if push["type"] == "match_over":
                return
            if push["type"] == "event":
                recoiled = recoiled or b_recoiled(push["event"])
            elif push["type"] == "prompt":
                prompt = push
            elif (push["type"] == "view" and prompt and prompt["decision"]
                  and push["seq"] == prompt["seq"] and self.stream.pushes.empty()):
                kind, args = opponent_command(push["view"], prompt["decision"], recoiled)
                await self.session.command(self.match_id, kind, args, at_seq=prompt["seq"])

    async def record(self) -> list[dict]:
        return (await self.session.get_replay(self.match_id))["commands"]


def click_command(page, decision: dict, kind: str, args: dict) -> None:
    """Make the browser send exactly (kind, args), by clicking what a player would."""
    row = f".prompt .option[data-type={kind}]"
    if kind == "submit_list":
        page.wait_for_selector(f"{row} select.preset option", state="attached")  # (lists load late)
        select = page.locator(f"{row} select.preset")
        label = next(t for t in select.locator("option").all_inner_texts()
                     if t.startswith(args["list"]["name"] + " ("))
        select.select_option(label=label)
        page.click(f"{row} button[data-action=submit-list]")
    elif kind in ("choose_role", "choose_edge"):
        page.click(f"{row} button.value >> text={next(iter(args.values()))}")
    elif kind == "deploy":
        spec = next(o for o in decision["options"] if o["type"] == "deploy")
        if len(spec["params"]["figure"]) > 1:
            index = spec["params"]["figure"].index(args["figure"])
            page.click(f"{row} button[data-param=figure][data-value='{index}']")
        page.click(f".legal-hex[data-hex='{args['to'][0]},{args['to'][1]}']")
    elif kind == "activate":
        page.click(f".board .figure[data-figure='{args['figure']}']")
        page.click(f"{row} button[data-param=dice][data-value='{args['dice'] - 1}']")
    elif kind == "free_hack_order":
        page.click(f".board .figure[data-figure='{args['hacker']}']")
    elif "to" in args:  # move, step, recoil, flee: a highlighted hex
        page.click(f".legal-hex[data-hex='{args['to'][0]},{args['to'][1]}']")
        # a hex both a move and a step reach: the row says which
        with contextlib.suppress(Exception):
            page.click(f"{row} button.do", timeout=500)
    elif not args:  # pass, end_activation, stand_up
        page.click(f"{row} button.do")
    else:
        raise AssertionError(f"the test cannot click {kind} {args}")


def test_the_browser_answers_recoil_free_hack_and_flight_mid_turn(browser, server,
                                                                 monkeypatch):
    monkeypatch.setattr("server.lobby.new_seed", lambda: SEED)
    errors: list[str] = []
    bea = new_page(browser, server, errors)
    opponent = ScriptedOpponent(server.server.url)
    match_id = server.run(opponent.create())
    playing = asyncio.run_coroutine_threadsafe(opponent.play(), server.loop)
    try:
        sign_in_as_guest(bea, "Bea")
        bea.wait_for_selector(f"tr[data-match='{match_id}'] button[data-join]").click()
        bea.wait_for_selector(".prompt .option[data-type=submit_list] select.preset")
        for _ in range(2):  # zoomed in (a hex ~45 px): the board scrolls to what is asked
            bea.click("button[data-zoom=in]")
        warband = preset_list()
        asked: list[str] = []
        deadline = time.monotonic() + 240
        while not set(MID_TURN) <= set(asked):
            assert time.monotonic() < deadline, f"too slow; asked {asked}"
            if playing.done():
                playing.result()  # the opponent failed: say why
            page = bea.evaluate(PAGE_JS)
            prompt, view = page["prompt"], page["view"]
            if not (page["mine"] and view and prompt["decision"]
                    and page["viewSeq"] == prompt["seq"]):
                time.sleep(0.05)
                continue
            decision = prompt["decision"]
            kind, args = browser_command(view, decision, warband)
            if view["phase"] == "play" and view["active_seat"] == "a":
                asked.append(kind)
                show_the_question(bea, kind, args, decision, asked)
            click_command(bea, decision, kind, args)
            wait_for_new_prompt(bea, str(prompt["seq"]))
        assert errors == []
    finally:
        with contextlib.suppress(Exception):
            server.run(opponent.session.resign(match_id))
        with contextlib.suppress(Exception):
            playing.result(10)
        bea.context.close()
    try:
        recorded = server.run(opponent.record())
    finally:
        server.run(opponent.session.close())
    expected = simulate(SEED)["commands"]
    assert same_commands(recorded[:len(expected)], expected), "the browser made other moves"


def show_the_question(page, kind: str, args: dict, decision: dict, asked: list[str]) -> None:
    """Check the question is on screen (text, highlights), and photograph it once."""
    head = page.locator(".prompt-head.mid-turn-head")
    # the question with the figures' names, and whose turn it is by name (issue 30)
    assert "Your turn:" in head.inner_text() and "During Script (guest)'s turn" in head.inner_text()
    assert head.locator(".prompt-text").inner_text() == page.evaluate(
        "([text, view]) => warbandLib.questionText(text, view)",
        [decision["text"], page.evaluate("() => warband.screen.view")])
    if kind == "free_hack_order":
        target = page.locator(f".board .figure.legal[data-figure='{args['hacker']}']")
        assert page.locator(".board .figure.legal").count() == len(
            decision["options"][0]["params"]["hacker"])
    else:
        target = page.locator(f".legal-hex[data-hex='{args['to'][0]},{args['to'][1]}']")
        assert page.locator(".legal-hex").count() == len(decision["options"][0]["params"]["to"])
    target.scroll_into_view_if_needed()
    if asked.count(kind) == 1:
        shot(page, SHOTS[kind])


def same_commands(recorded: list[dict], expected: list[dict]) -> bool:
    """The same commands, the two list submissions in either order (both seats
    are asked at once) and the browser's salt its own."""
    def key(c):
        args = {k: v for k, v in c["args"].items() if k != "salt"}
        return c["seat"], c["type"], args
    head = sorted(map(key, recorded[:2]), key=repr) == sorted(map(key, expected[:2]), key=repr)
    return head and [key(c) for c in recorded[2:]] == [key(c) for c in expected[2:]]
