"""SPELLS and SAVE vs SPELL (seed 003): the spells as data (data/spells.toml),
the deck and the hands ("each spellcaster draws a number of cards equal to the
number of spells they know"), saving throws, and the lasting effects a spell
leaves on a figure (read by movement, attacks and morale)."""

from __future__ import annotations

import functools
import tomllib

import msgspec

from server.rules.dice import Dice
from server.rules.sns.army.catalog import DATA

SPELLS = "seed 003, SPELLS"
SAVE = "seed 003, SAVE vs SPELL"
RESISTED_ON = 11  # "11-12 The spell is resisted"


class Spell(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: str
    printed: str
    deck: bool
    range: int = 0
    radius: int = 0
    around: int = 0
    cone: bool = False
    attack: int = 0
    damage: int = 0
    save: bool = False
    turns: int = 0
    dice: int = 0
    phase: str = "ranged"
    effect: str = ""
    target: str = ""


@functools.cache
def spells() -> dict[str, Spell]:
    with open(DATA / "spells.toml", "rb") as f:
        raw = tomllib.load(f)["spell"]
    return {s.name: s for s in msgspec.convert(raw, list[Spell])}


@functools.cache
def deck() -> tuple[str, ...]:
    """"Make a card for each spell": one card of each spell the engine casts."""
    return tuple(name for name, spell in spells().items() if spell.deck)


def draw(dice: Dice, drawn: list[str], count: int) -> list[str]:
    """Draw `count` cards from the side's deck less the cards it already drew."""
    cards = []
    for _ in range(count):
        left = [c for c in deck() if c not in drawn and c not in cards]
        if not left:
            break
        (index,) = dice.roll(1, len(left)) if len(left) > 1 else (1,)
        cards.append(left[index - 1])
    return cards


def save_modifiers(caster_profile, target_profile, enlarged: bool = False
                   ) -> list[tuple[int, str]]:
    """LIST OF MODIFIERS TO SAVE vs SPELL ROLL (`enlarged`: Enlarge holds the
    target, "Unit becomes large")."""
    t = target_profile
    rows = [
        (t.veteran, 1, "Defending Unit is veteran, heroic, or elite"),
        (enlarged or t.has("Large") or t.has("Giant") or t.has("Monster") or t.has("Dragon"), 1,
         "Defending Unit is large, giant, monster, or dragon"),
        (t.has("Magic resistance"), t.level("Magic resistance"),
         "Defending Unit has magic resistance +X"),
        (True, t.level("Magical bonus (save vs spell)") + t.level("Magical bonus (save)"),
         "Magic resistance +X (magic item)"),
        (t.has("Spellcaster"), 2, "Defending Unit is a spellcaster"),
        (t.has("Shield"), 1, "Defending Unit has shield"),
        (caster_profile.has("Magestaff"), -1, "Caster has a magestaff"),
    ]
    return [(v, text) for applies, v, text in rows if applies and v]


def saves(roll: int, modifiers: list[tuple[int, str]]) -> bool:
    return roll + sum(v for v, _ in modifiers) >= RESISTED_ON
