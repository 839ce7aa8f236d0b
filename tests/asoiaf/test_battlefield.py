"""The ASOIAF battlefield: tiles, doors and windows, terrain zones, deployment
zones and tokens (seed 004, THE BATTLEFIELD, TERRAIN, DOORS AND WINDOWS,
TERRAIN ZONES, WALLS)."""

from __future__ import annotations

import pytest

from server.rules.asoiaf.battlefield import TERRAINS, Battlefield, Opening, TerrainZone
from server.rules.asoiaf.render import render
from server.rules.asoiaf.tiles import Layout, load_tiles
from server.rules.board.square import TILE, Square, SquareKind, wall_key

S = Square


def cabin_field() -> Battlefield:
    """The cabin tile alone: a 4x3 room (x 1-4, y 3-5), closed door south of (2, 5),
    intact window east of (4, 4)."""
    problems: list[str] = []
    layout = Layout(TILE, TILE, "test", problems)
    layout.add_tile(load_tiles()["cabin"], 0, 0)
    layout.check_features()
    assert problems == []
    return Battlefield(TILE, TILE, layout.kinds, frozenset(layout.walls),
                       tuple(layout.openings), tuple(layout.zones))


def test_tiles_are_seven_by_seven_and_every_shipped_tile_loads():
    """Seed 004, THE BATTLEFIELD: "tiles, split into 49 squares, in a 7 by 7 grid";
    TILE: "A single 7x7 square tile"."""
    tiles = load_tiles()
    assert len(tiles) == 6  # "6 modular, double-sided, unique cardboard tiles": one face each
    assert all(len(t.rows) == 7 and all(len(r) == 7 for r in t.rows) for t in tiles.values())


def test_a_malformed_tile_file_names_every_problem(tmp_path):
    """Seed 004, THE BATTLEFIELD: 7 by 7 squares of four kinds; walls lie between squares."""
    bad = tmp_path / "tiles.toml"
    bad.write_text('[tiles.broken]\nrows = [".......", "..z...."]\n'
                   'walls = [[6, 0, "E"]]\nzones = [{ terrain = "lava", squares = [[1, 1]] }]\n'
                   '[tiles.typo]\nrows = ["......."]\nwals = []\n')
    with pytest.raises(ValueError) as err:
        load_tiles(bad)
    text = str(err.value)
    assert "tile broken: a tile is 7 rows of 7 squares" in text
    assert "unknown square codes ['z']" in text
    assert "is off the grid" in text
    assert "terrain 'lava' is not one of the book's" in text
    assert "tile typo: the tile has an unknown key 'wals'" in text


def test_a_closed_door_is_a_wall_until_opened():
    """Seed 004, TERRAINS, WOODEN DOOR: "OPEN 1: Flip this token" and OPEN DOOR: "CLOSE
    1: Flip this token"; DOORS AND WINDOWS: "they are placed over walls"."""
    field = cabin_field()
    door = field.opening_at(S(2, 5), S(2, 6))
    assert (door.kind, door.state) == ("door", "closed")
    inside, outside = S(2, 5), S(2, 6)
    assert not field.movement.step_allowed(inside, outside)
    assert not field.line_of_sight(inside, outside)
    opened = field.with_opening_state(door, "open")
    assert opened.movement.step_allowed(inside, outside)
    assert opened.line_of_sight(inside, outside)
    assert opened.with_opening_state(opened.opening_at(inside, outside), "closed") == field


def test_a_barred_door_broken_lets_models_through():
    """Seed 004, TERRAIN: "A model is in a square with a straddling barred door. They
    can choose to spend 2 AP to destroy the barred door. They can then flip the barred
    door terrain to a broken door and move 1 square"."""
    barred = Opening(wall_key(S(0, 0), S(1, 0)), "door", "barred")
    field = Battlefield(2, 1, walls=frozenset(), openings=(barred,))
    assert not field.movement.step_allowed(S(0, 0), S(1, 0))
    broken = field.with_opening_state(barred, "broken")
    assert broken.movement.step_allowed(S(0, 0), S(1, 0))
    with pytest.raises(ValueError, match="a door is one of open, closed, barred, broken"):
        field.with_opening_state(barred, "ajar")


