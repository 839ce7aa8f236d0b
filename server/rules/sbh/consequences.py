"""What follows a combat result, melee or ranged (attacks.py): falls (down a
cliff too: falling.py), recoils (the owner's choice), kills (losses.py) and
poison, and a recoil's follow-up. Each step either happens at once (as events)
or becomes a pending decision for the seat that must choose.

Pending items (plain dicts on `state.pending`, innermost last):
- recoil     {seat, figure, from, options}      owner picks a hex or falls; the
             enemies it then touches get free hacks (`hacks`, hacks.py)
- follow_up  {seat, figure, options, recoiler, at}  the winner may keep contact
Losses queue `morale` items (losses.py, tests rolled by morale_tests.py), which
may end in a flight (`flee` items, flee.py).
"""

from __future__ import annotations

from server.rules.board.hex import distance, neighbours
from server.rules.sbh import magic_items, were
from server.rules.sbh.combat import free_disengage_from, hex_list, recoil_options
from server.rules.sbh.falling import over_the_edge
from server.rules.sbh.figures import Figure
from server.rules.sbh.losses import kill
from server.rules.sbh.movement import enemies_in_contact, move_destinations
from server.rules.sbh.scenario_rules import after_move


def apply_outcome(ctx, attacker: Figure, defender: Figure, result, *,
                  ranged: bool = False, magical: tuple[bool, bool] = (False, False),
                  poison: bool | None = None) -> None:
    """`magical`: whether the attacker's and the defender's blows are magic (a
    spell, a magic weapon), for Were creatures. `poison`: whether the
    attacker's hit is poisoned, when not its own Poison rule (a volley's)."""
    if result.loser is not None:
        loser, winner = ((defender, attacker) if result.loser == "defender"
                         else (attacker, defender))
        apply_result(ctx, loser, winner, result.result, ranged=ranged,
                     magical=magical[0] if winner is attacker else magical[1],
                     poison=poison if winner is attacker else None)


def apply_result(ctx, fig: Figure, winner: Figure, result: str, *,
                 ranged: bool = False, magical: bool = False,
                 poison: bool | None = None) -> None:
    if result in ("fall", "recoil") and poisoned(ctx, fig, winner, poison):
        return
    if result == "recoil" and winner.has("Tailslap") and fig.size <= winner.size \
            and not ranged:
        # seed 000, TAILSLAP: "On a 5 or 6, the model falls down instead of
        # recoiling" -- a fall like any other, so down the cliff it stands on
        [die] = ctx.roll(1)
        ctx.emit("tailslap_rolled", figure=fig.id, by=winner.id, dice=[die])
        if die >= 5:
            result = "fall"
    if result in ("fall", "recoil"):
        if over_the_edge(ctx, fig, winner, recoiling=result == "recoil"):
            return
    if result == "fall":
        if not were.turns(ctx, fig, magical=magical):
            ctx.emit("fell", figure=fig.id)
    elif result == "recoil":
        options = recoil_options(ctx.state, fig, winner)
        if not options:  # seed 000, NO SPACE TO RECOIL
            if not were.turns(ctx, fig, magical=magical):
                ctx.emit("fell", figure=fig.id, reason="no space to recoil")
        else:
            ctx.push({"kind": "recoil", "seat": fig.seat, "figure": fig.id,
                      "from": winner.id, "options": hex_list(options), "ranged": ranged})
    elif result in ("kill", "gruesome"):
        if ctx.state.magic_item is not None and magic_items.ring_saves(ctx, fig):
            return  # MAGIC ITEMS TABLE: "ignores the first kill or gruesome kill result"
        if were.turns(ctx, fig, magical=magical):
            return
        gruesome = result == "gruesome"
        if fig.has("Tough"):  # seed 000, TOUGH (P)
            if gruesome:
                kill(ctx, fig, gruesome=False, by=winner)
            elif fig.effective_quality + 1 >= 7:
                ctx.emit("wounded", figure=fig.id)
                kill(ctx, fig, gruesome=False, by=winner)
            else:
                ctx.emit("wounded", figure=fig.id)
                # POISON: "every time a poison attack hits": the blow that only
                # wounds a Tough model hit it (docs/rules/sbh.md, "Poison")
                poisoned(ctx, fig, winner, poison)
            return
        if fig.has("Artificial"):
            gruesome = False  # seed 000, ARTIFICIAL
        kill(ctx, fig, gruesome=gruesome, by=winner, ranged=ranged)


def poisoned(ctx, fig: Figure, by: Figure, poison: bool | None = None) -> bool:
    """Seed 000, POISON: "Roll a die every time a poison attack hits; on a 5 or 6,
    the target's Quality number goes up by 1, and if it ever reaches 7, the
    model dies." A hit is a win that does not kill; Undead and Artificial are
    immune. `poison`: the attack is poisoned (default: `by` has Poison).
    Returns True if the poison killed the figure."""
    if poison is None:
        poison = by.has("Poison")
    if not poison or fig.has("Undead") or fig.has("Artificial"):
        return False
    if ctx.state.magic_item is not None and magic_items.immune_to_poison(ctx.state, fig):
        return False  # MAGIC ITEMS TABLE, regeneration ring: "immune to poison"
    [die] = ctx.roll(1)
    ctx.emit("poison_rolled", figure=fig.id, by=by.id, dice=[die])
    if die < 5:
        return False
    ctx.emit("wounded", figure=fig.id, reason="poison")
    if fig.effective_quality >= 7:
        kill(ctx, fig, gruesome=False, by=by)
        return True
    return False


