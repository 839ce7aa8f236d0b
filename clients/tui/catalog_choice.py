"""What the lobby's c / p create, chosen from the server's `catalog` (no copy
here): SBH's scenario (its six and the random roll); Swords & Sorcery's table
layout, then each seat's army (the ready-made armies, or "Build an army...": the
army built in sns_builder.py, once the server accepts it, is the seat's choice
"built"). Each step highlights the server's default first. What the lobby's f
seeks (`seeking`): the same, but of S&S your own army alone (the opponent brings
theirs).

Keys: up/down to highlight, enter to choose (the last step creates), escape to
go back a step (from the first, to the lobby without creating)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from clients.client import ServerError, said
from clients.session import SessionClosed
from clients.tui.sns_builder import SnsBuilderScreen

CSS = """
CatalogChoiceScreen #catalog-title { height: auto; background: $primary-background; padding: 0 1; }
CatalogChoiceScreen #catalog-choices { height: 1fr; border: round $secondary; }
CatalogChoiceScreen #catalog-status { height: auto; padding: 0 1; }
"""
# What "c" and "p" in the lobby create (and "f" seeks): the 60 cm table (24 hexes a
# side) at the default 300 points, the scenario chosen from the server's (STEPS).
NEW_MATCH = {"board_size": 24, "points_limit": 300}
# ... and of Swords & Sorcery: 12 turns (the server's default; docs/rules/sns.md), the
# table layout and each seat's army chosen from the server's.
NEW_MATCHES = {"sbh": ("Song of Blades and Heroes", NEW_MATCH),
               "sns": ("Swords & Sorcery", {})}
# Each system's steps: the catalog's list chosen from, the question, and the seat
# whose default (`default_armies`) is highlighted first (None: the list's first).
STEPS = {"sbh": (("scenarios", "choose the scenario", None),),
         "sns": (("layouts", "choose the table", None),
                 ("armies", "choose your army (seat a)", "a"),
                 ("armies", "choose the other army (seat b)", "b"))}
# A seek's: the same, but only the seeker's own army (it goes to whichever seat they get).
SEEK_STEPS = {"sbh": STEPS["sbh"],
              "sns": (STEPS["sns"][0],
                      ("armies", "choose your army (your opponent brings theirs)", "a"))}
Chosen = Callable[[list[str]], Awaitable[str | None]]  # (a key a step) -> why not, or None
BUILD = "build"  # the option that opens the army builder
BUILT = "built"  # the key of a seat's built army (in `built`)


def entry_words(entry: dict) -> str:
    """A line: the entry's name; an army's with its figures and units."""
    if "units" not in entry:
        return entry["name"]
    return f"{entry['name']} ({entry['figures']} figures: {', '.join(entry['units'])})"


class CatalogChoiceScreen(Screen):
    """The steps of `system` from the server's catalog; `chosen` creates the match (or,
    `seeking`, seeks one: SEEK_STEPS)."""

    DEFAULT_CSS = CSS
    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, system: str, chosen: Chosen, title: str, *,
                 seeking: bool = False) -> None:
        super().__init__()
        self.system, self.chosen, self.title_words = system, chosen, title
        self.seeking = seeking
        self.steps = (SEEK_STEPS if seeking else STEPS)[system]
        self.catalog: dict = {}
        self.keys: list[str] = []  # chosen so far, a step each
        self.built: dict[str, dict] = {}  # seat -> the army list built for it
        self.loaded = False

    def compose(self) -> ComposeResult:
        yield Static(self.title_words, id="catalog-title")
        yield OptionList(id="catalog-choices")
        yield Static("Loading...", id="catalog-status")
        yield Static("up/down: highlight | enter: choose | escape: back")

    def on_mount(self) -> None:
        self.run_worker(self._load(), group="catalog-choice", exclusive=True)
        self.query_one("#catalog-choices", OptionList).focus()

    def say(self, text: str) -> None:
        self.query_one("#catalog-status", Static).update(text)

    async def _load(self) -> None:
        try:
            self.catalog = await self.app.session.catalog(self.system, {})
        except (ServerError, SessionClosed) as failed:
            self.say(f"The server's choices could not be loaded: {said(failed)}")
            return
        self.loaded = True
        self._show()

    def entries(self) -> list[dict]:
        return self.catalog.get(self.steps[len(self.keys)][0]) or []

    def _show(self) -> None:
        field, question, seat = self.steps[len(self.keys)]
        self.query_one("#catalog-title", Static).update(f"{self.title_words}: {question}")
        entries = self.entries()
        options = self.query_one("#catalog-choices", OptionList)
        choices = [Option(entry_words(e), id=e["key"]) for e in entries]
        if field == "armies" and self.catalog.get("samples"):
            built = self.built.get(seat)
            choices.insert(0, Option("Build an army..." if not built else
                                     f"Build an army... (yours: {len(built['units'])} figures)",
                                     id=BUILD))
        options.set_options(choices or [Option("(the server lists none)", disabled=True)])
        keys = [option.id for option in choices]
        default = (self.catalog.get("default_armies") or {}).get(seat) if seat else None
        options.highlighted = keys.index(default) if default in keys else 0
        self.say("")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not event.option.id or not self.loaded:
            return
        if event.option.id == BUILD:
            seat = self.steps[len(self.keys)][2]
            self.app.push_screen(SnsBuilderScreen(self.app.session, self.catalog,
                                                  lambda army: self._built(seat, army),
                                                  None if self.seeking else seat))
            return
        self._chosen(event.option.id)

    def _built(self, seat: str, army: dict) -> None:
        self.built[seat] = army
        self._chosen(BUILT)

    def _chosen(self, key: str) -> None:
        self.keys.append(key)
        if len(self.keys) < len(self.steps):
            self._show()
        else:
            self.run_worker(self._send(list(self.keys)), group="catalog-send", exclusive=True)

    async def _send(self, keys: list[str]) -> None:
        self.say("Looking for an opponent..." if self.seeking else "Creating...")
        refused = await self.chosen(keys)
        if refused is not None:
            self.keys.pop()  # (choose the last step again)
            self.say(refused)

    def action_back(self) -> None:
        if self.keys and self.loaded:
            self.keys.pop()
            self._show()
        else:
            self.app.pop_screen()
