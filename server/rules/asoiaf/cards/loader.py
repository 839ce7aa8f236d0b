"""Loading a card pack: a directory of TOML files, every card checked against the
schema and the effect vocabulary, then every cross-reference checked. A pack
with problems is refused with PackError listing all of them, each naming its
file, card and field in words a pack author reads.

    pack = load_pack("core")            # server/rules/asoiaf/data/packs/core/
    pack.models["Robert Baratheon"].type -> "hero"

A pack directory holds pack.toml ([pack]: name, factions, the packs it builds
on) and any of models.toml, abilities.toml, agendas.toml, motivations.toml,
objectives.toml, equipment.toml, terrains.toml (docs/rules/asoiaf.md, "The card
pack format").
"""

import functools
import tomllib
from pathlib import Path

import msgspec

from server.rules.asoiaf.cards import schema
from server.rules.asoiaf.cards.check import check_struct
from server.rules.asoiaf.cards.crossref import cross_problems
from server.rules.asoiaf.cards.pack import Pack, Problem

PACKS = Path(__file__).parent.parent / "data" / "packs"

# file -> (its table name, the word for one card, the Struct, the field naming it)
KINDS = {
    "models.toml": ("model", "model card", schema.ModelCard, "name"),
    "abilities.toml": ("ability", "ability", schema.Ability, "name"),
    "agendas.toml": ("agenda", "agenda card", schema.Agenda, "name"),
    "motivations.toml": ("motivation", "motivation card", schema.Motivation, "hero"),
    "objectives.toml": ("objective", "objective card", schema.Objective, "name"),
    "equipment.toml": ("equipment", "equipment token", schema.Equipment, "name"),
    "terrains.toml": ("terrain", "terrain", schema.Terrain, "name"),
}


class PackError(Exception):
    """A pack refused: `problems` names every one."""

    def __init__(self, pack: str, problems: list[Problem]):
        self.pack = pack
        self.problems = problems
        lines = "\n".join(f"- {p}" for p in problems)
        super().__init__(f"card pack '{pack}' has {len(problems)} problem"
                         f"{'s' if len(problems) != 1 else ''}:\n{lines}")


@functools.cache
def load_pack(name: str) -> Pack:
    """The pack `name` from the packs directory (cached: packs are data)."""
    return load_pack_dir(PACKS / name)


def load_pack_dir(directory: Path | str) -> Pack:
    """Load and check the pack in `directory`; PackError naming every problem."""
    directory = Path(directory)
    problems: list[Problem] = []
    pack = Pack(name=directory.name, directory=directory)
    # (kind, name) -> the file it came from; None for a card refused already
    origin: dict[tuple[str, str], str | None] = {}
    _read_into(directory, pack, problems, origin, seen=set())
    problems += cross_problems(pack, origin)
    if problems:
        raise PackError(directory.name, problems)
    return pack


def _read_into(directory: Path, pack: Pack, problems: list[Problem],
               origin: dict, seen: set[str]) -> None:
    """Read one pack directory (and first the packs it requires) into `pack`."""
    if directory.name in seen:
        return
    seen.add(directory.name)
    info_file = directory / "pack.toml"
    label = f"{directory.name}/pack.toml"
    data = _read_toml(info_file, label, problems)
    if data is None:
        return
    found = check_struct(data.get("pack"), schema.PackInfo, "pack")
    problems += [Problem(label, "", f"field '{path}' {what}") for path, what in found]
    if found:
        return
    info = msgspec.convert(data["pack"], schema.PackInfo)
    for required in info.requires:
        if not (directory.parent / required).is_dir():
            problems.append(Problem(label, "", f"it requires the pack '{required}', "
                                               f"which is not in {directory.parent}"))
        else:
            _read_into(directory.parent / required, pack, problems, origin, seen)
    for faction in info.factions:
        if faction.name in pack.factions:
            problems.append(Problem(label, "", f"the faction '{faction.name}' is "
                                               "declared twice"))
        pack.factions[faction.name] = faction
    for file, (table, word, struct, key) in KINDS.items():
        path = directory / file
        if path.exists():
            _read_cards(path, f"{directory.name}/{file}", table, word, struct, key,
                        pack, problems, origin)
    for path in sorted(directory.glob("*.toml")):
        if path.name not in KINDS and path.name not in ("pack.toml", "warbands.toml"):
            problems.append(Problem(f"{directory.name}/{path.name}", "",
                                    "is not a pack file; the files are pack.toml, "
                                    + ", ".join(KINDS) + " and warbands.toml"))


def _read_cards(path: Path, label: str, table: str, word: str, struct: type, key: str,
                pack: Pack, problems: list[Problem], origin: dict) -> None:
    data = _read_toml(path, label, problems)
    if data is None:
        return
    for other in data:
        if other != table:
            problems.append(Problem(label, "", f"has a table '{other}'; this file holds "
                                               f"only [[{table}]] tables"))
    rows = data.get(table, [])
    if not isinstance(rows, list):
        problems.append(Problem(label, "", f"'{table}' must be written [[{table}]]"))
        return
    cards = pack.table(table)
    for number, row in enumerate(rows, 1):
        name = row.get(key) if isinstance(row, dict) else None
        card = f"{word} '{name}'" if isinstance(name, str) else f"{word} number {number}"
        found = check_struct(row, struct)
        problems += [Problem(label, card, f"field '{p}' {what}") for p, what in found]
        if found:
            if isinstance(name, str) and (table, name) not in origin:
                origin[table, name] = None  # refused: references to it are not reported
            continue
        loaded = msgspec.convert(row, struct)
        if (table, name) in origin:
            first = origin[table, name] or "a card refused above"
            problems.append(Problem(label, card, f"there is already a {word} called "
                                                 f"'{name}' (in {first})"))
            continue
        for listed in loaded.ours:
            if listed not in {f.name for f in msgspec.structs.fields(struct)}:
                problems.append(Problem(label, card, f"'ours' lists '{listed}', which is "
                                                     "not one of its fields"))
        cards[name] = loaded
        origin[table, name] = label


def _read_toml(path: Path, label: str, problems: list[Problem]) -> dict | None:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        problems.append(Problem(label, "", "is missing"))
    except tomllib.TOMLDecodeError as e:
        problems.append(Problem(label, "", f"is not valid TOML: {e}"))
    return None
