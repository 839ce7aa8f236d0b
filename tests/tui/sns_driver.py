"""Playing Swords & Sorcery in the terminal client by keystrokes, as a person
would: read what the screen offers (the match model behind it), decide, press
keys. The strategy tries every kind of answer the prompt takes:

- begin the battle; swap one spell (a card from a list), keep the others;
- place each figure: one by typing a point in inches, the rest where the cursor
  lands after walking it two cells toward the enemy;
- in the movement phases, each figure moves once: the first into base contact
  with its nearest enemy by typing the enemy's label, one along a two-waypoint
  path laid with the cursor, the others by walking the cursor three cells
  toward the enemy (a refused move: the figure holds instead), facing the
  enemy by a typed label or a line of the facing list;
- shoot, attack and cast (a figure target) whenever offered; otherwise end
  the phase.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from clients.tui.match import MatchModel
from clients.tui.picker import MAX_WAYPOINTS
from tests.tui.driver import choose_line, until

KEYS = {" ": "space", ",": "comma", ".": "full_stop", '"': "quotation_mark"}


@dataclass
class Plan:
    """What the player has done so far (so each kind of answer is tried)."""

    refused: dict = field(default_factory=dict)  # figure -> how often the server refused
    acting: str | None = None  # the figure whose command is being built
    typed: list[str] = field(default_factory=list)  # what was typed, in order
    swapped: bool = False
    cast: bool = False
    pathed: bool = False
    listed_facing: bool = False
    placed_by_typing: bool = False
    refusals: int = 0


async def type_text(pilot, plan: Plan, text: str) -> None:
    """t, the text key by key, enter."""
    plan.typed.append(text)
    await pilot.press("t")
    await pilot.press(*[KEYS.get(ch, ch) for ch in text])
    await pilot.press("enter")


async def walk(pilot, model: MatchModel, target) -> None:
    """The cursor walked cell by cell with the arrows."""
    for _ in range(120):
        col, row = model.cursor
        if (col, row) == tuple(target):
            return
        if row != target[1]:
            await pilot.press("down" if row < target[1] else "up")
        else:
            await pilot.press("right" if col < target[0] else "left")
    raise AssertionError(f"the cursor did not reach {target}")


def nearest_enemy(model: MatchModel, fig: dict) -> dict | None:
    enemies = [f for f in model.board.figures.values()
               if f["seat"] != fig["seat"] and f.get("pos") is not None]
    return min(enemies, key=lambda e: ((e["x"] - fig["x"]) ** 2 + (e["y"] - fig["y"]) ** 2,
                                       e["id"]), default=None)


def toward(model: MatchModel, fig: dict, cells: int) -> tuple[int, int]:
    """The cell `cells` steps from the figure's toward its nearest enemy (north for
    seat a, south for b, when none is left)."""
    col, row = fig["pos"]
    enemy = nearest_enemy(model, fig)
    dc, dr = (0, -1 if fig["seat"] == "a" else 1) if enemy is None else (
        (enemy["pos"][0] > col) - (enemy["pos"][0] < col),
        (enemy["pos"][1] > row) - (enemy["pos"][1] < row))
    for _ in range(cells):
        if enemy is not None and (abs(enemy["pos"][0] - col) + abs(enemy["pos"][1] - row)) <= 2:
            break
        col, row = col + dc, row + dr
    board = model.board
    return max(0, min(board.width - 1, col)), max(0, min(board.height - 1, row))


def want_spec(model: MatchModel, plan: Plan) -> int:
    specs = [c.value for c in model.choices()]
    types = [s["type"] for s in specs]
    for kind in ("start", "deploy", "shoot", "attack"):
        if kind in types:
            plan.acting = (specs[types.index(kind)].get("args") or {}).get("figure")
            return types.index(kind)
    if "swap_spell" in types and not plan.swapped:
        plan.swapped = True
        return types.index("swap_spell")
    if "keep_spells" in types:
        return types.index("keep_spells")
    casts = [i for i, s in enumerate(specs) if s["type"] == "cast"
             and list(s.get("params") or {}) == ["target"]]
    if casts and not plan.cast:
        plan.cast = True
        return casts[0]
    if "move_path" in types and not plan.pathed:
        plan.pathed = True
        plan.acting = (specs[types.index("move_path")].get("args") or {}).get("figure")
        return types.index("move_path")
    for i, spec in enumerate(specs):
        plan.acting = (spec.get("args") or {}).get("figure")
        if spec["type"] == "move" and plan.refused.get(plan.acting, 0) < 2:
            return i
        if spec["type"] == "hold":
            return i
    return types.index("end_phase") if "end_phase" in types else 0


async def act_once(pilot, model: MatchModel, plan: Plan) -> None:
    """One step of the picker by keystrokes: a spec, or one param's value."""
    picker = model.picker
    if picker.spec is None:
        await choose_line(pilot, model, want_spec(model, plan))
        return
    kind, param = picker.spec["type"], picker.param
    uid = (picker.spec.get("args") or {}).get("figure")
    fig = model.board.figures.get(uid)
    tries = plan.refused.get(uid, 0)
    if param == "path" and tries:  # (a leg refused: back to the list, another way)
        for _ in range(MAX_WAYPOINTS + 3):
            if model.picker is None or model.picker.spec is None:
                break
            await pilot.press("escape")
    elif param == "path":
        first = toward(model, fig, 2)
        second = toward(model, {**fig, "pos": list(first)}, 2)
        await walk(pilot, model, first)
        await pilot.press("enter")
        await walk(pilot, model, second)
        await pilot.press("enter", "enter")  # (the same cell again ends the path)
    elif param == "to" and tries:
        await pilot.press("tab", "enter")  # (after a refusal: a suggested point)
    elif param == "to" and kind == "deploy":
        if not plan.placed_by_typing:
            plan.placed_by_typing = True
            await type_text(pilot, plan, f"{fig['x'] / 10 + 1:g}, {fig['y'] / 10 - 1:g}")
        else:
            await walk(pilot, model, toward(model, fig, 1))
            await pilot.press("enter")
    elif param == "to" and kind == "move" and nearest_enemy(model, fig) is not None \
            and not tries:
        await type_text(pilot, plan, nearest_enemy(model, fig)["id"])  # (into contact)
    elif param == "to" and kind in ("move", "run"):
        await walk(pilot, model, toward(model, fig, 3))
        await pilot.press("enter")
    elif param == "facing":
        enemy = nearest_enemy(model, fig) if fig else None
        if enemy is None or not plan.listed_facing:
            plan.listed_facing = True
            await choose_line(pilot, model, 0)
        else:
            await type_text(pilot, plan, enemy["id"])
    elif picker.hex_param:
        await pilot.press("enter")  # (the cursor starts on a suggested cell)
    else:
        await choose_line(pilot, model, min(picker.index, len(model.choices()) - 1))


def where(model: MatchModel) -> str:
    """Where the match stands, for a failure's message."""
    return (f"{model.headline()} | message {model.message!r} | picker "
            f"{model.picker and model.picker.breadcrumb()!r} | log: " + " / ".join(model.log[-6:]))


async def play_to_the_end(pilot, model: MatchModel, plan: Plan, limit: int = 600) -> None:
    """Act whenever the client is asked, until the match is over."""
    for _ in range(limit):
        await until(pilot, lambda: model.over is not None
                    or (model.picker is not None and not model.sending), timeout=60,
                    what=f"a decision for the client; {where(model)}")
        if model.over is not None:
            return
        if model.message.startswith(("Refused", "Not there")):  # (the server's, the client's)
            plan.refusals += 1  # (tried again another way; twice refused, it holds)
            plan.refused[plan.acting] = plan.refused.get(plan.acting, 0) + 1
            model.message = ""
        await act_once(pilot, model, plan)
    raise AssertionError("the match did not end within the step limit")
