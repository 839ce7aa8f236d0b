"""get_event's `bracket`: what a client needs to draw a knockout's bracket — each
player's seed, which bracket match every stored game (and bye) is, the pools of a
pools-then-knockout event, and the champion. None for Swiss and round robin (and for a
Swiss then knockout until its knockout is paired)."""

from __future__ import annotations

from typing import Any

from server.tournaments import brackets
from server.tournaments.event_settings import ServedSettings
from server.tournaments.rows import players


def bracket_view(settings: ServedSettings, entries: list[dict[str, Any]],
                 rows: list[dict[str, Any]]) -> dict[str, Any] | None:
    fmt = settings.pairing.format
    if fmt not in ("knockout", "pools_knockout", "swiss_knockout", "double_elimination") \
            or not rows:
        return None
    if fmt == "swiss_knockout" and max(r["round"] for r in rows) <= settings.pairing.rounds:
        return None
    everyone = players(entries)
    field = [p.id for p in brackets.first_field(everyone, rows)]
    view: dict[str, Any] = {"seeds": field, "pools": None, "first_round": 1,
                            "matches": [], "champion": None}
    if fmt == "double_elimination":
        bracket, slots = brackets.double_bracket(everyone, rows)
        view["champion"] = bracket.champion
        byes = 0
        for row in rows:
            if row["player_b"] is None:
                byes += 1
                slot = f"W1.b{byes}"  # (a top seed's walkover in the first round)
            else:
                slot = slots.get((row["round"], row["table_no"]))
            view["matches"].append(_match(row, slot))
        return view
    if fmt == "pools_knockout":
        groups = brackets.pool_list(settings, [p for p in everyone if p.id in set(field)])
        view["pools"] = brackets.pool_tables(settings, everyone, rows)
        view["first_round"] = brackets.pool_rounds(groups) + 1
        knocked = [r for r in rows if r["round"] >= view["first_round"]]
        view["seeds"] = _pool_seeds(view["pools"], settings.pool_qualifiers) \
            if knocked else []
    elif fmt == "swiss_knockout":
        view["first_round"] = settings.pairing.rounds + 1
        view["seeds"] = brackets.cut_seeds(settings, everyone, rows)
        knocked = [r for r in rows if r["round"] >= view["first_round"]]
        field = view["seeds"]
    else:
        knocked = rows
    for row in knocked:
        stage = row["round"] - view["first_round"] + 1
        view["matches"].append(_match(row, f"W{stage}.{row['table_no']}"))
    final = [r for r in knocked if r["round"] == max(p["round"] for p in rows)]
    total = view["first_round"] - 1 + max(1, (len(_field_of(view, field)) - 1).bit_length())
    if knocked and len(final) == 1 and final[0]["result"] is not None \
            and final[0]["round"] == total:
        view["champion"] = brackets.went_through(final[0], view["seeds"] or field)
    return view


def _field_of(view: dict[str, Any], field: list[str]) -> list[str]:
    return view["seeds"] if view["pools"] is not None else field


def _pool_seeds(pools: list[dict[str, Any]], per_pool: int) -> list[str]:
    """The knockout's seeds: every pool's winner (pool 1's first), then the runners-up..."""
    return [pool["standings"][place]["player"] for place in range(per_pool)
            for pool in pools]


def _match(row: dict[str, Any], slot: str | None) -> dict[str, Any]:
    return {"id": slot, "round": row["round"], "table": row["table_no"]}
