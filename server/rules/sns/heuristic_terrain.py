"""The heuristic player's table-changing spells and Teleport (seed 003, SPELLS),
chosen, as the rest of its play, only from the prompt and the view. Each cast
is scored in "enemies": the player (heuristic_player.py) casts one only when
it scores at least MIN_GAIN and more than its best cast at the enemy.

The lines it weighs: an enemy's line is from an enemy not yet in contact to
the friend nearest it, when that friend is within two of the enemy's moves
(worth 2 when the friend is a ward, a figure it keeps out of hand to hand: a
shooter, a spellcaster or a leader; else 1). A friend's line is from a
shooter to its nearest enemy within long range (its sight) or from a
nonleader to its nearest enemy (its advance).

- Stone Wall ("10" long, 3" high, ½" thick, Permanent"): a wall across the
  line from each enemy to its nearest friend (just in front of the enemy,
  half way; slid along its length) or drawn from the described place; it
  shields a ward an enemy is coming for: scored the wards' lines it crosses
  (2 each) less twice the friends' lines. A wall holds up both sides and
  this player wins by closing in: a first version that also walled off
  enemies coming for its fighters, its own lines counting once, won 179 of
  bench/sns_engine.py's 200 duels where the player without these spells won
  186, and 3 of its 4 games not won in `warband simulate sns --games 60
  --seed 0` had a Stone Wall in them.
- Fire Wall ("fear ability, Units that cross it are attacked immediately"):
  the same places, scored every enemy's line it crosses (the enemy burns
  coming on) less the friends' lines, plus one for each enemy whose rim is
  within 4" of it (the fear: a morale check every turn). The player's own
  figures walk round a fire wall when they can (`crosses_fire`).
- Alter Terrain: a 5" patch of mud (half speed, "-1 Attacker on unstable
  ground", "+1 Defender in HTH on unstable ground") under enemies coming for
  a ward (the friend nearest them, within two of their moves): scored those
  it covers less the friends it covers (mud slows and weakens both sides in
  a melee: under any enemy near its figures it lost 2 of the 17 duels and 1
  of the 60 simulated games it was cast in that the player had won without
  it, and won none it had lost); or
  removing the pieces enemies stand in for cover ("-1 Ranged attack vs unit
  partially under cover"): an enemy shooter in one counts 1, another enemy
  ½, its own figures there as much against. It adds no boulder (a 2" block
  holds no one up).
- Stone to Mud ("Destroys Earth obstacles"): the obstacle across most of its
  friends' lines, less the enemy shooters' sight lines it now blocks.
- Teleport: a leader (2) or another ward (1) in base contact with enemies
  stronger than it is taken out of the fight, to the landing nearest the
  middle of its side that is at least 6" from every enemy; else a shooter
  with no enemy in long range goes to the landing (of the listed and a few
  drawn) with the most enemies in sight (short range 1, long ½) that no enemy
  reaches in one move.

Every place is checked against the prompt's description (terrain_change_fits,
placement_fits) or its listing before it is chosen, so the server never
refuses it."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from server.rules.board.measured import Base, in_contact, inches
from server.rules.board.measured_areas import (
    placement_fits,
    sample_described,
    terrain_change_corners,
    terrain_change_fits,
    terrain_change_removes,
)
from server.rules.board.measured_segments import Polygon
from server.rules.board.measured_terrain import TerrainPiece, line_of_sight
from server.rules.kernel import Command, CommandSpec
from server.rules.sns.profile import profile
from server.rules.sns.terrain_spells import FIRE

MIN_GAIN = 1           # a table-changing cast holds off, hurts or slows one enemy at least
FEAR_REACH = inches(4)  # "Cause Fear: Enemy units within 4" must check morale"
LANDING_CLEAR = inches(6)  # a rescued friend lands this far from every enemy's rim
SAMPLES = 12            # places drawn from a description beside the aimed ones
STONE_BLOCKS = 2       # a friend's line a stone wall blocks, against a ward it shields
MUD_SHIFTS = (-20, 0, 20)  # a mud patch's centre, shifted off an enemy's to spare friends


@dataclass(frozen=True)
class Line:
    start: tuple
    end: tuple
    weight: float


def strength(figure: dict) -> int:
    """Hits left times attacks a turn: what a figure brings to a melee."""
    prof = profile(tuple(figure["kit"]))
    return figure["hits"] * (1 + prof.level("Additional attack") + prof.level("Figure"))


def is_ward(figure: dict) -> bool:
    """A figure the player keeps out of hand to hand: a shooter, a spellcaster
    or a leader."""
    prof = profile(tuple(figure["kit"]))
    return bool(figure.get("ranged")) or "Spellcaster" in figure["kit"] or prof.leader


def _at(figure: dict) -> tuple[int, int]:
    return figure["x"], figure["y"]


def _base(figure: dict) -> Base:
    return Base(figure["x"], figure["y"], figure["radius"])


def _nearest(figure: dict, others: list) -> dict | None:
    return min(others, key=lambda o: math.dist(_at(figure), _at(o)), default=None)


def _within_two_moves(enemy: dict, friend: dict) -> bool:
    """Centre to centre within two of the enemy's moves (and 2" for the two bases)."""
    return math.dist(_at(enemy), _at(friend)) <= 2 * inches(enemy["move_inches"]) + 20


