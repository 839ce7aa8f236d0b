"""The rules particular to each scenario (seed 000, SCENARIOS), apart from
victory points (scenarios.py).

- TREASURE HUNT and QUEST FOR A MAGIC ITEM: the attacker places three tokens
  within terrain features; "Whenever a model gets adjacent to the token, roll
  a die. On a 5 or 6, the treasure is found and all tokens are removed. On a 1
  to 4, remove that token only. If the first and second treasure token are
  removed, the treasure is automatically found in the third token." The
  treasure then lies in the token's hex; picking it up costs 2 actions; a
  carrier that dies or flees drops it where it stood.
- PLACE OF POWER: "One randomly-chosen player ... nominates one terrain piece
  as a Place of Power" (a die: 1-3 seat a, 4-6 seat b). Magic-users standing
  in it have +1 on Quality rolls and cannot run out of power.
- ON DIFFICULT GROUND: "Whenever a model enters any terrain item, roll a die.
  On a 5 or 6 (4, 5 or 6 for Mounted models, and 6 only for models with the
  Forester special rule), the model must make a Quality check on one die or be
  removed from the game". Entering is read as any hex of the move's line (of
  the route stepped, for a flight or a rally to a Standard) being in a feature
  the figure was not already in (for a figure that flies, jumps, falls or
  teleports, the hex it lands in); one roll per feature. A recoil's arrival is
  rolled before its follow-up and free hacks (docs/rules/sbh.md, "Recoil
  arrivals").
"""

from __future__ import annotations

import heapq

from server.rules.board.hex import Hex, distance, hex_at, line, neighbours
from server.rules.kernel import CommandSpec
from server.rules.sbh.ambush import reveal_near
from server.rules.sbh.combat import hex_list
from server.rules.sbh.context import illegal, offered
from server.rules.sbh.deployment import edge_of
from server.rules.sbh.evolve import to_hex
from server.rules.sbh.figures import Figure
from server.rules.sbh.losses import after_loss
from server.rules.sbh.magic_items import found
from server.rules.sbh.movement import can_move
from server.rules.sbh.quality import roll_quality
from server.rules.sbh.state import SbhState
from server.rules.sbh.terrain_layout import features

TOKEN_SCENARIOS = ("treasure_hunt", "quest_for_a_magic_item")
SCENARIO_STEP = TOKEN_SCENARIOS + ("place_of_power",)


def scenario(state: SbhState) -> str:
    return state.options.get("scenario", "all_out_battle")


def feature_hexes(state: SbhState) -> list[frozenset]:
    return [frozenset(group) for _, group in features(dict(state.board.terrain))]


# -- set-up ---------------------------------------------------------------------

def after_terrain(ctx) -> None:
    s = ctx.state
    if scenario(s) == "place_of_power":
        [die] = ctx.roll(1)
        ctx.emit("place_nominator_rolled", dice=[die], seat="a" if die <= 3 else "b")


def layout_needs(scenario_name: str, terrain_rows: list) -> list[str]:
    """What a lay-out must hold for the scenario's set-up step: TREASURE HUNT's
    three tokens go "within a terrain feature", one a hex (QUEST FOR A MAGIC ITEM
    places them so too), and PLACE OF POWER nominates a terrain feature. Hedges
    and walls are scenic items with no hexes inside them."""
    area = {hex_at(q, r): kind for q, r, kind in terrain_rows if kind != "open"}
    if scenario_name in TOKEN_SCENARIOS and sum(len(g) for _, g in features(area)) < 3:
        return ["the three treasure tokens need three hexes inside terrain features"]
    if scenario_name == "place_of_power" and not area:
        return ["the Place of Power needs a terrain feature to be nominated"]
    return []


def setup_decisions(state: SbhState) -> dict[str, list[CommandSpec]]:
    if scenario(state) in TOKEN_SCENARIOS:
        spots = [h for group in feature_hexes(state) for h in sorted(group)
                 if h not in state.tokens]
        return {state.attacker: [CommandSpec(
            "place_token", f"Place treasure token {len(state.tokens) + 1} of 3 in a terrain "
            "feature", params={"to": hex_list(spots)})]}
    groups = feature_hexes(state)
    return {state.place_nominator: [CommandSpec(
        "nominate_place", "Nominate a terrain feature as the Place of Power",
        params={"feature": list(range(len(groups)))})]}


def do_place_token(ctx, seat: str, args: dict) -> None:
    s = ctx.state
    to = args.get("to")
    spots = setup_decisions(s)[seat][0].params["to"]
    if to not in spots:
        raise illegal("Treasure tokens go inside a terrain feature, one per hex.",
                      "seed 000, TREASURE HUNT", code="bad_hex")
    ctx.emit("token_placed", seat=seat, to=to)


def do_nominate_place(ctx, seat: str, args: dict) -> None:
    groups = feature_hexes(ctx.state)
    index = args.get("feature")
    if not isinstance(index, int) or not 0 <= index < len(groups):
        raise illegal("Nominate one of the terrain features by its number.",
                      "seed 000, PLACE OF POWER")
    ctx.emit("place_nominated", seat=seat, feature=index,
             hexes=hex_list(sorted(groups[index])))


