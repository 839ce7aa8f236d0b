"""Scenarios (seed 004, SCENARIOS AND BATTLEFIELD SETUP, PLAYING THE GAME).

"The scenario tells you how many coins you have to assemble your warband ...
place the tiles and all the elements (doors, objectives, plunder tokens, etc.)
required on said tiles by simply following the scenario's map." The book's maps
were pictures the scan lost: the layouts in `data/scenarios/*.toml` are our
design, following the passages quoted in docs/rules/asoiaf.md ("The battlefield
and scenarios"). `load_scenario` refuses a malformed file naming every problem.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType

from server.rules.asoiaf.battlefield import (
    DEPLOYMENT_COLOURS,
    PLUNDER_KINDS,
    Battlefield,
)
from server.rules.asoiaf.tiles import DATA, TILE, Layout, Tile, load_tiles
from server.rules.board.square import Square, SquareBoard, SquareKind

SCENARIOS = DATA / "scenarios"
# seed 004, ASSEMBLING YOUR WARBAND: "There are 3 sizes of warbands" (gold, silver, copper).
SIZES = {(2, 4, 12): "small", (3, 6, 18): "standard", (4, 8, 24): "large"}
# seed 004, THE BATTLEFIELD: "it's always in the following fashion: OPEN-, OPEN-X, ..."
KIND_NAMES = {SquareKind.OPEN: "OPEN-dot", SquareKind.OPEN_X: "OPEN-X",
              SquareKind.BLOCKED: "BLOCKED-dot", SquareKind.BLOCKED_X: "BLOCKED-X"}


@dataclass(frozen=True)
class Victory:
    """The victory points the book gives, which a scenario may change ("Extra VP
    can sometimes be earned thanks to scenario special rules ... Victory
    conditions vary for each scenario"). Defaults are seed 004's:
    THE END PHASE: "Each model that controls an objective scores 1 VP ... The
    player holding the most copper scores 1 VP"; CAPTURED CHAMPIONS AND HEROES:
    "the player with the most captured enemy models scores 1 VP"; PLAYING THE
    GAME: "scores 2 VP per round remaining including the current one" (the other
    side lost all its models) and "Their opponent scores 3 VP for each round
    remaining" (a concession)."""
    objective: int = 1
    most_copper: int = 1
    most_captives: int = 1
    wipe_out_per_round: int = 2
    concession_per_round: int = 3


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    coins: tuple  # (gold, silver, copper) per player
    rounds: int
    battlefield: Battlefield
    tiles: tuple  # rows of tile names, as laid out
    follows: tuple  # the passages the design follows (asoiaf.md quotes them)
    victory: Victory = Victory()

    @property
    def size(self) -> str:
        return SIZES[self.coins]


def largest_warband(coins: tuple) -> tuple[int, int]:
    """(large models, infantry models) of the biggest warband the coins allow:
    "your warband can never contain more models than the amount of copper you
    possess", and every hero costs gold and every champion silver, so at most
    gold + silver mounted characters on 2x2 (our bound, asoiaf.md)."""
    gold, silver, copper = coins
    large = min(gold + silver, copper)
    return large, copper - large


def deployment_fits(board: SquareBoard, zone: frozenset, large: int, infantry: int) -> bool:
    """Can `large` 2x2 models and `infantry` single models all stand in `zone`?
    Greedy, row by row: large models first, then the squares left. Greedy may
    miss a packing that exists, so a zone it accepts surely holds the warband."""
    taken: set = set()
    placed = 0
    for y in range(board.height):
        for x in range(board.width):
            if placed == large:
                break
            anchor = Square(x, y)
            cells = {anchor, Square(x + 1, y), Square(x, y + 1), Square(x + 1, y + 1)}
            if cells <= zone and board.can_place_large(anchor, taken):
                taken |= cells
                placed += 1
    free = [sq for sq in zone if board.standable(sq) and sq not in taken]
    return placed == large and len(free) >= infantry


def load_scenario(path: Path, tiles: dict[str, Tile] | None = None) -> Scenario:
    with open(path, "rb") as f:
        raw = tomllib.load(f)
    return build_scenario(raw, tiles if tiles is not None else load_tiles(), path.name)


def load_scenarios(folder: Path = SCENARIOS) -> dict[str, Scenario]:
    tiles = load_tiles()
    out: dict[str, Scenario] = {}
    for path in sorted(folder.glob("*.toml")):
        scenario = load_scenario(path, tiles)
        if scenario.id in out:
            raise ValueError(f"scenario {path.name}: the id {scenario.id!r} is already "
                             "another scenario's")
        out[scenario.id] = scenario
    return out


@cache
def packaged_scenarios() -> MappingProxyType:
    """The scenarios shipped in data/scenarios, read once (they are data, as a
    card pack is): a new match's opening state, and so every replay, needs one,
    and reading and checking every file took most of an opening state's time."""
    return MappingProxyType(load_scenarios())


SCENARIO_KEYS = ("id", "name", "coins", "rounds", "follows", "tiles", "walls", "openings",
                 "terrain", "objectives", "plunder", "deployment", "victory")


def build_scenario(raw: dict, tiles: dict[str, Tile], where: str = "scenario") -> Scenario:
    problems: list[str] = []
    Layout(0, 0, where, problems).table(raw, SCENARIO_KEYS, "the scenario")
    coins = tuple(raw.get("coins", ()))
    if coins not in SIZES:
        problems.append(f"{where}: coins {list(coins)} is none of the book's warband sizes "
                        f"{', '.join(str(list(s)) for s in SIZES)}")
    rounds = raw.get("rounds")
    if not isinstance(rounds, int) or rounds < 1:
        problems.append(f"{where}: rounds {rounds!r} is not a number of rounds (1 or more)")
    for key in ("id", "name"):
        if not isinstance(raw.get(key), str) or not raw.get(key):
            problems.append(f"{where}: the scenario needs a {key}")
    rows = raw.get("tiles", [])
    grid = [list(row) for row in rows if isinstance(row, list)]
    if (not grid or len(grid) != len(rows) or not grid[0]
            or any(len(row) != len(grid[0]) for row in grid)):
        problems.append(f"{where}: tiles must be rows of tile names, all rows as long")
        raise ValueError(_report(where, problems))
    layout = Layout(TILE * len(grid[0]), TILE * len(grid), where, problems)
    for ty, row in enumerate(grid):
        for tx, name in enumerate(row):
            if name not in tiles:
                layout.complain(f"unknown tile {name!r} (tiles are {', '.join(sorted(tiles))})")
                continue
            layout.add_tile(tiles[name], TILE * tx, TILE * ty)
    layout.add_features({"walls": raw.get("walls", ()), "openings": raw.get("openings", ()),
                         "zones": raw.get("terrain", ())})
    layout.check_features()
    board = SquareBoard(layout.width, layout.height, dict(layout.kinds),
                        frozenset(layout.walls | {o.side for o in layout.openings
                                                  if o.blocks_movement}))
    deployment = _deployment(raw, layout, board, coins)
    objectives, plunder = _tokens(raw, layout, board)
    victory = _victory(raw.get("victory", {}), layout)
    if problems:
        raise ValueError(_report(where, problems))
    battlefield = Battlefield(layout.width, layout.height, dict(layout.kinds),
                              frozenset(layout.walls), tuple(layout.openings),
                              tuple(layout.zones), deployment, objectives, plunder)
    return Scenario(raw["id"], raw["name"], coins, rounds, battlefield,
                    tuple(tuple(r) for r in grid), tuple(raw.get("follows", ())), victory)


def _victory(raw: dict, layout: Layout) -> Victory:
    known = Victory.__dataclass_fields__
    values = {}
    if not isinstance(raw, dict):
        layout.complain(f"victory {raw!r} is not a table of VP values")
        return Victory()
    for key, value in raw.items():
        if key not in known:
            layout.complain(f"victory has no {key!r} (it has {', '.join(known)})")
        elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
            layout.complain(f"victory {key} = {value!r} is not a number of VP (0 or more)")
        else:
            values[key] = value
    return Victory(**values)


def _deployment(raw: dict, layout: Layout, board: SquareBoard, coins: tuple) -> dict:
    areas: dict = {colour: [] for colour in DEPLOYMENT_COLOURS}
    for spec in raw.get("deployment", ()):
        if not layout.table(spec, ("colour", "rect", "squares"), "a deployment zone"):
            continue
        colour = spec.get("colour")
        if colour not in DEPLOYMENT_COLOURS:
            layout.complain(f"deployment colour {colour!r} is neither gold nor silver")
            continue
        area = layout.area(spec, f"{colour} deployment zone")
        for sq in sorted(area):
            if not board.standable(sq):
                layout.complain(f"{colour} deployment zone includes {tuple(sq)}, "
                                f"a {KIND_NAMES[layout.kinds[sq]]} square no model can stand on")
        areas[colour].append(area)
    zones = {c: frozenset().union(*a) for c, a in areas.items()}
    for colour in DEPLOYMENT_COLOURS:
        if not areas[colour]:
            layout.complain(f"there is no {colour} deployment zone (the book outlines "
                            "one in gold and one in silver)")
    overlap = zones["gold"] & zones["silver"]
    if overlap:
        layout.complain(f"the gold and silver deployment zones overlap at "
                        f"{sorted(tuple(s) for s in overlap)}")
    if coins in SIZES:
        large, infantry = largest_warband(coins)
        for colour in DEPLOYMENT_COLOURS:
            if areas[colour] and not deployment_fits(board, zones[colour], large, infantry):
                layout.complain(f"the {colour} deployment zone cannot hold the largest "
                                f"{SIZES[coins]} warband: {large} large models on 2x2 and "
                                f"{infantry} infantry")
    return {c: tuple(a) for c, a in areas.items()}


def _tokens(raw: dict, layout: Layout, board: SquareBoard):
    used: dict = {}
    objectives = []
    for spec in raw.get("objectives", ()):
        sq = layout.square(spec, "objective")
        if sq is None:
            continue
        # seed 004, OBJECTIVES TOKENS: "All are OPEN-dot"
        if board.kind(sq) is not SquareKind.OPEN:
            layout.complain(f"objective at {tuple(sq)} is on a {KIND_NAMES[board.kind(sq)]} "
                            "square (objectives are on OPEN-dot squares)")
        _claim(layout, used, sq, "objective")
        objectives.append(sq)
    plunder = {}
    for spec in raw.get("plunder", ()):
        if not layout.table(spec, ("at", "kind"), "a plunder token"):
            continue
        sq = layout.square(spec.get("at"), "plunder token")
        kind = spec.get("kind")
        if kind not in PLUNDER_KINDS:
            layout.complain(f"plunder kind {kind!r} is not one of {', '.join(PLUNDER_KINDS)}")
        if sq is None:
            continue
        if not board.standable(sq):
            layout.complain(f"plunder token at {tuple(sq)} is on a square no model can "
                            "stand on, so none could ever interact with it")
        _claim(layout, used, sq, "plunder token")
        plunder[sq] = kind
    return tuple(objectives), plunder


def _claim(layout: Layout, used: dict, sq: Square, what: str) -> None:
    if sq in used:
        article = "an" if used[sq][0] in "aeiou" else "a"
        layout.complain(f"{what} at {tuple(sq)} shares its square with {article} {used[sq]}")
    used.setdefault(sq, what)


def _report(where: str, problems: list[str]) -> str:
    return f"scenario {where} is malformed:\n- " + "\n- ".join(problems)
