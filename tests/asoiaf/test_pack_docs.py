"""docs/rules/asoiaf.md, "The card pack format": the reference for pack authors
names every effect of the vocabulary, and its TOML examples are valid cards."""

import re
import tomllib
import typing
from pathlib import Path

from server.rules.asoiaf.cards.check import check_struct
from server.rules.asoiaf.cards.schema import Ability
from server.rules.asoiaf.cards.vocabulary import (
    EFFECTS,
    SPECIAL_HOOKS,
    Requirement,
    Timing,
    Trigger,
)

DOC = Path(__file__).parents[2] / "docs" / "rules" / "asoiaf.md"


def _section() -> str:
    text = DOC.read_text()
    return text[text.index("## Coins, cards and warbands"):]


def test_every_effect_and_hook_is_documented():
    section = _section()
    assert [e for e in EFFECTS if f"`{e}`" not in section] == []
    assert [h for h in SPECIAL_HOOKS if h not in section] == []
    words = [w for kind in (Timing, Trigger, Requirement) for w in typing.get_args(kind)]
    assert [w for w in words if w not in section] == []


def test_the_toml_examples_are_valid_abilities():
    blocks = re.findall(r"```toml\n(.*?)```", _section(), re.S)
    assert blocks
    for block in blocks:
        for ability in tomllib.loads(block)["ability"]:
            assert check_struct(ability, Ability) == []
