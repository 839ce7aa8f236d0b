"""The terminal list builder: pick roster profiles from the server's catalog
and how many of each; after every change the server prices each model and
judges the whole list (`check_list`: every problem with its reason and
passage), and the list is submitted (through the match's `submit_list`) only
once the server has accepted exactly this list. Nothing is priced here.

Keys: type to filter the profiles (enter, tab or down goes to the list); in
the list, enter or + adds one of the highlighted profile, - removes one;
/ goes back to the filter; s submits; escape closes without submitting.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from clients.client import ServerError
from clients.session import Session, SessionClosed

CSS = """
BuilderScreen #builder-title { height: 1; background: $primary-background; padding: 0 1; }
BuilderScreen #catalog-side { width: 3fr; }
BuilderScreen #profiles { height: 1fr; border: round $secondary; }
BuilderScreen #list-side { width: 2fr; padding: 0 1; }
BuilderScreen #builder-help { height: auto; padding: 0 1; }
"""
Submit = Callable[[dict], Awaitable[str | None]]  # the list -> None when sent, or why not


class BuilderScreen(Screen):
    DEFAULT_CSS = CSS
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("plus,equals_sign", "count(1)", "One more", show=False),
        Binding("minus", "count(-1)", "One fewer", show=False),
        Binding("slash", "search", "Filter", show=False),
        Binding("s", "submit", "Submit", show=False),
    ]

    def __init__(self, session: Session, catalog: dict, options: dict, submit: Submit) -> None:
        super().__init__()
        self.session, self.catalog, self.options, self.send = session, catalog, options, submit
        self.profiles = {p["name"]: p for p in catalog["profiles"]}
        self.counts: dict[str, int] = {}  # profile -> how many, in the order first added
        self.shown: list[str] = []
        self.version = 0  # bumped by every change; a verdict is for one version
        self.verdict: dict | None = None
        self.message = ""

    def compose(self) -> ComposeResult:
        yield Static(f"Build your warband: limit {self.catalog['points_limit']} points "
                     "(prices and checks by the server)", id="builder-title")
        with Horizontal():
            with Vertical(id="catalog-side"):
                yield Input(placeholder="filter: a name or a rule, then enter", id="filter")
                yield OptionList(id="profiles")
            yield Static("", id="list-side")
        yield Static("type to filter, enter: to the list | enter or +: add one | -: remove one "
                     "| /: filter | s: submit the list | escape: close", id="builder-help")

    def on_mount(self) -> None:
        self._filter("")
        self._draw_list()
        self.query_one("#filter", Input).focus()

    # -- the catalog side ---------------------------------------------------------------
    def _filter(self, text: str) -> None:
        wanted = text.strip().lower()
        self.shown = [name for name, p in self.profiles.items() if not wanted
                      or wanted in f"{name} {' '.join(p['rules'])} {p['roster']}".lower()]
        options = self.query_one("#profiles", OptionList)
        options.set_options([Option(self._describe(self.profiles[n]), id=n)
                             for n in self.shown] or [Option("(no profile matches)",
                                                             disabled=True)])
        if self.shown:
            options.highlighted = 0

    @staticmethod
    def _describe(p: dict) -> str:
        personality = " [Personality]" if p["personality"] else ""
        rules = ", ".join(p["rules"]) or "-"
        return (f"{p['name']} - {p['points']} pts, Q{p['quality']}+ C{p['combat']}, {rules}"
                f"{personality} ({p['roster']})")

    def on_input_changed(self, event: Input.Changed) -> None:
        self._filter(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#profiles", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._change(event.option.id, 1)

    def action_search(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_count(self, delta: int) -> None:
        options = self.query_one("#profiles", OptionList)
        if options.has_focus and options.highlighted is not None and self.shown:
            self._change(self.shown[options.highlighted], delta)

    # -- the list side ------------------------------------------------------------------
    def warband(self) -> dict:
        return {"name": "Terminal warband", "models": [
            {"profile": name} for name, n in self.counts.items() for _ in range(n)]}

    def _change(self, profile: str, delta: int) -> None:
        self.counts[profile] = self.counts.get(profile, 0) + delta
        self.counts = {k: v for k, v in self.counts.items() if v > 0}
        self.version += 1
        self.verdict, self.message = None, ""
        self._draw_list()
        if self.counts:
            self.run_worker(self._check(self.version, self.warband()), group="check",
                            exclusive=True)

    async def _check(self, version: int, warband: dict) -> None:
        try:
            verdict = await self.session.check_list(warband, self.options)
        except (ServerError, SessionClosed) as failed:
            verdict, self.message = None, f"The list could not be checked: {failed}"
        if version == self.version:
            self.verdict = verdict
            self._draw_list()

    def _draw_list(self) -> None:
        verdict = self.verdict
        text = Text("Your list\n", style="bold underline")
        models, first = (verdict or {}).get("models") or [], 0
        for name, n in self.counts.items():
            price = models[first]["points"] if first < len(models) else None
            text.append(f"{n} x {name.split(' (')[0]}  ({price if price is not None else '?'}"
                        " pts each)\n")
            first += n
        if not self.counts:
            text.append("(empty: add profiles from the catalog)\n", style="dim")
        elif verdict is None:
            text.append("checking with the server...\n", style="italic")
        elif verdict["total"] is not None:
            text.append(f"Total {verdict['total']} / {verdict['points_limit']} points, "
                        f"Personalities {verdict['personality_points']} points\n", style="bold")
        for problem in (verdict or {}).get("problems", ()):
            text.append(f"- {problem['message']} ({problem['passage']})\n", style="red")
        if verdict and verdict["valid"]:
            text.append("The server accepts this list: press s to submit it.\n", style="green")
        if self.message:
            text.append(self.message + "\n", style="bold red")
        self.query_one("#list-side", Static).update(text)

    async def action_submit(self) -> None:
        if not (self.verdict and self.verdict["valid"]):
            self.message = "Submit a list the server accepts (see its reasons above)."
            self._draw_list()
            return
        refused = await self.send(self.warband())
        if refused is None:
            self.app.pop_screen()
            return
        self.message = f"The match refused the list: {refused}"
        self._draw_list()

    def action_close(self) -> None:
        self.app.pop_screen()
