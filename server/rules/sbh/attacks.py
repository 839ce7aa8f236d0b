"""An attack from its dice to its result, melee or ranged (seed 000, MELEE,
RANGED COMBAT, HERO (P); MAGIC ITEMS TABLE, strength belt).

Both combat dice are rolled at once (`resolve_combat` for a melee blow or a
free hack, `shoot` for a missile, a spell or a volley) and the attack is kept
as a plain `spec` dict, so it can wait on the stack while a Hero's owner decides
about a re-roll (`hero_reroll` items: "once per game, a Hero model can re-roll
one die roll, be it a Combat or Quality roll") or a strength belt's carrier
about spending its points (`strength_belt` items, magic_items.py). Then it is
totalled with its modifiers (combat.py for melee, ranged_modifiers.py for
shots), recorded as an event, and its result applied (consequences.py).
"""

from __future__ import annotations

from server.rules.sbh import magic_items
from server.rules.sbh.combat import defends_obstacle, lethal_against, outcome, side_modifier
from server.rules.sbh.consequences import apply_outcome
from server.rules.sbh.devotion import greedy_check
from server.rules.sbh.figures import Figure
from server.rules.sbh.ranged_modifiers import attack_modifiers, volley_modifiers


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


def finish_combat(ctx, spec: dict) -> None:
    """Total the (final) dice with the modifiers, record the combat as an event
    and apply its result."""
    if spec.get("ranged"):
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
            greedy_check(ctx, winner)


def _declared_special(attacker: Figure, spec: dict) -> bool:
    return bool(spec.get("special")) and combat_master_special(attacker)


def combat_master_special(fig: Figure) -> bool:
    """Seed 000, COMBAT MASTER (P): "A Combat Master with the Assassin or Lethal
    rule may use it only on one of his attacks (player's choice, but must be
    declared before rolling the combat die)"."""
    return fig.has("Combat Master") and (fig.has("Lethal") or fig.has("Assassin"))


def shoot(ctx, shooter: Figure, target: Figure, *, aimed: bool, cost: int,
          spell_power: int = 0, spell_only: int = 0, volley: list[str] | None = None,
          javelin: bool = False, casters: list[str] = (), volley_power: int = 0,
          aimed_at: str | None = None) -> None:
    """Roll the attack and hand it to the shared resolution (Hero re-rolls).
    `volley`: the shooters of a Concentrated Shooting (`shooter` is the nearest);
    `casters` among them cast spells of power `volley_power`; `aimed_at`: the
    enemy a stray shot hitting `target`, a friend, was shot at (`evil.py`)."""
    spec = {"attacker": shooter.id, "defender": target.id, "dice": ctx.roll(2),
            "ranged": {"aimed": aimed, "spell_power": spell_power,
                       "spell_only": spell_only, "volley": volley},
            "cost": cost, "asked": []}
    if javelin:  # (only then: older records carry no such key)
        spec["ranged"]["javelin"] = True
    if aimed_at is not None:
        spec["ranged"]["aimed_at"] = aimed_at
    if casters:
        spec["ranged"].update(casters=list(casters), volley_power=volley_power)
    continue_combat(ctx, spec)


def finish_shot(ctx, spec: dict) -> None:
    """Seed 000, RESOLVING RANGED ATTACKS: "only the shooter can affect the
    target"; MISSILE EXPENDITURE on an unmodified 1."""
    s = ctx.state
    shooter, target = s.figures[spec["attacker"]], s.figures[spec["defender"]]
    ranged = spec["ranged"]
    power = ranged["spell_power"]
    volley = ranged.get("volley")
    d_mod, d_why = 0, []
    if volley:
        a_combat, a_mod, a_why = volley_modifiers(s, volley, target,
                                                  ranged.get("casters", ()),
                                                  ranged.get("volley_power", 0))
        if len(volley) > 1:  # (a caster whose spell fell short takes no part)
            d_mod -= len(volley) - 1
            d_why.append(f"concentrated shooting -{len(volley) - 1}")
    else:
        aimed_at = ranged.get("aimed_at")
        a_combat, a_mod, a_why = attack_modifiers(
            s, shooter, target, power, javelin=bool(ranged.get("javelin")),
            aimed_at=s.figures[aimed_at] if aimed_at else None)
    if ranged["aimed"]:
        d_mod -= 1
        d_why.append("aimed shot -1")
    a_die, d_die = spec["dice"]
    a_total, d_total = a_combat + a_mod + a_die, target.combat + d_mod + d_die
    # FALLEN MODELS: "If a fallen model is doubled in combat, its opponent has
    # scored a gruesome kill" ("the effects of ranged attacks are the same")
    flags = {"defender": {"fallen": target.fallen, "rabble": target.has("Rabble"),
                          "heavy_armor": target.has("Heavy Armor")}}
    # a volley's special rules (Lethal, Assassin, Cleric, Poison) are its worst:
    # only those every shooter has ("Just use the worst modifier in the group")
    shooters = [s.figures[f] for f in volley or [shooter.id]]
    lethal = all(lethal_against(f, target, ranged=True) for f in shooters)
    result = outcome(a_total, a_die, d_total, d_die, one_sided=True,
                     lethal_for_attacker=lethal, loser_flags=flags)
    ctx.emit("shot", shooter=shooter.id, target=target.id, dice=[a_die, d_die],
             **({"aimed_at": ranged["aimed_at"]} if ranged.get("aimed_at") else {}),
             totals=[a_total, d_total], modifiers=[a_why, d_why], aimed=ranged["aimed"],
             spell_power=power, loser=result.loser, result=result.result,
             cost=spec["cost"], spell_only=ranged["spell_only"], volley=volley,
             **({"javelin": True} if ranged.get("javelin") else {}),
             **({"casters": ranged["casters"]} if ranged.get("casters") else {}))
    archers = [f for f in volley or [shooter.id] if f not in ranged.get("casters", ())]
    if a_die == 1 and archers and not power and not ranged.get("javelin"):
        # (javelins are counted; spells spend no missiles)
        [again] = ctx.roll(1)
        if len(archers) > 1 and again == 1:
            # "only one model, chosen by the controller, loses the ability to shoot"
            ctx.emit("missile_check", figure=None, dice=[again], spent=True)
            ctx.push({"kind": "missile_loss", "seat": shooter.seat, "figure": shooter.id,
                      "options": archers})
        else:
            checked = shooter.id if shooter.id in archers else archers[0]
            ctx.emit("missile_check", figure=checked, dice=[again], spent=again == 1)
    magic = bool(power or ranged.get("javelin") or ranged.get("casters"))
    apply_outcome(ctx, shooter, target, result, ranged=True, magical=(magic, False),
                  poison=all(f.has("Poison") for f in shooters))


def strength_spent(ctx, seat: str, args: dict) -> None:
    """The answer to a `strength_belt` item (magic_items.spend_strength): the
    combat goes on with the points spent."""
    continue_combat(ctx, magic_items.spend_strength(ctx, args))


HANDLERS = {("strength_belt", "spend_strength"): strength_spent}
