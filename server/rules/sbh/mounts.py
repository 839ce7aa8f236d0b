"""Mounted models carrying a friend (seed 000, MOUNTED).

"Mounted models may 'pick up' and transport friendly models of the same size of
their riders or smaller. It takes one action for a Mounted model who is adjacent to
a foot figure (of the same size or smaller) to pick up a friend. The carried figure
does not need to be activated to be carried ... This also applies to a Transfixed
model. Only one creature may be carried. A carried figure may later dismount. It
takes one action on the part of the carried figure to dismount: place the carried
figure anywhere adjacent to the mount's base when he does so."

Readings (docs/rules/sbh.md, "Mounted"): a rider is man-sized, so the friend must be
on foot (not Mounted) and not Big or larger. While carried it is off the board (it
cannot be attacked, shot or seen) but still in play: it activates as usual, and its
only action is to dismount. If the mount is killed, its passenger is left on the
mount's hex, fallen; if the mount flees off the table, the passenger goes with it.
A friend picked up out of contact with active enemies breaks contact, so it takes
their free hacks first (LEAVING MELEE COMBAT), and is carried only if none strikes.
"""

from __future__ import annotations

from server.rules.board.hex import distance, hex_at, neighbours
from server.rules.kernel import CommandSpec
from server.rules.sbh import swarms
from server.rules.sbh.combat import free_disengage_from, hex_list
from server.rules.sbh.context import illegal, offered
from server.rules.sbh.figures import Figure
from server.rules.sbh.movement import contact_entry, enemies_in_contact
from server.rules.sbh.scenario_rules import after_move

MOUNTED = "seed 000, MOUNTED"


def passenger_of(state, mount: Figure) -> Figure | None:
    return next((f for f in state.figures.values() if f.carried_by == mount.id), None)


def carry_options(state, fig: Figure, actions_left: int) -> list[CommandSpec]:
    if (not fig.has("Mounted") or actions_left < 1 or fig.fallen or fig.transfixed
            or passenger_of(state, fig) is not None):
        return []
    friends = sorted(f.id for f in state.on_table(fig.seat) if f.id != fig.id
                     and distance(f.pos, fig.pos) == 1 and not f.has("Mounted")
                     and f.size == 0)
    if not friends:
        return []
    return [CommandSpec("carry", "Pick up an adjacent friend on foot (1 action)",
                        params={"friend": friends})]


def do_carry(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    friend = offered(carry_options(s, fig, s.activation.actions), "friend", args.get("friend"),
                     "A Mounted model picks up one adjacent friend on foot, not Big, for "
                     "one action, and carries only one.", MOUNTED)
    # seed 000, LEAVING MELEE COMBAT: "The model receives one "Free Hack" attack
    # from each adjacent opponent at the moment of breaking contact" -- the pick-up
    # breaks the friend's contact (MOUNTED is silent); any effect stops it
    passenger = s.figures[friend]
    hackers = [e.id for e in enemies_in_contact(s, passenger, active_only=True)
               if not free_disengage_from(passenger, e)]
    if not hackers:
        ctx.emit("carried", figure=fig.id, passenger=friend, cost=1)
        return
    ctx.emit("actions_spent", figure=fig.id, cost=1, reason="carry")
    ctx.push({"kind": "hacks", "seat": passenger.seat, "figure": friend, "hackers": hackers,
              "lethal": False, "then": {"carry": fig.id}, "interrupted": False})


def dismount_hexes(state, fig: Figure) -> list:
    mount = state.figures[fig.carried_by]
    occupied = state.occupancy()
    # seed 000, SWARM: a Swarm base "must keep adjacent to at least another swarm
    # base" (when one is on the table): it gets off touching one, or stays aboard
    return sorted(h for h in neighbours(mount.pos) if state.board.contains(h)
                  and h not in occupied and state.board.passable(h, fig.rules)
                  and swarms.keeps_coherency(state, fig, h))


def passenger_options(state, fig: Figure, actions_left: int) -> list[CommandSpec]:
    """What a carried figure may do: break free (if transfixed), dismount, or stay
    aboard."""
    specs = []
    if fig.transfixed and actions_left >= 2:
        specs.append(CommandSpec("break_free", "Break free of the transfix (2 actions)"))
    hexes = dismount_hexes(state, fig) if actions_left >= 1 and not fig.transfixed else []
    if hexes:
        specs.append(CommandSpec("dismount", "Dismount next to the mount (1 action)",
                                 params={"to": hex_list(hexes)}))
    return specs + [CommandSpec("end_activation", "Stay aboard")]


def do_dismount(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    if fig.carried_by is None or s.activation.actions < 1 or fig.transfixed:
        raise illegal("Only a carried figure dismounts, with one action.", MOUNTED)
    to = args.get("to")
    if not isinstance(to, list) or to not in hex_list(dismount_hexes(s, fig)):
        raise illegal("Dismount onto an empty hex next to the mount.", MOUNTED)

    start = s.figures[fig.carried_by].pos  # (aboard, it was where its mount is)
    ctx.emit("dismounted", figure=fig.id, to=to, cost=1,
             **contact_entry(s, fig, hex_at(to[0], to[1])))
    after_move(ctx, fig, start, walked=False)  # (tokens, markers, difficult ground)
