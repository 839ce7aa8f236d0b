"""The match screen's roster: each seat's player, its warband list and its
figures, in the most detail that fits the lines the side panel has left.

    full     a line a figure: label, name, Quality, Combat, states; the legend
    grouped  the list packed: "a1 Elf Wizard · a3-a4 Wood Elf Warrior", then
             the states that matter ("dead a3 · fled a5")
    summary  a line a seat: "Seat a: Ann · Elves: 4 of 5 left"
    terse    one line: "a: Ann 4/5 · b: Bob 8/8 · f: figures" (or nothing)

An ASOIAF match adds its table (asoiaf_panel.py) under each seat's header, a
line a thing (full, grouped) or one line (grouped when short, summary), and the
table's objectives and plunder after the seats; the terse line adds each seat's
coins and VP.

On a short terminal (80x24) the full roster would push the choices off the
panel; `f` shows it in full across the whole width.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from clients.tui import asoiaf_panel
from clients.tui.board import SEAT_STYLES, figure_number, label, short_name
from clients.tui.match import MatchModel

FORMS = ("full", "grouped", "summary")
GONE = ("dead", "fled", "killed", "captured")  # (SBH's, then ASOIAF's removals)
QUIET = ("activated", "engaged", "not deployed")  # (shown on the board itself)


def figures(model: MatchModel, seat: str) -> list[dict]:
    """The seat's figures in number order: the view's, or (no view, as when the
    lists came from a replay) made from its list."""
    board = model.board
    found = [f for f in board.figures.values() if f["seat"] == seat]
    if not found:
        found = [{"id": f"{seat}{i}", "seat": seat, "name": str(m.get("name") or
                                                                  m.get("profile", "?")),
                  "quality": m.get("quality"), "combat": m.get("combat")}
                 for i, m in enumerate((model.lists.get(seat) or {}).get("models", ()),
                                       start=1)]
    return sorted(found, key=lambda f: figure_number(f["id"]) or 0)


def states(model: MatchModel, fig: dict) -> list[str]:
    return model.board.states(fig) if fig["id"] in model.board.figures else []


def seats(model: MatchModel) -> list[str]:
    return sorted(set(model.players) | set(model.lists)
                  | {f["seat"] for f in model.board.figures.values()})


def table_view(model: MatchModel) -> dict | None:
    """The view, if it is an ASOIAF table the panel shows."""
    return model.view if asoiaf_panel.is_table(model.view) else None


def viewer(model: MatchModel) -> str | None:
    """The seat whose secrets this screen may show (none for a spectator)."""
    return None if model.spectator else model.seat


def seat_table(model: MatchModel, seat: str, text: Text, brief: bool) -> None:
    """The seat's part of an ASOIAF table, under its header."""
    view = table_view(model)
    if view is None:
        return
    lines = [asoiaf_panel.seat_brief(view, seat, viewer(model))] if brief else \
        asoiaf_panel.seat_lines(view, seat, viewer(model))
    for line in lines:
        text.append("\n" + line, style="italic")


def table_end(model: MatchModel, text: Text, brief: bool) -> None:
    """The ASOIAF table's own objectives and plunder, after the seats."""
    view = table_view(model)
    for line in asoiaf_panel.table_lines(view, brief) if view is not None else ():
        text.append("\n" + line, style="bold")


def header(model: MatchModel, seat: str, text: Text) -> None:
    """'Seat a: Ann (guest) (you) · Elves, 290 pts'."""
    mine = " (you)" if seat == model.seat and not model.spectator else ""
    words = f"Seat {seat}: {model.players.get(seat, '(nobody yet)')}{mine}"
    listed = model.lists.get(seat)
    if listed:
        points = sum(m.get("points") or 0 for m in listed.get("models", ()))
        words += f" · {listed.get('name') or 'warband'}" + (f", {points} pts" if points else "")
    text.append(words, style=f"{SEAT_STYLES.get(seat, 'bold')} underline")


