"""The scenario objects on the table, as the view shows them (seed 000,
SCENARIOS): the treasure tokens, the treasure (or the Quest's magic item)
once found, and the Place of Power.

All of these are public: tokens are placed openly ("the attacker places three
tokens"), which token holds the treasure is not decided until a model comes
adjacent and a die is rolled, and the Place of Power is nominated aloud. So
every viewer gets the same entries. The one scenario object with a secret, the
Ambush marker (real or dummy), is shown by `ambush.view` per viewer.

    tokens          [[q, r], ...]   treasure tokens still on the table
    treasure        {"at": [q, r] | None, "carrier": figure id | None} | None
                    the found treasure (Treasure Hunt) or magic item (Quest):
                    lying at `at`, or carried by `carrier`
    place_of_power  [[q, r], ...]   the nominated feature's hexes
    features        [{"kind", "hexes"}, ...] only while the Place of Power is
                    being nominated: feature i is what `nominate_place`
                    `feature: i` names
"""

from __future__ import annotations

from typing import Any

from server.rules.sbh.state import SbhState


def view(state: SbhState) -> dict[str, Any]:
    treasure = None
    if state.treasure_at is not None or state.treasure_carrier is not None:
        at = state.treasure_at
        treasure = {"at": None if at is None else [at[0], at[1]],
                    "carrier": state.treasure_carrier}
    out: dict[str, Any] = {
        "tokens": [[h[0], h[1]] for h in state.tokens],
        "treasure": treasure,
        "place_of_power": [[h[0], h[1]] for h in sorted(state.place_of_power)],
    }
    if state.phase == "scenario" and state.place_nominator is not None:
        from server.rules.sbh.terrain_layout import features

        out["features"] = [{"kind": kind, "hexes": [[h[0], h[1]] for h in sorted(group)]}
                           for kind, group in features(dict(state.board.terrain))]
    return out
