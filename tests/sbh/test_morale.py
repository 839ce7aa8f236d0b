"""Morale (seed 000, MORALE, SURROUNDING, FALLEN MODELS AND MORALE, WHEN TO
MAKE MORALE CHECKS)."""

from __future__ import annotations

from tests.sbh.battle import act, battle, fig, first, types


def gruesome_setup(*extra, size=24):
    return battle(fig("a1", "Troll", 3, 6, (5, 5)), fig("b1", "Goblin", 4, 1, (6, 5)),
                  *extra, size=size)


def test_gruesome_kill_makes_friends_within_long_test(dice):
    """seed 000, WHEN TO MAKE MORALE CHECKS: 'When a gruesome kill happens, all
    friendly models within 1x Long distance from the kill must make a Morale
    check.'"""
    state = gruesome_setup(fig("b2", "Goblin", 4, 1, (6, 10)),
                           fig("b3", "Goblin", 4, 1, (6, 20)))
    dice.fix(3, 6, 1)  # troll 6+6 = 12 vs goblin 1+1 = 2: tripled
    dice.fix(4, 5, 6)  # b2 passes its morale test (no failures)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    tests = [e for e in events if e.type == "morale_tested"]
    assert [e.data["figure"] for e in tests] == ["b2"]
    assert tests[0].data["failures"] == 0


def test_three_failures_remove_the_model(dice):
    """seed 000, MORALE: 'on three failures, it automatically runs away'."""
    state = gruesome_setup(fig("b2", "Goblin", 4, 1, (6, 10)))
    dice.fix(3, 6, 1, 1, 2, 3)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert first(events, "fled").data["figure"] == "b2"
    assert state.phase == "over" and state.winner == "a"


