"""Terrain effects on entry (seed 004, MOVE ACTION: "If a model enters a square
that has a terrain effect, the effect applies immediately, even if the move
action isn't finished yet"; TERRAIN: "A model that enters a square marked
[must] must interact with the terrain"; MOVEMENT: "Each time a model moves
diagonally it must choose 1 of the 2 squares that compose that diagonal and
apply all terrain effects from that square"; LARGE MODEL MOVEMENT: "The square
chosen determines if the model takes terrain effects").

A "must" terrain card's `effects` act on the model entering it: `deal_wounds`
(the bonfire), `deal_hits` (DITCH WITH STAKES, rolled against the model's
defence as hits.py rolls them) and the `reveal_dead_leaves` hook (DEAD LEAVES:
"flip this token. If it is a Ditch with Stakes, they suffer 1 [wound]"; the
scenario says what lies under each token, and once flipped that is the
square's terrain).

The move command names its destination, not its way: the engine takes the way
entering the fewest terrain squares with such effects (ties: the fewest steps),
as a careful player would (docs/rules/asoiaf.md, "Terrain on entry"). A model
killed on the way (or whose mount dies) stops where it was; a large model,
which "can reorient in any fashion upon arrival", takes them on arrival. Rule
module: reads state.py, never imports system.py."""

from __future__ import annotations

import heapq

from server.rules.asoiaf import charge_terrain, hits, movement
from server.rules.asoiaf.battlefield import TERRAINS
from server.rules.asoiaf.cards.vocabulary import DealHits, DealWounds
from server.rules.asoiaf.recorded_dice import Recorded
from server.rules.asoiaf.state import State, replace
from server.rules.board.square import Square, footprint

ENTRY = "seed 004, MOVE ACTION and TERRAIN (a terrain effect applies on entering)"
LEAVES_WOUNDS = 1  # DEAD LEAVES: "If it is a Ditch with Stakes, they suffer 1 [wound]"


def terrain_at(state: State, field, sq) -> str | None:
    """The terrain of a square now: a flipped Dead Leaves token is what lay under it."""
    zone = field.zone_at(sq)
    if zone is None:
        return None
    if zone.terrain == "dead_leaves" and tuple(sq) in state.leaves_flipped:
        return None if zone.under == "nothing" else zone.under
    return zone.terrain


def entering_card(state: State, pack, field, sq):
    """The terrain card whose effects entering `sq` applies, or None."""
    name = terrain_at(state, field, sq)
    card_name = TERRAINS[name].card if name else None
    card = pack.terrains.get(card_name) if card_name else None
    return card if card is not None and card.interact == "must" and card.effects else None


def way(state: State, pack, field, uid: str, to, budget: int, stops=()) -> list[tuple]:
    """The terrain squares the model's move to `to` applies, in order, each as
    (terrain square, square the model stands on then): the way of fewest such
    squares within `budget` steps (enemies block, friends are passed, a square
    in `stops` ends the move)."""
    model = state.model(uid)
    field = movement.own_field(state, field, uid)
    own = set(model.squares)
    enemies = {sq for m in state.models if m.on_battlefield and m.seat != model.seat
               for sq in m.squares}
    friends = {sq for m in state.models if m.on_battlefield and m.seat == model.seat
               and m.uid != uid for sq in m.squares}
    goals = set(footprint(Square(*to))) if model.large else {Square(*to)}
    starts = sorted(own) if model.large else [Square(*model.square)]

    def costly(sq) -> bool:
        return entering_card(state, pack, field, sq) is not None

    steps = _cheapest(field.movement, starts, goals, budget, enemies - own, friends,
                      set(stops), costly)
    if model.large:  # taken on arrival: it "can reorient in any fashion upon arrival"
        return [(sq, tuple(to)) for sq in steps if sq is not None and costly(sq)]
    found, stood = [], tuple(model.square)
    for passed, entered in _pairs(steps):
        if passed is not None and costly(passed):
            found.append((passed, stood))
        if entered not in friends:  # (a friend's square is passed, never stood on)
            stood = tuple(entered)
        if costly(entered):
            found.append((entered, stood))
    return found


def _pairs(steps):
    """`_cheapest`'s flat list back into (side square passed or None, entered)."""
    return [(steps[i], steps[i + 1]) for i in range(0, len(steps), 2)]