def _in_any_contact(figure: dict, others: list) -> bool:
    return any(in_contact(_base(figure), _base(o)) for o in others)


class Table:
    """The sides and lines the scorers read, worked out once from the view."""

    def __init__(self, seat: str, figures: dict, view: dict) -> None:
        self.seat, self.figures = seat, figures
        standing = [f for f in figures.values() if not f.get("routing")]
        self.friends = [f for f in standing if f["seat"] == seat]
        self.enemies = [f for f in standing if f["seat"] != seat]
        self.terrain = {p["name"]: p for p in view["table"]["terrain"]}
        self.pieces = [TerrainPiece.from_data(p) for p in view["table"]["terrain"]]
        self.enemy_lines = [line for e in self.enemies
                            if (line := self._threat(e, self.friends)) is not None]
        self.friend_lines = [line for f in self.friends
                             if (line := self._aim(f, self.enemies)) is not None]
        self.enemy_sight = [line for e in self.enemies if e.get("ranged")
                            and (line := self._aim(e, self.friends)) is not None]

    @staticmethod
    def _threat(enemy: dict, friends: list) -> Line | None:
        friend = _nearest(enemy, friends)
        if friend is None or _in_any_contact(enemy, friends):
            return None
        if not _within_two_moves(enemy, friend):
            return None
        return Line(_at(enemy), _at(friend), 2 if is_ward(friend) else 1)

    @staticmethod
    def _aim(figure: dict, foes: list) -> Line | None:
        foe = _nearest(figure, foes)
        if foe is None or _in_any_contact(figure, foes):
            return None
        if figure.get("ranged"):
            if math.dist(_at(figure), _at(foe)) > 2 * inches(figure["ranged"]["range"]) + 20:
                return None
        elif profile(tuple(figure["kit"])).leader:
            return None  # (a leader keeps behind its troops)
        return Line(_at(figure), _at(foe), 1)

    def coming_for_a_ward(self, enemy: dict) -> bool:
        """The friend nearest the enemy is a ward within two of its moves."""
        friend = _nearest(enemy, self.friends)
        return friend is not None and is_ward(friend) and _within_two_moves(enemy, friend)


def _crossed(polygon: Polygon, lines: list[Line]) -> float:
    return sum(line.weight for line in lines if polygon.crossed_by(line.start, line.end))


def _inside(polygon: Polygon, figure: dict) -> bool:
    return polygon.locate(_at(figure)) != "outside"


def _bearing(a, b) -> int:
    """Compass bearing from a to b: 0 north (-y), clockwise."""
    return round(math.degrees(math.atan2(b[0] - a[0], a[1] - b[1]))) % 360


def _fits(values, value) -> bool:
    described = dict(values.describe()) if hasattr(values, "describe") else {}
    if described.get("shape") == "terrain_change":
        return terrain_change_fits(described, value)
    if described.get("shape") == "placement":
        return placement_fits(described, value)
    return value in list(values)


