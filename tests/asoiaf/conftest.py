"""The ASOIAF tests' shared set-up: the server tests' fixtures (a database on
SQLite and on PostgreSQL, and a server) for the tests that host ASOIAF through
the whole server, and plain helpers the rules tests import — a table in the
middle of a round and the ways to send it a command with scripted dice."""

from contextlib import contextmanager

import pytest

from server.app import ServerOptions, WarbandServer
from server.rules.asoiaf.state import Phase, Purse, State
from server.rules.asoiaf.system import SYSTEM
from server.rules.dice import ScriptedDice
from server.rules.kernel import Command
from tests.asoiaf_packs import load_vocabulary_pack, system_playing
from tests.server.conftest import database_url, server  # noqa: F401


@pytest.fixture
def vocabulary_pack(tmp_path):
    """The system playing with tests/asoiaf/packs/vocabulary (built on core): cards
    using vocabulary effects no core card uses, loaded as any community pack is."""
    with system_playing(load_vocabulary_pack(tmp_path)) as pack:
        yield pack


@pytest.fixture
async def sqlite_server(tmp_path):
    """A server on SQLite alone, for lobby tests where the store plays no part."""
    instance = WarbandServer(ServerOptions(port=0, database_url=f"sqlite+aiosqlite:///"
                                           f"{tmp_path / 'lobby.db'}"))
    await instance.start()
    yield instance
    await instance.stop()


def mid_round(models, scenario="learn_to_play", rounds=4, copper=(11, 12), gold=(2, 2),
              active="a1", seat="a", **fields):
    """A state in the activations of round 1 (unless `fields` say otherwise): seat
    `seat` is first player and to act with `active` activated, a in the gold zone,
    each side holding `gold` gold, 4 silver and `copper` copper."""
    purses = {"a": Purse(gold[0], 4, copper[0]), "b": Purse(gold[1], 4, copper[1])}
    fields = {"phase": Phase.ACTIVATIONS, **fields}
    return State(scenario, rounds, tuple(models), purses, {"a": 12, "b": 12},
                 to_act=seat, first_player=seat, active_model=active,
                 zones={"a": "gold", "b": "silver"}, **fields)


@contextmanager
def scripted(*faces):
    """Dice rolling exactly `faces`: rolling more fails at once, leaving any
    unrolled when the block ends fails then, so no test's dice are misaligned."""
    dice = ScriptedDice(*faces)
    yield dice
    dice.assert_exhausted()


def decide(state, command, *faces):
    """SYSTEM.decide of `command` rolling exactly the dice `faces`: the events."""
    with scripted(*faces) as dice:
        return SYSTEM.decide(state, command, dice)


def play(state, command, *faces):
    """Decide `command` rolling exactly the dice `faces`, evolve every event:
    (state, events)."""
    events = decide(state, command, *faces)
    for event in events:
        state = SYSTEM.evolve(state, event)
    return state, events


def run(state, seat, type_, args=None, dice=()):
    """`play` with the command spelled out: (state, events)."""
    return play(state, Command(seat, type_, args or {}), *dice)


def send(state, seat, type_, args=None, dice=()):
    """`run` for a test that wants the state alone."""
    return run(state, seat, type_, args, dice)[0]


def options(state, kind):
    """The options of kind `kind` in the first decision of the prompt."""
    return [o for o in SYSTEM.prompt(state).decisions[0].options if o.type == kind]
