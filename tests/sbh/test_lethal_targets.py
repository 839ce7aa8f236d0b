"""Who a Lethal model is Lethal against (seed 000, LETHAL: "Lethal models kill an
opponent of a certain type, race or category just by beating him in Combat";
"Lethal versus a race applies to all profiles of that race in this book or in
any supplement, and Lethal against a specific special rule (e.g., Lethal Vs
Undead, Lethal vs Magic-Users) applies against any model possessing that
special rule"). The table is server/rules/sbh/data/lethal.toml."""

from __future__ import annotations

import tomllib

from server.rules.sbh.catalog import DATA, load
from server.rules.sbh.combat import lethal_against
from server.rules.sbh.figures import Figure
from tests.sbh.battle import act, battle, fig, first

ELFSLAYER = ("Ogre Elfslayer (Two Handed Weapon)", ["Big", "Lethal (Elves)", "Long Move"])
ORCSLAYER = ("Dwarf Orcslayer (Two Handed Weapon)", ["Short Move", "Lethal (Orcs)"])
DRAGONSLAYER = ("Dwarf Dragonslayer (Two Handed Weapon, Chainmail Armor)",
                ["Short Move", "Lethal (Dragons)", "Fearless"])
WITCH_HUNTER = ("Human, Witch Hunter (Crossbow Or Musket)",
                ["Lethal (Magic-Users)", "Shooter (Long)"])


def model(fid: str, name: str, rules=(), at=(1, 1)) -> Figure:
    return fig(fid, name, 3, 3, at, rules=rules)


def roster_figures() -> list[Figure]:
    return [Figure(f"x{i}", "a", p.name, p.points, p.quality, p.combat,
                   {r.name: r.param for r in p.rules})
            for i, p in enumerate(load().profiles)]


def test_ogre_elfslayer_kills_an_elf_beaten_by_one(dice):
    """seed 000, LETHAL: "kill an opponent of a certain type, race or category just
    by beating him in Combat (no need to double his score)"; OGRE ELFSLAYER:
    "Lethal vs Elves". 4+1(Big)+1 = 6 against 3+2 = 5: a kill."""
    state = battle(fig("a1", ELFSLAYER[0], 4, 4, (5, 5), rules=ELFSLAYER[1]),
                   fig("b1", "Elf Warrior (Spear And Shield)", 2, 3, (6, 5)),
                   fig("b2", "Elf Warrior (Spear And Shield)", 2, 3, (15, 15)))
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(1, 2)
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee").data
    assert melee["totals"] == [6, 5] and melee["result"] == "kill"
    assert state.figures["b1"].status == "dead"


def test_ogre_elfslayer_beating_an_orc_by_one_does_not_kill(dice):
    """seed 000, LETHAL: Lethal only against the named race; against an Orc a win
    by one is the usual fall (even die)."""
    state = battle(fig("a1", ELFSLAYER[0], 4, 4, (5, 5), rules=ELFSLAYER[1]),
                   fig("b1", "Orc Warrior (Shield And Sword Or Spear)", 4, 3, (6, 5)),
                   fig("b2", "Orc Warrior (Shield And Sword Or Spear)", 4, 3, (15, 15)))
    dice.fix(4)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(2, 3)  # 4+1(Big)+2 = 7 against 3+3 = 6: a win by one, even die: a fall
    state, events = act(state, "a", "attack", dice, target="b1", power=False)
    melee = first(events, "melee").data
    assert melee["totals"] == [7, 6] and melee["result"] == "fall"
    assert state.figures["b1"].status == "ready" and state.figures["b1"].fallen


def test_a_race_is_a_whole_word_of_the_name():
    """seed 000, LETHAL: "Lethal versus a race applies to all profiles of that
    race": the race is read from the name as a whole word, so a Dwarf Orcslayer
    is Lethal against every Orc and not against itself ("orc" in "Orcslayer")."""
    orcslayer = model("a1", *ORCSLAYER)
    for orc in ("Orc Warrior (Shield And Sword Or Spear)", "Orc Boss/Subcommander",
                "Savage Orc Warrior (Hand Weapon And Shield Or Two Handed Weapon)"):
        assert lethal_against(orcslayer, model("b1", orc))
    assert not lethal_against(orcslayer, model("b1", *ORCSLAYER))
    assert not lethal_against(orcslayer, model("b1", "Goblin Warrior (Hand Weapon And Shield)"))
    elfslayer = model("a1", *ELFSLAYER)
    assert lethal_against(elfslayer, model("b1", "Wood Elf Archer (Shortsword, Longbow)"))
    assert not lethal_against(elfslayer, model("b1", "Orc Warrior (Shield And Sword Or Spear)"))
    dwarfslayer = model("a1", "Ogre Dwarfslayer (Two Handed Weapon)",
                        ["Big", "Lethal (Dwarves)", "Long Move"])
    assert lethal_against(dwarfslayer, model("b1", "Dwarf Cavalry (Riding Bear)"))
    assert lethal_against(dwarfslayer, model("b1", *ORCSLAYER))
    assert not lethal_against(dwarfslayer, model("b1", "Ogre Warrior"))


