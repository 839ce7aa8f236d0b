"""What the terminal's list builders share (builder.py: SBH warbands;
sns_builder.py: S&S armies): the screen's layout (a filter over the catalog,
the list beside it, the keys under them), entries with counts, a version bumped
by every change, the server's `check_list` asked in a worker whose verdict
counts only for the version it was asked for, the verdict in words, and the
action ("submit", "use") allowed only once the server accepted exactly this
list. Each builder keeps its catalog, its entries and its wording.

Keys every builder has: type to filter (enter, tab or down goes to the list);
in the list, enter or + adds one of the highlighted line, - removes one;
/ goes back to the filter; escape closes.
"""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from clients.client import ServerError, said
from clients.session import Session, SessionClosed

CSS = """
ListBuilderScreen #builder-title { height: 1; background: $primary-background; padding: 0 1; }
ListBuilderScreen #catalog-side { width: 3fr; }
ListBuilderScreen #catalog-side OptionList { height: 1fr; border: round $secondary; }
ListBuilderScreen #list-side { width: 2fr; padding: 0 1; }
ListBuilderScreen #builder-help { height: auto; padding: 0 1; }
"""


class ListBuilderScreen(Screen):
    """A builder screen; a builder says its words (NOUN, ...) and provides
    title_words(), _filter(text), _add(key, delta), built(), _ask(list),
    _row_words(key, n, model) and _total_words(verdict, figures)."""

    DEFAULT_CSS = CSS
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("plus,equals_sign", "count(1)", "One more", show=False),
        Binding("minus", "count(-1)", "One fewer", show=False),
        Binding("slash", "search", "Filter", show=False),
    ]
    NOUN = "list"  # "Your list", "The list could not be checked"
    OPTIONS_ID = "profiles"  # the catalog's OptionList
    FILTER_WORDS = "filter, then enter"
    HELP = ""
    EMPTY = "(empty)"  # the list side while nothing is in the list
    ACCEPTED = ""  # the line once the server accepts the list: which key acts on it

    def __init__(self, session: Session, catalog: dict) -> None:
        super().__init__()
        self.session, self.catalog = session, catalog
        self.counts: dict[str, int] = {}  # an entry's key -> how many, in the order first added
        self.shown: list[str] = []  # the catalog's keys, as listed
        self.version = 0  # bumped by every change; a verdict is for one version
        self.verdict: dict | None = None
        self.message = ""

    def compose(self) -> ComposeResult:
        yield Static(self.title_words(), id="builder-title")
        with Horizontal():
            with Vertical(id="catalog-side"):
                yield Input(placeholder=self.FILTER_WORDS, id="filter")
                yield OptionList(id=self.OPTIONS_ID)
                yield from self._catalog_more()
            yield Static("", id="list-side")
        yield Static(self.HELP, id="builder-help")

    def _catalog_more(self) -> Iterator[Widget]:
        """Widgets under the catalog (none unless a builder has some)."""
        return iter(())

    def on_mount(self) -> None:
        self._filter("")
        self._draw_list()
        self.query_one("#filter", Input).focus()

    # -- the catalog side ---------------------------------------------------------------
    def _show(self, options: list[Option], nothing: str) -> None:
        """List the catalog lines (`self.shown`'s), the first highlighted."""
        listed = self.query_one(f"#{self.OPTIONS_ID}", OptionList)
        listed.set_options(options or [Option(nothing, disabled=True)])
        if self.shown:
            listed.highlighted = 0

    def _highlighted(self) -> str | None:
        options = self.query_one(f"#{self.OPTIONS_ID}", OptionList)
        if options.has_focus and options.highlighted is not None and self.shown:
            return self.shown[options.highlighted]
        return None

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "filter":  # (not another field, as an own unit's name)
            self._filter(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one(f"#{self.OPTIONS_ID}", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._add(event.option.id, 1)

    def action_search(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_count(self, delta: int) -> None:
        key = self._highlighted()
        if key:
            self._add(key, delta)

    def action_close(self) -> None:
        self.app.pop_screen()

    # -- the list side ------------------------------------------------------------------
    def _change(self, key: str, delta: int) -> None:
        self.counts[key] = self.counts.get(key, 0) + delta
        self.counts = {k: v for k, v in self.counts.items() if v > 0}
        self.version += 1
        self.verdict, self.message = None, ""
        self._draw_list()
        if self.counts:
            self.run_worker(self._check(self.version, self.built()), group="check",
                            exclusive=True)

    async def _check(self, version: int, built: dict) -> None:
        try:
            verdict = await self._ask(built)
        except (ServerError, SessionClosed) as failed:
            verdict, self.message = None, f"The {self.NOUN} could not be checked: {said(failed)}"
        if version == self.version:
            self.verdict = verdict
            self._draw_list()

    def _draw_list(self) -> None:
        verdict = self.verdict
        text = Text(f"Your {self.NOUN}\n", style="bold underline")
        models, first = (verdict or {}).get("models") or [], 0
        for key, n in self.counts.items():
            text.append(self._row_words(key, n, models[first] if first < len(models) else None))
            first += n
        if not self.counts:
            text.append(self.EMPTY + "\n", style="dim")
        elif verdict is None:
            text.append("checking with the server...\n", style="italic")
        elif verdict["total"] is not None:
            text.append(self._total_words(verdict, first) + "\n", style="bold")
        for problem in (verdict or {}).get("problems", ()):
            text.append(f"- {problem['message']} ({problem['passage']})\n", style="red")
        if verdict and verdict["valid"]:
            text.append(self.ACCEPTED + "\n", style="green")
        if self.message:
            text.append(self.message + "\n", style="bold red")
        self._draw_more(text)
        self.query_one("#list-side", Static).update(text)

    def _draw_more(self, text: Text) -> None:
        """What a builder adds under its list (nothing unless it has more)."""

    def _accepted(self, otherwise: str) -> bool:
        """Whether the server accepted exactly this list; if not, say `otherwise`."""
        if self.verdict and self.verdict["valid"]:
            return True
        self.message = otherwise
        self._draw_list()
        return False
