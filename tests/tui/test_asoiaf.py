"""The terminal client plays A Song of Ice & Fire: Tactics by keystrokes against a
real server (issue 31, "The terminal client plays it too"): joined from the lobby,
the square battlefield drawn, set-up (roll-off, the two choices, the agenda, every
model deployed) and several activations with moves, every choice made with the
keys; the opponent is a Python Session acting randomly (seeded) from its prompts."""

from __future__ import annotations

import asyncio
import contextlib
import random

from textual.widgets import OptionList

from clients.client import ServerError
from clients.session import Session
from clients.tui.app import BoardView, LobbyScreen, WarbandApp
from clients.tui.asoiaf_lobby import WarbandChoiceScreen
from clients.tui.board import label
from clients.tui.match import MatchModel
from clients.tui.picker_words import spec_words, value_words
from clients.tui.square_board import SquareBoardModel
from server.rules.asoiaf.random_player import random_command
from server.rules.kernel import Decision, Prompt
from tests.tui.driver import choose_line, until, until_match

SIZE = (120, 36)  # (the 14x14 battlefield and the side panel; a smaller screen renders faster)
SETUP = {"options": {"scenario": "learn_to_play"},
         "warbands": {"a": "baratheon-small-robert", "b": "targaryen-small-prince"}}
ACTIVATIONS = 2  # ours, by keystrokes, after set-up


async def play_randomly(session: Session, match_id: str, seed: int) -> None:
    rng = random.Random(seed)
    stream = await session.watch(match_id)
    while True:
        push = await stream.next("prompt", "match_over")
        if push["type"] == "match_over":
            return
        if push["decision"] is None or not stream.pushes.empty():
            continue
        decision = Decision.from_wire(push["decision"])
        command = random_command(Prompt((decision,)), decision.seat, rng)
        with contextlib.suppress(ServerError):  # stale: the other seat moved first
            await session.command(match_id, command.type, dict(command.args),
                                  at_seq=push["seq"])


def mine(model: MatchModel, kind: str) -> list[dict]:
    return [e for e in model.events if e is not None and e["type"] == kind
            and str(e["data"].get("model", "")).startswith(model.seat)]


def want_spec(model: MatchModel) -> int:
    """Move first in an activation, then end it; otherwise the first line (roll off,
    a choice, activate, deploy...)."""
    types = [c.value["type"] for c in model.choices()]
    active = model.view["active_model"]
    moved = any(e is not None and e["type"] == "moved" and e["data"]["model"] == active
                for e in model.events)
    if "move" in types and not moved:
        return types.index("move")
    if "end_activation" in types:
        return types.index("end_activation")
    return 0


async def walk_to(pilot, model: MatchModel, target) -> None:
    """The cursor walked square by square with the arrows, then enter."""
    for _ in range(60):
        x, y = model.cursor_offset()
        if (x, y) == tuple(target):
            break
        if y != target[1]:
            await pilot.press("down" if y < target[1] else "up")
        else:
            await pilot.press("right" if x < target[0] else "left")
    assert model.cursor == tuple(target)
    await pilot.press("enter")


async def act_once(pilot, model: MatchModel) -> None:
    picker = model.picker
    if picker.spec is None:
        await choose_line(pilot, model, want_spec(model))
    elif picker.hex_param:
        offered = [c.hex for c in model.choices()]
        # a move walks the cursor to the offered square furthest from it; anything
        # else (a deployment square) takes the one the cursor starts on
        here = model.cursor
        target = max(offered, key=lambda sq: (model.board.distance(sq, here), sq)) \
            if picker.spec["type"] == "move" else here
        await walk_to(pilot, model, target)
    else:
        await choose_line(pilot, model, min(picker.index, len(model.choices()) - 1))


async def test_set_up_and_activations_of_an_asoiaf_match_by_keystrokes(server):
    """seed 004, PLAYING THE GAME: "The game starts with each player rolling a [d10]"
    ... "both players must start by placing all their heroes, then all their
    champions, and finally all their soldiers"; THE GAME ROUND: "players alternate
    activating one model at a time"."""
    bob = await Session.open(server.url)
    await bob.guest("Bob")
    match_id = (await bob.create_match("asoiaf", **SETUP))["match_id"]
    opponent = asyncio.create_task(play_randomly(bob, match_id, 5))
    app = WarbandApp(server.url, name="Ann")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                        and app.screen.matches, what="the open match in the lobby")
            line = str(app.screen.query_one("#matches").get_option_at_index(0).prompt)
            assert match_id in line and "asoiaf" in line and "learn_to_play" in line
            await pilot.press("enter")  # join the highlighted match: our warband first
            await until(pilot, lambda: isinstance(app.screen, WarbandChoiceScreen)
                        and app.screen.stage == "warband", what="the warband choice")
            highlighted = app.screen.query_one(OptionList).highlighted
            assert app.screen.presets[highlighted]["key"] == SETUP["warbands"]["b"]
            await pilot.press("enter")  # (the one Bob named for our seat, highlighted)
            await until_match(pilot, app)
            model = app.screen.model
            assert model.system == "asoiaf"

            def done() -> bool:
                return len(mine(model, "activated")) >= ACTIVATIONS and not model.view[
                    "active_model"].startswith(model.seat)

            for _ in range(300):
                await until(pilot, lambda: done() or model.over is not None or (
                    model.picker is not None and not model.sending), timeout=30,
                    what="a decision for the client")
                if done() or model.over is not None:
                    break
                await act_once(pilot, model)
            assert model.over is None and done()
            assert isinstance(model.board, SquareBoardModel) and model.board.width == 14
            deployed = mine(model, "deployed")
            assert len(deployed) == 12, "every model placed by keystrokes"
            assert len(mine(model, "moved")) >= 1, "a move made by keystrokes"
            picture = app.screen.query_one(BoardView).render().plain
            standing = [m for m in model.view["models"] if m["square"] and not m["removed"]]
            assert standing and all(label(m["uid"]) in picture for m in standing)
            headline = model.headline()
            assert "round" in headline and "coins" not in headline, "the table is in the panel"
            own = model.view["agendas"][model.seat][0]
            await pilot.press("f")  # the side panel across the width: the table in full
            await pilot.pause(0.1)
            side = app.screen.query_one("#roster").render().plain
            assert f"your agenda {own}" in side and "agenda hidden" in side
            assert side.count("coins ") == 2 and "activated this round" in side
    finally:
        opponent.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await opponent
        await bob.close()


def test_unlabelled_and_same_labelled_specs_and_asoiaf_values_read_in_words():
    """seed 004, CHARGE: a charge and an attack name the same attack mode; the
    defender's "defence abilities and coins" are offered as sets."""
    attack = {"type": "attack", "label": "Dagger"}
    charge = {"type": "charge", "label": "Dagger"}
    end = {"type": "end_activation", "label": ""}
    specs = [attack, charge, end]
    assert [spec_words(s, specs) for s in specs] == ["attack: Dagger", "charge: Dagger",
                                                     "end activation"]
    # seed 004, IDLE ACTION 1 ("stands idle"): said of which model
    idle = {"type": "idle", "label": "Baratheon Warden stands idle", "args": {"model": "a3"}}
    assert spec_words(idle, [end, idle]) == "Baratheon Warden stands idle (a3)"
    assert value_words([]) == "none"
    assert value_words(["Aim", "Shield"]) == "Aim, Shield"
    assert value_words([["Smuggler's Luck", []], ["Parry", ["gold"]]]) == \
        "Smuggler's Luck, Parry (gold)"
