"""Swiss then knockout (the wargame "top cut"): after the Swiss rounds, the best `cut`
of the Swiss standing (the event's tie-breaks) play a single-elimination knockout
seeded by that standing: the Swiss winner is seed 1 (knockout.first_round folds the
bracket, so 1 and 2 can only meet in the final; a cut that is not a power of two gives
byes to the top seeds)."""

from __future__ import annotations

from server.tournaments.format import EventSettings
from server.tournaments.models import Bye, Game, Player
from server.tournaments.standings import standings


def top_cut(players: list[Player], history: list[Game | Bye], settings: EventSettings,
            cut: int) -> list[str]:
    """The knockout's seeds, best first: the top `cut` of the Swiss standing among the
    players still in (one who withdrew during the Swiss does not go through; the next
    one up takes the place)."""
    still_in = {p.id for p in players if not p.withdrawn}
    table = standings(players, history, settings)
    return [s.player for s in table if s.player in still_in][:cut]
