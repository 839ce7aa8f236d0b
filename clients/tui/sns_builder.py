"""The terminal S&S army builder (issue 34): sample units from the server's
catalog (seed 003, SAMPLE UNITS) and how many of each, their printed choices
("hammer or axe") picked; after every change the server prices each figure and
judges the army against the scenario (`check_list`: seed 003, BASIC SCENARIO,
"500 Gold to a side / Each side has one Commander"), and the army can be used for
the match only once the server has accepted exactly this list. A unit of one's
own is designed from the kit items the catalog prices (seed 003, UNIT COSTS):
they are listed below the sample units ("kit: ..."), and the unit being designed
is priced by the server on its own. Nothing is priced here.

Keys: type to filter the units and kit (enter, tab or down goes to the list); in
the list, enter or + adds one of the highlighted unit to the army (a kit item: to
the unit being designed), - removes one, c changes a unit's printed choice; o adds
the designed unit to the army (named in the field under the filter), x clears it;
/ goes back to the filter; u uses the army; escape closes.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable

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
SnsBuilderScreen #builder-title { height: 1; background: $primary-background; padding: 0 1; }
SnsBuilderScreen #catalog-side { width: 3fr; }
SnsBuilderScreen #samples { height: 1fr; border: round $secondary; }
SnsBuilderScreen #list-side { width: 2fr; padding: 0 1; }
SnsBuilderScreen #builder-help { height: auto; padding: 0 1; }
"""
Use = Callable[[dict], None]  # the army list the server accepted


