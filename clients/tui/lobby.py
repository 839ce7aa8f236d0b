"""The terminal client's lobby: the open matches of every system (enter joins
one; an ASOIAF one asks your warband first), the matches being played (enter
watches one), creating a public (c) or private (p) match of the system chosen
with s (SBH: its scenario, or Swords & Sorcery: its table and armies, chosen
from the server's catalog) or an ASOIAF one (a: its scenario and your
warband, asoiaf_lobby.py), finding an opponent (quick pairing, quick_pair.py:
f for the system chosen with s, F for ASOIAF, x stops looking), joining by
invite code (i), and the hosted events (e)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from clients.client import ServerError, said
from clients.session import SessionClosed
from clients.tui.asoiaf_lobby import WarbandChoiceScreen
from clients.tui.catalog_choice import BUILT, NEW_MATCHES, CatalogChoiceScreen
from clients.tui.quick_pair import QuickPairing


def create_settings(system: str, keys: list[str], catalog: dict,
                    built: dict | None = None) -> dict:
    """create_match's settings for what was chosen from the catalog (a key a step of
    catalog_choice.py): SBH's scenario; S&S's table layout and each seat's army, sent
    as army lists (docs/protocol.md, `catalog`); `built`: the seats' built armies
    (their key "built")."""
    settings = dict(NEW_MATCHES[system][1])
    if system != "sns":
        return {**settings, "scenario": keys[0]}
    layout, *army_keys = keys
    armies = {a["key"]: a for a in catalog.get("armies") or ()}
    chosen = {seat: (built or {})[seat] if key == BUILT else
              {"name": armies[key]["name"],
               "units": [{"unit": unit} for unit in armies[key]["units"]]}
              for seat, key in zip(("a", "b"), army_keys, strict=True)}
    if army_keys == [catalog.get("default_armies", {}).get(s) for s in ("a", "b")]:
        return {**settings, "options": {"layout": layout}}  # (the defaults: none named)
    return {**settings, "options": {"layout": layout, "armies": chosen}}


class LobbyScreen(QuickPairing, Screen):
    BINDINGS = [
        Binding("c", "create(False)", "Create a match"),
        Binding("p", "create(True)", "Create a private match"),
        Binding("a", "create_asoiaf", "Create an ASOIAF match"),
        Binding("f", "find_opponent", "Find an opponent"),
        Binding("F", "find_asoiaf_opponent", "Find an ASOIAF opponent"),
        Binding("x", "cancel_seek", "Stop looking for an opponent"),
        Binding("r", "refresh", "Refresh"),
        Binding("i", "focus_invite", "Invite code"),
        Binding("w", "focus_list('live')", "Matches to watch"),
        Binding("o", "focus_list('matches')", "Open matches"),
        Binding("e", "events", "Hosted events"),
        Binding("s", "switch_system", "Switch the system c / p / f are for"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.matches: list[dict] = []
        self.live: list[dict] = []
        self.system = "sbh"  # what c and p create and f seeks (s switches)

    def compose(self) -> ComposeResult:
        yield Static(self._title(), id="lobby-title")
        matches = OptionList(id="matches")
        matches.border_title = "Open matches (enter joins)"
        yield matches
        live = OptionList(id="live")
        live.border_title = "Being played now (w, then enter watches)"
        yield live
        with Horizontal(id="invite-row"):
            yield Label("Invite code:")
            yield Input(placeholder="e.g. 3F9A0C1E", id="invite")
        yield Static(self._help(), id="lobby-help")
        yield Static("", id="lobby-seek")  # (a waiting seek: quick_pair.py)
        yield Static("", id="lobby-status")

    def _help(self) -> str:
        game = NEW_MATCHES[self.system][0]
        return ("enter: join (open matches) or watch (being played) | o / w: go to the open "
                f"matches / the matches being played | c: create a {game} match | p: create "
                f"a private one (invite code) | f: find an opponent for a {game} match | "
                "s: switch the system c / p / f are for | a: create an A Song of Ice & Fire "
                "match | F: find an opponent for an A Song of Ice & Fire match | x: stop "
                "looking for an opponent | i: type an invite code | e: hosted events | "
                "r: refresh | q: quit")

    def action_switch_system(self) -> None:
        systems = list(NEW_MATCHES)
        self.system = systems[(systems.index(self.system) + 1) % len(systems)]
        self.query_one("#lobby-help", Static).update(self._help())
        self.say(f"c / p now create, and f finds an opponent for, a "
                 f"{NEW_MATCHES[self.system][0]} match.")

    def _title(self) -> str:
        session = self.app.session
        account = session.account or {}
        return (f"warband - signed in as {account.get('name', '?')}"
                f"{' (guest)' if account.get('guest') else ''}"
                f"{'' if session.online else ' | OFFLINE (reconnecting)'}")

    def on_mount(self) -> None:
        self.query_one("#matches", OptionList).focus()
        self.set_interval(2.0, self.action_refresh)
        self.set_interval(0.2, self._show_online)  # (the session reconnects by itself)
        self.action_refresh()

    def _show_online(self) -> None:
        self.query_one("#lobby-title", Static).update(self._title())

    def on_screen_resume(self) -> None:
        self.action_refresh()

    def say(self, text: str) -> None:
        self.query_one("#lobby-status", Static).update(text)

    def action_refresh(self) -> None:
        if self.app.screen is not self:
            return  # (the timer keeps running while a match is on screen)
        self.run_worker(self._refresh(), group="lobby-refresh", exclusive=True)

    async def _refresh(self) -> None:
        try:
            matches = await self.app.session.list_open(None)
            live = await self.app.session.list_live(None)
        except (ServerError, SessionClosed) as failed:
            self.say(f"Could not list the matches: {said(failed)}")
            return
        self.matches, self.live = matches, live
        _fill(self.query_one("#matches", OptionList),
              [Option(describe_open(m), id=m["match_id"]) for m in matches],
              "(no open matches: press c to create one)")
        _fill(self.query_one("#live", OptionList),
              [Option(describe_live(m), id=m["match_id"]) for m in live],
              "(no match is being played right now)")

    def action_focus_list(self, which: str) -> None:
        self.query_one(f"#{which}", OptionList).focus()

    def action_events(self) -> None:
        from clients.tui.tournaments import EventsScreen

        self.app.push_screen(EventsScreen())

    def action_focus_invite(self) -> None:
        self.query_one("#invite", Input).focus()

    def action_create(self, private: bool) -> None:
        system = self.system

        kind = "private " if private else ""
        screen = CatalogChoiceScreen(system, lambda keys: self._create(
            system, private, create_settings(system, keys, screen.catalog, screen.built)),
            f"Create a {kind}{NEW_MATCHES[system][0]} match")
        self.app.push_screen(screen)

    async def _create(self, system: str, private: bool, settings: dict) -> str | None:
        """Create the match chosen (the choice screen says why not, if refused)."""
        try:
            created = await self.app.session.create_match(system, private=private, **settings)
        except (ServerError, SessionClosed) as failed:
            return f"Could not create a match: {said(failed)}"
        self.app.pop_screen()  # (the choice screen)
        self.app.open_match(created["match_id"], seat=created["seat"],
                            invite_code=created.get("invite_code"), system=system)
        return None

    def action_create_asoiaf(self) -> None:
        self.app.push_screen(WarbandChoiceScreen(self._create_asoiaf,
                                                 title="Create an A Song of Ice & Fire match"))

    async def _create_asoiaf(self, scenario: str, warband: str) -> str | None:
        """The creator takes seat a: its warband is named for it (docs/protocol.md)."""
        try:
            created = await self.app.session.create_match("asoiaf", scenario=scenario,
                                                          warbands={"a": warband})
        except (ServerError, SessionClosed) as failed:
            return f"Could not create the match: {said(failed)}"
        self.app.pop_screen()  # (the choice screen)
        self.app.open_match(created["match_id"], seat=created["seat"],
                            invite_code=created.get("invite_code"), system="asoiaf")
        return None

    def _join_asoiaf(self, match: dict, invite_code: str | None = None) -> None:
        """Your warband first: the scenario's size's, the one the creator named for
        your seat (if any) highlighted. `invite_code`: a private match's way in."""
        options = (match.get("setup") or {}).get("options") or {}
        seat = (match.get("open_seats") or ["b"])[0]
        named = (options.get("warbands") or {}).get(seat)

        async def join(scenario: str, warband: str) -> str | None:
            try:
                joined = await self.app.session.join(
                    None if invite_code else match["match_id"], invite_code=invite_code,
                    warband=warband)
            except (ServerError, SessionClosed) as failed:
                return f"Could not join: {said(failed)}"
            self.app.pop_screen()  # (the choice screen)
            self.app.open_match(joined["match_id"], seat=joined["seat"], system="asoiaf")
            return None

        self.app.push_screen(WarbandChoiceScreen(
            join, scenario=options.get("scenario", "learn_to_play"), seat=seat,
            preferred=named if isinstance(named, str) else None,
            title=f"Join match {match['match_id']}"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and event.option_list.id == "live":
            self.app.watch_match(event.option.id, self._system(self.live, event.option.id))
        elif event.option.id and self._system(self.matches, event.option.id) == "asoiaf":
            self._join_asoiaf(next(m for m in self.matches
                                   if m["match_id"] == event.option.id))
        elif event.option.id:
            self.run_worker(self._join(match_id=event.option.id), group="lobby-act",
                            exclusive=True)

    @staticmethod
    def _system(matches: list[dict], match_id: str) -> str | None:
        return next((m.get("system") for m in matches if m["match_id"] == match_id), None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        code = event.value.strip()
        if code:
            self.run_worker(self._join_by_code(code), group="lobby-act", exclusive=True)

    async def _join_by_code(self, code: str) -> None:
        """The code's match is looked at first: an ASOIAF joiner chooses a warband of
        its scenario's size; any other (or a code not found: join says why) joins."""
        try:
            found = await self.app.session.list_open(invite_code=code)
        except (ServerError, SessionClosed):
            found = []  # (join tells what is wrong)
        if found and found[0].get("system") == "asoiaf":
            self._join_asoiaf(found[0], invite_code=code)
        else:
            await self._join(invite_code=code)

    async def _join(self, match_id: str | None = None, invite_code: str | None = None) -> None:
        try:
            joined = await self.app.session.join(match_id, invite_code=invite_code)
        except (ServerError, SessionClosed) as failed:
            self.say(f"Could not join: {said(failed)}")
            return
        self.app.open_match(joined["match_id"], seat=joined["seat"],
                            system=self._system(self.matches, joined["match_id"]))


def _fill(options: OptionList, lines: list[Option], empty: str) -> None:
    """Replace the lines, keeping the highlight where it was (as far as it can)."""
    keep = options.highlighted
    options.set_options(lines or [Option(empty, disabled=True)])
    if lines:
        options.highlighted = min(keep or 0, len(lines) - 1)


def _settings(match: dict) -> str:
    """The match's system and what its setup says: SBH's scenario, points and table;
    ASOIAF's scenario and warbands."""
    setup = match.get("setup") or {}
    options = setup.get("options") or {}
    if match.get("system") == "sns":
        return (f"sns  {options.get('layout', 'wood_and_boulder').replace('_', ' ')}  "
                f"{options.get('last_turn', 12)} turns"
                + ("  own armies" if options.get("armies") else "  sample armies"))
    if match.get("system", "sbh") != "sbh":
        warbands = options.get("warbands") or {}
        named = " vs ".join(str(w) if isinstance(w, str) else "(own list)"
                            for _, w in sorted(warbands.items()))
        return (f"{match['system']}  {options.get('scenario', 'learn_to_play')}"
                + (f"  {named}" if named else ""))
    return (f"{options.get('scenario', 'all_out_battle')}  "
            f"{options.get('points_limit', 300)} pts")


def describe_live(match: dict) -> str:
    players = " vs ".join(f"{seat}: {name}" for seat, name in
                          sorted((match.get("players") or {}).items()))
    seq = match.get("seq")
    return (f"{match['match_id']}  {players}  {_settings(match)}"
            + (f"  {seq} events so far" if seq is not None else ""))


def describe_open(match: dict) -> str:
    setup = match.get("setup") or {}
    players = ", ".join(f"{seat}: {name}" for seat, name in (match.get("players") or {}).items())
    table = f"  {setup.get('board_size', 48)} hexes" if match.get("system", "sbh") == "sbh" \
        else ""
    return (f"{match['match_id']}  {_settings(match)}{table}  "
            f"{players}  open: {', '.join(match.get('open_seats', ()))}")
