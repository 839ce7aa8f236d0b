"""Figures on the table: a profile (Quality, Combat, special rules) plus its
state in the match (position, fallen, transfixed, what it did this turn).

Special rules are kept as a map from canonical rule name to its parameter
("Shooter" -> "Long", "Lethal" -> "Undead", "Steadfast" -> None) so rules code
asks `fig.has("Shooter")` and `fig.param("Shooter")`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields

from server.rules.board.hex import Hex

SIZE_RANK = {"Big": 1, "Huge": 2, "Gargantuan": 3}  # normal-sized = 0 (seed 000, SIZE BONUS)
MOVE_CATEGORIES = ("step", "short", "medium", "long")

_RULE = re.compile(r"^\s*(?P<name>[A-Za-z][A-Za-z' -]*?)\s*(?:\((?P<paren>[^)]*)\)|"
                   r"\s+vs\.?\s+(?P<vs>.+?))?\s*$", re.IGNORECASE)


def parse_rule(text: str) -> tuple[str, str | None]:
    """'Shooter (Long)' -> ('Shooter', 'Long'); 'Lethal vs Undead' -> ('Lethal', 'Undead')."""
    match = _RULE.match(text)
    if not match:
        raise ValueError(f"cannot read special rule {text!r}")
    name = " ".join(w.capitalize() if w.islower() else w for w in match["name"].split())
    param = match["paren"] or match["vs"]
    return name, (param.strip() if param else None)


@dataclass(slots=True)
class Figure:
    """One model. Mutable only inside `evolve`; `clone` copies it for a new state."""

    id: str
    seat: str
    name: str
    points: int
    quality: int  # the printed Quality, 2..6 (a roll of this or more succeeds)
    combat: int
    rules: dict[str, str | None] = field(default_factory=dict)
    pos: Hex | None = None  # None: not on the table (not deployed, dead or fled)
    status: str = "ready"  # ready | dead | fled  (fallen is a separate flag)
    fallen: bool = False
    stand_up_cost: int = 1  # 2 after surviving falling damage (seed 000, FALLING DAMAGE)
    transfixed_by: str | None = None  # caster id, "entangle" (Entangle), "mutation" (Mutant)
    wounds: int = 0  # Quality loss from Poison and Tough (seed 000, POISON / TOUGH)
    activated: bool = False  # has acted this turn
    attacked: str | None = None  # "melee" | "ranged" once it attacked this turn
    moves: int = 0  # movement actions this turn (Slow allows one)
    contacted_this_turn: bool = False  # for Dashing
    out_of_power: bool = False  # magic-user rolled three failures casting
    out_of_missiles: bool = False  # missile expenditure
    hero_reroll_used: bool = False
    terror_immune_to: tuple[str, ...] = ()  # profile names it has resisted (seed 000, TERROR)
    faith_lost: bool = False  # a Cleric who rolled three failures healing
    greedy: bool = False  # looting a body until it snaps out (seed 000, GREEDY)
    melee_attacks: int = 0  # melee attacks made this turn (Combat Master's first attack)
    special_used: bool = False  # a Combat Master's one Lethal/Assassin attack this turn
    sorcery_bonus: int = 0  # a Sorcerer's sacrifice: + to its next spellcasting roll
    carried_by: str | None = None  # the Mounted friend carrying it (then pos is None)
    died_at: Hex | None = None  # where its body lies, for a Necromancer (necromancy.py)

    def has(self, rule: str) -> bool:
        return rule in self.rules

    def param(self, rule: str) -> str | None:
        return self.rules.get(rule)

    @property
    def on_table(self) -> bool:
        # inlined in hot loops (state.on_table/occupancy, movement):
        # change those too if this changes
        return self.status == "ready" and self.pos is not None

    @property
    def transfixed(self) -> bool:
        return self.transfixed_by is not None

    @property
    def active(self) -> bool:
        """'Active' as the rules use it: on the table, not fallen, not transfixed.
        (Inlined in movement's hot loops: change those too if this changes.)"""
        return self.on_table and not self.fallen and not self.transfixed

    @property
    def animal(self) -> bool:
        """An Animal for every rule that names Animals (seed 000, SWARM: "Swarm
        bases count as Animals")."""
        return "Animal" in self.rules or "Swarm" in self.rules

    @property
    def effective_quality(self) -> int:
        return self.quality + self.wounds

    @property
    def size(self) -> int:
        return max((rank for rule, rank in SIZE_RANK.items() if rule in self.rules), default=0)

    @property
    def move_category(self) -> str:
        if self.has("Long Move"):
            return "long"
        if self.has("Short Move"):
            return "short"
        return "medium"

    # clone() and __canonical__() are generated from the field list below the
    # class (straight-line code: every command clones and digests every figure).

    def to_view(self) -> dict:
        """The figure as views show it."""
        view = self.wire_view()
        view["rules"] = list(view["rules"])
        if view["pos"] is not None:
            view["pos"] = list(view["pos"])
        return view

    def wire_view(self) -> dict:
        """`to_view()` with tuples for its lists (shared, not copied): MessagePack
        packs a tuple as it packs a list, so a view packed for the wire
        (system.packed_view) is the same bytes without a fresh list a figure."""
        return {
            "id": self.id, "seat": self.seat, "name": self.name, "points": self.points,
            "quality": self.quality, "combat": self.combat, "wounds": self.wounds,
            "rules": _rule_names(self.rules),
            "pos": None if self.pos is None else self.pos[:2],
            "status": self.status, "fallen": self.fallen,
            "transfixed": self.transfixed_by is not None,
            "activated": self.activated, "out_of_power": self.out_of_power,
            "out_of_missiles": self.out_of_missiles, "carried_by": self.carried_by,
        }


_FIELDS = tuple(f.name for f in fields(Figure))


def figure_from_entry(fig_id: str, seat: str, entry: dict) -> Figure:
    """A figure from one entry of a revealed warband list."""
    rules = dict(parse_rule(r) for r in entry.get("rules", ()))
    if "Sorcerer" in rules:
        rules.setdefault("Evil", None)  # seed 001, Sorcerer: "Automatically Evil"
    return Figure(id=fig_id, seat=seat, name=str(entry["name"]), points=int(entry["points"]),
                  quality=int(entry["quality"]), combat=int(entry["combat"]),
                  rules=shared_rules(rules))


_RULES: dict[tuple, dict] = {}


def shared_rules(rules: dict) -> dict:
    """One map for every figure with the same rules (in the same order): a
    figure's rules map is never changed, only replaced (evolve.py), so ten
    Goblin Warriors need not hold ten. Process-wide, bounded."""
    key = tuple(rules.items())
    found = _RULES.get(key)
    if found is None:
        if len(_RULES) >= 4096:
            _RULES.clear()
        found = _RULES[key] = rules
    return found


_RULE_NAMES: dict[int, tuple[dict, tuple[str, ...]]] = {}


def _rule_names(rules: dict) -> tuple[str, ...]:
    """The rules as views name them ("Shooter (Long)"), remembered per rules map
    (one map for a profile's figures: every view names every figure's rules).
    Each entry holds its map, so an id is never reused while remembered.
    Bounded, process-wide."""
    found = _RULE_NAMES.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_RULE_NAMES) >= 4096:
            _RULE_NAMES.clear()
        names = tuple(n if p is None else f"{n} ({p})" for n, p in rules.items())
        found = _RULE_NAMES[id(rules)] = (rules, names)
    return found[1]


