"""The card pack schema: one msgspec Struct per kind of card, read from a pack's
TOML files by `loader.py` (which names every problem, field by field).

Why msgspec Structs rather than JSON Schema: the same types are the schema, the
loaded objects the engine uses, and (through `loader.check_struct`) the
field-by-field validator; a JSON Schema would be a second description to keep
in step with them.

Every card may carry `ours = ["field", ...]`: the values we chose because the
book gives none (docs/rules/asoiaf.md, "Coins, cards and warbands"). The loader
checks each name is a field of that card.
"""

from typing import Literal

import msgspec

from server.rules.asoiaf.cards.vocabulary import (
    AnyEffect,
    Coin,
    ModelType,
    Requirement,
    Timing,
    Trigger,
)


class Coins(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An amount of each coin: gold dragons, silver stags, copper stars."""

    gold: int = 0
    silver: int = 0
    copper: int = 0

    def total(self) -> int:
        return self.gold + self.silver + self.copper

    def __str__(self) -> str:
        parts = [f"{n} {c}" for c, n in (("gold", self.gold), ("silver", self.silver),
                                        ("copper", self.copper)) if n]
        return ", ".join(parts) or "nothing"


# seed 004, ASSEMBLING YOUR WARBAND: "There are 3 sizes of warbands", each a
# budget of gold - silver - copper per player.
SIZES = {"2-4-12": Coins(2, 4, 12), "3-6-18": Coins(3, 6, 18), "4-8-24": Coins(4, 8, 24)}
LARGEST = SIZES["4-8-24"]


class Improvement(msgspec.Struct, forbid_unknown_fields=True):
    """An optional extra bought for one action or use: "For 1 copper this model
    can roll 1 extra die". Each is used at most once an action (seed 004,
    ATTACK MODES)."""

    cost: Coins
    effects: list[AnyEffect]
    requires: list[Requirement] = []


class Ability(msgspec.Struct, forbid_unknown_fields=True):
    """A named ability. `ap`: the AP it costs as an action ("WISE WORDS 0"),
    absent for abilities that are not actions; `cost`: coins spent each use;
    `improvements` bought on top, in order when `in_order`."""

    name: str
    timing: Timing
    text: str  # the card's words, for players
    effects: list[AnyEffect] = []
    ap: int | None = None
    cost: Coins = Coins()
    requires: list[Requirement] = []
    trigger: Trigger | None = None
    trigger_types: list[ModelType] = []  # for kills_enemy / captures_enemy
    trigger_coin: Coin | None = None  # for friendly_spent_coin: which coin was spent
    # where the model whose deed is the trigger must be, from this model
    trigger_within: Literal["anywhere", "contact", "short_range", "los"] = "anywhere"
    improvements: list[Improvement] = []
    in_order: bool = False
    once_per: Literal["game", "round", "activation"] | None = None
    ours: list[str] = []


class AttackMode(msgspec.Struct, forbid_unknown_fields=True):
    """seed 004, ATTACK MODES: "close" (only against an engaged enemy) or
    "ranged" (unengaged, any range in LoS); `dice` rolled, each hitting on
    `value` or more; `ap` to use; `spend`: coins every use ("Spend X")."""

    name: str
    kind: Literal["close", "ranged"]
    ap: int
    dice: int
    value: int
    text: str = ""
    # the longest range in squares of a ranged attack; 0: "at any range" in LoS
    # (seed 004, ATTACK MODES), the book's only ranged rule
    range: int = 0
    spend: Coins = Coins()
    improvements: list[Improvement] = []
    in_order: bool = False  # the 2nd improvement only after the 1st (PAID BY THE STRIKE)
    aftermath: list[Ability] = []
    ours: list[str] = []


class ModelCard(msgspec.Struct, forbid_unknown_fields=True):
    """A model card. Its type is read from its cost (seed 004, MODELS): any gold
    makes a hero, silver without gold a champion, copper only a soldier. A large
    hero or champion names its `infantry` version (seed 004, MOUNTED CHARACTERS)."""

    name: str
    faction: str
    cost: Coins
    will: int
    defence: int
    wounds: int
    title: str = ""
    sigil: str = ""  # a loyalty inside the faction; "" for none
    large: bool = False
    infantry: str = ""  # the infantry version's card name, for a mounted character
    attacks: list[AttackMode] = []
    abilities: list[str] = []  # names of [[ability]] tables of the pack
    ours: list[str] = []

    @property
    def type(self) -> ModelType:
        if self.cost.gold:
            return "hero"
        return "champion" if self.cost.silver else "soldier"

    @property
    def character(self) -> str:
        """The unique character a hero or champion card is: a mounted card and
        its infantry card are one character."""
        return self.infantry or self.name


class Faction(msgspec.Struct, forbid_unknown_fields=True):
    """A House emblem; `sigils` are the loyalties inside it; a `neutral`
    faction's models may join other factions (1 hero, 1 champion, 1 soldier)."""

    name: str
    sigils: list[str] = []
    neutral: bool = False


class Agenda(msgspec.Struct, forbid_unknown_fields=True):
    """An agenda card: kept secret until played or scored (seed 004, AGENDA CARDS)."""

    name: str
    text: str
    abilities: list[Ability]
    ours: list[str] = []


class Motivation(msgspec.Struct, forbid_unknown_fields=True):
    """A hero's motivation card: its Alive side, and its Deceased side used right
    before the hero would be killed (seed 004, MOTIVATIONS CARDS)."""

    hero: str  # the hero's character name
    alive: list[Ability]
    deceased: list[Ability]
    ours: list[str] = []


class Objective(msgspec.Struct, forbid_unknown_fields=True):
    """An objective card: the action a model controlling its objective may use
    during its activation (seed 004, OBJECTIVE CARDS)."""

    name: str
    action: Ability
    ours: list[str] = []


class Equipment(msgspec.Struct, forbid_unknown_fields=True):
    """An equipment token, bought with copper when building a warband; one a
    model; `unique`: one a warband (seed 004, EQUIPMENT TOKENS)."""

    name: str
    text: str
    cost: Coins
    types: list[ModelType]
    effects: list[AnyEffect]
    unique: bool = False
    once_per_game: bool = False
    requires: list[Requirement] = []
    ours: list[str] = []


class Terrain(msgspec.Struct, forbid_unknown_fields=True):
    """A terrain (seed 004, TERRAINS): its squares' type, its interact mark
    ("must": entering it interacts; "may": a model may interact), the interact
    action, and a charge-terrain roll (dice, value) when it can be destroyed.
    `effects` apply to a model entering it when it is marked "must" (the Ditch
    with Stakes), and to a model standing on it when it has no mark (High
    Ground); a "may" terrain acts through its `action` only."""

    name: str
    text: str
    squares: Literal["OPEN-dot", "OPEN-X", "BLOCKED-dot", "BLOCKED-X"] = "OPEN-dot"
    size: list[int] = msgspec.field(default_factory=lambda: [1, 1])  # width, height in squares
    on_wall: bool = False  # doors and windows sit on walls, not in squares
    interact: Literal["must", "may", "none"] = "none"
    action: Ability | None = None
    effects: list[AnyEffect] = []  # what entering (or standing on) it does
    requires: list[Requirement] = []
    charge: list[int] = []  # [dice, value] of a charge terrain action
    destroyed_into: str = ""  # the terrain its token flips to when destroyed
    ours: list[str] = []


class PackInfo(msgspec.Struct, forbid_unknown_fields=True):
    """pack.toml: the pack's name, its factions, and the packs it builds on."""

    name: str
    description: str = ""
    factions: list[Faction] = []
    requires: list[str] = []
