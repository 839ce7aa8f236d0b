"""Number keys by keystrokes against a real server: a number highlights its
line and enter chooses it; in a list of figures the number is the figure's
own (its label on the board), the same in every list however it shrinks."""

from __future__ import annotations

from clients.tui.app import WarbandApp
from clients.tui.board import figure_number
from tests.tui.conftest import opponent
from tests.tui.driver import play_until, until, until_match

SIZE = (170, 50)


def choosing_a_figure_to_activate(model) -> bool:
    picker = model.picker
    return (picker is not None and not model.sending and picker.spec is not None
            and picker.spec["type"] == "activate" and picker.param == "figure")


async def test_numbers_highlight_enter_chooses_and_figures_keep_their_numbers(server):
    app = WarbandApp(server.url, name="Ann")
    async with opponent(server.url, "Bob", seed=7), app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: app.screen.id != "_default" and getattr(
            app.screen, "matches", None), what="the open match in the lobby")
        await pilot.press("enter")
        await until_match(pilot, app)
        screen = app.screen
        model = screen.model
        options = screen.query_one("#choices")

        def lines() -> list[str]:
            return [str(options.get_option_at_index(i).prompt)
                    for i in range(options.option_count)]

        seen: dict[str, list[int]] = {}  # figure -> the numbers it was shown with
        for _ in range(3):  # three activations: the list shrinks as figures activate
            await play_until(pilot, model, lambda: choosing_a_figure_to_activate(model))
            if model.over is not None:
                break
            offered = [c.value for c in model.choices()]
            for figure, line in zip(offered, lines(), strict=True):
                seen.setdefault(figure, []).append(int(line.split(".")[0]))
                assert line.startswith(f"{figure_number(figure)}. {figure} ")
            last = offered[-1]
            await pilot.press(*str(figure_number(last)))
            assert options.highlighted == len(offered) - 1
            assert model.picker.param == "figure", "a number alone chooses nothing"
            assert model.cursor == tuple(model.board.figures[last]["pos"]), \
                "the board cursor shows the numbered figure"
            await pilot.press("enter")
            assert model.picker.chosen.get("figure") == last
            await pilot.press("3", "enter")  # three dice
            await until(pilot, lambda last=last: any(e and e["type"] == "activated"
                                                     and e["data"]["figure"] == last
                                                     for e in model.events[-20:]),
                        what="the activation")
        assert seen and all(len(set(numbers)) == 1 for numbers in seen.values())
        assert any(len(numbers) > 1 for numbers in seen.values())


def attack_offered(model) -> bool:
    picker = model.picker
    return (picker is not None and not model.sending and picker.spec is None
            and any(c.value["type"] == "attack" for c in model.choices()))


async def test_the_odds_of_the_highlighted_attack_are_on_screen(server):
    app = WarbandApp(server.url, name="Ann")
    async with opponent(server.url, "Bob", seed=7), app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: getattr(app.screen, "matches", None), what="the lobby")
        await pilot.press("enter")
        await until_match(pilot, app)
        screen = app.screen
        model = screen.model
        question = screen.query_one("#question")
        await play_until(pilot, model, lambda: attack_offered(model))
        assert model.over is None
        lines = model.choices()
        attack = next(c for c in lines if c.value["type"] == "attack")
        other = next(c for c in lines if c.value["type"] != "attack")
        await pilot.press(str(other.number))
        await pilot.pause(0.3)
        assert "Odds:" not in str(question.render()), "no odds but for an attack"
        await pilot.press(str(attack.number))
        await until(pilot, lambda: "Odds:" in str(question.render()), what="the odds")
        target = attack.value["params"]["target"][0]
        odds = await app.session.odds(model.match_id, "attack",
                                      {"target": target, "power": False})
        shown = str(question.render())
        assert f"Odds: {target} " in shown
        for outcome in odds["outcomes"]:
            assert f"{round(100 * outcome['probability'])}%" in shown
        await pilot.press("enter")  # (one target, no power blow: sent at once)
        await until(pilot, lambda: any(e and e["type"] == "melee"
                                       and e["data"]["defender"] == target
                                       for e in model.events), what="the attack")
