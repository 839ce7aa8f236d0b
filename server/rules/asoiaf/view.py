"""What one viewer sees of an ASOIAF match (the kernel's `view`): the table is
public; hidden information (seed 004, AGENDA CARDS: "kept secret until they are
played"; OBJECTIVE CARDS dealt "face down") is shown only to whom may see it.
Spectators are Viewer(None): they see no seat's secret. Rule module: reads
state.py, never imports system.py."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from server.rules.asoiaf.field_view import field_view
from server.rules.asoiaf.state import SEATS, State
from server.rules.kernel import Viewer


def table_view(state: State, viewer: Viewer, cards: Mapping) -> dict[str, Any]:
    """The table, with a seat's agenda (and the 2 it drew) shown only to that
    seat until revealed, an objective card to nobody until a model stands on
    it. Each model's ability cards are listed (those the engine applies: asoiaf.md)."""
    return {**secrets(state, viewer), "system": "asoiaf",
            # the map as drawn, doors in their state now (the web client's board)
            "battlefield": field_view(state.scenario, state.doors),
            "scenario": state.scenario, "round": state.round, "rounds": state.rounds,
            "phase": state.phase.value, "to_act": state.to_act,
            "first_player": state.first_player, "active_model": state.active_model,
            "vp": dict(state.vp), "zones": dict(state.zones),
            # the attack sequence between its steps, and the doors flipped in play
            "attack": asdict(state.attack) if state.attack else None,
            "doors": [list(door) for door in state.doors],
            # motivations: heroes on their Deceased side, triggers waiting for a choice
            "deceased": sorted(state.deceased),
            "pending_motivations": [list(p) for p in state.pending],
            # NEMESIS (chooser, nemesis, vp), chosen in the open; the lasting
            # activation modifiers; whether the active model used its free action
            "nemeses": [list(n) for n in state.nemeses],
            "roll_bonuses": [list(b) for b in state.roll_bonuses],
            # (uid, "value" / "roll", which, by, until): changes outlasting their
            # ability (lasting.py), public as the abilities that made them
            "lasting": [list(c) for c in state.lasting],
            "free_used": state.free_used,
            "plundered": sorted(list(sq) for sq in state.plundered),
            # (uid, zone index): Big Corpse Piles open to a model this turn (SO MANY DEAD)
            "corpse_open": [list(c) for c in state.corpse_open],
            "coins": {s: {"gold": p.gold, "silver": p.silver, "copper": p.copper}
                      for s, p in state.purses.items()},
            "models": [{"uid": m.uid, "card": m.card, "seat": m.seat,
                        "square": list(m.square) if m.square else None,
                        "large": m.large, "squares": [list(sq) for sq in m.squares],
                        "wounds_left": m.wounds_left, "ap": m.ap,
                        "activated": m.activated, "removed": m.removed,
                        "captive": m.captive, "equipment": m.equipment or None,
                        # a once-per-game token discarded (seed 004, EQUIPMENT TOKENS)
                        "equipment_spent": m.uid in state.spent_equipment,
                        "conditions": sorted(c.value for c in m.conditions),
                        "abilities": list(cards[m.card].abilities)}
                       for m in state.models]}


def secrets(state: State, viewer: Viewer) -> dict[str, Any]:
    mine = {} if viewer.seat not in SEATS else {
        "agenda_hand": list(state.agenda_hands.get(viewer.seat, ()))}
    return {**mine,
            # how many a seat holds is public; which, only to it until played
            "agendas": {seat: [name if seat == viewer.seat
                               or (seat, name) in state.agendas_played else None
                               for name in state.agendas.get(seat, ())]
                        for seat in SEATS},
            "objectives": [{"square": [x, y], "card": card if (x, y)
                            in state.objectives_revealed else None}
                           for x, y, card in state.objective_cards]}
