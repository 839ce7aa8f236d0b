"""The terminal's question in each system's voice (clients/tui/turn_words.py), as the
web's: no rules' plain "Your turn." left unsaid, no S&S turn number twice."""

from __future__ import annotations

from clients.tui.turn_words import question_words

ASOIAF = {"system": "asoiaf", "models": [{"uid": "a3", "seat": "a"}]}
NAMES = {"a3": "Baratheon Warden a3"}


def option(kind: str) -> dict:
    return {"type": kind, "label": kind}


def test_asoiafs_your_turn_is_said_as_what_there_is_to_do():
    """seed 004: "1 [copper] is required to activate a model" and "Passing a turn
    costs 2" (between activations); an activation's actions are the acting model's."""
    between = {"text": "Your turn.", "options": [option("activate"), option("pass")]}
    assert question_words(between, ASOIAF, NAMES) == "Activate a model or pass."
    acting = {"text": "Your turn.", "options": [option("end_activation")]}
    assert question_words(acting, {**ASOIAF, "active_model": "a3"}, NAMES) == \
        "Act with Baratheon Warden a3."
    assert question_words({"text": "Your turn.", "options": [option("end_round")]},
                          ASOIAF, NAMES) == "Choose what to do."
    placing = {"text": "Place Baratheon Warden.", "options": [option("deploy")]}
    assert question_words(placing, ASOIAF, NAMES) == "Place Baratheon Warden."


def test_sns_leaves_the_turn_number_to_the_headline_and_sbh_is_as_asked():
    """seed 003, Turn sequence: "Cavalry, flying, and fast units (7"+) move first"."""
    fast = {"text": "Turn 2: Move your cavalry, flyers and fast figures.", "options": []}
    assert question_words(fast, {"system": "sns"}, {}) == \
        "Move your cavalry, flyers and fast figures."
    sbh = {"text": "Choose a figure to activate", "options": []}
    assert question_words(sbh, {"phase": "play"}, {}) == "Choose a figure to activate"
    assert question_words({"options": []}, None, {}) == "Choose what to do."
