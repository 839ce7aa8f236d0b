"""What follows a combat result: falls, recoils (the owner's choice), kills,
free hacks, morale tests and flight. Each step either happens at once (as
events) or becomes a pending decision for the seat that must choose.

Pending items (plain dicts on `state.pending`, innermost last):
- recoil  {seat, figure, from, options}         owner picks a hex or falls
- hacks   {seat, figure, hackers, lethal, then} free hacks, order chosen by the
          target's owner when several remain; `then` is what happens if every
          hack misses: {"move": [q, r], "contact": bool} (leaving melee; contact:
          the move ends touching a new enemy, for Dashing), {"flee": n} (morale)
          or {"carry": mount} (picked up by a Mounted friend); None: a recoil's
          hacks, each made (run_hack)
- morale  {seat, figures, reason}               tests rolled one by one (morale_tests.py)
- flee    {seat, figure, options, stood_up}     owner picks among equal routes
"""

from __future__ import annotations

from server.rules.board.hex import distance, neighbours
from server.rules.sbh import commanders, magic_items, swarms, were
from server.rules.sbh.combat import (
    defends_obstacle,
    free_disengage_from,
    hex_list,
    lethal_against,
    outcome,
    recoil_options,
    side_modifier,
)
from server.rules.sbh.figures import Figure
from server.rules.sbh.terrain import LONG, MEDIUM


def resolve_combat(ctx, attacker: Figure, defender: Figure, *, free_hack: bool = False,
                   lethal_hack: bool = False, power: bool = False, cost: int = 0,
                   for_hacks: bool = False, special: bool = True) -> None:
    """Roll a melee (or a free hack), let Heroes re-roll, then apply the result.

    The combat is kept as a plain `spec` so it can wait on the stack while a
    Hero's owner decides about a re-roll (seed 000, HERO (P): "once per game, a
    Hero model can re-roll one die roll, be it a Combat or Quality roll")."""
    spec = {"attacker": attacker.id, "defender": defender.id, "dice": ctx.roll(2),
            "free_hack": free_hack, "lethal_hack": lethal_hack, "power": power,
            "cost": cost, "for_hacks": for_hacks, "asked": [], "special": special}
    continue_combat(ctx, spec)


def continue_combat(ctx, spec: dict) -> None:
    for fid in (spec["attacker"], spec["defender"]):
        f = ctx.state.figures[fid]
        if f.has("Hero") and not f.hero_reroll_used and fid not in spec["asked"]:
            ctx.push({"kind": "hero_reroll", "seat": f.seat, "figure": fid, "combat": spec})
            return
    if (ctx.state.magic_item is not None and not spec.get("ranged")
            and magic_items.offer_strength(ctx, spec)):
        return
    finish_combat(ctx, spec)


def hero_reroll_chosen(ctx, item: dict, reroll: bool) -> None:
    spec = dict(item["combat"])
    spec["asked"] = [*spec["asked"], item["figure"]]
    ctx.pop()
    if reroll:
        index = 0 if item["figure"] == spec["attacker"] else 1
        [die] = ctx.roll(1)
        ctx.emit("hero_rerolled", figure=item["figure"], old=spec["dice"][index], new=die)
        spec["dice"] = [die if i == index else d for i, d in enumerate(spec["dice"])]
    continue_combat(ctx, spec)


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


