"""Morale tests (seed 000, MORALE): a queued `morale` item's figures tested one by
one, and what a failed test does -- hold, flee, rout the warband, or die where the
figure stands. Queued by losses.queue_morale; a Hero's re-roll (hero.py)
comes back through morale_outcome."""

from __future__ import annotations

from server.rules.sbh import hero, standard
from server.rules.sbh.combat import free_disengage_from
from server.rules.sbh.consequences import adjacent_enemies
from server.rules.sbh.figures import Figure
from server.rules.sbh.flee import flee
from server.rules.sbh.losses import after_loss, kill
from server.rules.sbh.quality import roll_quality


def morale_step(ctx, item: dict) -> None:
    """Test the next figure of a morale item (seed 000, MORALE)."""
    s = ctx.state
    first, rest = item["figures"][0], item["figures"][1:]
    if rest:
        ctx.replace_top(dict(item, figures=rest))
    else:
        ctx.pop()
    fig = s.figures[first]
    if not fig.on_table:
        return
    roll = roll_quality(ctx, fig, 3, morale=True)
    if hero.offer(ctx, fig, roll, {"rule": "morale", "reason": item["reason"],
                                   "terror_profile": item.get("terror_profile")}):
        return
    morale_outcome(ctx, fig, roll, item["reason"], item.get("terror_profile"))


def morale_outcome(ctx, fig: Figure, roll: dict, reason: str,
                   terror_profile: str | None) -> None:
    """The morale roll is final (after any Hero re-roll): hold, flee or worse."""
    s = ctx.state
    failures = roll["failures"]
    ctx.emit("morale_tested", figure=fig.id, reason=reason, **roll)
    if failures == 0:
        if terror_profile:
            ctx.emit("terror_resisted", figure=fig.id, profile=terror_profile)
        return
    if s.options.get("morale_skip_turn") and fig.seat == s.active_seat and not fig.activated:
        # seed 000, OPTIONAL RULE: NON-ACTIVATED MODELS FAILING MORALE SKIP A TURN
        ctx.emit("skips_turn", figure=fig.id)
    engaged = adjacent_enemies(s, fig)
    death = _failure_death(fig, failures, reason, engaged)
    if fig.has("Coward") and fig.has("Leader"):
        _cowardly_leader_routs(ctx, fig, dies=death is not None)
        return
    if death == "crumbles" and standard.saves_from_crumbling(ctx, fig, failures,
                                                              engaged=bool(engaged)):
        return
    if death is not None:
        kill(ctx, fig, gruesome=False, by=None)
        return
    if failures >= 3:
        ctx.emit("fled", figure=fig.id, reason="routed")
        after_loss(ctx, fig)
        return
    if fig.has("Undead") and engaged:
        return  # seed 000, UNDEAD: "Undead never flee from a combat" (one failure: holds)
    if fig.has("Undead") and standard.saves_from_crumbling(ctx, fig, failures, engaged=False):
        return  # "when they fail a Morale roll ... fleeing movements towards the Standard"
    # (out of combat, without a Standard: one move towards the edge, as anyone)
    active_enemies = [e for e in engaged if e.active]
    hackers = [e.id for e in active_enemies if not free_disengage_from(fig, e)]
    if hackers:  # seed 000, MODELS DISENGAGING FROM MELEE: lethal free hacks
        ctx.push({"kind": "hacks", "seat": fig.seat, "figure": fig.id, "hackers": hackers,
                  "lethal": True, "then": {"flee": failures,
                                           "ignore": [e.id for e in engaged]},
                  "interrupted": False})
        return
    flee(ctx, fig, failures, ignore=[e.id for e in engaged])


def _failure_death(fig: Figure, failures: int, reason: str, engaged: list) -> str | None:
    """How a failed morale test kills the figure where it stands, or None: seed
    000, FALLEN MODELS AND MORALE ("A Fallen model having any enemies in contact
    in the moment he fails a Morale roll is killed. A Transfixed model failing
    any Morale roll is killed"); UNDEAD ("If the Standard is destroyed ... all
    Undead models must make a Morale roll or be destroyed": any failure; and
    they crumble to dust on two or three failures, which a Standard may stop)."""
    if fig.transfixed:
        return "transfixed"
    if fig.fallen and engaged:
        return "fallen in contact"
    if fig.has("Undead") and reason == "standard destroyed":
        return "standard destroyed"
    if fig.has("Undead") and failures >= 2:
        return "crumbles"
    return None


def _cowardly_leader_routs(ctx, fig: Figure, *, dies: bool) -> None:
    """Seed 001, Coward: "Cowardly Leaders who fail a morale check cause their
    warband to rout" -- also when the failure kills the Leader himself (`dies`:
    then his warband, any Standard with it, leaves first and he is killed
    after, so no one is left to test for his loss)."""
    s = ctx.state
    for f in s.on_table(fig.seat):
        if not (dies and f.id == fig.id):
            ctx.emit("fled", figure=f.id, reason="the cowardly Leader's warband routs")
    if dies:
        kill(ctx, fig, gruesome=False, by=None)
