"""The terminal client's hosted events (issue 33): the events list (e from the lobby),
and an event's standings with every tie-break column and the player's own next game
(enter opens it). Entering and organising stay in the web client."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from clients.client import ServerError, said
from clients.session import SessionClosed

# tie-break column -> its heading (docs/protocol.md, `create_event`'s settings)
COLUMNS = {"strength_of_schedule": "SoS", "average_strength_of_schedule": "avg SoS",
           "vp_differential": "VP diff", "head_to_head": "H2H", "buchholz": "Buchholz",
           "median_buchholz": "median B.", "sonneborn_berger": "S-B"}


def describe_event(event: dict[str, Any]) -> str:
    return (f"{event['name']}  {event['system']}  {event['format'].replace('_', ' ')}  "
            f"{event['status']}  {event['players']} players")


def next_game(event: dict[str, Any], account_id: str) -> dict[str, Any] | None:
    """The player's game in the newest round not yet decided: its pairing, or None."""
    for round_ in reversed(event.get("rounds") or []):
        for pairing in round_["pairings"]:
            if account_id in (pairing["player_a"], pairing["player_b"]) \
                    and pairing["result"] is None and not pairing["bye"]:
                return pairing | {"round": round_["round"]}
        return None  # (only the newest round can hold a game to play)
    return None


def describe_next(event: dict[str, Any], account_id: str) -> str:
    game = next_game(event, account_id)
    if game is None:
        return "Your next game: none waiting for you now."
    opponent = game["name_b"] if game["player_a"] == account_id else game["name_a"]
    return (f"Your next game: round {game['round']}, table {game['table']}, against "
            f"{opponent} (enter opens it)")


class EventsScreen(Screen):
    BINDINGS = [Binding("r", "refresh", "Refresh"), Binding("q", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        events = OptionList(id="events")
        events.border_title = "Hosted events (enter shows one)"
        yield events
        yield Static("enter: the event's standings and your next game | r: refresh | "
                     "q: back to the lobby", id="events-help")
        yield Static("", id="events-status")

    def on_mount(self) -> None:
        self.query_one("#events", OptionList).focus()
        self.action_refresh()

    def action_refresh(self) -> None:
        self.run_worker(self._refresh(), group="events-refresh", exclusive=True)

    async def _refresh(self) -> None:
        try:
            listed = await self.app.session.request("list_events")
        except (ServerError, SessionClosed) as failed:
            self.query_one("#events-status", Static).update(
                f"Could not list events: {said(failed)}")
            return
        options = self.query_one("#events", OptionList)
        lines = [Option(describe_event(e), id=e["event_id"]) for e in listed["events"]]
        keep = options.highlighted
        options.set_options(lines or [Option("(no events yet)", disabled=True)])
        if lines:  # (enter picks the highlighted line: keep one)
            options.highlighted = min(keep or 0, len(lines) - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self.app.push_screen(EventScreen(event.option.id))


class EventScreen(Screen):
    BINDINGS = [Binding("r", "refresh", "Refresh"),
                Binding("enter", "play", "Next game", priority=True),
                Binding("q", "app.pop_screen", "Back")]

    def __init__(self, event_id: str) -> None:
        super().__init__()
        self.event_id = event_id
        self.event: dict[str, Any] | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="event-title")
        yield Static("", id="event-next")
        table = DataTable(id="standings", cursor_type="row")
        table.border_title = "Standings"
        yield table
        yield Static("enter: open your next game | r: refresh | q: back", id="event-help")

    def on_mount(self) -> None:
        self.set_interval(5.0, self.action_refresh)
        self.action_refresh()

    def action_refresh(self) -> None:
        self.run_worker(self._refresh(), group="event-refresh", exclusive=True)

    async def _refresh(self) -> None:
        try:
            self.event = event = await self.app.session.request("get_event",
                                                                event_id=self.event_id)
        except (ServerError, SessionClosed) as failed:
            self.query_one("#event-title", Static).update(f"Could not read it: {said(failed)}")
            return
        rounds = len(event.get("rounds") or [])
        self.query_one("#event-title", Static).update(
            f"{event['name']} - {event['system']}, {event['status']}, round {rounds} of "
            f"{event.get('total_rounds') or '?'}"
            + (f" - {event['problem']}" if event.get("problem") else ""))
        me = (self.app.session.account or {}).get("account_id", "")
        self.query_one("#event-next", Static).update(describe_next(event, me))
        tie_breaks = list(event["settings"].get("tie_breaks") or [])
        table = self.query_one("#standings", DataTable)
        table.clear(columns=True)
        table.add_columns("#", "player", "points", *(COLUMNS.get(t, t) for t in tie_breaks))
        for row in event.get("standings") or []:
            table.add_row(str(row["rank"]), row["name"], _number(row["points"]),
                          *(_number(row["tie_breaks"].get(t)) for t in tie_breaks))

    def action_play(self) -> None:
        me = (self.app.session.account or {}).get("account_id", "")
        game = next_game(self.event or {}, me)
        if game is not None and game.get("match_id"):
            self.app.open_match(game["match_id"])


def _number(value: Any) -> str:
    if value is None:
        return "-"
    return f"{value:g}" if isinstance(value, float) else str(value)
