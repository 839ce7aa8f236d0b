"""Quick pairing from the terminal lobby (docs/protocol.md, `seek`), as the web's
"Find an opponent": f seeks a match of the system chosen with s (SBH: the scenario,
at the points and table c creates; Swords & Sorcery: the table and your own army
only, the opponent bringing theirs), F an A Song of Ice & Fire one (the scenario and
your warband), each chosen as c / a choose them. While the seek waits the lobby says
so, with the settings in words, and keeps refreshing; x withdraws it. Paired, the
match opens as a created or joined one does. A seek refused is said in words on the
choice screen; a seek ended without a pairing (cancelled, or gone with a dropped
connection: the server ends a seek with its connection) is said in the lobby."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from clients.client import ServerError, said
from clients.seeking import SeekEnded
from clients.session import SessionClosed
from clients.tui.asoiaf_lobby import WarbandChoiceScreen, scenario_words
from clients.tui.catalog_choice import BUILT, NEW_MATCH, NEW_MATCHES, CatalogChoiceScreen

ASOIAF = "A Song of Ice & Fire"


def seek_fields(system: str, keys: list[str], catalog: dict,
                built: dict | None = None) -> dict:
    """seek's fields (but the system) for what was chosen from the catalog: SBH's
    scenario at NEW_MATCH; S&S's table and the seeker's own army (a ready-made army's
    key or the built list), at the server's turns and deployment (left out: a
    setting's default, named or not, is the same seek: server/seeks.py)."""
    if system != "sns":
        return {**NEW_MATCH, "scenario": keys[0]}
    layout, army = keys
    return {"options": {"layout": layout},
            "warband": (built or {})["a"] if army == BUILT else army}


def seek_words(system: str, keys: list[str], catalog: dict,
               built: dict | None = None) -> str:
    """The seek's settings for the lobby's line, e.g. 'Song of Blades and Heroes:
    Ambush, 300 points, a table of 24 hexes a side'."""
    names = {e["key"]: e for field in ("scenarios", "layouts", "armies")
             for e in catalog.get(field) or ()}
    game = NEW_MATCHES[system][0]
    if system != "sns":
        return (f"{game}: {names.get(keys[0], {}).get('name', keys[0])}, "
                f"{NEW_MATCH['points_limit']} points, a table of "
                f"{NEW_MATCH['board_size']} hexes a side")
    layout, army = keys
    mine = (built or {}).get("a") if army == BUILT else names.get(army)
    figures = len(mine["units"]) if mine else 0
    return (f"{game}: table '{names.get(layout, {}).get('name', layout)}', "
            f"{catalog.get('last_turn', 12)} turns, your army "
            f"{mine['name'] if mine else army} ({figures} figures)")


class QuickPairing:
    """LobbyScreen's f, F and x (the lobby keeps `system`, `say` and the app)."""

    seeking: dict | None = None  # the waiting seek: {"seek_id", "system", "key"}

    def _seek_line(self, text: str) -> None:
        self.query_one("#lobby-seek", Static).update(text)

    def _already_seeking(self) -> bool:
        if self.seeking is not None:
            self.say("You are already looking for an opponent: press x to stop first.")
        return self.seeking is not None

    def action_find_opponent(self) -> None:
        if self._already_seeking():
            return
        system = self.system
        screen = CatalogChoiceScreen(
            system, lambda keys: self._seek(
                system, "f", seek_fields(system, keys, screen.catalog, screen.built),
                seek_words(system, keys, screen.catalog, screen.built)),
            f"Find an opponent for a {NEW_MATCHES[system][0]} match", seeking=True)
        self.app.push_screen(screen)

    def action_find_asoiaf_opponent(self) -> None:
        if self._already_seeking():
            return

        async def chosen(scenario: str, warband: str) -> str | None:
            found = next((s for s in screen.scenarios if s["key"] == scenario), None)
            mine = next((p for p in screen.presets if p["key"] == warband), None)
            words = (f"{ASOIAF}: {scenario_words(found) if found else scenario}, your "
                     f"warband {mine['name'] if mine else warband}")
            return await self._seek("asoiaf", "F", {"scenario": scenario, "warband": warband},
                                    words)

        screen = WarbandChoiceScreen(chosen, title=f"Find an opponent for an {ASOIAF} match")
        self.app.push_screen(screen)

    async def _seek(self, system: str, key: str, fields: dict[str, Any],
                    words: str) -> str | None:
        """Send the seek chosen (the choice screen says why not, if refused)."""
        try:
            answer = await self.app.session.seek(system, **fields)
        except (ServerError, SessionClosed) as failed:
            return f"Could not look for an opponent: {said(failed)}"
        self.app.pop_screen()  # (the choice screen; nothing awaited after this)
        if answer["status"] == "paired":
            self._paired(answer, system)
            return None
        self.seeking = {"seek_id": answer["seek_id"], "system": system, "key": key}
        self._seek_line(f"Looking for an opponent ({words}) - press x to stop looking.")
        self.run_worker(self._await_pairing(answer["seek_id"], system, key),
                        group="lobby-seek", exclusive=True)
        return None

    async def _await_pairing(self, seek_id: str, system: str, key: str) -> None:
        try:
            paired = await self.app.session.seek_paired(seek_id)
        except (SeekEnded, SessionClosed) as ended:
            self.seeking = None
            self._seek_line(f"{ended} Press {key} to look for an opponent again.")
            return
        self._paired(paired, system)

    def _paired(self, paired: dict, system: str) -> None:
        self.seeking = None
        self._seek_line("")
        self.say(f"You were paired with {paired['opponent']}.")
        self.app.open_match(paired["match_id"], seat=paired["seat"], system=system)

    def action_cancel_seek(self) -> None:
        if self.seeking is None:
            self.say("You are not looking for an opponent.")
            return
        self.run_worker(self._cancel_seek(self.seeking["seek_id"]),
                        group="lobby-seek-cancel", exclusive=True)

    async def _cancel_seek(self, seek_id: str) -> None:
        """Withdrawn, the seek's wait ends saying so (_await_pairing)."""
        try:
            await self.app.session.cancel_seek(seek_id)
        except (ServerError, SessionClosed) as failed:
            if (self.seeking or {}).get("seek_id") != seek_id:
                return  # (it ended meanwhile: paired, or gone with the connection)
            if isinstance(failed, ServerError) and failed.code == "no_such_seek":
                self.say("Too late to stop: you have just been paired.")  # (the push follows)
            else:
                self.say(f"Could not stop looking: {said(failed)}")
