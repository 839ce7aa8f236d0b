"""A Song of Ice & Fire from the terminal lobby: creating a match (a scenario,
then your warband) and joining one (your warband), the warbands being the
ready-made ones of the scenario's size as the server's `catalog` lists them, by
name with their models and cost (create_match's `warbands`, join's `warband`).
Nothing is priced here.

Keys: up/down to highlight (its models and cost are shown below), enter to
choose, escape to go back without creating or joining."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from clients.client import ServerError, said
from clients.session import SessionClosed
from clients.tui.asoiaf_events import coin_words

CSS = """
WarbandChoiceScreen #choice-title { height: auto; background: $primary-background; padding: 0 1; }
WarbandChoiceScreen #asoiaf-choices { height: 1fr; border: round $secondary; }
WarbandChoiceScreen #asoiaf-detail { height: auto; padding: 0 1; }
WarbandChoiceScreen #choice-help { height: auto; padding: 0 1; }
"""
Chosen = Callable[[str, str], Awaitable[str | None]]  # (scenario, warband) -> why not, or None


def scenario_words(scenario: dict) -> str:
    """'Village Skirmish (small: 2 gold, 4 silver, 12 copper; 5 rounds)', from an entry
    of the server's catalog `scenarios` (as the web lobby words it)."""
    return (f"{scenario['name']} ({scenario['size_name']}: {coin_words(scenario['coins'])}; "
            f"{scenario['rounds']} rounds)")


def models_words(models: list) -> str:
    """'Jon Arryn with Lucky Charm, Vale Archer x4, ...'"""
    counts: dict[str, int] = {}
    for m in models:
        words = m if isinstance(m, str) else \
            m["card"] + (f" with {m['equipment']}" if m.get("equipment") else "")
        counts[words] = counts.get(words, 0) + 1
    return ", ".join(f"{w} x{n}" if n > 1 else w for w, n in counts.items())


def default_key(presets: list[dict], seat: str) -> str | None:
    """The server's default for a seat nobody names: of the first two by key, seat
    a the first (docs/rules/asoiaf.md)."""
    keys = sorted(p["key"] for p in presets)
    return keys[min(1, len(keys) - 1) if seat == "b" else 0] if keys else None


class WarbandChoiceScreen(Screen):
    """Choose the scenario (when creating) and then the warband; `chosen` sends it."""

    DEFAULT_CSS = CSS
    BINDINGS = [Binding("escape", "back", "Back")]

    def __init__(self, chosen: Chosen, *, scenario: str | None = None, seat: str = "a",
                 preferred: str | None = None, title: str = "") -> None:
        super().__init__()
        self.chosen, self.scenario, self.seat, self.preferred = chosen, scenario, seat, preferred
        self.title_words = title
        self.presets: list[dict] = []
        self.scenarios: list[dict] = []  # the server's (catalog), for the words
        self.budget: dict = {}
        self.stage = "scenario" if scenario is None else "warband"
        self.creating = scenario is None  # (escape goes back to the scenarios)

    def compose(self) -> ComposeResult:
        yield Static(self.title_words, id="choice-title")
        yield OptionList(id="asoiaf-choices")
        yield Static("", id="asoiaf-detail")
        yield Static("up/down: highlight | enter: choose | escape: back", id="choice-help")

    def on_mount(self) -> None:
        if self.stage == "scenario":
            self.run_worker(self._load_scenarios(), group="asoiaf-catalog", exclusive=True)
        else:
            self.run_worker(self._load_warbands(), group="asoiaf-catalog", exclusive=True)
        self.query_one("#asoiaf-choices", OptionList).focus()

    def say(self, text: str) -> None:
        self.query_one("#asoiaf-detail", Static).update(text)

    async def _load_scenarios(self) -> None:
        """The scenarios are the server's (its catalog), smallest first."""
        self.stage = "loading"
        self.say("Loading the scenarios...")
        try:
            self.scenarios = (await self.app.session.catalog("asoiaf", {})).get("scenarios") \
                or []
        except (ServerError, SessionClosed) as failed:
            self.say(f"The scenarios could not be loaded: {said(failed)}")
            return
        self._show_scenarios()

    def _show_scenarios(self) -> None:
        self.stage = "scenario"
        self.query_one("#choice-title", Static).update(
            f"{self.title_words}: choose the scenario")
        options = self.query_one("#asoiaf-choices", OptionList)
        options.set_options([Option(scenario_words(s), id=s["key"]) for s in self.scenarios]
                            or [Option("(the server lists no scenario)", disabled=True)])
        options.highlighted = 0
        self.say("")

    async def _load_warbands(self) -> None:
        self.stage = "loading"
        self.say("Loading the ready-made warbands...")
        try:
            found = await self.app.session.catalog("asoiaf", {"scenario": self.scenario})
        except (ServerError, SessionClosed) as failed:
            self.say(f"The warbands could not be loaded: {said(failed)}")
            return
        self.presets, self.budget = found.get("presets") or [], found.get("budget") or {}
        self.scenarios = found.get("scenarios") or self.scenarios
        scenario = next((s for s in self.scenarios if s["key"] == self.scenario), None)
        self.stage = "warband"
        self.query_one("#choice-title", Static).update(
            f"{self.title_words}: choose your warband"
            + (f" ({scenario_words(scenario)})" if scenario else ""))
        options = self.query_one("#asoiaf-choices", OptionList)
        options.set_options([Option(f"{p['name']} ({p['faction']})"
                                    + (" - not playable at this size" if p["problems"] else ""),
                                    id=p["key"], disabled=bool(p["problems"]))
                             for p in self.presets] or [Option("(no ready-made warband)",
                                                               disabled=True)])
        keys = [p["key"] for p in self.presets]
        wanted = self.preferred if self.preferred in keys else default_key(self.presets,
                                                                           self.seat)
        if wanted in keys:
            options.highlighted = keys.index(wanted)
            self._describe(wanted)

    def highlighted_warband(self) -> dict | None:
        options = self.query_one("#asoiaf-choices", OptionList)
        if self.stage != "warband" or options.highlighted is None \
                or options.highlighted >= len(self.presets):
            return None
        return self.presets[options.highlighted]

    def _describe(self, key: str) -> None:
        p = next((x for x in self.presets if x["key"] == key), None)
        if p is None:
            return
        self.say(f"{p['name']} costs {coin_words(p['spent'])} of {coin_words(self.budget)}: "
                 f"{models_words(p['models'])}"
                 + (f"\n{p['problems'][0]['message']}" if p["problems"] else ""))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if self.stage == "warband" and event.option.id:
            self._describe(event.option.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if not event.option.id:
            return
        if self.stage == "scenario":
            self.scenario = event.option.id
            self.run_worker(self._load_warbands(), group="asoiaf-catalog", exclusive=True)
        elif self.stage == "warband":
            self.run_worker(self._send(self.scenario, event.option.id), group="asoiaf-send",
                            exclusive=True)

    async def _send(self, scenario: str, key: str) -> None:
        self.say("Sending...")
        refused = await self.chosen(scenario, key)
        if refused is not None:
            self.say(refused)

    def action_back(self) -> None:
        if self.creating and self.stage == "warband":
            self._show_scenarios()
        else:
            self.app.pop_screen()