_SORTED_RULES: dict[tuple, list] = {}


def _sorted_rules(rules: dict) -> list:
    """The rules as sorted [name, parameter] pairs, remembered per set of rules
    (shared by every figure of a profile; the pairs are only read). Bounded,
    process-wide."""
    key = tuple(rules.items())
    found = _SORTED_RULES.get(key)
    if found is None:
        found = sorted([k, v] for k, v in key)
        if len(_SORTED_RULES) >= 4096:
            _SORTED_RULES.clear()
        _SORTED_RULES[key] = found
    return found


def _straight_line_canonical():
    """Figure.__canonical__(): canonical plain data for state checksums
    (server.rules.checksum): "Figure", then the fields in declaration order with
    rules sorted; much faster than the generic dataclass walk for the most
    numerous object in a state. Tuples stay tuples: MessagePack packs them
    exactly as lists."""
    items = ", ".join("sorted_rules(self.rules)" if name == "rules" else f"self.{name}"
                      for name in _FIELDS)
    source = f"def __canonical__(self):\n    return ['Figure', {items}]\n"
    namespace = {"sorted_rules": _sorted_rules}
    exec(source, namespace)  # noqa: S102 - source built only from our own field names
    canonical = namespace["__canonical__"]
    canonical.__doc__ = "Canonical plain data for state checksums (see server.rules.checksum)."
    return canonical


def _straight_line_clone():
    """Figure.clone(): a copy sharing `rules` (never mutated after creation).
    Straight-line assignments, about 4x faster than a loop (timeit), generated
    from the field list so it can never miss a field."""
    body = "".join(f"    copy.{name} = self.{name}\n" for name in _FIELDS)
    source = f"def clone(self):\n    copy = new(Figure)\n{body}    return copy\n"
    namespace = {"new": Figure.__new__, "Figure": Figure}
    exec(source, namespace)  # noqa: S102 - source built only from our own field names
    clone = namespace["clone"]
    clone.__doc__ = "A copy sharing `rules` (never mutated after creation)."
    return clone


def _straight_line_copy_into():
    """Figure.copy_into(other): this figure's fields written into `other` (an
    undo journal puts a figure back in the same object)."""
    body = "".join(f"    other.{name} = self.{name}\n" for name in _FIELDS)
    namespace: dict = {}
    exec(f"def copy_into(self, other):\n{body}", namespace)  # noqa: S102 - our field names
    return namespace["copy_into"]


def _straight_line_reduce():
    """Figure.__reduce__(): pickled (a snapshot) as its fields in order, rebuilt by
    the constructor: a third less to unpickle than a slotted dataclass's map of
    field names to values (bench/restart_many.py, loading 10,000 matches)."""
    items = ", ".join(f"self.{name}" for name in _FIELDS)
    namespace = {"Figure": Figure}
    exec(f"def __reduce__(self):\n    return Figure, ({items},)\n",  # noqa: S102
         namespace)  # (source built only from our own field names)
    return namespace["__reduce__"]


Figure.clone = _straight_line_clone()
Figure.__reduce__ = _straight_line_reduce()
Figure.copy_into = _straight_line_copy_into()
Figure.__canonical__ = _straight_line_canonical()
