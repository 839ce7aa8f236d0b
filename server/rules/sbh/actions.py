"""The activated figure's actions (seed 000, ACTIVATED FIGURES / ACTION COST):
the action table, and ending the activation (choosing who acts is
activation.py).

Each handler checks the command against the rules (raising a coded RulesError
that changes nothing) and emits events; `action_options` lists the same
choices for the prompt.
"""

from __future__ import annotations

from server.rules.kernel import CommandSpec
from server.rules.sbh import (
    activation,
    climbing,
    concentrated,
    devotion,
    falling,
    groups,
    magic,
    mounts,
    necromancy,
    scenario_rules,
    shooting,
    sorcery,
    standard,
    swarms,
    teleport,
    terror,
)
from server.rules.sbh.attacks import combat_master_special, resolve_combat
from server.rules.sbh.combat import hex_list
from server.rules.sbh.context import hex_arg, illegal
from server.rules.sbh.evolve import to_hex
from server.rules.sbh.figures import Figure
from server.rules.sbh.hacks import move_or_disengage
from server.rules.sbh.movement import (
    can_move,
    destination_lists,
    enemies_in_contact,
    move_cost,
    move_destinations,
    step_destinations,
    surely_movable,
)
from server.rules.sbh.state import SbhState, later, remembered
from server.rules.sbh.turns import end_turn, ended_event

ACTION_COST = "seed 000, ACTION COST"
# Options without parameters, the same in every prompt: built once (never
# changed: CommandSpec is frozen and nothing writes into its empty maps).
END_ACTIVATION = CommandSpec("end_activation", "End this figure's activation")
STAY = CommandSpec("end_activation", "Stay where you are")


def move_lists(state: SbhState, fig: Figure, actions: int) -> tuple[list, list]:
    """`destination_lists` of the figure with `actions` left (remembered:
    checking the move looks the chosen hex up here)."""
    return remembered(state, ("move lists", fig.id, actions),
                      lambda s: destination_lists(s, fig, actions))


def action_options(state: SbhState) -> list[CommandSpec]:
    act = state.activation
    fig = state.figures[act.figure]
    specs: list[CommandSpec] = []
    left = act.actions
    if activation.is_carried(fig):  # seed 000, MOUNTED: its only action is to dismount
        return mounts.passenger_options(state, fig, left)
    if shooting.volley_follow_up(state):  # (Legendary Shot after a volley: shots only)
        return shooting.shoot_options(state, fig, left) + [END_ACTIVATION]
    if act.free_move:
        dests = activation.free_move_destinations(state, fig)
        if dests:
            specs.append(CommandSpec("move", "Free move", params={"to": dests}))
        return specs + [STAY]
    greed = devotion.greedy_options(state, fig)
    if greed is not None:
        return greed + [END_ACTIVATION]
    regrouping = groups.regrouping(state)
    # moves limited only by where they may end (asked per hex): not the usual case
    limited = regrouping or fig.has("Swarm")
    specs.extend(devotion.heal_options(state, fig))
    specs.extend(falling.jump_options(state, fig, left))
    specs.extend(climbing.options(state, fig, left))
    if fig.fallen and left >= fig.stand_up_cost:
        specs.append(CommandSpec("stand_up", f"Stand up ({fig.stand_up_cost} action)"))
    if fig.transfixed and left >= 2:
        specs.append(CommandSpec("break_free", "Break free of the transfix (2 actions)"))
    if can_move(fig):
        if limited:
            dests = {h: c for h, c in move_destinations(state, fig, left).items()
                     if groups.regroup_allows(state, fig, h, c)
                     and swarms.keeps_coherency(state, fig, h)}
            by_cost = [hex_list(h for h, c in dests.items() if c == cost) for cost in (1, 2)]
        elif (surely_movable(state, fig) and (left < 2 or fig.move_category != "short")
              and not act.terror_refused):
            # some hex for one action, none for two (only a slowed Short mover pays
            # two): the hexes are listed if the option is looked at
            by_cost = [later(state, lambda s: move_lists(s, fig, left)[0]), []]
        else:
            by_cost = move_lists(state, fig, left)
        if act.terror_refused:  # seed 000, TERROR: no second try this activation
            by_cost = [[h for h in hexes if terror.refused_contact(state, fig, to_hex(h)) is None]
                       for hexes in by_cost]
        for label, hexes in zip(MOVE_LABELS, by_cost, strict=True):
            if hexes:
                specs.append(CommandSpec("move", label, params={"to": hexes}))
        steps = step_destinations(state, fig)
        if act.terror_refused:
            steps = [h for h in steps if terror.refused_contact(state, fig, h) is None]
        if limited:
            steps = [h for h in steps if groups.regroup_allows(state, fig, h, 1)
                     and swarms.keeps_coherency(state, fig, h)]
        if steps:
            specs.append(CommandSpec("step", "Step one hex", params={"to": hex_list(steps)}))
    targets = [] if regrouping else melee_targets(state, fig)
    if targets:
        powers = [False, True] if left >= 2 else [False]
        params = {"target": targets, "power": powers}
        if combat_master_special(fig):
            params["special"] = [False] if fig.special_used else [False, True]
        specs.append(CommandSpec("attack", "Melee attack (Power Blow: 2 actions, -1 to foe)",
                                 params=params))
    specs.extend(shooting.shoot_options(state, fig, left))
    specs.extend(magic.magic_options(state, fig))
    specs.extend(groups.leader_options(state))
    specs.extend(concentrated.options(state))
    specs.extend(standard.destroy_options(state, fig, left))
    specs.extend(teleport.options(state, fig))
    specs.extend(sorcery.options(state, fig, left))
    specs.extend(necromancy.options(state, fig))
    specs.extend(mounts.carry_options(state, fig, left))
    specs.extend(scenario_rules.pick_up_options(state, fig, left))
    specs.extend(scenario_rules.give_options(state, fig, left))
    specs.extend(scenario_rules.leave_options(state, fig))
    can_still_join = any(s.type in ("move", "step") for s in specs)
    if (not regrouping or fig.moves == 0 or groups.touches_member(state, fig, fig.pos)
            or not can_still_join):
        specs.append(END_ACTIVATION)
    return specs


