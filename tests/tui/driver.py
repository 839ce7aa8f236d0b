"""Playing the terminal client by keystrokes, the way a person would: read what
the screen offers (the match model behind it), decide, press keys.

The strategy acts on whatever the prompt offers: set up with the first choices
and deploy as far forward as the zone allows; in play, activate (3 dice) the
figure nearest an enemy, attack when an attack is offered, else move as close
to the nearest enemy as the move allows, else end the activation; any other
choice (a recoil, a free hack order, a flee route...) takes the highlighted
line or the hex the cursor starts on.
"""

from __future__ import annotations

import asyncio

from clients.tui.board import as_hex, axial, distance, offset
from clients.tui.match import MatchModel

WAIT = 15.0


async def until(pilot, condition, timeout: float = WAIT, what: str = "a condition") -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.02)


async def until_match(pilot, app) -> None:
    """The match screen is shown and composed (its widgets mounted: a loaded machine
    shows the screen a moment before its lists exist)."""
    from clients.tui.app import MatchScreen

    await until(pilot, lambda: isinstance(app.screen, MatchScreen)
                and bool(app.screen.query("#choices")), what="the match")


async def create_first(pilot, app, key: str = "c") -> None:
    """c (or p) in the lobby, then enter on each step's highlighted choice (the
    server's defaults: catalog_choice.py)."""
    from clients.tui.catalog_choice import CatalogChoiceScreen

    await pilot.press(key)
    await until(pilot, lambda: isinstance(app.screen, CatalogChoiceScreen)
                and app.screen.loaded, what="the server's choices")
    screen = app.screen
    for step in range(len(screen.steps)):
        await until(pilot, lambda step=step: len(screen.keys) == step, what=f"step {step}")
        await pilot.press("enter")


def enemies(model: MatchModel) -> list[tuple[int, int]]:
    return [as_hex(f["pos"]) for f in model.board.at.values() if f["seat"] != model.seat]


def nearest_enemy_distance(model: MatchModel, h) -> int:
    return min((distance(h, e) for e in enemies(model)), default=99)


async def choose_line(pilot, model: MatchModel, index: int) -> None:
    """Highlight line `index` of the list with up/down, then enter."""
    while model.picker.index != index:
        await pilot.press("down" if model.picker.index < index else "up")
    await pilot.press("enter")


async def choose_hex(pilot, model: MatchModel, target) -> None:
    """Walk the board cursor to `target` with the arrow keys, then enter."""
    col, row = offset(tuple(target))
    for _ in range(200):
        here_col, here_row = model.cursor_offset()
        if (here_col, here_row) == (col, row):
            break
        if here_row != row:
            await pilot.press("down" if here_row < row else "up")
        else:
            await pilot.press("right" if here_col < col else "left")
    assert model.cursor == tuple(target)
    await pilot.press("enter")


def done_by_me(model: MatchModel, kind: str, key: str = "figure") -> bool:
    """Whether one of our figures has done this (an event of `kind` names it)."""
    return any(e is not None and e["type"] == kind
               and str(e["data"].get(key, "")).startswith(model.seat) for e in model.events)


def want_spec(model: MatchModel) -> int:
    """Which spec line to choose: move first if we have not moved yet (staying as
    close to the enemy), attack when offered, move closer, else end or activate."""
    specs = [c.value for c in model.choices()]
    types = [s["type"] for s in specs]
    for preferred in ("submit_list", "generate_terrain"):
        if preferred in types:
            return types.index(preferred)
    act = (model.view or {}).get("activation")
    closer = (99, 0)
    if act and ("move" in types or "step" in types):
        here = nearest_enemy_distance(model, as_hex(model.board.figures[act["figure"]]["pos"]))
        closer = min(((nearest_enemy_distance(model, as_hex(h)) - here, i)
                      for i, s in enumerate(specs) if s["type"] in ("move", "step")
                      for h in s["params"]["to"]), default=(99, 0))
    if closer[0] <= 0 and not done_by_me(model, "moved"):
        return closer[1]
    if "attack" in types:
        return types.index("attack")
    if closer[0] < 0:
        return closer[1]
    if "end_activation" in types and act:
        return types.index("end_activation")
    if "activate" in types:
        return types.index("activate")
    return 0


def want_value(model: MatchModel):
    """Which value of the current param to choose (a line index, or a hex)."""
    picker = model.picker
    choices = model.choices()
    param = picker.param
    if picker.hex_param:
        hexes = [c.hex for c in choices]
        if picker.spec["type"] in ("move", "step", "deploy"):
            centre = axial(model.board.width // 2, model.board.height // 2)
            return min(hexes, key=lambda h: (nearest_enemy_distance(model, h)
                                             if enemies(model) else distance(h, centre), h))
        return model.cursor if model.cursor in hexes else hexes[0]
    if param == "dice":
        return [c.value for c in choices].index(3)
    if param in ("cast", "power", "aimed", "special") and False in [c.value for c in choices]:
        return [c.value for c in choices].index(False)
    if param == "figure" and picker.spec["type"] == "activate" and enemies(model):
        ranked = sorted(range(len(choices)), key=lambda i: (
            nearest_enemy_distance(model, choices[i].hex) if choices[i].hex else 99, i))
        return ranked[0]
    return min(picker.index, len(choices) - 1)


async def act_once(pilot, model: MatchModel) -> None:
    """One step of the picker by keystrokes: a spec, or one param's value."""
    picker = model.picker
    if picker.spec is None:
        await choose_line(pilot, model, want_spec(model))
        return
    choice = want_value(model)
    if isinstance(choice, tuple):
        await choose_hex(pilot, model, choice)
    else:
        await choose_line(pilot, model, choice)


async def play_until(pilot, model: MatchModel, done, limit: int = 400) -> None:
    """Act whenever the client is asked, until `done()` (or the match ends)."""
    for _ in range(limit):
        await until(pilot, lambda: done() or model.over is not None
                    or (model.picker is not None and not model.sending
                        and model.catalog is not None),  # (the ready-made lists)
                    what="a decision for the client")
        if done() or model.over is not None:
            return
        await act_once(pilot, model)
    raise AssertionError("the client did not get there within the step limit")
