"""A board's digest (`SbhBoard.__digest__`, part of every state checksum) is worked
out from its packed view rather than by walking `to_view()`: it must be exactly
`state_digest(board.to_view())`, what every stored checksum was made with (seed 000
lays out the terrain; docs/protocol.md, Fairness, defines the digest)."""

from __future__ import annotations

import pickle

import pytest

from server.rules.board.hex import edge_key, hex_at, shared_hex
from server.rules.checksum import state_digest
from server.rules.kernel import SPECTATOR, Viewer
from server.rules.sbh.figures import shared_rules
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from server.rules.sbh.terrain import EDGE_KINDS, SbhBoard
from tests.sbh.test_games import WARBANDS
from tests.sbh.test_journal import short_game


def _walked(board: SbhBoard) -> str:
    """The digest as it was made before: the view walked by `canonical`."""
    return state_digest(board.to_view())


@pytest.mark.parametrize("seed", range(6))
def test_a_laid_out_board_digests_as_its_view(seed):
    rng, dice, state = short_game(seed)
    while not state.board.terrain:  # (laid out in the set-up: every scenario's terrain)
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        state, _, _ = SYSTEM.apply_in_place(state, random_command(prompt, seat, rng,
                                                                  WARBANDS[seat]), dice)
    fresh = pickle.loads(pickle.dumps(state.board))  # (no digest remembered)
    assert fresh.__digest__() == _walked(state.board)


def test_walls_cliffs_drops_and_negative_coordinates_digest_as_the_view():
    a, b, c = hex_at(-3, 7), hex_at(-2, 7), hex_at(0, 0)
    board = SbhBoard(24, 24, terrain={a: "woods", c: "hill", hex_at(5, 20): "deep_water"},
                     edges={edge_key(hex_at(i - 2, 3), hex_at(i - 1, 3)): kind
                            for i, kind in enumerate(EDGE_KINDS)}
                     | {edge_key(a, b): "tall_wall", edge_key(c, hex_at(1, 0)): "low_wall"},
                     drops={(a, b): "short"})
    assert board.__digest__() == _walked(SbhBoard(24, 24, board.terrain, board.edges,
                                                  board.drops))


def test_an_empty_board_and_other_sizes_digest_as_their_view():
    for width, height in ((24, 24), (18, 12), (36, 36)):
        board = SbhBoard(width, height)
        assert board.__digest__() == _walked(SbhBoard(width, height))


def test_an_unpickled_state_shares_its_figures_rules_maps_and_views_alike():
    """A state loaded from a checkpoint gives each profile's figures one rules map again,
    the process-wide one (figures.shared_rules), as figure_from_entry made them: its
    views name them from the cache. Its digest and views are those of the state."""
    rng, dice, state = short_game(1)
    while not any(f.rules for f in state.figures.values()):
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        state, _, _ = SYSTEM.apply_in_place(state, random_command(prompt, seat, rng,
                                                                  WARBANDS[seat]), dice)
    loaded = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    for figure in loaded.figures.values():
        assert figure.rules is shared_rules(dict(figure.rules))
        assert figure.rules == state.figures[figure.id].rules
    assert state_digest(loaded) == state_digest(state)
    for seat in ("a", "b", None):
        viewer = Viewer(seat) if seat else SPECTATOR
        assert SYSTEM.packed_view(loaded, viewer) == SYSTEM.packed_view(state, viewer)


def test_an_unpickled_board_is_the_board_with_its_hexes_shared_and_its_view_packed():
    """A checkpoint pickles a board as runs of ints and its packed view: unpickled,
    the same terrain, walls and drops in the same order (rules that walk the terrain
    keep their order), every hex the process's shared one, the same packed view."""
    a, b, c = hex_at(-3, 7), hex_at(-2, 7), hex_at(0, 0)
    board = SbhBoard(24, 24, terrain={hex_at(5, 20): "deep_water", a: "woods", c: "hill"},
                     edges={edge_key(a, b): "tall_wall", edge_key(c, hex_at(1, 0)): "low_wall"},
                     drops={(a, b): "short"})
    fresh = pickle.loads(pickle.dumps(board, protocol=pickle.HIGHEST_PROTOCOL))
    assert list(fresh.terrain.items()) == list(board.terrain.items())
    assert fresh.edges == board.edges and fresh.drops == board.drops
    assert all(h is shared_hex(h[0], h[1]) for h in fresh.terrain)
    assert fresh.__dict__["_view_packed"] == SbhBoard(
        24, 24, board.terrain, board.edges, board.drops).packed_view()
    assert fresh.__digest__() == _walked(board)