# -- during play ------------------------------------------------------------------

def in_place_of_power(state: SbhState, fig: Figure) -> bool:
    return fig.pos is not None and fig.pos in state.place_of_power


def spellcasting_bonus(state: SbhState, fig: Figure) -> int:
    """Seed 000, MAGIC: "Certain scenarios may state that a magic user gets a
    bonus on Quality to cast a spell in a certain situation" -- Blarion's altar.
    Match option `spellcasting_altars`: hexes of altars giving +1 to a
    magic-user standing on or next to one."""
    altars = state.options.get("spellcasting_altars") or ()
    if fig.pos is None or not altars:
        return 0
    near = any(distance(fig.pos, to_hex(a)) <= 1 for a in altars)
    return 1 if near else 0


def after_move(ctx, fig: Figure, start: Hex, *, walked: bool = True,
               route: list[Hex] | None = None) -> None:
    """Scenario effects of a figure arriving somewhere: moves, steps, climbs, free
    moves, follow-ups, flight, rallies to a Standard, recoils, an interceptor
    moved into contact, and the arrivals that cross nothing on the way (`walked`
    False: jumps, jumps down or falls down a cliff, teleports, dismounts).
    `route`: the hexes stepped after `start` (a flight, a rally), instead of the
    line from `start`. Seed 000, TREASURE HUNT: "Whenever a model gets adjacent
    to the token"; AMBUSH: "whenever an opponent moves within 1 X Long from the
    marker"; ON DIFFICULT GROUND: "Whenever a model enters any terrain item" --
    however it got there."""
    s = ctx.state
    if not fig.on_table:
        return
    if scenario(s) == "on_difficult_ground":
        _difficult_ground(ctx, fig, start, walked, route)
    if s.tokens and fig.on_table:
        _search_tokens(ctx, fig)
    if s.markers and fig.on_table:
        reveal_near(ctx, fig)


def _difficult_ground(ctx, fig: Figure, start: Hex, walked: bool,
                      route: list[Hex] | None) -> None:
    """A walker enters every feature its line (or the route it stepped) crosses;
    a figure that jumps, teleports or flies (FLYING: "Flying models always land
    at the end of their move", over what lies between) enters only the feature
    it lands in."""
    s = ctx.state
    groups = feature_hexes(s)
    if not walked or fig.has("Flying"):
        path = [fig.pos]
    else:
        path = route if route is not None else line(start, fig.pos)[1:]
    entered = [i for i, g in enumerate(groups)
               if start not in g and any(h in g for h in path)]
    for _ in entered:
        [die] = ctx.roll(1)
        need = 6 if fig.has("Forester") else 4 if fig.has("Mounted") else 5
        danger = die >= need
        ctx.emit("terrain_danger_rolled", figure=fig.id, dice=[die], danger=danger)
        if not danger:
            continue
        roll = roll_quality(ctx, fig, 1)
        lost = roll["successes"] == 0
        ctx.emit("terrain_danger_tested", figure=fig.id, lost=lost, **roll)
        if lost:
            ctx.emit("fled", figure=fig.id, reason="lost in difficult ground")
            after_loss(ctx, fig)
            return


def routes_matter(state: SbhState, fig: Figure) -> bool:
    """Whether the hexes a figure steps through (not only where it ends) have a
    scenario effect: ON DIFFICULT GROUND, for a figure that walks."""
    return scenario(state) == "on_difficult_ground" and not fig.has("Flying")


def route_entering_fewest(state: SbhState, start: Hex, end: Hex, step, budget: int, *,
                          shortest: bool) -> list[Hex] | None:
    """The hexes after `start` of a route to `end` costing at most `budget`
    (`step(a, b)`: the cost of a step from a to the adjacent b, 0 if it may not
    be made) that enters the fewest terrain features (one it starts in is not
    entered): of the shortest such routes if `shortest`. The player picks the
    route where the rules leave it open (seed 000, MORALE: "If more routes of
    equivalent length are possible, the player chooses"), and none would pick
    the one with more danger rolls. None if no route. A search over (hex,
    features entered) pairs, keeping for each hex only the pairs no other
    beats on both cost and features."""
    groups = [g for g in feature_hexes(state) if start not in g]
    feature_of = {h: 1 << i for i, g in enumerate(groups) for h in g}
    labels: dict = {start: [(0, 0)]}  # hex -> [(cost, mask)] not dominated
    parent: dict = {}
    heap = [(0, 0, start)]
    while heap:
        cost, mask, h = heapq.heappop(heap)
        if (cost, mask) not in labels.get(h, ()):
            continue  # dominated since
        if h == end:
            continue
        for n in neighbours(h):
            price = step(h, n)
            if not price or cost + price > budget:
                continue
            label = (cost + price, mask | feature_of.get(n, 0))
            kept = labels.setdefault(n, [])
            if any(c <= label[0] and m & ~label[1] == 0 for c, m in kept):
                continue
            kept[:] = [(c, m) for c, m in kept if not (label[0] <= c and label[1] & ~m == 0)]
            kept.append(label)
            parent[n, label] = (h, (cost, mask))
            heapq.heappush(heap, (*label, n))
    if not labels.get(end):
        return None

    def rank(label):
        entered = bin(label[1]).count("1")
        return (label[0], entered, label[1]) if shortest else (entered, label[0], label[1])

    at, label = end, min(labels[end], key=rank)
    route = []
    while at != start:
        route.append(at)
        at, label = parent[at, label]
    return route[::-1]


