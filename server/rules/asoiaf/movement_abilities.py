"""Abilities that change a move (seed 004, ABILITIES: +1 SQUARE, "This model moves
+1 square when performing a move action"; movement abilities such as DESTINED TO
DESTROY, "move up to +2 squares when charging enemy heroes or champions", and
DARING DASH, "enemies do not make this model engaged during it").

Passive `extra_squares` abilities (REBEL KING) lengthen every move action the
model makes, a charge's move included (a charge "combines a [move 1]"), each
ability name once. A `movement` ability made of `extra_squares` and
`ignore_engagement`, whose requirements hold, is offered as its own `move` or
`charge` option (`args.ability`), its coins paid with the action. Rule module:
reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import coins, equipment, movement, passives, terrain_entry
from server.rules.asoiaf.cards.vocabulary import ExtraSquares, IgnoreEngagement
from server.rules.asoiaf.state import State, replace
from server.rules.kernel import CommandSpec

MOVEMENT = "seed 004, ABILITIES (movement abilities, +1 SQUARE)"


def _extra(ability, charging: bool) -> int:
    return sum(e.squares for e in ability.effects if isinstance(e, ExtraSquares)
               and (e.on == "move" or charging))


def adds_squares(ability) -> bool:
    return any(isinstance(e, ExtraSquares) for e in ability.effects)


def passive_extra(pack, model, charging: bool = False) -> int:
    """The squares the model's passive abilities and equipment token add to its move."""
    return equipment.extra_squares(pack, model) + sum(_extra(pack.abilities[name], charging)
               for name in dict.fromkeys(pack.models[model.card].abilities)
               if pack.abilities[name].timing == "passive"
               and passives.unsupported(pack.abilities[name]) is None)


def unsupported(ability) -> str | None:
    """Why a `movement` ability is never offered with a move or a charge (None:
    it can be): made of `extra_squares` and `ignore_engagement`, for no AP of
    its own (the move's)."""
    if not ability.effects:
        return "it has no effect"
    if ability.ap:
        return ("a movement ability is declared with a move or a charge and costs no AP "
                "of its own; drop its 'ap'")
    for effect in ability.effects:
        if not isinstance(effect, ExtraSquares | IgnoreEngagement):
            return (f"a '{effect.__struct_config__.tag}' effect is none a movement ability "
                    "applies (it applies 'extra_squares' and 'ignore_engagement')")
    return None


def usable(state: State, pack, uid: str, words: set[str]) -> list:
    """The model's movement abilities it can pay whose requirements are among
    `words` (attack_sequence.context for a charge; none for a plain move)."""
    model = state.model(uid)
    found = []
    for name in pack.models[model.card].abilities:
        ability = pack.abilities[name]
        if ability.timing == "movement" and unsupported(ability) is None \
                and set(ability.requires) <= words \
                and coins.affordable(state.purses[model.seat], ability.cost):
            found.append(ability)
    return found


def _changes(pack, model, ability, charging: bool) -> tuple[int, bool]:
    """The squares the passives and `ability` add, and whether it ignores engagement."""
    extra = passive_extra(pack, model, charging)
    if ability is None:
        return extra, False
    return (extra + _extra(ability, charging),
            any(isinstance(e, IgnoreEngagement) for e in ability.effects))


def destinations(state: State, pack, field, uid: str, ability=None,
                 charging: bool = False) -> list:
    """A move's ends with the passives' squares and `ability`'s, if any."""
    extra, ignore = _changes(pack, state.model(uid), ability, charging)
    return movement.move_destinations(state, field, uid, extra, ignore)


def move_specs(state: State, pack, field, uid: str) -> list[CommandSpec]:
    """The move action, plain and with each movement ability it may use."""
    found = []
    for ability in [None, *usable(state, pack, uid, set())]:
        if ability is not None and not any(isinstance(e, IgnoreEngagement) or e.on == "move"
                                           for e in ability.effects):
            continue  # an ability only for a charge's move
        reach = destinations(state, pack, field, uid, ability)
        if reach:
            args = {"ability": ability.name} if ability else {}
            found.append(CommandSpec("move", label=ability.name if ability else "",
                                     args=args, params={"square": [list(s) for s in reach]}))
    return found


def moved_event_data(state: State, pack, field, args: dict, dice) -> dict:
    """The `moved` event: the ability used and its coins, when one was, and the
    terrain entered on the way (terrain_entry.py: its squares and dice)."""
    uid = state.active_model
    data = {"model": uid, "square": list(args["square"])}
    ability = pack.abilities[args["ability"]] if args.get("ability") else None
    if ability is not None:
        data.update(ability=ability.name, spent=coins.as_plain(ability.cost))
    return {**data, **terrain_data(state, pack, field, uid, args["square"], ability, False,
                                   dice)}


def terrain_data(state: State, pack, field, uid: str, square, ability, charging: bool,
                 dice) -> dict:
    """The terrain a move (or a charge's move) to `square` enters on its way, with
    the squares and engagement its abilities change (terrain_entry.event_data)."""
    extra, ignore = _changes(pack, state.model(uid), ability, charging)
    budget, stops = movement.move_limits(state, field, uid, extra, ignore)
    return terrain_entry.event_data(state, pack, field, uid, square, budget, stops, dice)


def pay(state: State, d: dict) -> State:
    if not d.get("spent"):
        return state
    seat = state.model(d["model"]).seat
    purse = coins.pay(state.purses[seat], coins.Coins(**d["spent"]))
    return replace(state, purses={**state.purses, seat: purse})
