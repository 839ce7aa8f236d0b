"""Terror (seed 000, TERROR (P)).

- "Any model wishing to enter melee with a Terror-inspiring foe must pass a
  Quality roll on a die ... If the roll fails, the model may perform another
  action of the player's choice but it may not move in contact": the move is
  not made and no action is spent, and for the rest of that activation the
  figure may not move into contact with that model (no second roll): such
  moves are not offered and are refused (`refused_contact`). The failure is
  the `terror_tested` event (passed false); evolve keeps the source's id in
  the Activation (`terror_refused`).
- "When a Terror-inspiring model charges ... the charged model must
  immediately make a Morale check ... BEFORE the Terror-inspiring model is
  actually moved": the charged figures test first; the move then goes ahead if
  it is still legal, otherwise the action is not spent and the player may
  charge another target. Fallen and transfixed figures are charged too (a
  Terror move at them is a move into melee contact) and test like the others,
  with the book's outcomes (seed 000, FALLEN MODELS AND MORALE): "A Transfixed
  model failing any Morale roll is killed, even if it had no enemies in
  contact"; a fallen figure with no enemy in contact when it fails (the Terror
  model has not moved yet) stands up as its first compulsive move, and one
  with an enemy in contact is killed.
- The test and the charge apply to every way of coming into contact: moves and steps, climbs over
  a tall wall, jumps across a chasm and jumps down a cliff (the declared
  landing hex; the test comes before the climbing or jumping roll).
- "If a model makes the roll to resist Terror ... it becomes immune to further
  Terror effects from ... any other model in the game with the same profile."
- "Models with Terror, Artificial, Fearless or Undead are immune"; Heroes pass
  the single-die test automatically (their automatic success).
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.sbh.context import illegal
from server.rules.sbh.figures import Figure
from server.rules.sbh.movement import figures_next_to
from server.rules.sbh.quality import roll_quality

TERROR = "seed 000, TERROR (P)"
IMMUNE = ("Terror", "Artificial", "Fearless", "Undead")


def immune(fig: Figure, terror_source: Figure) -> bool:
    return any(fig.has(r) for r in IMMUNE) or terror_source.name in fig.terror_immune_to


def new_contacts(state, fig: Figure, to) -> list[Figure]:
    return [e for e in figures_next_to(state, to)
            if e.seat != fig.seat and distance(e.pos, fig.pos) > 1]


def refused_contact(state, fig: Figure, to) -> Figure | None:
    """The Terror-inspiring model a move of `fig` to `to` would newly touch
    although `fig` failed its Terror roll against it in this activation
    ("it may not move in contact with the terrorizing model"), else None."""
    act = state.activation
    if act is None or act.figure != fig.id or not act.terror_refused:
        return None
    return next((e for e in new_contacts(state, fig, to) if e.id in act.terror_refused), None)


def check_not_refused(state, fig: Figure, to) -> None:
    """Refuse a move into contact with a model `fig` failed to face this activation."""
    source = refused_contact(state, fig, to)
    if source is not None:
        raise illegal(f"{fig.name} failed its Terror roll against {source.name} this "
                      "activation and may not move into contact with it.", TERROR)


def before_move(ctx, fig: Figure, to, cost: int, **resume) -> bool:
    """Run the Terror rules for a move, a climb or a jump to `to` (before any
    climbing or jumping roll: the player "declares the intention to move in
    melee contact"); True if they stopped or deferred it. `resume`: what the
    deferred `charge_move` item needs to carry out something other than a move
    or step (`how`: "climb", "jump" or "jump_down"; see actions.charge_move)."""
    s = ctx.state
    contacts = new_contacts(s, fig, to)
    for enemy in contacts:
        if enemy.has("Terror") and not immune(fig, enemy):
            roll = roll_quality(ctx, fig, 1)
            passed = roll["successes"] == 1
            ctx.emit("terror_tested", figure=fig.id, source=enemy.id, passed=passed, **roll)
            if not passed:
                return True
            ctx.emit("terror_resisted", figure=fig.id, profile=enemy.name)
    if fig.has("Terror"):
        # fallen and transfixed figures are charged too (FALLEN MODELS AND MORALE)
        charged = [e.id for e in contacts if e.on_table and not immune(e, fig)]
        if charged:
            ctx.push({"kind": "charge_move", "seat": fig.seat, "figure": fig.id,
                      "to": [to[0], to[1]], "cost": cost, **resume})
            ctx.push({"kind": "morale", "seat": s.figures[charged[0]].seat,
                      "figures": charged, "reason": "terror", "terror_profile": fig.name})
            return True
    return False