def recoil_chosen(ctx, item: dict, to: list[int] | None) -> None:
    """The owner's recoil choice (`to` None = fall instead, seed 000 NO SPACE TO
    RECOIL: 'A player may also declare that his model is falling')."""
    s = ctx.state
    fig = s.figures[item["figure"]]
    ctx.pop()
    if to is None:
        ctx.emit("fell", figure=fig.id, reason="chose to fall")
        return
    before = {e.id for e in adjacent_enemies(s, fig)}
    old = fig.pos
    ctx.emit("recoiled", figure=fig.id, to=to, away_from=item["from"])
    # seed 000, RECOILING: "If the recoil brings the model in contact with any
    # active (i.e. not Transfixed) opponent, the enemy model gets one Free Hack":
    # a fallen one too, and each of them strikes (`then` None: see run_hack)
    hackers = [e.id for e in adjacent_enemies(s, fig)
               if e.id not in before and e.id != item["from"] and not e.transfixed
               and not free_disengage_from(fig, e)]
    # The recoil is an arrival (TREASURE HUNT, ON DIFFICULT GROUND: "Whenever a
    # model enters any terrain item, roll a die"), rolled as it enters, before
    # what the recoil brings on (follow-up, free hacks): a figure lost there
    # leaves no one to follow or to hack (docs/rules/sbh.md, "Recoil arrivals").
    after_move(ctx, fig, old)
    if not fig.on_table:
        return
    if s.options.get("following_up") and not item.get("ranged"):
        offer_follow_up(ctx, fig, s.figures[item["from"]], old)
    if hackers:
        ctx.push({"kind": "hacks", "seat": fig.seat, "figure": fig.id, "hackers": hackers,
                  "lethal": False, "then": None, "interrupted": False})


def offer_follow_up(ctx, fig: Figure, winner: Figure, old) -> None:
    """Seed 000, FOLLOWING UP (OPTIONAL): "any model causing a recoil immediately
    receives a free action to keep in contact with the recoiling model" (or with
    the friend it recoiled behind); not against Free Disengage. A follow-up
    that would break contact with another active enemy is not offered (it would
    be a disengagement, which a free action to keep contact is not)."""
    s = ctx.state
    if not winner.active or free_disengage_from(fig, winner) or fig.pos is None:
        return
    anchors = {fig.pos}
    if distance(old, fig.pos) == 2:  # recoiled through a friend: the hex between
        anchors |= set(neighbours(old)) & set(neighbours(fig.pos))
    options = _follow_up_hexes(s, fig, winner, anchors)
    if options:
        ctx.push({"kind": "follow_up", "seat": winner.seat, "figure": winner.id,
                  "options": options, "recoiler": fig.id, "at": [fig.pos[0], fig.pos[1]]})


def _follow_up_hexes(s, fig: Figure, winner: Figure, anchors) -> list[list[int]]:
    """Hexes one move of `winner` reaches, next to an anchor, touching every other
    active enemy it touches now."""
    others = [e for e in enemies_in_contact(s, winner) if e.id != fig.id and e.active]
    return hex_list(sorted(h for h, cost in move_destinations(s, winner, 1).items()
                           if cost == 1 and any(distance(h, a) == 1 for a in anchors)
                           and all(distance(h, e.pos) == 1 for e in others)))


def follow_up_moot(ctx, item: dict) -> bool:
    """A follow-up offer at the top of the stack, once the recoil's free hacks are
    made: dropped if its recoiling figure is gone -- a free hack killed it, a
    difficult-ground roll lost it -- (no one to "keep in contact with"); if a hack
    moved it (a second recoil, a fall down a cliff), the hexes are worked out
    again next to where it now is, and dropped if none is left. True if dropped."""
    s = ctx.state
    both = (item["figure"], item.get("recoiler"))  # (an older item names no recoiler)
    if any(f is not None and not s.figures[f].on_table for f in both):
        ctx.pop()
        return True
    fig = s.figures[item["recoiler"]] if item.get("recoiler") else None
    if fig is None or "at" not in item or list(fig.pos[:2]) == item["at"]:
        return False  # (where it was offered: the offer stands)
    options = _follow_up_hexes(s, fig, s.figures[item["figure"]], {fig.pos})
    if not options:
        ctx.pop()
        return True
    ctx.replace_top(dict(item, options=options, at=[fig.pos[0], fig.pos[1]]))
    return False


def follow_up_chosen(ctx, item: dict, to: list[int] | None) -> None:
    ctx.pop()
    if to is not None:
        fig = ctx.state.figures[item["figure"]]
        start = fig.pos
        ctx.emit("followed_up", figure=item["figure"], to=to)
        after_move(ctx, fig, start)  # a free move: tokens, markers, difficult ground


def adjacent_enemies(s, fig: Figure) -> list[Figure]:
    near = set(neighbours(fig.pos))
    return [e for e in s.figures.values() if e.seat != fig.seat and e.on_table and e.pos in near]
