"""Where a table-changing spell goes (seed 003, SPELLS: Stone Wall, Fire Wall,
Alter Terrain): the `place` parameter of its cast. The server judges a value by
laying the piece (terrain_spells.py); the prompt describes the set
("terrain_change", board/measured_areas.py) so that a client draws it and a
bot samples it, and lists a small sample."""

from __future__ import annotations

from server.rules.board.measured import inches, point_within_reach
from server.rules.board.measured_areas import terrain_change_well_formed
from server.rules.board.measured_directions import SCALE, bearing_vector
from server.rules.kernel import Deferred, RulesError
from server.rules.sns import movement, terrain_spells
from server.rules.sns.spells import Spell
from server.rules.sns.state import Figure, State


def table_change(state: State, spell: Spell, args) -> dict:
    if spell.effect == "stone_to_mud":
        return {"removed": [args["piece"]]}
    kind, x, y, *rest = args["place"]
    if spell.effect == "stone_wall":
        return terrain_spells.stone_wall(state, (x, y), rest[0])
    if spell.effect == "fire_wall":
        return terrain_spells.fire_wall(state, (x, y), rest[0])
    return terrain_spells.alter(state, (x, y), kind, spell.radius)


class Placements(Deferred):
    """Where a table-changing spell goes, one value: Stone Wall ["wall", x, y,
    facing] (centre and the bearing of its length), Alter Terrain ["remove" |
    "boulder" | "mud", x, y]; any point within range of the caster's rim, a
    solid piece clear of every base. Described as a "terrain_change"; listed:
    the compass facings and the three changes at the points 4" and 8" ahead of
    the caster on the compass."""

    def __init__(self, state: State, caster: Figure, spell: Spell) -> None:
        self.state, self.caster, self.spell = state, caster, spell
        super().__init__(self._listing)

    def _kinds(self) -> tuple[str, ...]:
        return ("wall",) if self.spell.effect in ("stone_wall", "fire_wall") \
            else ("remove", "boulder", "mud")

    def _listing(self) -> list:
        found = []
        for bearing in movement.COMPASS:
            vx, vy = bearing_vector(bearing)
            for distance in (inches(4), inches(8)):
                x = self.caster.x + vx * (distance + self.caster.radius) // SCALE
                y = self.caster.y + vy * (distance + self.caster.radius) // SCALE
                for kind in self._kinds():
                    value = [kind, x, y, (bearing + 90) % 360] if kind == "wall" else [kind, x, y]
                    if value in self:
                        found.append(value)
        return found

    def __contains__(self, value) -> bool:
        if not terrain_change_well_formed({"kinds": self._kinds()}, value):
            return False
        point = value[1:3]
        if not (0 <= point[0] <= self.state.layout.width
                and 0 <= point[1] <= self.state.layout.height
                and point_within_reach(self.caster.base, point, inches(self.spell.range))):
            return False
        try:
            table_change(self.state, self.spell, {"place": value})
        except RulesError:
            return False
        return True

    def describe(self) -> dict:
        """Everything a client needs to judge a value as `in` does: the point's
        reach, each kind's size, the bases a wall or boulder must stand clear of
        (with their figures, to name them) and, to remove, the terrain."""
        state, caster = self.state, self.caster
        kinds = self._kinds()
        described = {"shape": "terrain_change", "kinds": list(kinds),
                     "from": [caster.x, caster.y], "radius": caster.radius,
                     "reach": inches(self.spell.range),
                     "table": [state.layout.width, state.layout.height],
                     "clear": [k for k in kinds if k in terrain_spells.CLEAR],
                     "bases": [{"figure": f.uid, "name": f.name, "at": [f.x, f.y],
                                "radius": f.radius} for f in state.figures if f.on_table]}
        if "wall" in kinds:
            described["wall"] = {"length": terrain_spells.WALL_LENGTH,
                                 "thickness": terrain_spells.WALL_THICKNESS}
        else:
            described.update(
                boulder={"side": terrain_spells.BOULDER}, mud={"side": terrain_spells.MUD},
                remove={"radius": inches(self.spell.radius),
                        "terrain": [p.describe() for p in state.layout.terrain]})
        return described