def test_one_failure_flees_one_move_toward_the_nearest_edge(dice):
    """seed 000, MORALE: 'On one failure, the model must immediately make one move
    towards the closest table edge'."""
    state = gruesome_setup(fig("b2", "Goblin", 4, 1, (8, 12)), fig("b3", "Goblin", 4, 1,
                                                                 (20, 22)), size=30)
    dice.fix(3, 6, 1, 1, 5, 6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    board = state.board
    before = board.nearest_edge((8, 12, -20))
    moved = [e for e in events if e.type == "flee_moved"]
    if moved:
        after = board.nearest_edge(state.figures["b2"].pos)
    else:  # equal routes: the goblin's owner chooses
        from server.rules.sbh.system import SYSTEM
        decision = SYSTEM.prompt(state).decisions[0]
        assert decision.seat == "b"
        state, _ = act(state, "b", "flee", dice, to=decision.options[0].params["to"][0])
        after = board.nearest_edge(state.figures["b2"].pos)
    assert before - after == 7  # one Medium move


def test_surrounded_fleeing_model_is_destroyed(dice):
    """seed 000, SURROUNDING: 'no matter where it moves, it will have at least
    one active ... opponent within 1x Short distance' -> destroyed."""
    state = battle(fig("a1", "Troll", 3, 6, (10, 10)), fig("b1", "Goblin", 4, 1, (11, 10)),
                   fig("b2", "Goblin", 4, 1, (10, 13)),
                   fig("a2", "Orc", 4, 3, (10, 15)), fig("a3", "Orc", 4, 3, (6, 13)),
                   fig("a4", "Orc", 4, 3, (14, 13)), fig("a5", "Orc", 4, 3, (10, 17)),
                   size=24)
    dice.fix(3, 6, 1, 1, 5, 6)  # kill; b2 tests: one failure
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    killed = [e.data["figure"] for e in events if e.type == "killed"]
    assert killed == ["b1", "b2"]


def test_fallen_model_with_enemy_in_contact_dies_on_a_failed_test(dice):
    """seed 000, FALLEN MODELS AND MORALE: 'A Fallen model having any enemies in
    contact in the moment he fails a Morale roll is killed.'"""
    state = gruesome_setup(fig("b2", "Goblin", 4, 1, (5, 6), fallen=True),
                           fig("b3", "Goblin", 4, 1, (20, 20)))
    dice.fix(3, 6, 1, 1, 5, 6)  # troll 6-1 (outnumbered)+6 = 11 triples 2; b2 fails once
    dice.fix(6, 6, 6)  # two of three dead: b3 tests (seed 000, The Dead outnumber the living)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert [e.data["figure"] for e in events if e.type == "killed"] == ["b1", "b2"]


def test_engaged_model_fleeing_takes_a_lethal_free_hack(dice):
    """seed 000, MODELS DISENGAGING FROM MELEE: 'he receives a Lethal Free Hack
    ... If he loses the Free Hack, the fleeing model is killed'."""
    state = battle(fig("a1", "Troll", 3, 6, (5, 5)), fig("b1", "Goblin", 4, 1, (6, 5)),
                   fig("b2", "Goblin", 4, 2, (6, 7)), fig("a2", "Orc", 4, 3, (7, 7)),
                   fig("b3", "Goblin", 4, 1, (20, 20)))
    dice.fix(3, 6, 1, 1, 5, 6)  # b1 gruesomely killed; b2 fails once
    dice.fix(3, 2)  # orc hack 3+3 = 6 vs goblin 2+2 = 4: wins by 2 -> lethal kill
    dice.fix(6, 6, 6)  # two of three dead: b3 tests (seed 000, The Dead outnumber the living)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    assert [e.data["figure"] for e in events if e.type == "killed"] == ["b1", "b2"]
    assert "melee" in types(events)


def test_outcome_table():
    """seed 000, MELEE: tie nothing; even fall; odd recoil; double kill; triple
    gruesome."""
    assert outcome_of(5, 5) == (None, "none")
    assert outcome_of(7, 6, die=4) == ("defender", "fall")
    assert outcome_of(7, 6, die=5) == ("defender", "recoil")
    assert outcome_of(8, 4) == ("defender", "kill")
    assert outcome_of(9, 3) == ("defender", "gruesome")
    assert outcome_of(3, 9) == ("attacker", "gruesome")


def outcome_of(a, d, die=1):
    from server.rules.sbh.combat import outcome
    result = outcome(a, die, d, die)
    return result.loser, result.result


def _trapped_tough_troll_flees(dice):
    """A gruesome kill makes the Tough troll test morale; it fails twice and
    every route away passes within Short of the Elf at its side."""
    from tests.sbh.battle import act, battle, fig

    state = battle(fig("a1", "Elf", 3, 3, (11, 5)), fig("a2", "Elf", 3, 3, (7, 5)),
                   fig("b1", "Troll", 4, 4, (5, 5), rules=["Tough"]),
                   fig("b2", "Goblin", 4, 2, (10, 5)))
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(6, 1, 1, 1, 6)  # 9 vs 3: gruesome; the troll's morale: two failures
    state, events = act(state, "a", "attack", dice, target="b2", power=False)
    return state, events


def test_a_tough_model_fleeing_into_an_intercept_area_is_wounded_not_killed(dice):
    """seed 000, TOUGH (P): 'When a Tough model flees ... and moves into the
    intercept area of an active opponent (that is, 1 x Short distance from any
    active opponent), the model is not killed, but takes one wound ... The
    model's movement stops and the enemy that caused the wound is moved in melee
    contact with him.'"""
    from server.rules.sbh.system import SYSTEM
    from tests.sbh.battle import act

    state, _ = _trapped_tough_troll_flees(dice)
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "a"
    assert {o.type for o in decision.options} >= {"intercept", "let_flee"}
    state, events = act(state, "a", "intercept", dice, interceptor="a2")
    troll = state.figures["b1"]
    assert troll.status == "ready" and troll.effective_quality == 5
    assert state.figures["a2"].pos[:2] == (6, 5)  # moved into contact


def test_the_interceptor_may_let_the_tough_model_flee(dice):
    """seed 000, TOUGH (P): 'the intercepting model may decide it is better to
    let flee the Tough model ... the fleeing Tough model does NOT take a wound.'"""
    from tests.sbh.battle import act

    state, _ = _trapped_tough_troll_flees(dice)
    state, events = act(state, "a", "let_flee", dice)
    troll = state.figures["b1"]
    assert [e.data["reason"] for e in events if e.type == "fled"] == ["ran off the table"]
    assert troll.wounds == 0 and troll.status == "fled"
    assert state.figures["a2"].pos[:2] == (7, 5)


def test_a_fallen_tough_model_stands_up_before_it_is_intercepted(dice):
    """seed 000, FALLEN MODELS AND MORALE: "A fallen model with no enemies in
    contact will use the first of his compulsive movements to stand up ... if he
    rolled two failures he will stand up and make one fleeing move"; TOUGH (P):
    "the model is not killed, but takes one wound ... The model's movement
    stops". The fallen troll's second failure is the fleeing move the Elf
    intercepts: it is wounded, standing."""
    from server.rules.sbh.system import SYSTEM
    from tests.sbh.battle import act, battle, fig

    state = battle(fig("a1", "Elf", 3, 3, (11, 5)), fig("a2", "Elf", 3, 3, (7, 5)),
                   fig("b1", "Troll", 4, 4, (5, 5), rules=["Tough"], fallen=True),
                   fig("b2", "Goblin", 4, 2, (10, 5)))
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(6, 1, 1, 1, 6)  # 9 vs 3: gruesome; the troll's morale: two failures
    state, _ = act(state, "a", "attack", dice, target="b2", power=False)
    assert SYSTEM.prompt(state).decisions[0].seat == "a"  # intercept or let flee
    state, events = act(state, "a", "intercept", dice, interceptor="a2")
    troll = state.figures["b1"]
    assert "stood_up" in types(events)
    assert troll.status == "ready" and not troll.fallen and troll.wounds == 1
