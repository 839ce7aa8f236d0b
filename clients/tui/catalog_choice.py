"""What the lobby's c / p create, chosen from the server's `catalog` (no copy
here): SBH's scenario (its six and the random roll) or Swords & Sorcery's table
layout, the server's default first and highlighted.

Keys: up/down to highlight, enter to create, escape to go back without creating."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from clients.client import ServerError
from clients.session import SessionClosed

CSS = """
CatalogChoiceScreen #catalog-title { height: auto; background: $primary-background; padding: 0 1; }
CatalogChoiceScreen #catalog-choices { height: 1fr; border: round $secondary; }
CatalogChoiceScreen #catalog-status { height: auto; padding: 0 1; }
"""
# The catalog's list each system's create chooses from, and the question it asks.
CHOICES = {"sbh": ("scenarios", "choose the scenario"),
           "sns": ("layouts", "choose the table")}
Chosen = Callable[[str], Awaitable[str | None]]  # (key) -> why not, or None


class CatalogChoiceScreen(Screen):
    """One choice from the server's catalog of `system`; `chosen` creates the match."""

    DEFAULT_CSS = CSS
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, system: str, chosen: Chosen, title: str) -> None:
        super().__init__()
        self.system, self.chosen, self.title_words = system, chosen, title
        self.field, self.question = CHOICES[system]
        self.entries: list[dict] = []
        self.loaded = False

    def compose(self) -> ComposeResult:
        yield Static(f"{self.title_words}: {self.question}", id="catalog-title")
        yield OptionList(id="catalog-choices")
        yield Static("Loading...", id="catalog-status")
        yield Static("up/down: highlight | enter: create | escape: back")

    def on_mount(self) -> None:
        self.run_worker(self._load(), group="catalog-choice", exclusive=True)
        self.query_one("#catalog-choices", OptionList).focus()

    def say(self, text: str) -> None:
        self.query_one("#catalog-status", Static).update(text)

    async def _load(self) -> None:
        try:
            found = await self.app.session.catalog(self.system, {})
        except (ServerError, SessionClosed) as failed:
            self.say(f"The server's choices could not be loaded: {failed}")
            return
        self.entries = found.get(self.field) or []
        options = self.query_one("#catalog-choices", OptionList)
        options.set_options([Option(e["name"], id=e["key"]) for e in self.entries]
                            or [Option("(the server lists none)", disabled=True)])
        options.highlighted = 0
        self.loaded = True
        self.say("")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.run_worker(self._send(event.option.id), group="catalog-send", exclusive=True)

    async def _send(self, key: str) -> None:
        self.say("Creating...")
        refused = await self.chosen(key)
        if refused is not None:
            self.say(refused)
