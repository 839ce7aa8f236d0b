"""The acting player's turn: activation, the action table, and ending turns.

Seed 000, ACTIVATION / ACTIVATED FIGURES / ACTION COST. Each handler checks the
command against the rules (raising a coded RulesError that changes nothing)
and emits events; `options` lists the same choices for the prompt.
"""

from __future__ import annotations

from server.rules.board.hex import distance
from server.rules.kernel import CommandSpec
from server.rules.sbh import (
    climbing,
    concentrated,
    devotion,
    falling,
    groups,
    hero,
    magic,
    magic_items,
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
from server.rules.sbh.combat import free_disengage_from, hex_list
from server.rules.sbh.consequences import combat_master_special, resolve_combat
from server.rules.sbh.context import hex_arg, illegal
from server.rules.sbh.evolve import to_hex
from server.rules.sbh.figures import Figure
from server.rules.sbh.movement import (
    can_move,
    comes_into_contact,
    destination_lists,
    enemies_in_contact,
    far_from_all_test,
    free_move_allowed,
    free_move_threats,
    move_cost,
    move_destinations,
    step_destinations,
    surely_movable,
)
from server.rules.sbh.quality import roll_quality, succeeds
from server.rules.sbh.state import SbhState, later, remembered
from server.rules.sbh.terrain import LONG

ACTIVATION = "seed 000, ACTIVATION"
ACTION_COST = "seed 000, ACTION COST"
# Options without parameters, the same in every prompt: built once (never
# changed: CommandSpec is frozen and nothing writes into its empty maps).
PASS = CommandSpec("pass", "End your turn")
END_ACTIVATION = CommandSpec("end_activation", "End this figure's activation")
STAY = CommandSpec("end_activation", "Stay where you are")


def can_activate(fig: Figure) -> bool:
    """On the table or carried by a mount, and not yet activated this turn."""
    return (not fig.activated and fig.status == "ready"
            and (fig.pos is not None or fig.carried_by is not None))


def is_carried(fig: Figure) -> bool:
    return fig.carried_by is not None and fig.status == "ready"


# -- choosing who acts ----------------------------------------------------------

def activation_options(state: SbhState) -> list[CommandSpec]:
    seat = state.active_seat
    ready = [f for f in state.side(seat) if can_activate(f)]  # (incl. carried figures)
    specs = []
    plain, casters = [], []
    for f in ready:  # (most figures have none of the declaring rules: asked first)
        declares = not f.rules.keys().isdisjoint(_DECLARING_RULES) and _declares(f)
        (casters if declares else plain).append(f.id)
    if plain:
        specs.append(CommandSpec("activate", "Activate a figure with 1-3 dice",
                                 params={"figure": plain, "dice": [1, 2, 3]}))
    if casters:
        specs.append(CommandSpec("activate", "Activate a magic-user, necromancer or "
                                 "teleporter (declare casting or teleporting)",
                                 params={"figure": casters, "dice": [1, 2, 3],
                                         "cast": [False, True]}))
    # seed 000, FREE MOVES: no active enemy within 2 x Long
    far = far_from_all_test(free_move_threats(state, seat), 2 * LONG)
    movers = [f.id for f in ready if f.pos is not None and can_move(f) and far(f.pos)]
    if movers:
        specs.append(CommandSpec("free_move", "Free move instead of rolling (then choose "
                                 "where)", params={"figure": movers}))
    from server.rules.sbh import ambush

    if state.magic_item is not None:
        specs.extend(magic_items.scroll_options(state, ready))
    specs.extend(ambush.activation_options(state))
    specs.append(PASS)
    return specs


_DECLARING_RULES = frozenset(("Magic-User", "Necromancer", "Teleport"))  # (see _declares)


def _casts(fig: Figure) -> bool:
    return (fig.has("Magic-User") and not fig.out_of_power) or necromancy.declares(fig)


def _declares(fig: Figure) -> bool:
    """Rolls that may backfire on three failures are declared before rolling
    (seed 000, ACTIVATION, EXCEPTION): spells, a Necromancer's raising of the
    dead, and seed 001's Teleport."""
    return _casts(fig) or teleport.declares(fig)


def do_activate(ctx, args: dict) -> None:
    s = ctx.state
    fig = _own_figure(s, args.get("figure"))
    dice = args.get("dice")
    if dice not in (1, 2, 3):
        raise illegal("Roll one, two or three activation dice.", ACTIVATION)
    if fig.activated:
        raise illegal(f"{fig.name} has already acted this turn.", ACTIVATION)
    scroll = args.get("scroll", False) is True
    casting = scroll or bool(args.get("cast", False))
    if casting and not scroll and not _declares(fig):
        raise illegal(f"{fig.name} cannot cast spells or teleport.", "seed 000, MAGIC")
    if scroll:
        roll = magic_items.roll_for_scroll(ctx, fig, dice)
    else:
        roll = roll_quality(ctx, fig, dice)
    then = {"rule": "activation", "dice": dice, "casting": casting}
    if hero.offer(ctx, fig, roll, dict(then, scroll=True) if scroll else then):
        return
    finish_activation(ctx, fig, dice, casting, roll, scroll=scroll)


def finish_activation(ctx, fig: Figure, dice: int, casting: bool, roll: dict, *,
                      scroll: bool = False) -> None:
    """The activation roll is final (after any Hero re-roll): the figure acts."""
    s = ctx.state
    if fig.has("Swarm") and swarms.activate_swarm(ctx, fig, dice, roll):
        return
    spell_only = 0
    bonus = (scenario_rules.spellcasting_bonus(s, fig) + fig.sorcery_bonus) if casting else 0
    if bonus:  # seed 000, MAGIC (Blarion): "apply the bonus only to the dice ... used to cast"
        spell_only = sum(1 for d in roll["dice"] if not succeeds(d, roll["target"])
                         and succeeds(d, roll["target"] - bonus))
        roll = dict(roll, failures=roll["failures"] - spell_only)
    bonus_dice = spell_only  # (failures again if no spell uses them: magic.activation_end)
    if scroll:  # successes only the scroll's Quality gives are for its spell
        by_scroll = magic_items.scroll_only_successes(s, fig, roll)
        roll = dict(roll, successes=roll["successes"] - by_scroll)
        spell_only += by_scroll
    triple_failure = casting and dice == 3 and roll["failures"] == 3
    out_of_power = (triple_failure and not scroll and _casts(fig)
                    and not scenario_rules.in_place_of_power(s, fig))  # FAILURES ON SPELLS
    used = {"sorcery": True} if casting and fig.sorcery_bonus else {}  # (only when used)
    if scroll:
        used["scroll"] = True
    if bonus_dice:  # (only then: events without them replay as before)
        used["bonus_dice"] = bonus_dice
        if (dice == 3 and not scroll and _casts(fig)
                and not scenario_rules.in_place_of_power(s, fig)):
            used["drains"] = True  # three failures, unused boosted dice included, drain
    ctx.emit("activated", figure=fig.id, casting=casting, out_of_power=out_of_power,
             spell_only=spell_only, **used, **roll)
    if scroll and triple_failure:
        ctx.emit("magic_item_spent", figure=fig.id, name="scroll",
                 reason="three failures casting from it")
    if fig.has("Mutant") and roll["successes"] + spell_only >= 2 and 6 in roll["dice"]:
        # seed 001, Mutant: "mutates on '6' roll if 2+ successes are rolled. Mutant
        # counts as Transfixed during the mutation turn" (its activation is over)
        ctx.emit("mutated", figure=fig.id)
    teleport.after_activation_roll(ctx, fig, dice, casting and not scroll, roll)


def do_free_move(ctx, args: dict) -> None:
    s = ctx.state
    fig = _own_figure(s, args.get("figure"))
    if fig.activated or fig.pos is None or not can_move(fig):
        raise illegal(f"{fig.name} cannot make a free move now.", "seed 000, FREE MOVES")
    if not free_move_allowed(s, fig):
        raise illegal(f"{fig.name} has an active enemy within 2 x Long: no free move.",
                      "seed 000, FREE MOVES")
    ctx.emit("free_move_started", figure=fig.id)


def free_move_destinations(state: SbhState, fig: Figure) -> list[list[int]]:
    """Seed 000, FREE MOVES: 'a single "non combat" move': one ordinary move
    that does not end in contact with an enemy. As [q, r] lists (remembered:
    checking the move looks the chosen hex up here)."""
    return remembered(state, ("free move", fig.id), lambda s: _free_move_destinations(s, fig))


def move_lists(state: SbhState, fig: Figure, actions: int) -> tuple[list, list]:
    """`destination_lists` of the figure with `actions` left (remembered:
    checking the move looks the chosen hex up here)."""
    return remembered(state, ("move lists", fig.id, actions),
                      lambda s: destination_lists(s, fig, actions))


def _free_move_destinations(state: SbhState, fig: Figure) -> list[list[int]]:
    return destination_lists(state, fig, 1, not_next_to=[
        e.pos for e in state.on_table() if e.seat != fig.seat])[0]


def _free_move_to(state: SbhState, fig: Figure, to) -> bool:
    """`to in free_move_destinations(state, fig)`, tracing that one line only
    (checking a command should not cost as much as listing every option)."""
    if any(distance(e.pos, to) == 1 for e in state.on_table() if e.seat != fig.seat):
        return False
    return move_cost(state, fig, to, 1) == 1


def do_pass(ctx, args: dict) -> None:
    from server.rules.sbh.turns import end_turn

    end_turn(ctx, reason="passed")


# -- the activated figure's actions ---------------------------------------------

def action_options(state: SbhState) -> list[CommandSpec]:
    act = state.activation
    fig = state.figures[act.figure]
    specs: list[CommandSpec] = []
    left = act.actions
    if is_carried(fig):  # seed 000, MOUNTED: its only action is to dismount
        return mounts.passenger_options(state, fig, left)
    if shooting.volley_follow_up(state):  # (Legendary Shot after a volley: shots only)
        return shooting.shoot_options(state, fig, left) + [END_ACTIVATION]
    if act.free_move:
        dests = free_move_destinations(state, fig)
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
        if act.free_move and not _free_move_to(s, fig, to):
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
    _move_or_disengage(ctx, fig, to, cost)


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
    _move_or_disengage(ctx, fig, to, 1)


def _move_or_disengage(ctx, fig: Figure, to, cost: int, *, terror_done: bool = False) -> None:
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
        scenario_rules.after_move(ctx, fig, start)
        return
    ctx.emit("actions_spent", figure=fig.id, cost=cost, reason="disengage")
    ctx.push({"kind": "hacks", "seat": fig.seat, "figure": fig.id, "hackers": hackers,
              # (the move is made after the hacks: its contact still counts for Dashing)
              "lethal": False, "then": {"move": [to[0], to[1]], "contact": new_contact},
              "interrupted": False})


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
        _move_or_disengage(ctx, fig, to, item["cost"], terror_done=True)


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
    ended = magic.ended_event(act)  # (unused boosted dice are failures now)
    ctx.emit("activation_ended", **ended)
    if ended["turnover"]:  # seed 000, ACTIVATION: two failures pass play once it has acted
        from server.rules.sbh.turns import end_turn

        end_turn(ctx, reason="turnover")


# -- helpers --------------------------------------------------------------------

def _own_figure(state: SbhState, fig_id) -> Figure:
    fig = state.figures.get(fig_id) if isinstance(fig_id, str) else None
    if fig is None or fig.seat != state.active_seat or not (fig.on_table or is_carried(fig)):
        raise illegal(f"{fig_id!r} is not one of your figures on the table.", ACTIVATION,
                      code="unknown_figure")
    return fig


def _acting(state: SbhState):
    act = state.activation
    return state.figures[act.figure], act
