"""Special rules that are actions or compulsions of one figure.

- Seed 000, CLERIC (P): "a Cleric must be adjacent to the model to be healed
  and spend one action to use the healing power. By rolling one or more
  successes on his Quality roll, a Cleric heals that many points of Quality
  loss ... Two successes may also be used to make a fallen model stand up. If
  the Cleric ever rolls three failures during one of these Quality rolls ...
  The Cleric loses healing and anti-Undead powers for the remainder of the
  game." The player chooses 1-3 dice for the healing roll (so three failures
  are possible, as the text implies). Two successes on a fallen friend stand
  it up and the rest heal; on a friend that is both fallen and wounded,
  standing it up "may" be chosen: the roll waits (`healing_use`) while the
  Cleric's owner picks, seeing the successes.
- Seed 000, GREEDY: "must make a Quality test every time he kills a foe in
  melee. If the test fails, the model will remain adjacent to the fallen foe
  ... The model will have to spend one action to snap out of Greed on its next
  activation." A greedy figure may do nothing else until it snaps out, which it
  can do no sooner than its next activation.
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.kernel import CommandSpec
from server.rules.sbh import hero
from server.rules.sbh.context import illegal
from server.rules.sbh.figures import Figure
from server.rules.sbh.quality import roll_quality
from server.rules.sbh.state import SbhState

CLERIC = "seed 000, CLERIC (P)"
GREEDY = "seed 000, GREEDY"


def heal_options(state: SbhState, fig: Figure) -> list[CommandSpec]:
    if not fig.has("Cleric") or fig.faith_lost or fig.transfixed:
        return []
    patients = sorted(f.id for f in state.on_table(fig.seat)
                      if f.id != fig.id and distance(f.pos, fig.pos) == 1
                      and (f.wounds or f.fallen))
    if not patients:
        return []
    return [CommandSpec("heal", "Heal an adjacent friend (1 action, 1-3 dice)",
                        params={"target": patients, "dice": [1, 2, 3]})]


def do_heal(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    legal = heal_options(s, fig)
    if not legal or args.get("target") not in legal[0].params["target"] \
            or args.get("dice") not in (1, 2, 3):
        raise illegal("A Cleric heals an adjacent wounded or fallen friend, rolling 1-3 dice.",
                      CLERIC)
    patient = s.figures[args["target"]]
    roll = roll_quality(ctx, fig, args["dice"])
    if hero.offer(ctx, fig, roll, {"rule": "heal", "patient": patient.id}):
        return  # HERO (P): "can re-roll one die roll, be it a Combat or Quality roll"
    finish_heal(ctx, fig, patient, roll)


def finish_heal(ctx, fig: Figure, patient: Figure, roll: dict) -> None:
    """The healing roll is final (after any Hero re-roll). Two successes "may"
    stand a fallen friend up: when they could heal it instead, its owner says."""
    successes = roll["successes"]
    if patient.fallen and patient.wounds and successes >= 2:
        ctx.push({"kind": "healing_use", "seat": fig.seat, "figure": fig.id,
                  "patient": patient.id, "roll": roll})
        return
    _healed(ctx, fig, patient, roll, stand=patient.fallen and successes >= 2)


def _healed(ctx, fig: Figure, patient: Figure, roll: dict, *, stand: bool) -> None:
    healed = min(patient.wounds, roll["successes"] - (2 if stand else 0))
    lost = roll["failures"] == 3
    ctx.emit("healed", figure=fig.id, patient=patient.id, stood_up=stand, healed=healed,
             faith_lost=lost, cost=1, **roll)


def pending_text(state: SbhState, item: dict) -> str:
    patient = state.figures[item["patient"]]
    successes = item["roll"]["successes"]
    return (f"{state.figures[item['figure']].name} rolled {successes} successes healing "
            f"{patient.name}, fallen and wounded: stand it up with two of them, or heal")


def pending_specs(item: dict) -> list[CommandSpec]:
    successes = item["roll"]["successes"]
    return [CommandSpec("heal_use", f"Stand it up (2 successes), heal {successes - 2}",
                        args={"stand_up": True}),
            CommandSpec("heal_use", f"Heal {successes}, leave it fallen",
                        args={"stand_up": False})]


def do_heal_use(ctx, seat: str, args: dict) -> None:
    item = ctx.state.pending[-1]
    stand = args.get("stand_up")
    if type(stand) is not bool:
        raise illegal("Say whether two successes stand the friend up (true) or all heal "
                      "(false).", CLERIC)
    ctx.pop()
    s = ctx.state
    _healed(ctx, s.figures[item["figure"]], s.figures[item["patient"]], item["roll"],
            stand=stand)


HANDLERS = {("healing_use", "heal_use"): do_heal_use}


def greedy_check(ctx, fig: Figure) -> None:
    """After a melee kill by a Greedy figure."""
    if not fig.has("Greedy") or not fig.on_table:
        return
    roll = roll_quality(ctx, fig, 1)
    ctx.emit("greed_tested", figure=fig.id, greedy=roll["successes"] == 0, **roll)


def greedy_options(state: SbhState, fig: Figure) -> list[CommandSpec] | None:
    """A greedy figure's only choice: snap out (1 action), or nothing but ending
    the activation in which it fell to greed. None if not greedy."""
    if not fig.greedy:
        return None
    if greed_began_now(state, fig):
        return []
    return [CommandSpec("snap_out", "Snap out of Greed (1 action)")]


def greed_began_now(state: SbhState, fig: Figure) -> bool:
    """GREEDY: "spend one action to snap out of Greed on its NEXT activation":
    a figure that fell to greed in this activation loots for the rest of it. It
    did if it attacked in melee this turn: a greedy figure cannot attack until it
    snaps out, and `attacked` is cleared as its side's turn begins."""
    act = state.activation
    return act is not None and act.figure == fig.id and fig.attacked == "melee"


def do_snap_out(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    if not fig.greedy:
        raise illegal(f"{fig.name} is not lost in greed.", GREEDY)
    if greed_began_now(s, fig):
        raise illegal(f"{fig.name} fell to greed in this activation: it snaps out on its "
                      "next activation.", GREEDY)
    ctx.emit("snapped_out", figure=fig.id, cost=1)
