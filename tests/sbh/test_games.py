"""Whole games between random-legal players: the kernel properties over many
generated SBH games (replay rebuilds identical state and checksums; the same
seed and commands give the same events; views never leak secrets)."""

from __future__ import annotations

import random

import pytest

from server.rules.checksum import state_digest
from server.rules.dice import SeededDice
from server.rules.kernel import SPECTATOR, Viewer
from server.rules.runner import apply_command, rebuild, verify
from server.rules.sbh.builder import from_profiles
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM

WARBANDS = {  # shooters, a magic-user and an entangler, so games exercise every attack
    "a": from_profiles("Elves", {"Elf Wizard (Dagger)": 1,
                                 "Wood Elf Archer (Shortsword, Longbow)": 1,
                                 "Wood Elf Warrior (Sword, Leather Armor)": 2,
                                 "Elf Young Warrior (Spear And Shield)": 1}),
    "b": from_profiles("Goblins", {"Goblin Commander (Hand Weapon And Shield)": 1,
                                   "Goblin Hero (Hand Weapon And Shield)": 1,
                                   "Goblin Archer (Leather Armor And Shortbow)": 2,
                                   "Goblin Warrior (Hand Weapon And Shield)": 4,
                                   "Giant Spider": 1, "Troll": 1}),
}
# 400 points: a Leader and a Hero (131 points of Personalities) need a third of 400
SETUP = {"board_size": 24, "options": {"turn_limit": 30, "points_limit": 400}}


def play(seed: int, max_commands: int = 4000, setup=SETUP):
    rng = random.Random(seed)
    dice = SeededDice(seed.to_bytes(8, "big"))
    state = SYSTEM.initial(setup)
    commands, log = [], []
    while not SYSTEM.is_over(state) and len(commands) < max_commands:
        prompt = SYSTEM.prompt(state)
        # an offered parameter always has a value to choose (deferred ones too)
        assert all(len(values) for d in prompt.decisions for o in d.options
                   for values in o.params.values()), prompt
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        state, applied = apply_command(SYSTEM, state, command, dice, keep_input=False)
        commands.append(command)
        log.extend(applied)
    return state, commands, log


SCENARIOS = ["all_out_battle", "ambush", "treasure_hunt", "place_of_power",
             "on_difficult_ground", "quest_for_a_magic_item"]


@pytest.mark.parametrize("seed", range(12))
def test_random_games_end_and_replay_exactly(seed):
    """Every scenario, two seeds each."""
    setup = {**SETUP, "options": {**SETUP["options"], "scenario": SCENARIOS[seed % 6]}}
    state, commands, log = play(seed, setup=setup)
    assert SYSTEM.is_over(state), "a 30-turn limit always ends the game"
    assert SYSTEM.result(state) is not None
    rebuilt = rebuild(SYSTEM, setup, [a.event for a in log])
    assert state_digest(rebuilt) == state_digest(state) == log[-1].checksum
    assert verify(SYSTEM, setup, seed.to_bytes(8, "big"), commands, log) is None


def test_secret_lists_never_reach_the_other_seat_or_spectators():
    state = SYSTEM.initial(SETUP)
    dice = SeededDice(b"lists")
    from server.rules.kernel import Command
    command = Command("a", "submit_list", {"list": WARBANDS["a"], "salt": "pepper"})
    [event] = SYSTEM.decide(state, command, dice)
    state = SYSTEM.evolve(state, event)
    for viewer in (Viewer("b"), SPECTATOR):
        assert "list" not in event.for_viewer(viewer).data
        assert "Elf Wizard" not in repr(SYSTEM.view(state, viewer))
    assert "Elf Wizard" in repr(SYSTEM.view(state, Viewer("a")))
    assert SYSTEM.view(state, Viewer("b"))["commitments"]["a"] == event.data["commitment"]


def _with_other_secrets(state, seat):
    """A copy of `state` in which every secret not belonging to `seat` is
    changed: the other seat's list and what its Ambush markers hide."""
    twin = state.clone()
    twin.secret_lists = {k: (v if k == seat else {"name": "decoy", "models": []})
                         for k, v in state.secret_lists.items()}
    twin.markers = {m: (item if seat is not None and item_owner(state) == seat
                        else dict(item, figure=None if item["figure"] else "decoy"))
                    for m, item in state.markers.items()}
    return twin


def item_owner(state):
    from server.rules.sbh import ambush

    return ambush.defender(state)


def _public_part(view):
    """A seat's view without the secrets it owns (its list, what its Ambush
    markers hide): what a spectator sees."""
    public = {k: v for k, v in view.items() if k != "my_list"}
    public["markers"] = [{k: v for k, v in m.items() if k != "hides"}
                         for m in view.get("markers", ())]
    return public


SECRET_SCENARIOS = [("ambush", seed) for seed in range(4)] + [
    (scenario, seed) for scenario in ("treasure_hunt", "quest_for_a_magic_item",
                                      "place_of_power") for seed in range(2)]


@pytest.mark.parametrize(("scenario", "seed"), SECRET_SCENARIOS)
def test_views_and_events_never_depend_on_the_other_seats_secrets(scenario, seed):
    """Non-interference over generated games (Ambush, where markers hide
    figures; the scenarios with tokens, a treasure or a Place of Power on the
    table; the secret list phase of every game): what a seat or a spectator is
    shown is identical whatever the secrets it may not see are, and a seat is
    shown nothing beyond the spectator's view but its own secrets. Viewers the
    system puts in one audience (`view_audience`: the server builds their view
    once) are shown equal views."""
    setup = {**SETUP, "options": {**SETUP["options"], "scenario": scenario}}
    rng = random.Random(seed)
    dice = SeededDice(seed.to_bytes(8, "big"))
    state = SYSTEM.initial(setup)
    steps = shared = 0
    while not SYSTEM.is_over(state) and steps < 600:
        public = SYSTEM.view(state, SPECTATOR)
        audiences = {}
        for viewer in (Viewer("a"), Viewer("b"), SPECTATOR):
            twin = _with_other_secrets(state, viewer.seat)
            shown = SYSTEM.view(state, viewer)
            assert shown == SYSTEM.view(twin, viewer)
            assert _public_part(shown) == _public_part(public)
            audience = SYSTEM.view_audience(state, viewer)
            assert audiences.setdefault(audience, shown) == shown, (audience, viewer)
        shared += len(audiences) == 1
        prompt = SYSTEM.prompt(state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        state, applied = apply_command(SYSTEM, state, command, dice, keep_input=False)
        for a in applied:
            for viewer in (Viewer("a"), Viewer("b"), SPECTATOR):
                shown = a.event.for_viewer(viewer)
                if viewer.seat not in (a.event.visible_to or (viewer.seat,)):
                    assert shown.data == a.event.redacted
        steps += 1
    assert shared > 0 or scenario == "ambush"  # (Ambush markers stay all game)