def _search_tokens(ctx, fig: Figure) -> None:
    s = ctx.state
    for token in list(s.tokens):
        if s.treasure_at is not None or s.treasure_carrier is not None:
            return
        if distance(token, fig.pos) != 1 or token not in s.tokens:
            continue
        [die] = ctx.roll(1)
        if die >= 5:
            ctx.emit("treasure_found", figure=fig.id, dice=[die], at=[token[0], token[1]])
            continue
        ctx.emit("token_removed", figure=fig.id, dice=[die], at=[token[0], token[1]])
        if len(s.tokens) == 1:  # "automatically found in the third token"
            last = s.tokens[0]
            ctx.emit("treasure_found", figure=fig.id, dice=[], at=[last[0], last[1]])


def pick_up_options(state: SbhState, fig: Figure, actions: int) -> list[CommandSpec]:
    """Seed 000, TRANSFIX FAQ: "a Transfixed model cannot do anything else except
    try to break free of the spell"; QUEST FOR A MAGIC ITEM: "another model may pick
    up the magic item (assuming it didn't run out of power)": a spent item stays
    where it lies."""
    at = state.treasure_at
    if at is None or actions < 2 or fig.pos is None or distance(at, fig.pos) > 1 \
            or fig.animal or fig.transfixed:  # (SWARM: "count as Animals")
        return []
    if state.magic_item is not None and state.magic_item.get("spent"):
        return []
    return [CommandSpec("pick_up", "Pick up the treasure (2 actions)")]


def do_pick_up(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    _not_transfixed(fig)
    if not pick_up_options(s, fig, s.activation.actions):
        raise illegal("Pick up the treasure from an adjacent hex with two actions (a magic "
                      "item that ran out of power is left where it lies).",
                      "seed 000, TREASURE HUNT")
    ctx.emit("treasure_picked_up", figure=fig.id, cost=2)
    if scenario(s) == "quest_for_a_magic_item":
        found(ctx, fig)


def give_options(state: SbhState, fig: Figure, actions: int) -> list[CommandSpec]:
    """Seed 000, QUEST FOR A MAGIC ITEM: "A model may give a magic item to an
    adjacent model by spending one action" (ANIMAL: "Animals cannot use magic
    items", so none is given one)."""
    if (scenario(state) != "quest_for_a_magic_item" or state.treasure_carrier != fig.id
            or actions < 1 or fig.transfixed):  # (TRANSFIX FAQ: nothing but break free)
        return []
    friends = sorted(f.id for f in state.on_table(fig.seat) if f.id != fig.id
                     and distance(f.pos, fig.pos) == 1
                     and not f.animal)
    if not friends:
        return []
    return [CommandSpec("give_item", "Give the magic item to an adjacent friend (1 action)",
                        params={"to": friends})]


def do_give_item(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    _not_transfixed(fig)
    to = offered(give_options(s, fig, s.activation.actions), "to", args.get("to"),
                 "The carrier gives the magic item to an adjacent friend (not an Animal) "
                 "for one action.", "seed 000, QUEST FOR A MAGIC ITEM")
    ctx.emit("item_given", figure=fig.id, to=to, cost=1)


def leave_options(state: SbhState, fig: Figure) -> list[CommandSpec]:
    """The treasure carrier may step off the table across its own edge: a move
    ("carried off the table"), so not while fallen or transfixed."""
    if (state.treasure_carrier != fig.id or scenario(state) != "treasure_hunt"
            or not can_move(fig)):
        return []
    if state.board.edge_distance(fig.pos, edge_of(state, fig.seat)) != 1:
        return []
    return [CommandSpec("leave_table", "Carry the treasure off your table edge (1 action)")]


def do_leave_table(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    _not_transfixed(fig)
    if not leave_options(s, fig):
        raise illegal("Only the treasure carrier, standing at your own table edge and able "
                      "to move, can leave with it.", "seed 000, TREASURE HUNT")
    ctx.emit("treasure_escaped", figure=fig.id, cost=1)


def _not_transfixed(fig: Figure) -> None:
    if fig.transfixed:
        raise illegal(f"{fig.name} is transfixed: it can do nothing but spend two actions to "
                      "break free (FAQ 'What can a Transfixed model do?').",
                      "seed 000, FREQUENTLY ASKED QUESTIONS")


def to_hexes(rows) -> frozenset:
    return frozenset(to_hex(r) for r in rows)
