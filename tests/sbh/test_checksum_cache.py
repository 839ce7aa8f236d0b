"""The state checksum keeps each figure's packed form until an evolver changes
the figure (server/rules/sbh/state.py, figures_canonical). Over whole generated
games of every scenario, every checksum the engine records must equal the digest
of the state worked out from nothing by the generic definition
(server/rules/checksum.py, plain msgpack: no packed parts), including after a
decide (journaled: it puts the state back) saw the state."""

from __future__ import annotations

import hashlib

import msgpack
import pytest

from server.rules import checksum
from server.rules.checksum import state_digest
from server.rules.dice import SeededDice
from server.rules.kernel import RulesError
from server.rules.sbh.evolve_common import changing
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from tests.sbh.test_games import WARBANDS
from tests.sbh.test_journal import _refused, short_game


def digest_from_nothing(state) -> str:
    """The checksum's definition, walked field by field with no cached part."""
    plain = checksum._dataclass_fields(state)  # the generic dataclass case
    return hashlib.blake2b(msgpack.packb(plain, use_bin_type=True),
                           digest_size=16).hexdigest()


@pytest.mark.parametrize("seed", range(6))
def test_every_recorded_checksum_is_the_digest_from_nothing(seed):
    rng, dice, state = short_game(seed)
    checked = refused = 0
    while not SYSTEM.is_over(state):
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        if rng.random() < 0.3:  # decide (the chosen command, then a refused one)
            for probe in (command, _refused(command, rng)):  # puts the state back
                try:
                    SYSTEM.decide(state, probe, SeededDice(b"probe", rng.randrange(100)))
                except (RulesError, TypeError):
                    refused += 1
                assert state_digest(state) == digest_from_nothing(state)
        state, events, checksums = SYSTEM.apply_in_place(state, command, dice, state_digest)
        assert checksums[-1] == digest_from_nothing(state), command
        checked += len(checksums)
    assert checked > 50 and refused > 0


def test_a_changed_figure_is_packed_again():
    from tests.sbh.test_games import play

    state = play(3, max_commands=120)[0]
    before = state_digest(state)
    fig = next(f for f in state.figures.values() if f.pos is not None)
    changing(state, fig.id).wounds += 1  # as an evolver changes a figure
    assert state_digest(state) == digest_from_nothing(state) != before


@pytest.mark.parametrize("seed", range(3))
def test_a_released_state_forgets_its_caches_and_answers_as_before(seed):
    """The server releases a state once a command's prompt and views are sent
    (system.release): what it remembered for speed goes (the memo, the packed
    figures, and outside deployment the board's deployment zones), and the next
    prompt and checksums are the same as if nothing had been forgotten."""
    rng, dice, state = short_game(seed)
    zones_forgotten = zones_kept = 0
    while not SYSTEM.is_over(state):
        prompt = [d.to_wire() for d in SYSTEM.prompt(state).decisions]
        digest = state_digest(state)
        assert state._packed or not state.figures  # (the digest packed the figures)
        SYSTEM.release(state)
        assert state._memo is None and state._packed is None
        if state.phase == "deploy":
            zones_kept += "_zone_cache" in state.board.__dict__
        else:
            assert "_zone_cache" not in state.board.__dict__
            zones_forgotten += 1
        assert state_digest(state) == digest == digest_from_nothing(state)
        again = SYSTEM.prompt(state)
        assert [d.to_wire() for d in again.decisions] == prompt
        seat = rng.choice(again.seats)
        command = random_command(again, seat, rng, WARBANDS[seat])
        state, events, checksums = SYSTEM.apply_in_place(state, command, dice, state_digest)
        assert checksums[-1] == digest_from_nothing(state), command
    assert zones_kept > 0 and zones_forgotten > 50