MOVE_LABELS = ("Move (1 action)", "Move (2 actions)")  # (by cost)


def melee_targets(state: SbhState, fig: Figure) -> list[str]:
    """Seed 000, ACTIVATED FIGURES: one attack per turn (unless a rule allows),
    and not in a turn the figure shot."""
    if fig.transfixed or fig.attacked == "ranged":
        return []
    if fig.attacked == "melee" and not fig.has("Combat Master"):
        return []
    foes = enemies_in_contact(state, fig)
    if fig.has("Paladin") and any(e.has("Evil") for e in foes):
        foes = [e for e in foes if e.has("Evil")]  # seed 001: "Must attack Evil ... before"
    if state.options.get("priority_in_melee"):
        foes = _priority(fig, foes)
    return sorted(e.id for e in foes)


def _priority(fig: Figure, foes: list[Figure]) -> list[Figure]:
    """Seed 000, PRIORITY IN MELEE (OPTIONAL): attack standing models before
    fallen ones, unless Opportunistic, Combat Master or Assassin, or the standing
    models' total points are at most the fallen model's."""
    if any(fig.has(r) for r in ("Opportunistic", "Combat Master", "Assassin")):
        return foes
    standing = [e for e in foes if not e.fallen]
    standing_points = sum(e.points for e in standing)
    return [e for e in foes if not e.fallen or not standing or e.points >= standing_points]


def do_move(ctx, args: dict) -> None:
    s = ctx.state
    fig, act = _acting(s)
    if not can_move(fig):
        raise illegal(f"{fig.name} cannot move now (fallen, transfixed, or Slow and "
                      "already moved).", ACTION_COST)
    to = hex_arg(args.get("to"))
    cost = _listed_cost(s, fig, act, to)
    if cost is None:  # not in the prompt's lists, or they were not built: trace the line
        if act.free_move and not activation.free_move_to(s, fig, to):
            raise illegal("A free move is one ordinary move that does not end touching an "
                          "enemy.", "seed 000, FREE MOVES")
        cost = move_cost(s, fig, to, act.actions)
        if cost is None or cost > act.actions:
            raise illegal("That hex cannot be reached by one straight move.",
                          "seed 000, MOVEMENT")
    terror.check_not_refused(s, fig, to)
    if not swarms.keeps_coherency(s, fig, to):
        raise illegal("Swarm bases must keep touching another base of their swarm.",
                      "seed 000, SWARM")
    if not groups.regroup_allows(s, fig, to, cost):
        raise illegal("In a Regroup the last move must end touching another member of the "
                      "group.", groups.REGROUP)
    move_or_disengage(ctx, fig, to, cost)


