"""Options a prompt offers before listing their values (kernel.Deferred): the
cheap tests that decide whether to offer them must agree with the full lists,
and a deferred list must not be read once its state has moved on.

Seed 000, RANGED COMBAT / TARGETING RESTRICTIONS (a shot is offered when some
enemy is a legal target) and MOVEMENT (a move is offered when some hex is
reachable), over positions from generated games with woods, walls and
buildings."""

from __future__ import annotations

import random

import pytest

from server.rules.dice import SeededDice
from server.rules.kernel import Command, Deferred
from server.rules.runner import apply_command
from server.rules.sbh import ranged
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from tests.sbh.test_games import SETUP, WARBANDS


@pytest.mark.parametrize("seed", range(4))
def test_has_target_agrees_with_the_target_list(seed):
    rng = random.Random(seed)
    dice = SeededDice(seed.to_bytes(8, "big"))
    state = SYSTEM.initial(SETUP)
    checked = with_targets = 0
    while not SYSTEM.is_over(state):
        if state.phase == "play":
            for fig in state.on_table():
                if fig.has("Shooter"):
                    reach = ranged.shooter_range(fig)
                    listed = ranged.targets(state, fig, base_range=reach)
                    assert ranged.has_target(state, fig, base_range=reach) == bool(listed)
                    checked += 1
                    with_targets += bool(listed)
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        state, _ = apply_command(SYSTEM, state, command, dice, keep_input=False)
    assert checked > 100 and with_targets > 0


def _deferred_move(prompt):
    for option in prompt.decisions[0].options:
        if option.type == "move" and isinstance(option.params["to"], Deferred):
            return option.params["to"]
    return None


def test_a_deferred_option_is_read_only_for_its_own_state():
    rng = random.Random(5)
    dice = SeededDice(b"deferred")
    state = SYSTEM.initial(SETUP)
    while _deferred_move(SYSTEM.prompt(state)) is None:  # to a move offered unlisted
        prompt = SYSTEM.prompt(state)
        seat = prompt.decisions[0].seat
        state, _ = apply_command(SYSTEM, state, random_command(prompt, seat, rng, WARBANDS[seat]),
                                 dice, keep_input=False)
    seat = SYSTEM.prompt(state).decisions[0].seat
    unread = _deferred_move(SYSTEM.prompt(state))
    read = _deferred_move(SYSTEM.prompt(state))
    hexes = list(read)
    assert hexes and all(len(h) == 2 for h in hexes)
    state, _ = apply_command(SYSTEM, state, Command(seat, "move", {"to": hexes[0]}), dice,
                             keep_input=False)
    assert list(read) == hexes  # read in time: its values stay
    with pytest.raises(RuntimeError, match="after its state changed"):
        list(unread)


def test_a_snapshot_pickles_the_state_without_what_its_prompt_worked_out():
    """The memo a prompt leaves for the next command is no part of the state:
    a snapshot (server/matches/rules_host.py pickles states) leaves it out and
    unpickles to the same checksum."""
    import pickle

    from server.rules.checksum import state_digest

    rng = random.Random(2)
    dice = SeededDice(b"snapshot")
    state = SYSTEM.initial(SETUP)
    for _ in range(100):  # into the battle (this game ends at its 110th command)
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        state, _ = apply_command(SYSTEM, state, random_command(prompt, seat, rng, WARBANDS[seat]),
                                 dice, keep_input=False)
    SYSTEM.prompt(state)
    assert state._memo  # the prompt's derived values, kept for the next command
    copy = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    assert copy._memo is None and state_digest(copy) == state_digest(state)
