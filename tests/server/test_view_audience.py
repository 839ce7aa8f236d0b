"""server.matches.rules_host.RulesCore builds a view once for every viewer the rules
system puts in one audience (`view_audience`, server/rules/kernel.py): in SBH both
seats and the spectators see the same view once the secret lists are revealed
(unless Ambush markers are on the table), and each seat its own before."""

from __future__ import annotations

import random

from server.matches.rules_host import Material, RulesCore
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from tests.sbh.test_games import SETUP, WARBANDS


class Counting:
    """SBH, counting the views it builds."""

    def __init__(self) -> None:
        self.built = 0

    def view(self, state, viewer):
        self.built += 1
        return SYSTEM.view(state, viewer)

    def packed_view(self, state, viewer):  # (what RulesCore asks, where a system has it)
        self.built += 1
        return SYSTEM.packed_view(state, viewer)

    def __getattr__(self, name):
        return getattr(SYSTEM, name)


class Separate(Counting):
    """The same, without `view_audience`: every seat's view built on its own."""

    def __getattr__(self, name):
        if name == "view_audience":
            raise AttributeError(name)
        return getattr(SYSTEM, name)


def test_one_view_is_built_for_viewers_who_see_the_same():
    shared, separate = Counting(), Separate()
    cores = RulesCore(shared, b"seed"), RulesCore(separate, b"seed")
    for core in cores:
        core.load(Material(SETUP, None, []))
    rng = random.Random(4)
    built_while_secret = built_after = 0
    for _ in range(60):  # the secret lists, then set-up and deployment in the open
        prompt = SYSTEM.prompt(cores[0].state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        before = shared.built
        one, other = (core.apply(command, views=["a", "b", None]) for core in cores)
        assert one.views == other.views  # the same bytes for every viewer
        if cores[0].state.secret_lists:  # a list committed, not yet revealed
            built_while_secret += 1
            assert shared.built - before == 3
            assert len({bytes(v) for v in one.views.values()}) > 1
        else:
            built_after += 1
            assert shared.built - before == 1
            assert len({bytes(v) for v in one.views.values()}) == 1
    assert built_after > 40 and built_while_secret > 0
    assert separate.built == 3 * 60
