"""Losing a figure (seed 000, WHEN TO MAKE MORALE CHECKS, ANIMAL, SWARM; seed
001, Evil): a kill, and what any loss sets off -- the morale checks it causes,
queued as a `morale` item for each trigger (rolled by morale_tests.py), a
Swarm's formation checked once they are over, a lost overall commander's
succession, and Animals left alone routing. A loss that is not a kill (a
figure fled off the table, lost on difficult ground) counts too (`after_loss`).

Every rule that kills or loses a figure calls here (melee and shots, falls,
flight, morale, a Sorcerer's sacrifice, difficult ground): this module calls
none of them back.
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.sbh import commanders, swarms
from server.rules.sbh.figures import Figure
from server.rules.sbh.terrain import LONG, MEDIUM


def kill(ctx, fig: Figure, *, gruesome: bool, by: Figure | None,
         ranged: bool = False) -> None:
    """`ranged`: the kill is a shot or a spell, not a melee blow."""
    s = ctx.state
    where = fig.pos
    ctx.emit("killed", figure=fig.id, gruesome=gruesome, by=by.id if by else None)
    testers: list[str] = []  # (the witnesses of a gruesome kill)
    if gruesome and where is not None:
        # seed 000, WHEN TO MAKE MORALE CHECKS (gruesome deaths, within Long);
        # SAVAGE: a savage kill makes friends in sight within Medium test --
        # "Note that the effects of Savage do not apply to ranged attacks."
        savage = by is not None and by.has("Savage") and not ranged
        radius = MEDIUM if savage else LONG
        for f in s.on_table(fig.seat):
            if distance(f.pos, where) <= radius and not _immune_to_gruesome(f) and (
                    not savage or s.board.clear_sight(f.pos, where)):
                testers.append(f.id)
    if gruesome and fig.has("Swarm"):
        # seed 000, SWARM: only the other bases of the same Swarm test; FEARLESS
        # ("immune to the effect of Gruesome Deaths") and Undead bases do not
        testers = [f.id for f in swarms.same_swarm(s, fig) if not _immune_to_gruesome(f)]
    triggers = [("gruesome kill", testers)] + _loss_triggers(ctx, fig)
    if by is not None and by.seat == fig.seat and by.has("Evil") and by.has("Leader"):
        # seed 001, Evil: "Non-evil hirelings must check morale if Evil Leaders
        # kill friendly units" (a Sorcerer Leader's sacrifice): no range is given
        triggers.append(("killed by an Evil Leader",
                         [f.id for f in s.on_table(fig.seat) if not f.has("Evil")]))
    swarms.after_kill(ctx, fig)  # (pushed first: settled after the morale tests)
    _queue_triggers(ctx, fig.seat, triggers)
    commanders.succession(ctx, fig)
    animals_rout(ctx, fig)


def _loss_triggers(ctx, fig: Figure) -> list[tuple[str, list[str]]]:
    """The morale checks losing `fig` (killed, or fled off the table) sets off,
    besides a gruesome kill's: seed 000, WHEN TO MAKE MORALE CHECKS, "Loss of a
    Leader: All models in a warband must make a Morale check when a friendly
    model with the Leader special rule is killed" and "The Dead outnumber the
    living ... This is rolled only when it happens for the first time"."""
    s = ctx.state
    everyone = [f.id for f in s.on_table(fig.seat)]
    triggers = []
    if commanders.loss_of_a_leader(s, fig):
        triggers.append(("loss of a Leader", everyone))
    dead = sum(1 for f in s.side(fig.seat) if f.status != "ready")
    living = sum(1 for f in s.side(fig.seat) if f.status == "ready")
    if dead > living and fig.seat not in s.dead_outnumber_tested:
        ctx.emit("dead_outnumber", seat=fig.seat)  # seed 000: the first time only
        triggers.append(("the dead outnumber the living", everyone))
    return triggers


def _queue_triggers(ctx, seat: str, triggers: list[tuple[str, list[str]]]) -> None:
    """Each trigger is its own morale check (docs/rules/sbh.md, "One check per
    trigger"): the book lists them apart and merges none, so a model that sees
    its Leader killed gruesomely tests twice. Rolled in the order listed (the
    pending list is a stack); a model gone by its turn to test is skipped."""
    for reason, testers in reversed(triggers):
        if testers:
            queue_morale(ctx, seat, testers, reason)


def animals_rout(ctx, killed: Figure) -> None:
    """Seed 000, ANIMAL: "Animals automatically rout when the last non-animal
    model in their warband is killed." (SWARM: "Swarm bases count as Animals".)
    Only that kill routs them: not the kill of an Animal after the last
    non-animal fled the table."""
    s = ctx.state
    remaining = s.on_table(killed.seat)
    if killed.animal or not remaining or any(not f.animal for f in remaining):
        return
    for f in remaining:
        ctx.emit("fled", figure=f.id, reason="animals rout")


def _immune_to_gruesome(f: Figure) -> bool:
    return f.has("Fearless") or f.has("Undead") or f.has("Artificial")


def queue_morale(ctx, seat: str, figure_ids: list[str], reason: str) -> None:
    ctx.push({"kind": "morale", "seat": seat, "figures": list(figure_ids), "reason": reason})


def after_loss(ctx, fig: Figure) -> None:
    """Losses that are not kills still count for 'the dead outnumber the living'
    and for a lost Leader (fleeing off the table)."""
    _queue_triggers(ctx, fig.seat, _loss_triggers(ctx, fig))
    commanders.succession(ctx, fig)