def full(model: MatchModel, with_legend: bool = True) -> Text:
    text = Text()
    for seat in seats(model):
        if text:
            text.append("\n")
        header(model, seat, text)
        seat_table(model, seat, text, brief=False)
        for fig in figures(model, seat):
            said = states(model, fig)
            name = short_name(fig["name"])
            if label(fig["id"]) != fig["id"]:
                name += f" ({fig['id']})"
            text.append("\n")
            text.append(label(fig["id"]), style=SEAT_STYLES.get(fig["seat"], "bold"))
            stats = model.board.stats(fig)
            text.append(f" {name:24}{stats}",
                        style="dim" if any(s in said for s in GONE) else "")
            if said:
                text.append(" " + ", ".join(said), style="italic")
    table_end(model, text, brief=False)
    if model.board.figures and with_legend:
        text.append("\n" + model.board.legend(), style="dim")
    return text


def grouped(model: MatchModel, brief: bool = False) -> Text:
    """`brief`: an ASOIAF seat's table on one line."""
    text = Text()
    for seat in seats(model):
        if text:
            text.append("\n")
        header(model, seat, text)
        seat_table(model, seat, text, brief)
        figs = figures(model, seat)
        runs: list[list[dict]] = []
        for fig in figs:  # figures of one profile in a row, as a list has them
            if runs and short_name(runs[-1][-1]["name"]) == short_name(fig["name"]):
                runs[-1].append(fig)
            else:
                runs.append([fig])
        if runs:
            text.append("\n" + " · ".join(
                (run[0]["id"] if len(run) == 1 else f"{run[0]['id']}-{run[-1]['id']}")
                + " " + short_name(run[0]["name"]) for run in runs))
        said: dict[str, list[str]] = {}
        for fig in figs:
            for state in states(model, fig):
                if state not in QUIET:
                    said.setdefault(state, []).append(fig["id"])
        if said:
            text.append("\n" + " · ".join(f"{state} {' '.join(ids)}"
                                          for state, ids in said.items()), style="italic")
    table_end(model, text, brief)
    return text


def summary(model: MatchModel, tagged: bool = False) -> Text:
    """A line a seat; an ASOIAF seat's table on its own line, or (`tagged`) only
    its coins and VP after the count."""
    text, view = Text(), table_view(model)
    for seat in seats(model):
        if text:
            text.append("\n")
        header(model, seat, text)
        figs = figures(model, seat)
        if view is not None and not tagged:  # (its line says how many are left)
            seat_table(model, seat, text, brief=True)
        elif figs:
            left = sum(1 for f in figs if not any(s in GONE for s in states(model, f)))
            text.append(f": {left} of {len(figs)} left")
            if view is not None:
                text.append(" · " + asoiaf_panel.seat_tag(view, seat))
    table_end(model, text, brief=True)
    if text:
        text.append("\nf: every figure", style="dim")
    return text


def terse(model: MatchModel, tagged: bool = True) -> Text:
    """'a: Bob 4/5 · b: Ann (you) 8/8 · f: figures', for when nothing else fits
    (`tagged`: with an ASOIAF seat's coins and VP)."""
    parts, view = [], table_view(model) if tagged else None
    for seat in seats(model):
        figs = figures(model, seat)
        left = sum(1 for f in figs if not any(s in GONE for s in states(model, f)))
        mine = " (you)" if seat == model.seat and not model.spectator else ""
        parts.append(f"{seat}: {model.players.get(seat, '?')}{mine}"
                     + (f" {left}/{len(figs)}" if figs else "")
                     + (" " + asoiaf_panel.seat_tag(view, seat) if view is not None else ""))
    return Text(" · ".join(parts) + (" · f: figures" if parts else ""), style="dim")


def roster(model: MatchModel, lines: int, count: Callable[[Text], int],
           least: int | None = None) -> Text:
    """The most detailed roster whose `count` of wrapped lines is within `lines`;
    if none is, the terse line if it fits in `least` (the lines left when the
    choices shrink to their smallest), else nothing: the question and the
    choices come first."""
    asoiaf = table_view(model) is not None
    briefer = [grouped(model, brief=True), summary(model)] if asoiaf else []
    tersest = [terse(model), terse(model, tagged=False)] if asoiaf else [terse(model)]
    for text in (full(model), full(model, with_legend=False), grouped(model), *briefer,
                 summary(model, tagged=True), *tersest):
        if count(text) <= lines:
            return text
    for text in tersest:
        if count(text) <= (lines if least is None else least):
            return text
    return Text()