class SnsBuilderScreen(Screen):
    DEFAULT_CSS = CSS
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("plus,equals_sign", "count(1)", "One more", show=False),
        Binding("minus", "count(-1)", "One fewer", show=False),
        Binding("c", "choice", "Change the printed choice", show=False),
        Binding("slash", "search", "Filter", show=False),
        Binding("u", "use", "Use the army", show=False),
        Binding("o", "own", "Add the designed unit", show=False),
        Binding("x", "clear_own", "Clear the designed unit", show=False),
    ]

    def __init__(self, session: Session, catalog: dict, use: Use, seat: str = "a") -> None:
        super().__init__()
        self.session, self.catalog, self.use, self.seat = session, catalog, use, seat
        self.samples = {s["name"]: s for s in catalog["samples"]}
        self.items = {i["name"]: i for i in catalog["items"]}
        self.draft: list[str] = []  # the kit of the unit of one's own being designed
        self.draft_verdict: dict | None = None
        self.gold = (catalog.get("scenarios") or [{}])[0].get("gold")
        self.picks: dict[str, int] = {}  # sample -> which combination of its choices
        self.counts: dict[str, int] = {}  # an entry (as JSON) -> how many, in order added
        self.shown: list[str] = []
        self.version = 0  # bumped by every change; a verdict is for one version
        self.verdict: dict | None = None
        self.message = ""

    def compose(self) -> ComposeResult:
        yield Static(f"Build an army for seat {self.seat}: {self.gold} gold a side, one "
                     "Commander (prices and checks by the server)", id="builder-title")
        with Horizontal():
            with Vertical(id="catalog-side"):
                yield Input(placeholder="filter: a unit, its army or its kit, then enter",
                            id="filter")
                yield OptionList(id="samples")
                yield Input(placeholder="your own unit's name (o adds it to the army)",
                            id="own-name")
            yield Static("", id="list-side")
        yield Static("type to filter, enter: to the list | enter or +: add one | -: remove one "
                     "| c: change the printed choice | kit items: to your own unit, o: add it "
                     "to the army, x: clear it | /: filter | u: use the army | escape: close",
                     id="builder-help")

    def on_mount(self) -> None:
        self._filter("")
        self._draw_list()
        self.query_one("#filter", Input).focus()

    # -- the catalog side ---------------------------------------------------------------
    def _filter(self, text: str) -> None:
        wanted = text.strip().lower()
        self.shown = [f"unit:{name}" for name, s in self.samples.items() if not wanted
                      or wanted in f"{name} {s['army']} {s['notes']}".lower()]
        self.shown += [f"item:{name}" for name, i in self.items.items() if not wanted
                       or wanted in f"kit {name} {i['group']} {i['printed']}".lower()]
        options = self.query_one("#samples", OptionList)
        options.set_options([Option(self._describe(key), id=key) for key in self.shown]
                            or [Option("(nothing matches)", disabled=True)])
        if self.shown:
            options.highlighted = 0

    def _combos(self, sample: dict) -> list[tuple[str, ...]]:
        return list(itertools.product(*sample["choices"]))

    def _picked(self, sample: dict) -> tuple[str, ...]:
        combos = self._combos(sample)
        return combos[self.picks.get(sample["name"], 0) % len(combos)]

    def _describe(self, key: str) -> str:
        kind, _, name = key.partition(":")
        if kind == "item":
            i = self.items[name]
            each = " each" if i["stacks"] else ""
            return f"kit: {name} - {i['cost']:+d} gold{each} ({i['group']}): {i['printed']}"
        s = self.samples[name]
        printed = f" (printed {s['printed_cost']})" if s["printed_cost"] != s["cost"] else ""
        choice = f"; choice: {', '.join(self._picked(s))} (c: change)" if s["choices"] else ""
        return f"{s['name']} - {s['cost']} gold{printed} ({s['army']}): {s['notes']}{choice}"

    def on_input_changed(self, event: Input.Changed) -> None:
        self._filter(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "own-name":
            self.action_own()
        self.query_one("#samples", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._add(event.option.id, 1)

    def _add(self, key: str, delta: int) -> None:
        kind, _, name = key.partition(":")
        if kind == "unit":
            self._change(self._entry(name), delta)
            return
        if delta > 0:
            self.draft.append(name)
        elif name in self.draft:
            self.draft.reverse()
            self.draft.remove(name)
            self.draft.reverse()
        self._draft_changed()

    def _highlighted(self) -> str | None:
        options = self.query_one("#samples", OptionList)
        if options.has_focus and options.highlighted is not None and self.shown:
            return self.shown[options.highlighted]
        return None

    def action_search(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_count(self, delta: int) -> None:
        key = self._highlighted()
        if key:
            self._add(key, delta)

    def action_choice(self) -> None:
        key = self._highlighted()
        name = key.partition(":")[2] if key and key.startswith("unit:") else None
        if name and self.samples[name]["choices"]:
            self.picks[name] = self.picks.get(name, 0) + 1
            options = self.query_one("#samples", OptionList)
            options.replace_option_prompt_at_index(options.highlighted, self._describe(key))

    # -- the unit of one's own ----------------------------------------------------------
    def own_entry(self) -> dict:
        name = self.query_one("#own-name", Input).value.strip() or "Your unit"
        return {"name": name, "kit": list(self.draft)}

    def action_own(self) -> None:
        if self.draft:
            self._change(self.own_entry(), 1)

    def action_clear_own(self) -> None:
        self.draft = []
        self._draft_changed()

    def _draft_changed(self) -> None:
        self.draft_verdict = None
        self._draw_list()
        if self.draft:
            self.run_worker(self._check_draft(self.own_entry()), group="check-own",
                            exclusive=True)

    async def _check_draft(self, entry: dict) -> None:
        try:
            verdict = await self.session.check_list({"name": "", "units": [entry]}, {},
                                                    system="sns")
        except (ServerError, SessionClosed):
            return
        if entry["kit"] == self.draft:
            self.draft_verdict = verdict
            self._draw_list()

    def _entry(self, name: str) -> dict:
        sample = self.samples[name]
        entry: dict = {"unit": name}
        if sample["choices"]:
            entry["choices"] = list(self._picked(sample))
        return entry

    # -- the list side ------------------------------------------------------------------
    def army(self) -> dict:
        return {"name": "Terminal army", "units": [
            json.loads(key) for key, n in self.counts.items() for _ in range(n)]}

    def _change(self, entry: dict, delta: int) -> None:
        key = json.dumps(entry, sort_keys=True)
        self.counts[key] = self.counts.get(key, 0) + delta
        self.counts = {k: v for k, v in self.counts.items() if v > 0}
        self.version += 1
        self.verdict, self.message = None, ""
        self._draw_list()
        if self.counts:
            self.run_worker(self._check(self.version, self.army()), group="check",
                            exclusive=True)

    async def _check(self, version: int, army: dict) -> None:
        try:
            verdict = await self.session.check_list(army, {}, system="sns")
        except (ServerError, SessionClosed) as failed:
            verdict, self.message = None, f"The army could not be checked: {failed}"
        if version == self.version:
            self.verdict = verdict
            self._draw_list()

    def _draw_list(self) -> None:
        verdict = self.verdict
        text = Text("Your army\n", style="bold underline")
        models, first = (verdict or {}).get("models") or [], 0
        for key, n in self.counts.items():
            entry = json.loads(key)
            price = models[first]["cost"] if first < len(models) else None
            how = f" ({', '.join(entry['choices'])})" if entry.get("choices") else \
                f" (your own: {', '.join(entry['kit'])})" if "kit" in entry else ""
            text.append(f"{n} x {entry.get('unit') or entry['name']}{how}  "
                        f"({price if price is not None else '?'} gold each)\n")
            first += n
        if not self.counts:
            text.append("(empty: add units from the catalog)\n", style="dim")
        elif verdict is None:
            text.append("checking with the server...\n", style="italic")
        elif verdict["total"] is not None:
            left = verdict["left"]
            text.append(f"Total {verdict['total']} / {verdict['gold']} gold, "
                        f"{f'{left} left' if left >= 0 else f'{-left} over'}, "
                        f"{first} figures\n", style="bold")
        for problem in (verdict or {}).get("problems", ()):
            text.append(f"- {problem['message']} ({problem['passage']})\n", style="red")
        if verdict and verdict["valid"]:
            text.append("The server accepts this army: press u to use it.\n", style="green")
        if self.message:
            text.append(self.message + "\n", style="bold red")
        self._draw_draft(text)
        self.query_one("#list-side", Static).update(text)

    def _draw_draft(self, text: Text) -> None:
        if not self.draft:
            text.append("\nYour own unit: add kit items from the list (a figure is 5 gold)\n",
                        style="dim")
            return
        text.append(f"\nYour own unit: {', '.join(self.draft)}\n", style="bold")
        verdict = self.draft_verdict
        price = ((verdict or {}).get("models") or [{}])[0].get("cost")
        text.append("checking with the server...\n" if verdict is None else
                    f"this unit: {price} gold a figure (o: add it to the army)\n"
                    if price is not None else "the server cannot price this unit\n")
        for problem in (verdict or {}).get("problems", ()):
            if problem["model"] == 0:
                text.append(f"- {problem['message']}\n", style="red")

    def action_use(self) -> None:
        if not (self.verdict and self.verdict["valid"]):
            self.message = "Use an army the server accepts (see its reasons above)."
            self._draw_list()
            return
        army = self.army()
        self.app.pop_screen()
        self.use(army)

    def action_close(self) -> None:
        self.app.pop_screen()
