"""SBH's RULES_VERSION is raised with every change of what `decide` gives
(tests/sbh/rules_corpus.py says why and how to re-record)."""

from __future__ import annotations

import json

import pytest

from server.rules.kernel import RulesError
from server.rules.sbh.system import SYSTEM
from tests.sbh.rules_corpus import CORPUS, redecide

RECORDED = json.loads(CORPUS.read_text())
RERECORD = "re-record with `.venv/bin/python -m tests.sbh.rules_corpus`"


def test_the_corpus_was_recorded_under_the_running_rules_version():
    assert RECORDED["rules_version"] == SYSTEM.rules_version, (
        f"RULES_VERSION is {SYSTEM.rules_version} but the corpus was recorded under "
        f"{RECORDED['rules_version']}: {RERECORD}")


@pytest.mark.parametrize("game", RECORDED["games"],
                         ids=lambda g: f"seed{g['seed']}-{g['setup']['options']['scenario']}")
def test_the_recorded_commands_decide_to_the_recorded_events(game):
    changed = ("decide now gives other events or checksums for this recorded game than under "
               f"RULES_VERSION {RECORDED['rules_version']}. If that is a deliberate change of "
               "the rules (or of the state checksum), raise RULES_VERSION in "
               f"server/rules/sbh/system.py and {RERECORD}; if not, it is a regression")
    try:
        assert redecide(game) == game["digest"], changed
    except RulesError as refused:
        pytest.fail(f"a recorded command is refused now ({refused.message}): {changed}")


def test_a_changed_rule_is_noticed(monkeypatch):
    """The guard has teeth: with the outnumbering penalty (seed 000, COMMON
    MELEE MODIFIERS: -1 per extra enemy in contact) doubled, some recorded game
    decides otherwise."""
    from server.rules.sbh import combat

    penalty = combat.outnumber_penalty
    monkeypatch.setattr(combat, "outnumber_penalty", lambda state, fig: 2 * penalty(state, fig))
    changed = []
    for game in RECORDED["games"]:
        try:
            changed.append(redecide(game) != game["digest"])
        except RulesError:
            changed.append(True)
    assert any(changed)
