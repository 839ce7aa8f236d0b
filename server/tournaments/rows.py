"""The store's rows in the pairing core's terms: the players and the history of games
and byes every pairing and standing is computed from. Pure functions."""

from __future__ import annotations

from typing import Any

from server.tournaments.models import Bye, Game, Player

OUT = ("withdrawn", "dropped")


def players(entries: list[dict[str, Any]]) -> list[Player]:
    return [Player(e["account_id"], rating=e["rating"], joined_round=e["joined_round"],
                   withdrawn=e["status"] in OUT, club=e["club"]) for e in entries]


def history(rows: list[dict[str, Any]]) -> list[Game | Bye]:
    """Every decided game and bye (a game without a result yet is not history)."""
    out: list[Game | Bye] = []
    for p in rows:
        if p["result"] is None:
            continue
        if p["player_b"] is None:
            out.append(Bye(p["round"], p["player_a"]))
        else:
            r = p["result"]
            out.append(Game(p["round"], p["player_a"], p["player_b"], r["winner"],
                            r.get("vp_a", 0), r.get("vp_b", 0)))
    return out
