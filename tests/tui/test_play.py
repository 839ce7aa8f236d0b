"""The terminal client plays SBH by keystrokes against a real server: lobby,
set-up, then an activation, a move and an attack; the opponent is a Python
Session acting randomly (seeded) from its prompts."""

from __future__ import annotations

from clients.session import Session
from clients.tui.app import BoardView, LobbyScreen, WarbandApp
from clients.tui.board import label
from clients.tui.presets import fitting
from server.rules.sbh.lists import catalog
from tests.tui.conftest import opponent
from tests.tui.driver import create_first, done_by_me, play_until, until, until_match

SIZE = (170, 50)


def mine(events: list[dict], kind: str, seat: str, key: str = "figure") -> list[dict]:
    return [e for e in events if e["type"] == kind and str(e["data"].get(key, "")).startswith(seat)]


async def test_join_from_the_lobby_set_up_activate_move_attack_resign(server):
    app = WarbandApp(server.url, name="Ann")
    async with opponent(server.url, "Bob", seed=7) as (bob, match_id, _), \
            app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.matches,
                    what="the open match in the lobby")
        lobby_text = str(app.screen.query_one("#matches").get_option_at_index(0).prompt)
        assert match_id in lobby_text and "Bob" in lobby_text
        await pilot.press("enter")  # join the highlighted match
        await until_match(pilot, app)
        screen = app.screen
        model = screen.model
        await until(pilot, lambda: model.picker is not None, what="the first prompt")
        assert model.seat == "b" and model.picker.choices(model.board)[0].value[
            "type"] == "submit_list"

        def events() -> list[dict]:
            return [e for e in model.events if e is not None]

        def activated_moved_attacked() -> bool:
            return (done_by_me(model, "activated") and done_by_me(model, "moved")
                    and done_by_me(model, "melee", "attacker"))

        await play_until(pilot, model, activated_moved_attacked)
        assert model.over is None, "the match should still be on after our attack"
        assert mine(events(), "activated", "b"), "an activation made by keystrokes"
        assert mine(events(), "moved", "b"), "a move made by keystrokes"
        [melee, *_] = mine(events(), "melee", "b", "attacker")

        # what the screen shows: the board with both sides, the attack in words
        board_text = screen.query_one(BoardView).render().plain
        assert model.board.at and all(label(f["id"]) in board_text
                                      for f in model.board.at.values())
        attacker = model.names[melee["data"]["attacker"]]
        defender = model.names[melee["data"]["defender"]]
        lines = [line for line in model.log if f"{attacker} attacks {defender} (" in line]
        assert lines, model.log[-10:]
        dice, totals = melee["data"]["dice"], melee["data"]["totals"]
        assert f"({dice[0]}{totals[0] - dice[0]:+d} vs {dice[1]}{totals[1] - dice[1]:+d})" \
            in lines[-1]
        log_widget = screen.query_one("#log")
        assert len(log_widget.lines) >= len(model.log)

        await pilot.press("R", "R")  # resign, confirmed
        await until(pilot, lambda: model.over is not None, what="match_over")
        assert model.over["result"]["winner"] == "a"
        assert "The match is over: Bob (guest) wins (seat a), you conceded." in model.log[-1]

    # the server's record agrees with what the client showed
    async with await Session.open(server.url) as check:
        await check.guest("Checker")
        replay = await check.get_replay(match_id)
    recorded = [e["event"] for e in replay["events"]]
    seen = [e for e in model.events if e is not None]
    assert [e["type"] for e in seen] == [e["type"] for e in recorded][:len(seen)]
    assert melee in recorded, "the attack the client showed is the server's event"
    resigned = replay["commands"][-1]
    assert (resigned["seat"], resigned["type"], resigned["args"]) == ("b", "concede", {})
    b_commands = {c["type"] for c in replay["commands"] if c["seat"] == "b"}
    assert {"submit_list", "activate", "attack"} <= b_commands
    assert b_commands & {"move", "step"}


async def test_invite_codes_both_ways_and_the_list_is_submitted_by_number(server):
    """A private match made with p (its invite code on screen, the opponent joins
    with it); and joining the opponent's private match by typing its code."""
    app = WarbandApp(server.url, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("i", "c")  # in the invite field, "c" is a letter, not "create"
        assert app.screen.query_one("#invite").value == "c"
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("backspace", "escape")
        app.screen.query_one("#matches").focus()
        await create_first(pilot, app, "p")  # create a private match (All-Out Battle)
        await until_match(pilot, app)
        model = app.screen.model
        assert model.seat == "a" and model.invite_code and model.status == "open"
        assert f"invite code {model.invite_code}" in model.headline()
        async with opponent(server.url, "Bob", seed=3, create=False,
                            invite_code=model.invite_code):
            await until(pilot, lambda: model.picker is not None and model.catalog is not None,
                        what="the first prompt and the server's catalog")
            assert "The match has started: you play seat a" in model.log
            # named when it started, each marked as a guest
            assert model.players == {"a": "Ann (guest)", "b": "Bob (guest)"}
            await pilot.press("1", "enter", "2")  # submit_list, then the second list
            assert not any(e and e["type"] == "list_submitted" and e["data"]["seat"] == "a"
                           for e in model.events), "a number only highlights"
            await pilot.press("enter")
            await until(pilot, lambda: any(e and e["type"] == "list_submitted"
                                           and e["data"]["seat"] == "a" for e in model.events),
                        what="our list")
            ours = next(e for e in model.events if e and e["type"] == "list_submitted"
                        and e["data"]["seat"] == "a")
            assert ours["data"]["list"]["name"] == fitting(catalog({"points_limit": 300}))[1].name
            status = app.screen.query_one("#status")
            await pilot.press("R")
            assert "Press R again" in str(status.render())
            await pilot.press("R")
            await until(pilot, lambda: model.over is not None, what="match_over")
            await pilot.pause()
            assert "Press R again" not in str(status.render()), "cleared once resigned"
        await pilot.press("q")  # back to the lobby
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")

        async with await Session.open(server.url) as carol:
            await carol.guest("Carol")
            private = await carol.create_match("sbh", private=True, board_size=12)
            await pilot.press("i", *private["invite_code"].lower(), "enter")
            await until_match(pilot, app)
            model = app.screen.model
            await until(pilot, lambda: model.picker is not None, what="the first prompt")
            assert model.seat == "b" and model.match_id == private["match_id"]


async def test_a_refusal_reads_as_its_sentence_not_its_code(server):
    """Every error has a stable code and a sentence a player understands: the lobby
    shows the sentence (a wrong invite code), not "no_such_invite: ..."."""
    app = WarbandApp(server.url, name="Ann")
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("i", *"0000beef", "enter")
        status = app.screen.query_one("#lobby-status")
        await until(pilot, lambda: "Could not join" in str(status.render()),
                    what="the refusal")
        assert str(status.render()) == ("Could not join: That invite code does not match "
                                        "an open match.")  # (docs/protocol.md, errors)