def test_a_window_lets_sight_through_but_not_models_nor_contact():
    """Seed 004, DOORS AND WINDOWS (placed over walls) and WALLS: "They block movement,
    line of sight, being engaged, being in contact". Our reading: an intact window
    opens its piece of wall to sight only."""
    field = cabin_field()
    inside, outside = S(4, 4), S(5, 4)
    assert field.line_of_sight(inside, outside)
    assert field.line_of_sight(S(2, 4), S(6, 4))  # shooting out through it
    assert not field.movement.step_allowed(inside, outside)
    assert not field.in_contact([inside], [outside])
    assert not field.engaged([inside], [[outside]])
    window = field.opening_at(inside, outside)
    broken = field.with_opening_state(window, "broken")
    assert broken.movement.step_allowed(inside, outside)
    assert broken.engaged([inside], [[outside]])


def test_doors_are_interacted_with_from_the_adjacent_squares():
    """Seed 004, DOORS AND WINDOWS: "They can be interacted with from any of the
    adjacent squares ... This door can be opened by models in any of these squares"."""
    field = cabin_field()
    door = field.opening_at(S(2, 5), S(2, 6))
    assert field.interact_squares(door) == {S(1, 5), S(2, 5), S(3, 5),
                                            S(1, 6), S(2, 6), S(3, 6)}
    assert field.openings_within_reach([S(3, 6)]) == [door]
    assert field.openings_within_reach([S(0, 0)]) == []


def test_walls_of_the_cabin_block_sight_and_moves():
    """Seed 004, WALLS: "Walls are special terrain features that are BLOCKED-X, but
    don't occupy a whole square. They block movement, line of sight"."""
    field = cabin_field()
    assert not field.line_of_sight(S(1, 4), S(0, 4))
    assert not field.movement.step_allowed(S(1, 3), S(1, 2))
    assert field.kind(S(1, 4)) is SquareKind.OPEN  # the room's squares stay OPEN


def test_terrain_zones_cover_their_squares():
    """Seed 004, TERRAIN ZONES: "All squares within the zone, or all identical squares
    on the tile, share the same terrain zone rules ... This tile includes a large river
    that counts as a terrain zone"."""
    river = load_tiles()["river"]
    problems: list[str] = []
    layout = Layout(TILE, TILE, "test", problems)
    layout.add_tile(river, 0, 0)
    field = Battlefield(TILE, TILE, layout.kinds, zones=tuple(layout.zones))
    assert {sq for sq in field.zones[0].squares} == {S(x, 3) for x in range(7)}
    assert field.zone_at(S(4, 3)).terrain == "river"
    assert field.zone_at(S(4, 2)) is None
    assert field.terrain_of_step(S(4, 2), S(4, 3)) == ["river"]


def test_a_terrain_piece_sets_its_squares_kind_and_goes_on_open_squares_only():
    """Seed 004, THE BATTLEFIELD: "This 2x2 square large tree ... makes the area
    BLOCKED-X" and "you can't place or move any terrain on top of a square that isn't
    OPEN"; "Two terrain elements don't interact with each other"."""
    problems: list[str] = []
    layout = Layout(7, 7, "map", problems)
    layout.add_tile(load_tiles()["forest_edge"], 0, 0)
    layout.add_features({"zones": [{"terrain": "large_tree", "rect": [0, 0, 2, 2]},
                                   {"terrain": "bush", "squares": [[1, 1]]},
                                   {"terrain": "bonfire", "squares": [[4, 3]]}]})
    layout.check_features()
    assert layout.kinds[S(0, 1)] is SquareKind.BLOCKED_X
    assert any("bonfire is placed on (4, 3), which is not OPEN" in p for p in problems)
    assert any("large_tree and bush overlap at (1, 1)" in p for p in problems)