def test_a_dragonslayer_is_lethal_against_dragons_only():
    """seed 000, LETHAL ("All dragon-slayers of Kyrr are taught how to spot the
    soft areas on a dragon's underbelly"); DWARF DRAGONSLAYER: "Lethal vs.
    Dragons". The Wyvern and the Hydra of the DRAGONS roster are not Dragons."""
    slayer = model("a1", *DRAGONSLAYER)
    for dragon in ("Small Dragon", "Adult Dragon", "Ancient Dragon"):
        assert lethal_against(slayer, model("b1", dragon))
    for other in ("Wyvern", "Hydra", DRAGONSLAYER[0]):
        assert not lethal_against(slayer, model("b1", other))


def test_lethal_against_a_special_rule_reads_the_plural_as_the_rule():
    """seed 000, LETHAL: "Lethal against a specific special rule (e.g., Lethal Vs
    Undead, Lethal vs Magic-Users) applies against any model possessing that
    special rule": Magic-Users -> Magic-User, Animals -> Animal, Undead."""
    hunter = model("a1", "Human, Hunter (Shortbow)", ["Shooter (Short)", "Lethal (Animals)"])
    assert lethal_against(hunter, model("b1", "Wolf", ["Animal"]))
    assert not lethal_against(hunter, model("b1", "Human, Warrior"))
    undead_hunter = model("a1", "Human, Undead Hunter (Crossbow)",
                          ["Lethal (Undead)", "Shooter (Long)"])
    assert lethal_against(undead_hunter, model("b1", "Skeleton Human", ["Undead"]))
    assert not lethal_against(undead_hunter, model("b1", "Human, Undead Hunter (Crossbow)",
                                                   ["Lethal (Undead)", "Shooter (Long)"]))
    witch_hunter = model("a1", *WITCH_HUNTER)
    assert lethal_against(witch_hunter, model("b1", "Human, Magic-User (Dagger)",
                                              ["Magic-User"]))
    assert not lethal_against(witch_hunter, model("b1", "Human, Warrior"))


def test_the_witch_hunter_is_not_lethal_against_a_magic_using_dragon():
    """seed 000, LETHAL: "he is Lethal against any normal-sized model with the
    Magic-User rule (the witch hunter will NOT be lethal against an ancient,
    magic using dragon)"."""
    witch_hunter = model("a1", *WITCH_HUNTER)
    assert not lethal_against(witch_hunter, model("b1", "Ancient Dragon",
                                                  ["Flying", "Huge", "Magic-User"]))
    assert not lethal_against(witch_hunter, model("b1", "Ogre Shaman", ["Big", "Magic-User"]))


def test_the_witch_hunters_lethal_shot_kills_a_magic_user_beaten_by_one(dice):
    """seed 000, LETHAL: "The Lethal effect applies to both ranged combat and
    melee"."""
    state = battle(fig("a1", WITCH_HUNTER[0], 3, 3, (2, 5), rules=WITCH_HUNTER[1]),
                   fig("b1", "Human, Magic-User (Dagger)", 4, 1, (8, 5),
                       rules=["Magic-User"]),
                   fig("b2", "Human, Warrior", 4, 3, (22, 22)))
    dice.fix(6)
    state, _ = act(state, "a", "activate", dice, figure="a1", dice=1)
    dice.fix(2, 3)  # 3+2 = 5 against 1+3 = 4: a win by one
    state, events = act(state, "a", "shoot", dice, target="b1", aimed=False)
    shot = first(events, "shot").data
    assert shot["totals"] == [5, 4] and shot["result"] == "kill"


def test_a_parameter_missing_from_the_table_names_a_rule_or_a_word():
    """seed 000, LETHAL: a parameter not in data/lethal.toml is a special rule of
    that name or that word of the name (e.g. a Combat Master's "Lethal (Orc)")."""
    trollslayer = model("a1", "Trollslayer", ["Lethal (Troll)"])
    assert lethal_against(trollslayer, model("b1", "Troll Warrior"))
    assert not lethal_against(trollslayer, model("b1", "Trollslayer", ["Lethal (Troll)"]))
    evil_hunter = model("a1", "Templar", ["Lethal (Evil)"])
    assert lethal_against(evil_hunter, model("b1", "Cultist", ["Evil"]))
    assert not lethal_against(evil_hunter, model("b1", "Farmer"))


def test_every_roster_lethal_parameter_is_in_the_table_and_hits_others_only():
    """seed 000, LETHAL over the ROSTERS: each Lethal profile's parameter is listed
    in data/lethal.toml, is Lethal against some roster profile, and never against
    its own profile."""
    with open(DATA / "lethal.toml", "rb") as f:
        listed = {row["parameter"] for row in tomllib.load(f)["lethal"]}
    figures = roster_figures()
    lethal = [f for f in figures if f.has("Lethal")]
    assert len(lethal) == 7
    for slayer in lethal:
        assert slayer.param("Lethal") in listed, slayer.name
        hits = [g.name for g in figures if g is not slayer and lethal_against(slayer, g)]
        assert hits, slayer.name
        assert not lethal_against(slayer, Figure("y", "b", slayer.name, 0, 3, 3,
                                                 dict(slayer.rules))), slayer.name
