"""The terminal list builder: pick roster profiles from the server's catalog
and how many of each; after every change the server prices each model and
judges the whole list (`check_list`: every problem with its reason and
passage), and the list is submitted (through the match's `submit_list`) only
once the server has accepted exactly this list. Nothing is priced here. What
it shares with the S&S army builder is in list_builder.py.

Keys: type to filter the profiles (enter, tab or down goes to the list); in
the list, enter or + adds one of the highlighted profile, - removes one;
/ goes back to the filter; s submits; escape closes without submitting.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.binding import Binding
from textual.widgets.option_list import Option

from clients.session import Session
from clients.tui.list_builder import ListBuilderScreen

Submit = Callable[[dict], Awaitable[str | None]]  # the list -> None when sent, or why not


class BuilderScreen(ListBuilderScreen):
    BINDINGS = [Binding("s", "submit", "Submit", show=False)]
    NOUN = "list"
    OPTIONS_ID = "profiles"
    FILTER_WORDS = "filter: a name or a rule, then enter"
    HELP = ("type to filter, enter: to the list | enter or +: add one | -: remove one "
            "| /: filter | s: submit the list | escape: close")
    EMPTY = "(empty: add profiles from the catalog)"
    ACCEPTED = "The server accepts this list: press s to submit it."

    def __init__(self, session: Session, catalog: dict, options: dict, submit: Submit) -> None:
        super().__init__(session, catalog)
        self.options, self.send = options, submit
        self.profiles = {p["name"]: p for p in catalog["profiles"]}  # (entries: their names)

    def title_words(self) -> str:
        return (f"Build your warband: limit {self.catalog['points_limit']} points "
                "(prices and checks by the server)")

    # -- the catalog side ---------------------------------------------------------------
    def _filter(self, text: str) -> None:
        wanted = text.strip().lower()
        self.shown = [name for name, p in self.profiles.items() if not wanted
                      or wanted in f"{name} {' '.join(p['rules'])} {p['roster']}".lower()]
        self._show([Option(self._describe(self.profiles[n]), id=n) for n in self.shown],
                   "(no profile matches)")

    @staticmethod
    def _describe(p: dict) -> str:
        personality = " [Personality]" if p["personality"] else ""
        rules = ", ".join(p["rules"]) or "-"
        return (f"{p['name']} - {p['points']} pts, Q{p['quality']}+ C{p['combat']}, {rules}"
                f"{personality} ({p['roster']})")

    def _add(self, profile: str, delta: int) -> None:
        self._change(profile, delta)

    # -- the list side ------------------------------------------------------------------
    def built(self) -> dict:
        return {"name": "Terminal warband", "models": [
            {"profile": name} for name, n in self.counts.items() for _ in range(n)]}

    async def _ask(self, warband: dict) -> dict:
        return await self.session.check_list(warband, self.options)

    @staticmethod
    def _row_words(name: str, n: int, model: dict | None) -> str:
        price = (model or {}).get("points")
        return f"{n} x {name.split(' (')[0]}  ({price if price is not None else '?'} pts each)\n"

    @staticmethod
    def _total_words(verdict: dict, figures: int) -> str:
        return (f"Total {verdict['total']} / {verdict['points_limit']} points, "
                f"Personalities {verdict['personality_points']} points")

    async def action_submit(self) -> None:
        if not self._accepted("Submit a list the server accepts (see its reasons above)."):
            return
        refused = await self.send(self.built())
        if refused is None:
            self.app.pop_screen()
            return
        self.message = f"The match refused the list: {refused}"
        self._draw_list()
