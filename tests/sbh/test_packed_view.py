"""A server packs each view for the wire with `SYSTEM.packed_view` (the board
packed once a match, figures as tuples): over whole games of every scenario it
must give, for each seat and for a spectator, exactly the bytes of packing
`SYSTEM.view`, which is what the server sent before (and what clients read)."""

from __future__ import annotations

import msgspec
import pytest

from server.rules.kernel import Viewer
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from tests.sbh.test_games import WARBANDS
from tests.sbh.test_journal import short_game

VIEWERS = (Viewer("a"), Viewer("b"), Viewer(None))


@pytest.mark.parametrize("seed", range(6))
def test_the_packed_view_is_the_view_packed(seed):
    rng, dice, state = short_game(seed)
    checked, kinds = 0, set()
    while not SYSTEM.is_over(state):
        for viewer in VIEWERS:
            view = SYSTEM.view(state, viewer)
            assert SYSTEM.packed_view(state, viewer) == msgspec.msgpack.encode(view)
            kinds.update(k for f in view["figures"] for k in ("pos", "rules") if f[k])
            checked += 1
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        state, _, _ = SYSTEM.apply_in_place(state, command, dice)
    assert checked > 150 and kinds == {"pos", "rules"}  # (figures placed, with rules)
    assert state.board.terrain  # (a laid-out board was in the views)


def test_a_board_view_is_fresh_lists_each_time():
    _, _, state = short_game(0)
    first = state.board.to_view()
    first["terrain"].append([0, 0, "woods"])
    assert state.board.to_view() != first
