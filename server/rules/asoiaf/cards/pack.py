"""A loaded card pack (`Pack`: its cards indexed by name) and a problem found in
one (`Problem`: its file, its card, what is wrong). Both are read by the loader
(loader.py) and by the checks across cards (crossref.py), which the loader runs:
they live below both."""

from dataclasses import dataclass, field
from pathlib import Path

from server.rules.asoiaf.cards import schema


@dataclass(frozen=True)
class Problem:
    file: str
    card: str  # "model card 'Robert Baratheon'", or "" for the file itself
    message: str

    def __str__(self) -> str:
        where = f"{self.card}: " if self.card else ""
        return f"{self.file}: {where}{self.message}"


@dataclass
class Pack:
    """A loaded pack (with the packs it builds on), cards indexed by name."""

    name: str
    factions: dict[str, schema.Faction] = field(default_factory=dict)
    models: dict[str, schema.ModelCard] = field(default_factory=dict)
    abilities: dict[str, schema.Ability] = field(default_factory=dict)
    agendas: dict[str, schema.Agenda] = field(default_factory=dict)
    motivations: dict[str, schema.Motivation] = field(default_factory=dict)
    objectives: dict[str, schema.Objective] = field(default_factory=dict)
    equipment: dict[str, schema.Equipment] = field(default_factory=dict)
    terrains: dict[str, schema.Terrain] = field(default_factory=dict)
    directory: Path | None = None

    def table(self, kind: str) -> dict:
        return getattr(self, {"model": "models", "ability": "abilities",
                              "agenda": "agendas", "motivation": "motivations",
                              "objective": "objectives", "equipment": "equipment",
                              "terrain": "terrains"}[kind])
