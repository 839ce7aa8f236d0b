"""The precomputed move tables (server/rules/sbh/ray_tables.py) and the quick
free-move test (movement.far_from_all_test) agree with what they stand for."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from server.rules.board.hex import hex_at, neighbours
from server.rules.sbh.movement import far_from_all, far_from_all_test
from server.rules.sbh.ray_tables import ray_masks
from server.rules.sbh.terrain import LONG, RANGE


def test_next_to_is_the_rays_ending_on_a_neighbour():
    """masks.next_to[o]: the rays whose end touches offset o (a free move, seed
    000 FREE MOVES, may not end next to an enemy standing at o)."""
    for reach in sorted(set(RANGE.values())):
        masks = ray_masks(reach)
        for q in range(-reach - 2, reach + 3):
            for r in range(-reach - 2, reach + 3):
                expected = 0
                for n in neighbours(hex_at(q, r)):
                    expected |= masks.ending.get((n[0], n[1]), 0)
                assert masks.next_to.get((q, r), 0) == expected, (reach, q, r)


hexes = st.builds(hex_at, st.integers(-60, 60), st.integers(-60, 60))


@given(st.lists(hexes, max_size=12), st.lists(hexes, min_size=1, max_size=12),
       st.sampled_from([1, 7, 2 * LONG]))
def test_the_quick_far_test_answers_as_far_from_all(threats, asked, reach):
    far = far_from_all_test(threats, reach)
    for h in asked:
        assert far(h) == far_from_all(h, threats, reach)