def _listed_cost(state: SbhState, fig: Figure, act, to) -> int | None:
    """What a move to `to` costs if the prompt of this state listed it (the
    lists are remembered until the state changes), else None."""
    memo = state._memo
    if not memo:
        return None
    where = [to[0], to[1]]
    if act.free_move:
        listed = memo.get(("free move", fig.id))
        return 1 if listed is not None and where in listed else None
    listed = memo.get(("move lists", fig.id, act.actions))
    if listed is None:
        return None
    one, two = listed
    return 1 if where in one else 2 if where in two else None


def do_step(ctx, args: dict) -> None:
    s = ctx.state
    fig, _ = _acting(s)
    to = hex_arg(args.get("to"))
    if not can_move(fig) or to not in step_destinations(s, fig):
        raise illegal("A step is one hex into an empty hex you can enter.",
                      "seed 000, MINIMUM MOVEMENT: THE STEP")
    terror.check_not_refused(s, fig, to)
    if not swarms.keeps_coherency(s, fig, to):
        raise illegal("Swarm bases must keep touching another base of their swarm.",
                      "seed 000, SWARM")
    if not groups.regroup_allows(s, fig, to, 1):
        raise illegal("In a Regroup the last move must end touching another member of the "
                      "group.", groups.REGROUP)
    move_or_disengage(ctx, fig, to, 1)


def charge_move(ctx, item: dict) -> None:
    """The Terror charge goes ahead after the charged figures' morale checks, if
    the figure can still reach the hex (seed 000, TERROR (P))."""
    ctx.pop()
    s = ctx.state
    fig = s.figures[item["figure"]]
    to = to_hex(item["to"])
    act = s.activation
    if not fig.on_table or act is None or act.figure != fig.id or not can_move(fig):
        return
    how = item.get("how")  # a climb or a jump into contact (not a move or a step)
    if how is not None:
        {"climb": climbing.resume_climb, "jump": falling.resume_jump,
         "jump_down": climbing.resume_jump_down}[how](ctx, fig, item)
        return
    still_legal = (move_destinations(s, fig, act.actions).get(to) == item["cost"]
                   or (item["cost"] == 1 and to in step_destinations(s, fig)))
    if still_legal:
        move_or_disengage(ctx, fig, to, item["cost"], terror_done=True)


def do_stand_up(ctx, args: dict) -> None:
    fig, act = _acting(ctx.state)
    if not fig.fallen or act.actions < fig.stand_up_cost:
        raise illegal(f"{fig.name} is not fallen or lacks the actions to stand up.",
                      ACTION_COST)
    ctx.emit("stood_up", figure=fig.id, cost=fig.stand_up_cost)


def do_break_free(ctx, args: dict) -> None:
    fig, act = _acting(ctx.state)
    if not fig.transfixed or act.actions < 2:
        raise illegal("Breaking a transfix takes two actions of a transfixed figure.",
                      "seed 000, TRANSFIX")
    ctx.emit("broke_free", figure=fig.id, cost=2)


def do_attack(ctx, args: dict) -> None:
    s = ctx.state
    fig, act = _acting(s)
    target_id = args.get("target")
    power = bool(args.get("power", False))
    if groups.regrouping(s):
        raise illegal("During a Regroup, models cannot attack, shoot or cast spells.",
                      groups.REGROUP)
    if target_id not in melee_targets(s, fig):
        raise illegal("You can attack only an adjacent enemy, once a turn, and not in a "
                      "turn you shot.", "seed 000, ACTIVATED FIGURES")
    cost = 2 if power else 1
    if act.actions < cost:
        raise illegal("A Power Blow takes two actions.", ACTION_COST)
    special = True
    if combat_master_special(fig):
        special = bool(args.get("special", False))
        if special and fig.special_used:
            raise illegal("A Combat Master uses Lethal or Assassin on one attack only.",
                          "seed 000, COMBAT MASTER (P)")
    resolve_combat(ctx, fig, s.figures[target_id], power=power, cost=cost, special=special)


def do_end_activation(ctx, args: dict) -> None:
    s = ctx.state
    act = s.activation
    # Only a Regroup can forbid ending: skip listing every option otherwise.
    if groups.regrouping(s) and not any(spec.type == "end_activation"
                                        for spec in action_options(s)):
        raise illegal("In a Regroup each figure must end its last move touching another "
                      "member of the group.", groups.REGROUP)
    ended = ended_event(act)  # (unused boosted dice are failures now)
    ctx.emit("activation_ended", **ended)
    if ended["turnover"]:  # seed 000, ACTIVATION: two failures pass play once it has acted

        end_turn(ctx, reason="turnover")


# -- helpers --------------------------------------------------------------------


def _acting(state: SbhState):
    act = state.activation
    return state.figures[act.figure], act
