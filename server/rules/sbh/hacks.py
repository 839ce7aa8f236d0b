"""Free hacks (seed 000, LEAVING MELEE COMBAT; LEAVING MELEE - MULTIPLE
OPPONENTS; RECOILING; MODELS DISENGAGING FROM MELEE; MOUNTED).

A figure that breaks contact with active enemies (a move, a step, a climb, a
flight after a failed morale test, a friend picked up by a mount) takes one free
hack from each of them first: a `hacks` item waits on the stack, its order
chosen by the target's owner when several remain, each hack rolled as any
melee blow (attacks.resolve_combat). `then` is what happens if every hack
misses: {"move": [q, r], "contact": bool} (the move, made after the hacks;
contact: it ends touching a new enemy, for Dashing), {"flee": n} (morale) or
{"carry": mount} (picked up by a Mounted friend). A recoil's hacks (`then`
None, consequences.recoil_chosen) are each made by the enemies still touching
the recoiled figure.
"""

from __future__ import annotations

from server.rules.board.hex import distance, neighbours
from server.rules.sbh import terror
from server.rules.sbh.attacks import resolve_combat
from server.rules.sbh.combat import free_disengage_from
from server.rules.sbh.figures import Figure
from server.rules.sbh.flee import flee
from server.rules.sbh.movement import comes_into_contact, enemies_in_contact
from server.rules.sbh.scenario_rules import after_move


def move_or_disengage(ctx, fig: Figure, to, cost: int, *, terror_done: bool = False) -> None:
    """Seed 000, LEAVING MELEE COMBAT: free hacks from each active enemy the
    figure breaks contact with, in an order its owner chooses. Terror first."""
    s = ctx.state
    if not terror_done and terror.before_move(ctx, fig, to, cost):
        return
    leaving = [e for e in enemies_in_contact(s, fig)
               if distance(e.pos, to) > 1 and e.active]
    hackers = [e.id for e in leaving if not free_disengage_from(fig, e)]
    # seed 000, DASHING: an enemy it was not touching already (stepping round a
    # foe is no new contact)
    new_contact = comes_into_contact(s, fig, to)
    if not hackers:
        start = fig.pos
        ctx.emit("moved", figure=fig.id, to=[to[0], to[1]], cost=cost, contact=new_contact)
        after_move(ctx, fig, start)
        return
    ctx.emit("actions_spent", figure=fig.id, cost=cost, reason="disengage")
    ctx.push({"kind": "hacks", "seat": fig.seat, "figure": fig.id, "hackers": hackers,
              # (the move is made after the hacks: its contact still counts for Dashing)
              "lethal": False, "then": {"move": [to[0], to[1]], "contact": new_contact},
              "interrupted": False})


def hacks_need_choice(item: dict) -> bool:
    return not item.get("interrupted") and len(item["hackers"]) > 1


def run_hack(ctx, item: dict, hacker_id: str) -> None:
    """Resolve the next free hack of a `hacks` item. Seed 000, LEAVING MELEE -
    MULTIPLE OPPONENTS: when a hack leaves the target an invalid target (it
    recoiled, fell or died) the remaining hacks are not performed. That clause
    is for a model that "voluntarily leaves a melee": a recoil's hacks (`then`
    None) are each made, RECOILING's "the enemy model gets one Free Hack", by
    those still touching the figure (recoil_hackers_in_contact)."""
    s = ctx.state
    ctx.pop()
    ctx.push(dict(item, hackers=[h for h in item["hackers"] if h != hacker_id]))
    resolve_combat(ctx, s.figures[hacker_id], s.figures[item["figure"]], free_hack=True,
                   lethal_hack=item["lethal"], for_hacks=item.get("then") is not None)


def recoil_hackers_in_contact(ctx, item: dict) -> dict:
    """A recoil's `hacks` item (top of the stack) keeps only the hackers that can
    still strike: on the table, not transfixed, touching the figure (an earlier
    hack may have made it recoil again, or fall down a cliff, or killed it).
    Other items are returned as they are."""
    s = ctx.state
    fig = s.figures[item["figure"]]
    if item.get("then") is not None:
        return item
    # (a figure gone -- killed by an earlier hack, lost on difficult ground -- is
    # struck by no one: no choice is left waiting on it)
    near = set(neighbours(fig.pos)) if fig.on_table else set()
    keep = [h for h in item["hackers"] if s.figures[h].on_table
            and not s.figures[h].transfixed and s.figures[h].pos in near]
    if keep != item["hackers"]:
        item = dict(item, hackers=keep)
        ctx.replace_top(item)
    return item


def hacks_step(ctx, item: dict) -> None:
    """Automatic progress of a `hacks` item when no choice is needed."""
    if item.get("interrupted") or not item["hackers"] or \
            not ctx.state.figures[item["figure"]].on_table:
        hacks_finished(ctx, item)
    else:
        run_hack(ctx, item, item["hackers"][0])


def hacks_finished(ctx, item: dict) -> None:
    """The free hacks are over: carry out `then` unless one of them struck."""
    ctx.pop()
    fig = ctx.state.figures[item["figure"]]
    then = item.get("then")
    if not then or item.get("interrupted") or not fig.on_table:
        return
    if "move" in then:
        start = fig.pos
        # seed 000, DASHING: "if he attacks in the same turn he comes in contact
        # with an enemy" -- a move into contact that began by disengaging too
        contact = {"contact": True} if then.get("contact") else {}
        ctx.emit("moved", figure=fig.id, to=then["move"], cost=0, disengaged=True, **contact)
        after_move(ctx, fig, start)
    elif "flee" in then:
        flee(ctx, fig, then["flee"], ignore=then.get("ignore", []))
    elif "carry" in then:  # (mounts.do_carry: the action is already spent)
        ctx.emit("carried", figure=then["carry"], passenger=fig.id, cost=0)