def _drawn(values, rng: random.Random) -> list:
    """The listed sample and a few values drawn from the description."""
    drawn = [sample_described(values, rng) for _ in range(SAMPLES)] \
        if hasattr(values, "describe") else []
    return list(values) + drawn


def table_cast(spec: CommandSpec, table: Table,
               rng: random.Random) -> tuple[float, Command] | None:
    """The best cast of a table-changing spell or Teleport the spec offers,
    with its score; None when it helps too little."""
    params, args = spec.params, dict(spec.args)
    if "place" in params and hasattr(params["place"], "describe"):
        # (a piece's size, what a remove clears: read from the description)
        description = dict(params["place"].describe())
        scored = _walls(params["place"], description, table, args["spell"], rng) \
            if "wall" in description["kinds"] else \
            _alterations(params["place"], description, table, rng)
        name = "place"
    elif "piece" in params:
        scored = [(_unearth_score(table, piece), piece) for piece in params["piece"]
                  if piece in table.terrain]
        name = "piece"
    elif "to" in params and "target" in args:
        friend = table.figures[args["target"]]
        scored = _rescue(params["to"], table, friend, rng) or \
            _better_spot(params["to"], table, friend, rng)
        name = "to"
    else:
        return None
    if not scored:
        return None
    score, value = max(scored, key=lambda s: s[0])
    if score < MIN_GAIN:
        return None
    return score, Command(table.seat, "cast", {**args, name: value})


# -- Stone Wall, Fire Wall ---------------------------------------------------------


def _aimed_walls(table: Table, thickness: int) -> list[list]:
    """Walls across each enemy's line to its nearest friend: just in front of
    the enemy and half way, and slid along their length to miss bases."""
    found = []
    for enemy in table.enemies:
        friend = _nearest(enemy, table.friends)
        if friend is None:
            continue
        gap = math.dist(_at(enemy), _at(friend))
        bearing = _bearing(_at(enemy), _at(friend))
        ux, uy = (friend["x"] - enemy["x"]) / (gap or 1), (friend["y"] - enemy["y"]) / (gap or 1)
        for ahead in {enemy["radius"] + 15, enemy["radius"] + 30, gap / 2}:
            if ahead >= gap - friend["radius"] - thickness:
                continue
            for slide in (0, -30, 30):  # along the wall's length (the bearing + 90)
                x = enemy["x"] + ux * ahead - uy * slide
                y = enemy["y"] + uy * ahead + ux * slide
                found.append(["wall", round(x), round(y), (bearing + 90) % 360])
    return found


def _wall_score(table: Table, description: dict, value: list, burns: bool) -> float:
    polygon = Polygon(terrain_change_corners(description, value))
    if not burns:  # (it holds up both sides, and this player wins by closing in)
        wards = [line for line in table.enemy_lines if line.weight > 1]
        return _crossed(polygon, wards) - STONE_BLOCKS * _crossed(polygon, table.friend_lines)
    score = _crossed(polygon, table.enemy_lines) - _crossed(polygon, table.friend_lines)
    # the fear: every enemy whose rim comes within 4" of the wall
    return score + sum(1 for e in table.enemies
                       if polygon.near_segment(_at(e), _at(e), e["radius"] + FEAR_REACH))


def _walls(values, description: dict, table: Table, spell: str, rng: random.Random) -> list:
    burns = spell == "Fire Wall"
    candidates = _aimed_walls(table, description["wall"]["thickness"]) + _drawn(values, rng)
    return [(_wall_score(table, description, v, burns), v) for v in candidates
            if _fits(values, v)]


# -- Alter Terrain, Stone to Mud ---------------------------------------------------


def _cover_weight(figure: dict) -> float:
    return 1 if figure.get("ranged") else 0.5


def _mud_score(table: Table, description: dict, value: list) -> float:
    polygon = Polygon(terrain_change_corners(description, value))
    return (sum(1 for e in table.enemies if table.coming_for_a_ward(e) and _inside(polygon, e))
            - sum(1 for f in table.friends if _inside(polygon, f)))


