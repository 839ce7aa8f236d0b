"""The scripted battle of test_browser_prompts.py, played in-process with its
fixed seed (no browser, milliseconds): it must still get the seat that is not
acting asked where to recoil, who strikes first, and which way to flee."""

from __future__ import annotations

from tests.web.prompt_battle import MID_TURN, SEED, reaches_the_prompts, simulate


def test_the_seeded_battle_asks_the_idle_seat_all_three_mid_turn_questions():
    result = simulate(SEED)
    assert reaches_the_prompts(result), (
        f"With the seed {SEED!r} the scripted battle no longer gets seat b asked "
        f"{', '.join(MID_TURN)} during seat a's turns (it was asked {result['asked']}): "
        "the rules changed how the dice fall. Pick a new seed with "
        "`python -m tests.web.prompt_battle` and put it in tests/web/prompt_battle.py.")
    b_answers = [c["type"] for c in result["commands"] if c["seat"] == "b"]
    assert {"recoil", "free_hack_order"} <= set(b_answers)
    assert not result["over"]
