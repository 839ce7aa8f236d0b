"""The match screen's drawing: the headline, the question and choices, the roster in
as much detail as the side panel has room for, the log and the status line with its
keys, redrawn from the model after every change; and the odds of a highlighted attack,
asked of the server once each.

A mixin of `MatchScreen` (screen.py), apart from it because what is shown is read on
its own, without the pushes and keys that change it.
"""

from __future__ import annotations

from rich.text import Text
from textual.css.query import NoMatches
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from clients.tui.events import ratings_words, replay_words, result_words
from clients.tui.roster import roster
from clients.tui.turn_words import question_words
from clients.tui.widgets import BoardView, MatchLog


class MatchDrawing:
    def redraw(self) -> None:
        if not self.is_mounted:
            return
        model = self.model
        short = model.over is not None and self.size.height < 30
        if short != self.has_class("over-short"):  # (the log goes: the side panel grows)
            self.set_class(short, "over-short")
            self.call_after_refresh(self.redraw)  # (so the roster is measured again then)
        try:  # (a screen still being composed, or already being taken down, has none)
            headline = self.query_one("#headline", Static)
        except NoMatches:
            return
        headline.update(model.headline())
        self.query_one("#board", BoardView).refresh()
        self.query_one("#question", Static).update(self._question())
        choices = self.query_one("#choices", OptionList)
        lines = model.choices()
        choices.set_options([Option(c.label if c.number is None else f"{c.number}. {c.label}")
                             for c in lines])
        if lines:
            choices.highlighted = min(model.picker.index, len(lines) - 1)
        choices.display = bool(lines)  # (nothing to choose: the figures get the room)
        self.query_one("#roster", Static).update(self._roster(len(lines)))
        log = self.query_one("#log", MatchLog)
        for line in model.log[self._logged:]:
            log.add(line)
        self._logged = len(model.log)
        status = model.message or model.cursor_words()
        if model.over is not None:
            step = self.rewind.words() or replay_words(self.app.url, model.match_id)
            status = f"{step}\n{status}"
        if model.over is not None:
            keys = ("[ / ]: replay here, { / }: ten | arrows: cursor | </>: pan | z: board | "
                    "f: figures | l: log | pgup/pgdn: log | q: leave")
        elif model.spectator and model.board.free_points:
            keys = ("arrows: cursor | +/-: scale | z: board | </>: pan | f: figures | "
                    "l: log | pgup/pgdn: log | q: quit")
        elif model.spectator:
            keys = ("arrows: cursor | z: board | </>: pan | f: figures | l: log | "
                    "pgup/pgdn: log | q: quit")
        else:
            keys = ("arrows: cursor | tab: next | 1-9: highlight | enter: choose | esc: back | "
                    + ("t: type where/facing | +/-: scale | " if model.board.free_points
                       else "")
                    + "z: board | </>: pan | f: figures | l: log | pgup/pgdn: log | D: draw | "
                    "R R: resign | q: leave")
        self.query_one("#status", Static).update(f"{status}\n{keys}")
        self._ask_odds()

    def _ask_odds(self) -> None:
        """Ask the server the odds of the attack the highlight leads to (once each)."""
        wanted = None if self.model.spectator else self.odds.to_ask(self.model)
        if wanted is not None:
            self.run_worker(self._fetch_odds(self.model.picker.seq, *wanted), group="odds")

    async def _fetch_odds(self, seq: int, asked: str, command: tuple[str, dict]) -> None:
        await self.odds.ask(self.session, self.model.match_id, seq, asked, command)
        if self.query("#headline"):  # (not when the screen closed while the answer came)
            self.redraw()

    def _question(self) -> Text:
        model = self.model
        text = Text()
        if model.over is not None:
            text.append(result_words(model.over.get("result"), model.seat, model.players),
                        style="bold")
            rated = ratings_words(model.over.get("ratings"), model.players)
            if rated:
                text.append(f"\n{rated}")
            return text
        if model.status == "aborted":
            return Text("The match was withdrawn. q: back")
        picker = model.picker
        if picker is None:
            if model.spectator:
                text.append("Spectating. ")
            elif model.status == "open":
                text.append("Waiting for an opponent to join... ")
                if model.invite_code:
                    text.append(f"Invite code: {model.invite_code}", style="bold")
                return text
            if model.waiting:
                text.append("Waiting for " + ", ".join(model.seat_words(s)
                                                       for s in model.waiting))
            elif model.sending:
                text.append("Sending...")
            return text
        if model.sending:
            return Text("Sending...")
        text.append(question_words(picker.decision, model.view, model.names), style="bold")
        crumb = picker.breadcrumb()
        if crumb:
            text.append(f"\n{crumb}")
        if picker.spec is not None:  # (the spec list's question is the decision's text)
            text.append(f"\n{picker.question()}", style="bold yellow")
        if picker.free():
            text.append(" (move the cursor to any cell, tab to a suggested (..) one, or t to "
                        "type it; enter)")
        elif picker.hex_param:
            text.append(" (move the cursor to a (..) hex, or tab; enter)")
        odds = self.odds.words(model)
        if odds:
            text.append(f"\n{odds}", style="bold magenta")
        return text

    def _roster(self, choices: int) -> Text:
        """The roster in as much detail as the side panel has lines for, below the
        question and (up to 5 of) the choices."""
        side = self.query_one("#side")
        width = max(10, side.size.width - 2)
        if not side.size.height or self.has_class("side-zoom"):
            return roster(self.model, 10_000, lambda text: 0)
        room = side.size.height - self._lines(self._question(), width)
        return roster(self.model, room - (min(choices, 5) + 2 if choices else 0),
                      lambda text: self._lines(text, width), room - (3 if choices else 0))

    def _lines(self, text: Text, width: int) -> int:
        return len(text.wrap(self.app.console, width)) if text else 0

    def on_resize(self) -> None:
        self.call_after_refresh(self.redraw)  # (the roster's detail follows the room)
