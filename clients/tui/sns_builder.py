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
a kit item taking a detail ("Magestaff (Hammer)") takes what the field under the name
holds when it is added, and one bought again goes up a level ("Spell known x2");
/ goes back to the filter; u uses the army; escape closes.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterator

from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from clients.client import ServerError
from clients.session import Session, SessionClosed
from clients.tui.list_builder import ListBuilderScreen

Use = Callable[[dict], None]  # the army list the server accepted
_LEVEL = re.compile(r" x(\d+)$")  # a kit item's level, as the server reads it


class SnsBuilderScreen(ListBuilderScreen):
    BINDINGS = [
        Binding("c", "choice", "Change the printed choice", show=False),
        Binding("u", "use", "Use the army", show=False),
        Binding("o", "own", "Add the designed unit", show=False),
        Binding("x", "clear_own", "Clear the designed unit", show=False),
    ]
    NOUN = "army"
    OPTIONS_ID = "samples"
    FILTER_WORDS = "filter: a unit, its army or its kit, then enter"
    HELP = ("type to filter, enter: to the list | enter or +: add one | -: remove one "
            "| c: change the printed choice | kit items: to your own unit (a detail: "
            "type it in its field first), o: add it to the army, x: clear it | /: filter "
            "| u: use the army | escape: close")
    EMPTY = "(empty: add units from the catalog)"
    ACCEPTED = "The server accepts this army: press u to use it."

    def __init__(self, session: Session, catalog: dict, use: Use,
                 seat: str | None = "a") -> None:
        """`seat`: whose army it is; None: the player's own, seat unknown (a seek)."""
        super().__init__(session, catalog)  # (entries' keys: the entry as JSON)
        self.use, self.seat = use, seat
        self.samples = {s["name"]: s for s in catalog["samples"]}
        self.items = {i["name"]: i for i in catalog["items"]}
        self.draft: list[str] = []  # the kit of the unit of one's own being designed
        self.draft_verdict: dict | None = None
        self.gold = (catalog.get("scenarios") or [{}])[0].get("gold")
        self.picks: dict[str, int] = {}  # sample -> which combination of its choices

    def title_words(self) -> str:
        whose = f"an army for seat {self.seat}" if self.seat else "your army"
        return (f"Build {whose}: {self.gold} gold a side, one "
                "Commander (prices and checks by the server)")

    def _catalog_more(self) -> Iterator[Widget]:
        yield Input(placeholder="your own unit's name (o adds it to the army)", id="own-name")
        yield Input(placeholder="a kit item's detail, typed before adding it (e.g. the "
                    "spell a Spell known is)", id="kit-detail")

    # -- the catalog side ---------------------------------------------------------------
    def _filter(self, text: str) -> None:
        wanted = text.strip().lower()
        self.shown = [f"unit:{name}" for name, s in self.samples.items() if not wanted
                      or wanted in f"{name} {s['army']} {s['notes']}".lower()]
        self.shown += [f"item:{name}" for name, i in self.items.items() if not wanted
                       or wanted in f"kit {name} {i['group']} {i['printed']}".lower()]
        self._show([Option(self._describe(key), id=key) for key in self.shown],
                   "(nothing matches)")

    def _combos(self, sample: dict) -> list[tuple[str, ...]]:
        return list(itertools.product(*sample["choices"]))

    def _picked(self, sample: dict) -> tuple[str, ...]:
        combos = self._combos(sample)
        return combos[self.picks.get(sample["name"], 0) % len(combos)]

    def _describe(self, key: str) -> str:
        kind, _, name = key.partition(":")
        if kind == "item":
            i = self.items[name]
            each = " each, more than once for more" if i["stacks"] else ""
            takes = f"; detail: {i['detail']}" if i.get("detail") else ""
            return (f"kit: {name} - {i['cost']:+d} gold{each} ({i['group']}): "
                    f"{i['printed']}{takes}")
        s = self.samples[name]
        printed = f" (printed {s['printed_cost']})" if s["printed_cost"] != s["cost"] else ""
        choice = f"; choice: {', '.join(self._picked(s))} (c: change)" if s["choices"] else ""
        return f"{s['name']} - {s['cost']} gold{printed} ({s['army']}): {s['notes']}{choice}"

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # (Textual calls the core's handler too, after this one: it focuses the catalog)
        if event.input.id == "own-name":
            self.action_own()

    def _add(self, key: str, delta: int) -> None:
        kind, _, name = key.partition(":")
        if kind == "unit":
            self._change_entry(self._entry(name), delta)
            return
        if delta > 0:
            self._add_kit(self.items[name])
        else:
            self._remove_kit(name)
        self._draft_changed()

    def _add_kit(self, item: dict) -> None:
        """One more of a kit item on the unit being designed, written as the server
        reads it (seed 003, UNIT COSTS): "Spell known (Fireball)", and a second of an
        item bought more than once "Spell known (Fireball) x2"."""
        detail = self.query_one("#kit-detail", Input).value.strip() if item.get("detail") \
            else ""
        text = item["name"] + (f" ({detail})" if detail else "")
        for index, written in enumerate(self.draft):
            same, level = _kit_level(written)
            if item["stacks"] and same == text:
                self.draft[index] = f"{text} x{level + 1}"
                return
        self.draft.append(text)

    def _remove_kit(self, name: str) -> None:
        """One fewer of the last such item (a level down, or gone)."""
        for index in range(len(self.draft) - 1, -1, -1):
            text, level = _kit_level(self.draft[index])
            if text.partition(" (")[0] == name:
                if level > 1:
                    self.draft[index] = text + (f" x{level - 1}" if level > 2 else "")
                else:
                    del self.draft[index]
                return

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
            self._change_entry(self.own_entry(), 1)

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
    def _change_entry(self, entry: dict, delta: int) -> None:
        self._change(json.dumps(entry, sort_keys=True), delta)  # (the same entry, one key)

    def built(self) -> dict:
        return {"name": "Terminal army", "units": [
            json.loads(key) for key, n in self.counts.items() for _ in range(n)]}

    async def _ask(self, army: dict) -> dict:
        return await self.session.check_list(army, {}, system="sns")

    @staticmethod
    def _row_words(key: str, n: int, model: dict | None) -> str:
        entry, price = json.loads(key), (model or {}).get("cost")
        how = f" ({', '.join(entry['choices'])})" if entry.get("choices") else \
            f" (your own: {', '.join(entry['kit'])})" if "kit" in entry else ""
        return (f"{n} x {entry.get('unit') or entry['name']}{how}  "
                f"({price if price is not None else '?'} gold each)\n")

    @staticmethod
    def _total_words(verdict: dict, figures: int) -> str:
        left = verdict["left"]
        return (f"Total {verdict['total']} / {verdict['gold']} gold, "
                f"{f'{left} left' if left >= 0 else f'{-left} over'}, {figures} figures")

    def _draw_more(self, text: Text) -> None:
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
        if not self._accepted("Use an army the server accepts (see its reasons above)."):
            return
        army = self.built()
        self.app.pop_screen()
        self.use(army)


def _kit_level(written: str) -> tuple[str, int]:
    """("Spell known (Fireball)", 2) from "Spell known (Fireball) x2"."""
    match = _LEVEL.search(written)
    return (written[:match.start()], int(match[1])) if match else (written, 1)