def _cheapest(board, starts, goals, budget, enemies, friends, stops, costly) -> list:
    """Dijkstra over (square, steps) by terrain squares applied, then steps: the
    flat list (side square passed or None, square entered, ...) of every step of
    the cheapest way from one of `starts` to one of `goals` ([] if none)."""
    blocked = frozenset(enemies)
    heap = [(0, 0, i, sq, ()) for i, sq in enumerate(starts)]
    order, seen = len(heap), set()
    while heap:
        cost, n, _, here, path = heapq.heappop(heap)
        if here in goals and n:
            return list(path)
        if (here, n) in seen or n == budget or (here in stops and n):
            continue
        seen.add((here, n))
        for nxt in board.neighbours(here):
            if not board.step_allowed(here, nxt, blocked):
                continue
            passed, extra = None, 0
            if nxt[0] != here[0] and nxt[1] != here[1]:  # choose the cheaper side square
                sides = board.diagonal_passages(here, nxt, blocked)
                passed = min(sides, key=lambda s: (costly(s), sides.index(s)))
                extra = int(costly(passed))
            order += 1
            heapq.heappush(heap, (cost + extra + int(costly(nxt)), n + 1, order, nxt,
                                  path + (passed, nxt)))
    return []


def enter(state: State, pack, field, uid: str, entered, dice) -> State:
    """Apply each terrain square of `entered` ([terrain square, square stood on])
    to model `uid` in order, until it is killed or its mount dies (then it stays
    where it stood). `dice` rolls DITCH WITH STAKES' defence dice."""
    for sq, stood in entered:
        if halted(state, uid):
            break
        model = state.model(uid)
        card = entering_card(state, pack, field, sq)
        if card is None:  # (the way was worked out on this same state)
            continue
        state = state.with_model(replace(model, square=tuple(stood)))
        for effect in card.effects:
            state = _effect(state, pack, field, uid, sq, effect, dice)
    return state


def through(state: State, pack, field, uid: str, to, entered, dice) -> State:
    """The model, already on `to`, took the terrain squares `entered` on its way:
    their effects, and it ends on `to` unless they stopped it."""
    if not entered:
        return state
    state = enter(state, pack, field, uid, entered, dice)
    if not halted(state, uid):
        state = state.with_model(replace(state.model(uid), square=tuple(to)))
    return state


def replayed(state: State, pack, field, uid: str, d: dict, faces: str = "faces") -> State:
    """`through` from a move's event: the terrain squares it recorded
    (`entered`) and their defence dice (`d[faces]`) replayed."""
    return through(state, pack, field, uid, d["square"], d.get("entered", ()),
                   Recorded(faces=d.get(faces, ())))


def halted(state: State, uid: str) -> bool:
    """Whether a terrain on the way ended the move: the model killed, or its
    mount killed under it, or its kill held back for a wounds ability (0
    wounds left: wounds_outside.py); a charge then makes no attack."""
    model = state.model(uid)
    return not model.on_battlefield or uid in state.dismounting or not model.wounds_left


def rehearsed(state: State, pack, field, uid: str, to, budget: int, stops,
              dice) -> tuple[list, list, bool]:
    """A move's terrain worked out before its event: the [terrain square, square
    stood on] pairs it enters (`way`), the defence dice `dice` rolled for them,
    and whether they stop it (`halted`)."""
    entered = way(state, pack, field, uid, to, budget, stops)
    if not entered:
        return [], [], False
    recorded = Recorded(dice)
    after = enter(state, pack, field, uid, entered, recorded)
    return ([[list(sq), list(stood)] for sq, stood in entered], list(recorded.faces),
            halted(after, uid))


def event_data(state: State, pack, field, uid: str, to, budget: int, stops, dice) -> dict:
    """What a move's event carries of its terrain: `entered` ([terrain square,
    square stood on] pairs) and the defence `faces` rolled, when any."""
    entered, faces, _ = rehearsed(state, pack, field, uid, to, budget, stops, dice)
    return {"entered": entered, "faces": faces} if entered else {}


def _effect(state: State, pack, field, uid: str, sq, effect, dice) -> State:
    model = state.model(uid)
    if isinstance(effect, DealWounds):
        return hits.wound(state, pack, uid, effect.wounds)
    if isinstance(effect, DealHits):
        state, unblocked = hits.defend(state, pack, uid, hits.hit_count(pack, model, effect),
                                       dice)
        return hits.wound(state, pack, uid, unblocked)
    # reveal_dead_leaves (crossref.acts_on_entry keeps every other effect out of a pack)
    state = replace(state, leaves_flipped=state.leaves_flipped | {tuple(sq)})
    if field.zone_at(sq).under == "ditch_with_stakes":
        state = hits.wound(state, pack, uid, LEAVES_WOUNDS)
    return state


def moved_by_ability(state: State, pack, uid: str, to, squares: int, dice) -> State:
    """An ability's move of up to `squares` (a `move_model`: its own, a forced
    AWAY / TOWARDS one) taking model `uid` to `to`, by the MOVE ACTION's rules:
    the terrain on its way applies as a move's (its defence dice rolled by
    `dice`, the ability's recorded dice)."""
    field = charge_terrain.field_now(state)
    _, stops = movement.move_limits(state, field, uid)
    entered = way(state, pack, field, uid, to, squares, stops)
    state = state.with_model(replace(state.model(uid), square=tuple(to)))
    return through(state, pack, field, uid, to, entered, dice)