def test_every_terrain_of_the_book_is_known_with_its_mark():
    """Seed 004, TERRAINS and TERRAIN: "A model that enters a square marked must
    interact with the terrain. A model that enters a square marked may choose to"."""
    for name in ("high_ground", "big_corpse_pile", "dead_leaves", "ditch_with_stakes"):
        assert name in TERRAINS
    assert TERRAINS["dead_leaves"].mark == "must"
    assert TERRAINS["big_corpse_pile"].mark == "may"
    assert TERRAINS["big_corpse_pile"].kind is SquareKind.BLOCKED  # "all Blocked squares"
    assert TerrainZone("river", frozenset()).rules.kind is SquareKind.OPEN


def test_a_door_must_stand_in_a_wall():
    """Seed 004, DOORS AND WINDOWS: "they are placed over walls"."""
    problems: list[str] = []
    layout = Layout(4, 4, "map", problems)
    layout.add_features({"openings": [{"side": [1, 1, "E"], "kind": "door", "state": "open"},
                                      {"side": [0, 0, "E"], "kind": "gate", "state": "open"}]})
    layout.check_features()
    assert any("stands in no wall" in p for p in problems)
    assert any("opening kind 'gate'" in p for p in problems)


def test_render_draws_squares_walls_doors_and_windows():
    """Seed 004, THE BATTLEFIELD (square kinds) and WALLS ("clearly marked by dashed
    lines"), drawn as text for tests and the terminal client."""
    field = cabin_field()
    lines = render(field, models={S(2, 4): "R"})
    assert len(lines) == 2 * 7 + 1 and all(len(line) == 2 * 7 + 1 for line in lines)
    assert lines[0] == "+-+-+-+-+-+-+-+"
    assert lines[6] == "+ +-+-+-+-+   +"
    assert lines[9] == "|.|. R . .W. .|"
    assert lines[12] == "+ +-+D+-+-+   +"


def test_charging_a_door_needs_sight_of_it():
    """Seed 004, CHARGE TERRAIN ACTION: "Some terrain, like doors or windows, can be
    destroyed ... To declare a charge terrain, a model must be unengaged and have LoS
    to its target terrain"."""
    field = cabin_field()
    door = field.opening_at(S(2, 5), S(2, 6))
    assert field.sees_opening([S(2, 3)], door)  # from inside the cabin
    assert field.sees_opening([S(4, 6)], door)
    assert not field.sees_opening([S(2, 0)], door)  # the cabin's north wall is between
    assert field.sees_opening([S(2, 6)], door, blockers=[S(2, 5)])  # the squares at the door
    assert field.sees_opening([S(6, 6)], door)
    assert not field.sees_opening([S(6, 6)], door, blockers=[S(4, 6)])


def test_battlefield_terrains_agree_with_the_pack_cards():
    """Seed 004, TERRAINS (the cards: interact marks, squares) and TERRAIN: "A model that
    enters a square marked must interact"; the battlefield's terrains and door tokens
    name the core pack's cards, with the same mark and the same square type."""
    from server.rules.asoiaf.battlefield import DOOR_CARDS
    from server.rules.asoiaf.cards.loader import load_pack

    pack_terrains = load_pack("core").terrains
    names = {"OPEN-dot": SquareKind.OPEN, "OPEN-X": SquareKind.OPEN_X,
             "BLOCKED-dot": SquareKind.BLOCKED, "BLOCKED-X": SquareKind.BLOCKED_X}
    for terrain in TERRAINS.values():
        if terrain.card is None:
            continue
        card = pack_terrains[terrain.card]
        assert (card.interact if card.interact != "none" else None) == terrain.mark
        if terrain.kind is not None:
            assert names[card.squares] is terrain.kind
    doors = {name for name, card in pack_terrains.items() if card.on_wall}
    assert doors == set(DOOR_CARDS)
    for name, state in DOOR_CARDS.items():
        assert Opening(frozenset(), "door", state).card == name
        into = pack_terrains[name].destroyed_into
        if into:
            assert DOOR_CARDS[into] == "broken"
    assert Opening(frozenset(), "window", "intact").card is None
