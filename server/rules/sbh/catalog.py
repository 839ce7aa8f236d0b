"""The SBH catalog: the special-rule cost table and every roster profile of
seed 000, loaded from the TOML files in `data/` (the data is the source of
truth; this module only reads and indexes it).

    >>> catalog = load()
    >>> catalog.ability("Shooter (Long)").cost
    7
"""

from __future__ import annotations

import difflib
import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

from server.rules.kernel import RulesError
from server.rules.sbh.figures import parse_rule

DATA = Path(__file__).with_name("data")
# Rules whose parameter is part of the rule's identity in the cost table.
PARAMETER_IN_NAME = ("Shooter",)


@dataclass(frozen=True, slots=True)
class Ability:
    name: str
    cost: int
    personality: bool = False
    printed: str | None = None  # the table's spelling where it differs
    parameter: str | None = None  # what a parameterised rule takes
    unplayable: str | None = None  # why the engine cannot play it (priced all the same)


@dataclass(frozen=True, slots=True)
class RuleRef:
    """One special rule on a profile: 'Lethal (Undead)' -> name 'Lethal', param 'Undead'."""

    name: str
    param: str | None = None

    @property
    def table_name(self) -> str:
        """The key of this rule in the cost table ('Shooter (Long)', 'Lethal')."""
        return f"{self.name} ({self.param})" if self.name in PARAMETER_IN_NAME else self.name

    def __str__(self) -> str:
        return f"{self.name} ({self.param})" if self.param else self.name


@dataclass(frozen=True, slots=True)
class Profile:
    roster: str
    name: str
    points: int  # as printed in the book
    quality: int
    combat: int
    rules: tuple[RuleRef, ...]

    def rule_names(self) -> list[str]:
        return [str(r) for r in self.rules]


@dataclass(frozen=True, slots=True)
class Misprint:
    profile: str
    printed: int
    computed: int
    reason: str


class Catalog:
    def __init__(self, abilities: list[Ability], profiles: list[Profile],
                 misprints: list[Misprint]):
        self.abilities = {a.name: a for a in abilities}
        self.profiles = profiles
        self.misprints = {m.profile: m for m in misprints}
        self._by_folded = {a.name.casefold(): a for a in abilities}
        for a in abilities:  # the table's own spelling is accepted too
            if a.printed:
                self._by_folded[a.printed.casefold()] = a

    def ability(self, table_name: str) -> Ability:
        """The cost-table entry for a rule name, or RulesError listing close matches."""
        found = self._by_folded.get(table_name.casefold())
        if found is None:
            close = difflib.get_close_matches(table_name, list(self.abilities), n=4, cutoff=0.6)
            hint = f" Did you mean: {', '.join(close)}?" if close else ""
            raise RulesError("unknown_rule", f"There is no special rule called "
                             f"{table_name!r}.{hint}", "seed 000, ABILITY (COST)")
        return found

    def rule(self, text: str) -> RuleRef:
        """Read 'Shooter (Long)', 'Lethal vs Undead', 'magic-user' into a checked RuleRef."""
        if ":" in text:  # the cost table's own spelling, "Shooter: Long"
            head, _, tail = text.partition(":")
            text = f"{head.strip()} ({tail.strip()})"
        try:
            name, param = parse_rule(text)
        except ValueError:
            raise RulesError("unknown_rule", f"Cannot read the special rule {text!r}.",
                             "seed 000, ABILITY (COST)") from None
        if param is not None:
            param = param[:1].upper() + param[1:]  # "Lethal vs undead" -> "Undead"
        ref = RuleRef(name, param)
        entry = self.ability(ref.table_name)
        canonical = entry.name.split(" (")[0]
        if entry.parameter is None and param is not None and canonical not in PARAMETER_IN_NAME:
            raise RulesError("unknown_rule", f"{entry.name} takes no parameter "
                             f"(got {text!r}).", "seed 000, ABILITY (COST)")
        return RuleRef(canonical, param)

    def rules(self, text: str) -> tuple[RuleRef, ...]:
        """A comma-separated list of rules: 'Leader, Shooter (Long), Lethal (Undead)'."""
        return tuple(self.rule(part) for part in _split_rules(text) if part.strip())

    def profile(self, name: str) -> Profile:
        """A profile by its full name, or by the name without its equipment
        ("Troll", "Goblin Warrior") when that is unambiguous."""
        wanted = name.casefold().strip()
        for p in self.profiles:
            if p.name.casefold() == wanted:
                return p
        by_base = [p for p in self.profiles if _base(p.name).casefold() == wanted]
        if len(by_base) == 1:
            return by_base[0]
        bases = {_base(p.name): p.name for p in self.profiles}
        close = [bases[b] for b in difflib.get_close_matches(name, list(bases), n=4)]
        hint = f" Did you mean: {'; '.join(close)}?" if close else ""
        raise RulesError("unknown_profile", f"There is no profile called {name!r}.{hint}",
                         "seed 000, ROSTERS")


def _base(profile_name: str) -> str:
    return profile_name.split(" (")[0]


def _split_rules(text: str) -> list[str]:
    """Split on commas that are not inside parentheses."""
    parts, depth, current = [], 0, []
    for ch in text:
        if ch == "," and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        depth += ch == "("
        depth -= ch == ")"
        current.append(ch)
    parts.append("".join(current))
    return [p.strip() for p in parts]


@functools.cache
def load() -> Catalog:
    abilities = [Ability(**row) for row in _read("abilities.toml")["ability"]]
    misprints = [Misprint(**row) for row in _read("misprints.toml")["misprint"]]
    provisional = Catalog(abilities, [], misprints)
    profiles = [Profile(row["roster"], row["name"], row["points"], row["quality"],
                        row["combat"], tuple(provisional.rule(r) for r in row["rules"]))
                for row in _read("profiles.toml")["profile"]]
    return Catalog(abilities, profiles, misprints)


def _read(name: str) -> dict:
    with open(DATA / name, "rb") as f:
        return tomllib.load(f)
