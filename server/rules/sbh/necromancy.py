"""The Necromancer (seed 001, Special Abilities): "May resurrect the dead on 2+
successes. Resurrected model are Undead (at +1 Quality and -1 Combat) and fight
on the necromancer's side."

Readings (docs/rules/sbh.md, "Necromancer"):
- Raising the dead is an action of the Necromancer's activation that takes two
  of its successes ("on 2+ successes"), once an activation and, being magic
  (seed 000 calls Necromancers "Magic-user variants"), only when the activation
  was declared as casting and not while touching a standing enemy.
- "The dead" are models killed in this battle, friend or foe (not routed ones),
  whose bodies lie where they fell, within Long and in sight of the Necromancer.
  The model rises there, standing, if that hex is empty; it does not act in the
  turn it rises. "+1 Quality" is the book's way of saying one point worse (a
  Q3 model rises at Q4); a Q6 model would rise at Q7, which kills (seed 001,
  Poison: "If Quality = 7, model dies"), so it cannot be raised.
- Backfire: "Magic-user variants (like Necromancers, Summoners, etc) suffer from
  other forms of 'magical backfire' when they roll three failures. These are
  described in the supplements" (seed 000, ACTIVATION). Not having them, a
  Necromancer that rolls three failures on three declared dice loses his power
  to raise the dead for the game, as a magic-user loses his.
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.kernel import CommandSpec
from server.rules.sbh.combat import hex_list
from server.rules.sbh.context import illegal
from server.rules.sbh.figures import Figure
from server.rules.sbh.groups import regrouping
from server.rules.sbh.ranged import in_melee
from server.rules.sbh.terrain import LONG

NECROMANCER = "seed 001, Special Abilities, Necromancer"
COST = 2


def declares(fig: Figure) -> bool:
    return fig.has("Necromancer") and not fig.out_of_power


def corpses(state, fig: Figure) -> list[str]:
    """The dead this Necromancer could raise now."""
    act = state.activation
    if (not fig.has("Necromancer") or fig.out_of_power or not act.casting or act.spell_cast
            or act.actions < COST or fig.fallen or fig.transfixed or regrouping(state)
            or in_melee(state, fig, spell=True)):
        return []
    occupied = state.occupancy()
    # SWARM: "A killed swarm is actually just dispersed": no body to raise
    return sorted(body.id for body in state.figures.values()
                  if body.status == "dead" and body.died_at is not None
                  and not body.has("Swarm") and body.quality < 6 and body.died_at not in occupied
                  and distance(body.died_at, fig.pos) <= LONG
                  and state.board.clear_sight(fig.pos, body.died_at))


def options(state, fig: Figure) -> list[CommandSpec]:
    found = corpses(state, fig)
    if not found:
        return []
    return [CommandSpec("resurrect", "Raise a dead model as Undead on your side (2 actions)",
                        params={"figure": found})]


def do_resurrect(ctx, args: dict) -> None:
    s = ctx.state
    necromancer = s.figures[s.activation.figure]
    if args.get("figure") not in corpses(s, necromancer):
        raise illegal("A Necromancer who declared casting raises, for two actions, a model "
                      "killed within Long and in sight whose place is empty.", NECROMANCER)
    body = s.figures[args["figure"]]
    ctx.emit("resurrected", figure=body.id, by=necromancer.id,
             at=hex_list([body.died_at])[0], cost=COST)
