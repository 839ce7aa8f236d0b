"""SPELLS as data (seed 003): every printed spell is in data/spells.toml."""

from server.rules.sns.spells import deck, spells

PRINTED = ("Blood Rage", "Stone Wall", "Fire Wall", "Stone to Mud", "Slow", "Enlarge",
           "Polymorph", "Dispell", "Teleport", "Weakness", "Animate Dead", "Alter Terrain",
           "Petrify", "Charm", "Turn Undead", "Fireball", "Fear", "Lightning Bolt",
           "Cone of Cold", "Poison Gas", "Touch of Death", "Heal", "Great Heal", "Ressurrect",
           "Haste", "Fly", "Shield", "Courage", "Paralyze")


def test_every_printed_spell_is_data_and_every_card_is_castable():
    """"Make a card for each spell": the 29 of the list, each a card of the deck
    (each with what the engine does with it)."""
    assert tuple(spells()) == PRINTED
    assert set(deck()) == set(PRINTED)
    assert all(spells()[name].effect for name in deck())
    assert all(spells()[name].printed for name in PRINTED)