def finish_combat(ctx, spec: dict) -> None:
    """Total the (final) dice with the modifiers, record the combat as an event
    and apply its result."""
    if spec.get("ranged"):
        from server.rules.sbh.ranged import finish_shot

        finish_shot(ctx, spec)
        return
    s = ctx.state
    attacker, defender = s.figures[spec["attacker"]], s.figures[spec["defender"]]
    free_hack, power = spec["free_hack"], spec["power"]
    obstacle = defends_obstacle(s, defender, attacker)
    a_mod, a_why = side_modifier(s, attacker, defender, attacking=True, defending_obstacle=False)
    d_mod, d_why = side_modifier(s, defender, attacker, attacking=False,
                                 defending_obstacle=obstacle)
    if power:
        d_mod -= 1
        d_why.append("power blow -1")
    a_belt, d_belt = (magic_items.strength_bonus(spec, f) for f in (attacker, defender))
    if a_belt:
        a_mod += a_belt
        a_why.append(f"strength belt +{a_belt}")
    if d_belt:
        d_mod += d_belt
        d_why.append(f"strength belt +{d_belt}")
    a_die, d_die = spec["dice"]
    a_total = attacker.combat + a_mod + a_die
    d_total = defender.combat + d_mod + d_die
    flags = {
        "defender": {"fallen": defender.fallen, "rabble": defender.has("Rabble"),
                     "heavy_armor": defender.has("Heavy Armor"),
                     "savage_winner": attacker.has("Savage")},
        "attacker": {"fallen": attacker.fallen, "rabble": attacker.has("Rabble"),
                     "heavy_armor": attacker.has("Heavy Armor"),
                     "savage_winner": defender.has("Savage")},
    }
    # seed 000: "The transfixed model's roll is purely defensive."
    result = outcome(a_total, a_die, d_total, d_die,
                     one_sided=free_hack or defender.transfixed,
                     lethal_for_attacker=spec["lethal_hack"] or lethal_against(
                         attacker, defender, special=spec.get("special", True)),
                     lethal_for_defender=lethal_against(defender, attacker),
                     loser_flags=flags)
    ctx.emit("melee", attacker=attacker.id, defender=defender.id, dice=[a_die, d_die],
             totals=[a_total, d_total], modifiers=[a_why, d_why], free_hack=free_hack,
             power=power, loser=result.loser, result=result.result, cost=spec["cost"],
             special=_declared_special(attacker, spec))
    if spec["for_hacks"] and result.result != "none":
        # the hacks item is on top: no further hacks, and no move/flight after
        ctx.replace_top(dict(s.pending[-1], hackers=[], interrupted=True))
    magical = (magic_items.melee_bonus(s, attacker) > 0,
               magic_items.melee_bonus(s, defender) > 0)  # (before a 1 breaks the sword)
    if s.magic_item is not None:
        magic_items.after_melee(ctx, ((attacker, a_die), (defender, d_die)))
    apply_outcome(ctx, attacker, defender, result, magical=magical)
    if result.result in ("kill", "gruesome"):
        loser = defender if result.loser == "defender" else attacker
        winner = attacker if loser is defender else defender
        if loser.status == "dead":
            from server.rules.sbh.devotion import greedy_check

            greedy_check(ctx, winner)


def _declared_special(attacker: Figure, spec: dict) -> bool:
    return bool(spec.get("special")) and combat_master_special(attacker)


def combat_master_special(fig: Figure) -> bool:
    """Seed 000, COMBAT MASTER (P): "A Combat Master with the Assassin or Lethal
    rule may use it only on one of his attacks (player's choice, but must be
    declared before rolling the combat die)"."""
    return fig.has("Combat Master") and (fig.has("Lethal") or fig.has("Assassin"))


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
        from server.rules.sbh.falling import over_the_edge

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
    from server.rules.sbh.scenario_rules import after_move

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
    from server.rules.sbh.movement import enemies_in_contact, move_destinations

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
        from server.rules.sbh.scenario_rules import after_move

        fig = ctx.state.figures[item["figure"]]
        start = fig.pos
        ctx.emit("followed_up", figure=item["figure"], to=to)
        after_move(ctx, fig, start)  # a free move: tokens, markers, difficult ground


def adjacent_enemies(s, fig: Figure) -> list[Figure]:
    near = set(neighbours(fig.pos))
    return [e for e in s.figures.values() if e.seat != fig.seat and e.on_table and e.pos in near]


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


def after_loss(ctx, fig: Figure) -> None:
    """Losses that are not kills still count for 'the dead outnumber the living'
    and for a lost Leader (fleeing off the table)."""
    _queue_triggers(ctx, fig.seat, _loss_triggers(ctx, fig))
    commanders.succession(ctx, fig)


def hacks_finished(ctx, item: dict) -> None:
    """The free hacks are over: carry out `then` unless one of them struck."""
    ctx.pop()
    fig = ctx.state.figures[item["figure"]]
    then = item.get("then")
    if not then or item.get("interrupted") or not fig.on_table:
        return
    if "move" in then:
        from server.rules.sbh.scenario_rules import after_move

        start = fig.pos
        # seed 000, DASHING: "if he attacks in the same turn he comes in contact
        # with an enemy" -- a move into contact that began by disengaging too
        contact = {"contact": True} if then.get("contact") else {}
        ctx.emit("moved", figure=fig.id, to=then["move"], cost=0, disengaged=True, **contact)
        after_move(ctx, fig, start)
    elif "flee" in then:
        from server.rules.sbh.flee import flee
        flee(ctx, fig, then["flee"], ignore=then.get("ignore", []))
    elif "carry" in then:  # (mounts.do_carry: the action is already spent)
        ctx.emit("carried", figure=then["carry"], passenger=fig.id, cost=0)