def _remove_score(table: Table, description: dict, value: list) -> float:
    pieces = {p["name"]: p for p in description["remove"]["terrain"]}
    score = 0.0
    for name in terrain_change_removes(description, value):
        polygon = TerrainPiece.from_data(pieces[name]).polygon
        score += sum(_cover_weight(e) for e in table.enemies if _inside(polygon, e))
        score -= sum(_cover_weight(f) for f in table.friends if _inside(polygon, f))
    return score


def _alterations(values, description: dict, table: Table, rng: random.Random) -> list:
    aimed = [[kind, e["x"] + dx, e["y"] + dy] for e in table.enemies
             for kind, shifts in (("mud", MUD_SHIFTS), ("remove", (0,)))
             for dx in shifts for dy in shifts]
    scored = []
    for value in aimed + _drawn(values, rng):
        if value[0] == "boulder" or not _fits(values, value):
            continue
        if value[0] == "mud":
            scored.append((_mud_score(table, description, value), value))
        else:
            scored.append((_remove_score(table, description, value), value))
    return scored


def _unearth_score(table: Table, name: str) -> float:
    polygon = TerrainPiece.from_data(table.terrain[name]).polygon
    return _crossed(polygon, table.friend_lines) - _crossed(polygon, table.enemy_sight)


# -- Teleport ----------------------------------------------------------------------


def _rescue(values, table: Table, friend: dict, rng: random.Random) -> list:
    """A ward losing a melee, to the landing nearest the middle of its side."""
    touching = [e for e in table.enemies if in_contact(_base(friend), _base(e))]
    if not touching or not is_ward(friend) or strength(friend) >= sum(map(strength, touching)):
        return []
    gain = 2 if profile(tuple(friend["kit"])).leader else 1
    others = [f for f in table.friends if f["uid"] != friend["uid"]] or [friend]
    middle = (sum(f["x"] for f in others) / len(others), sum(f["y"] for f in others) / len(others))
    clear = [p for p in _drawn(values, rng) if _fits(values, p) and all(
        math.dist(p, _at(e)) >= friend["radius"] + e["radius"] + LANDING_CLEAR
        for e in table.enemies)]
    if not clear:
        return []
    return [(gain, min(clear, key=lambda p: math.dist(p, middle)))]


def _sights(table: Table, shooter: dict, at) -> float:
    """What a shooter standing at `at` has to shoot: each enemy in sight at
    short range 1, at long range ½."""
    reach = inches(shooter["ranged"]["range"])
    here = Base(round(at[0]), round(at[1]), shooter["radius"])
    others = [_base(f) for f in table.figures.values() if f["uid"] != shooter["uid"]]
    score = 0.0
    for enemy in table.enemies:
        gap = math.dist(at, _at(enemy)) - shooter["radius"] - enemy["radius"]
        if gap <= 2 * reach and line_of_sight(here, _base(enemy), others, table.pieces):
            score += 1 if gap <= reach else 0.5
    return score


def _better_spot(values, table: Table, shooter: dict, rng: random.Random) -> list:
    """A shooter with nothing in long range, to the landing with the most
    enemies in sight and range that no enemy reaches in one move."""
    if not shooter.get("ranged") or _sights(table, shooter, _at(shooter)) > 0 \
            or _in_any_contact(shooter, table.enemies):
        return []
    safe = [p for p in _drawn(values, rng) if _fits(values, p) and all(
        math.dist(p, _at(e)) >= shooter["radius"] + e["radius"] + inches(e["move_inches"]) + 10
        for e in table.enemies)]
    return [(_sights(table, shooter, p), p) for p in safe]


def crosses_fire(start, end, view: dict) -> bool:
    """A straight move from start to end goes through a fire wall ("Units that
    cross it are attacked immediately"), as fire.py judges it."""
    return any(TerrainPiece.from_data(p).polygon.near_segment(tuple(start), tuple(end), 0)
               for p in view["table"]["terrain"] if p["name"].startswith(FIRE))

