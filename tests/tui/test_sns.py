"""The terminal client plays Swords & Sorcery (issue 34, "the terminal client plays
it on a coarse character map with typed distances"): a whole match against the
heuristic bot by keystrokes, from joining it in the lobby to its result, and the
replay verifies; creating one from the lobby; watching one."""

from __future__ import annotations

import asyncio
import contextlib

from clients.bots.sns import HeuristicBot
from clients.client import ServerError
from clients.session import Session
from clients.tui.app import BoardView, LobbyScreen, WarbandApp
from clients.tui.measured_board import MeasuredBoardModel
from server.replays import replay_document, verify_document
from tests.tui.driver import create_first, until, until_match
from tests.tui.sns_driver import Plan, play_to_the_end, where

SIZE = (150, 45)
ARMIES = {"a": {"name": "Orcs", "units": [
              {"unit": "Orc Warboss"}, {"unit": "Orc Bolter"}, {"unit": "Orc"},
              {"unit": "Orc Shaman"}]},
          "b": {"name": "Medieval Men", "units": [
              {"unit": "Kings Champion"}, {"unit": "Yeoman"}, {"unit": "Pikeman"},
              {"unit": "Cleric"}]}}
# Small armies, placed by hand, two turns: a whole battle in a few minutes.
SETUP = {"options": {"armies": ARMIES, "last_turn": 2, "deployment": "chosen",
                     "layout": "wood_and_boulder"}}


async def bot_plays(session: Session, match_id: str, seed: int) -> None:
    """The heuristic bot (clients/bots/sns.py) answers each of its decisions."""
    bot = HeuristicBot(seed)
    stream = await session.watch(match_id, views=True)
    view = pending = None
    while True:
        push = await stream.next()
        if push["type"] in ("view", "snapshot"):
            view = push["view"]
        elif push["type"] == "prompt":
            pending = push if push["decision"] is not None else None
        elif push["type"] == "match_over":
            return
        if pending is None or not stream.pushes.empty():
            continue  # (the view comes after the prompt: decide with both)
        push, pending = pending, None
        kind, args = bot.choose(push["decision"], view)
        while True:
            try:
                await session.command(match_id, kind, args, at_seq=push["seq"])
            except ServerError as refused:
                if refused.code == "rate_limited":
                    await asyncio.sleep(0.2)
                    continue
            break


@contextlib.asynccontextmanager
async def bot_match(url: str, setup: dict, *, create: bool = True, match_id: str | None = None):
    """Bob, the bot, creates (or joins) an sns match and plays it in the background."""
    bob = await Session.open(url)
    task = None
    try:
        await bob.guest("Bob")
        if create:
            match_id = (await bob.create_match("sns", **setup))["match_id"]
        else:
            await bob.join(match_id)
        task = asyncio.create_task(bot_plays(bob, match_id, 3))
        yield match_id
    finally:
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await bob.close()


def of_seat(model, kind: str) -> list[dict]:
    return [e for e in model.events if e is not None and e["type"] == kind
            and str(e["data"].get("figure", "")).startswith(model.seat)]


