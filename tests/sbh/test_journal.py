"""`decide` works on the state it is given under an undo journal and puts it
back (server/rules/sbh/journal.py): over whole generated games, every state's
checksum, views and figure objects are the same after deciding the chosen
command and a refused one; and `apply_in_place` (decide and fold in one pass)
gives the same events, states and checksums as `decide` then `evolve`."""

from __future__ import annotations

import random

import pytest

from server.rules.checksum import state_digest
from server.rules.dice import SeededDice
from server.rules.kernel import SPECTATOR, Command, RulesError, Viewer
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from tests.sbh.test_games import SCENARIOS, SETUP, WARBANDS

VIEWERS = (Viewer("a"), Viewer("b"), SPECTATOR)


def _picture(state):
    """Everything a caller could look at: checksum, views, the figure objects."""
    return (state_digest(state), [SYSTEM.view(state, v) for v in VIEWERS],
            [(fid, id(f), f.to_view()) for fid, f in state.figures.items()])


def _refused(command: Command, rng: random.Random) -> Command:
    args = {key: [rng.randrange(-3, 30), rng.randrange(-3, 30)] if rng.random() < 0.5
            else "b9" for key in command.args}
    return Command(command.seat, command.type, args)


def short_game(seed: int):
    """(rng, dice, state) to play an 8-turn game of scenario number `seed` (0-5)."""
    setup = {**SETUP, "options": {**SETUP["options"], "scenario": SCENARIOS[seed],
                                  "turn_limit": 8}}
    return (random.Random(seed), SeededDice(seed.to_bytes(8, "big")),
            SYSTEM.initial(setup))


@pytest.mark.parametrize("seed", range(6))
def test_decide_leaves_the_state_as_it_was(seed):
    rng, dice, state = short_game(seed)
    while not SYSTEM.is_over(state):
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        before = _picture(state)
        for probe in (command, _refused(command, rng)):
            try:
                SYSTEM.decide(state, probe, SeededDice(b"probe", rng.randrange(100)))
            except (RulesError, TypeError):  # (a malformed marker id is a TypeError)
                pass
            assert _picture(state) == before, probe
        kept = state.clone()
        events = SYSTEM.decide(kept, command, SeededDice(dice.seed, dice.position))
        digests = []
        for event in events:
            kept = SYSTEM.evolve(kept, event)
            digests.append(state_digest(kept))
        state, applied, checksums = SYSTEM.apply_in_place(state, command, dice, state_digest)
        assert [e.to_wire() for e in applied] == [e.to_wire() for e in events]
        assert checksums == digests and state_digest(state) == state_digest(kept)