async def test_a_whole_sns_match_by_keystrokes_against_the_bot_and_its_replay_verifies(server):
    """seed 003, TURN SEQUENCE (movement, ranged, polearm, hand to hand, morale,
    rally, every turn) to the end of the battle, every decision by keys: the
    figures placed (docs/rules/sns.md "Deployment": chosen), moved by typed
    distances and by the cursor, along a laid path, faced by keys; shots,
    attacks and spells when offered. The match dice are seeded (conftest)."""
    async with bot_match(server.url, SETUP) as match_id:
        app = WarbandApp(server.url, name="Ann")
        async with app.run_test(size=SIZE) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                        and app.screen.matches, what="the open match in the lobby")
            line = str(app.screen.query_one("#matches").get_option_at_index(0).prompt)
            assert match_id in line and "sns" in line and "2 turns" in line
            await pilot.press("enter")  # join it
            await until_match(pilot, app)
            model = app.screen.model
            assert model.system == "sns"
            await until(pilot, lambda: model.picker is not None, what="the first prompt")
            assert isinstance(model.board, MeasuredBoardModel) and model.board.width == 36
            picture = app.screen.query_one(BoardView).render().plain
            assert "w" in picture and "a1↑" in picture  # the wood; a figure facing north
            plan = Plan()
            await play_to_the_end(pilot, model, plan)
            assert model.over is not None and model.over["result"]["reason"]
            assert "The match is over" in model.log[-1]
            assert len(of_seat(model, "deployed")) == 4, "every figure placed by keys"
            moved = of_seat(model, "moved")
            assert moved and any(len(e["data"]["path"]) > 2 for e in moved), \
                "a move along a laid path"
            assert plan.typed and any("," in t for t in plan.typed)
            assert any(line.startswith("Turn 1: slow movement") for line in model.log)
            ours = [e for e in model.events if e and e["type"] in ("attacked", "declared")
                    and (e["data"].get("attacker") or e["data"]["figure"])[0] == model.seat]
            if ours:  # (the server's odds were asked while its line was highlighted)
                assert any(o and o.get("total") == 144 for o in app.screen.odds.known.values())
            assert not any(line.startswith(("Moved:", "Attacked:", "Held:")) for line in
                           model.log), "every event in words"
    document = await replay_document(server.store, match_id)
    assert document["system"] == "sns"
    verdict = verify_document(document)
    assert verdict.status == "verified", verdict


async def test_watching_an_sns_match_live_the_map_and_the_log_in_words(server):
    """`warband watch`: a spectator follows two bots' match (seed 003, one turn of
    the TURN SEQUENCE) on the character map, the log in words, to its result."""
    setup = {"options": {"armies": ARMIES, "last_turn": 1, "layout": "wood_and_boulder"}}
    async with bot_match(server.url, setup) as match_id:
        app = WarbandApp(server.url, name="Eve", watch=match_id)
        async with app.run_test(size=SIZE) as pilot:
            await until_match(pilot, app)
            model = app.screen.model
            assert model.spectator and "waiting for an opponent to join" in model.headline()
            async with bot_match(server.url, setup, create=False, match_id=match_id):
                await until(pilot, lambda: model.over is not None, timeout=60,
                            what="the end of the match")
            assert model.picker is None, "a spectator is never asked"
            assert isinstance(model.board, MeasuredBoardModel)
            text = "\n".join(model.log)
            assert "Roll-off for fast movement: a " in text and " moves to (" in text
            assert "The battle is over:" in text and model.log[-1].startswith(
                "The match is over")
            board = app.screen.query_one(BoardView).render().plain
            shown = [f for f in model.board.at.values() if f["pos"][0] < 22]  # (the window)
            assert shown and all(f["id"][:2] in board for f in shown)
            roster = str(app.screen.query_one("#roster").render())
            assert "Orc Warboss" in roster and "Kings Champion" in roster
            await pilot.press("left_curly_bracket")  # ten events back, on the same map
            await until(pilot, lambda: model.at_seq is not None, what="an earlier step")
            assert isinstance(model.board, MeasuredBoardModel)
            assert app.screen.rewind.words().startswith("Replay: after event ")


async def test_creating_an_sns_match_in_the_lobby_and_playing_its_first_decision(server):
    """The lobby's s switches what c creates to Swords & Sorcery; the bot joins;
    the first decision (seed 003, TURN SEQUENCE: "Roll high to see which player
    goes first") is made by keys, then the match is resigned (R twice)."""
    app = WarbandApp(server.url, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("s")
        assert "Swords & Sorcery" in str(app.screen.query_one("#lobby-help").render())
        await create_first(pilot, app, "c")  # (the default table)
        await until_match(pilot, app)
        model = app.screen.model
        assert model.system == "sns" and model.seat == "a"
        async with bot_match(server.url, {}, create=False, match_id=model.match_id):
            await until(pilot, lambda: model.picker is not None, timeout=30,
                        what="the first decision")
            assert [c.label for c in model.choices()] == ["Begin"]
            await pilot.press("enter")
            await until(pilot, lambda: any(line.startswith("Orc Shaman b10 draws")
                                           or "spell" in line for line in model.log),
                        timeout=30, what=f"the battle begun: {where(model)}")
            await pilot.press("R", "R")
            await until(pilot, lambda: model.over is not None, timeout=30, what="the result")
        assert "Ann" not in model.log[-1] and "conceded" in model.log[-1]
