"""Spells and the transfix-like abilities (seed 000, MAGIC to WHERE IS THE
SPELL LIST?, ENTANGLE; seed 001, Distract and Magic Resistance).

A magic-user declares casting before rolling (activation.do_activate); its
successes are power points. One spell per activation, either a Transfix
(range by power, no multiples, the target resists on one die per power
point) or a ranged attack with Combat = power (Short/Medium/Long by power,
up to three times that at -1 per stick beyond the first). Entangle and
Distract work like casting Transfix but need no declaration.
"""

from __future__ import annotations

from server.rules.kernel import CommandSpec
from server.rules.sbh import hero, ranged
from server.rules.sbh.attacks import shoot
from server.rules.sbh.context import illegal
from server.rules.sbh.figures import Figure
from server.rules.sbh.groups import regrouping
from server.rules.sbh.quality import roll_quality, succeeds
from server.rules.sbh.state import SbhState

MAGIC = "seed 000, MAGIC"
TRANSFIX = "seed 000, TRANSFIX"
# kind -> (rule the figure needs, is it a spell, passage)
HOLDS = {
    "transfix": ("Magic-User", True, TRANSFIX),
    "entangle": ("Entangle", False, "seed 000, ENTANGLE"),
    "distract": ("Distract", False, "seed 001, Special Abilities: Distract"),
}


def spell_power(state: SbhState, fig: Figure) -> int:
    """Power points a magic-user can still put into this activation's spell."""
    act = state.activation
    if fig.transfixed:
        return 0  # seed 000, TRANSFIX: "cannot do anything else except try to break free"
    # seed 000, ACTIVATION, EXCEPTION: "if a Magic Using model plans to roll less
    # than three dice, he is not required to announce the action" (unannounced)
    if not (act.casting or act.unannounced) or act.spell_cast or regrouping(state) or not (
            fig.has("Magic-User") or act.scroll):
        return 0
    if ranged.in_melee(state, fig, spell=True):
        return 0  # seed 000, RESTRICTIONS IN SPELL CASTING
    return act.actions + act.spell_only


class CastersSight:
    """What one caster sees, each line traced once for all the spells and powers
    a prompt offers (it depends on neither)."""

    def __init__(self, state: SbhState, caster: Figure) -> None:
        self.state, self.caster = state, caster
        self.blocking: frozenset[int] | None = None
        self.lines: dict[str, ranged.Sight | None] = {}

    def of(self, enemy: Figure) -> ranged.Sight | None:
        if enemy.id not in self.lines:
            if self.blocking is None:
                self.blocking = ranged.blocking_figures(self.state, self.caster)
            self.lines[enemy.id] = ranged.sight(self.state, self.caster, enemy, self.blocking)
        return self.lines[enemy.id]


def hold_targets(state: SbhState, fig: Figure, kind: str, power: int,
                 sights: CastersSight | None = None) -> list[str]:
    """Enemies in range (1/2/3 power = Short/Medium/Long) and in sight; "even if
    the target is already engaged in melee" (seed 000, TRANSFIX)."""
    if power not in ranged.SPELL_RANGES or fig.pos is None:
        return []
    reach = ranged.SPELL_RANGES[power]
    sights = sights or CastersSight(state, fig)
    found = []
    for enemy in state.figures.values():
        if enemy.seat == fig.seat or not enemy.on_table or enemy.transfixed:
            continue
        if kind == "distract" and (enemy.animal or enemy.has("Artificial")
                                   or enemy.has("Undead")):
            # seed 001, Distract: "does not work on Animal, Artificial, or Undead"
            # (seed 000, SWARM: "Swarm bases count as Animals")
            continue
        seen = sights.of(enemy)
        if seen is None or seen.distance > reach:
            continue
        if seen.max_range is not None and seen.distance > seen.max_range:
            continue
        found.append(enemy.id)
    return sorted(found)


def bolt_targets(state: SbhState, fig: Figure, power: int) -> list[str]:
    if fig.attacked is not None:
        return []  # one attack a turn, and no bolt in a turn it fought in melee
    return sorted(ranged.targets(state, fig, base_range=ranged.SPELL_RANGES[power],
                                 spell=True))


def _ability_power(state: SbhState, fig: Figure, kind: str) -> int:
    rule, is_spell, _ = HOLDS[kind]
    if is_spell:
        return spell_power(state, fig)
    act = state.activation
    if fig.transfixed:
        return 0  # seed 000, TRANSFIX FAQ: a Transfixed model "cannot act" but to break free
    if not fig.has(rule) or act.spell_cast or regrouping(state) or \
            ranged.in_melee(state, fig, spell=True):
        return 0
    return act.actions


def magic_options(state: SbhState, fig: Figure) -> list[CommandSpec]:
    if not state.activation.scroll and fig.rules.keys().isdisjoint(_MAGIC_RULES):
        return []  # (what follows offers nothing to a figure without them)
    specs, sights = [], CastersSight(state, fig)
    for kind in HOLDS:
        available = _ability_power(state, fig, kind)
        for power in range(1, min(available, 3) + 1):
            found = hold_targets(state, fig, kind, power, sights)
            if found:
                specs.append(CommandSpec(kind, f"{kind.capitalize()} (power {power})",
                                         params={"target": found, "power": [power]}))
    available = spell_power(state, fig)
    for power in range(1, min(available, 3) + 1):
        found = bolt_targets(state, fig, power)
        if found:
            specs.append(CommandSpec("cast_bolt", f"Spell as a ranged attack (power {power}, "
                                     f"Combat {power})",
                                     params={"target": found, "power": [power]}))
    return specs


_MAGIC_RULES = frozenset(rule for rule, _, _ in HOLDS.values())  # (Magic-User casts bolts too)

# the spells proper, the only commands that may spend spell-only successes
SPELLS = ("transfix", "cast_bolt")


def spell_only_left(state: SbhState) -> bool:
    """Whether the activation has only spell-only successes left (seed 000,
    MAGIC: a die that succeeds thanks to a spellcasting bonus, a Sorcerer's
    sacrifice or a scroll's Quality pays for the spell and nothing else)."""
    act = state.activation
    return act is not None and act.actions <= 0 and act.spell_only > 0


def spell_only_options(state: SbhState, fig: Figure) -> list[CommandSpec]:
    """The spells that could still spend the activation's spell-only successes
    once its ordinary ones are gone. Seed 000, MAGIC (Blarion): "may move once
    and cast a Power 1 spell (using the 5 to move and the 3, boosted to a 4, to
    cast a spell)": the activation goes on while one of these is possible."""
    if not spell_only_left(state) or not fig.on_table:
        return []
    return [spec for spec in magic_options(state, fig) if spec.type in SPELLS]


def _power_arg(args: dict) -> int:
    power = args.get("power")
    if power not in (1, 2, 3):
        raise illegal("A spell's power is 1, 2 or 3 (the successes put into it).",
                      "seed 000, SPELL RANGE")
    return power


def do_hold(ctx, args: dict, kind: str) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    _, is_spell, passage = HOLDS[kind]
    power = _power_arg(args)
    if power > _ability_power(s, fig, kind):
        raise illegal(_cannot(fig, kind, is_spell), TRANSFIX if fig.transfixed else passage)
    target_id = args.get("target")
    if target_id not in hold_targets(s, fig, kind, power):
        raise illegal(f"That is not an enemy in sight within the power {power} range "
                      f"({ranged.SPELL_RANGES[power]} hexes).", passage,
                      code="illegal_target")
    target = s.figures[target_id]
    resisted = roll_quality(ctx, target, power)  # one die per power point
    if hero.offer(ctx, target, resisted, {"rule": "resist", "caster": fig.id, "kind": kind,
                                          "power": power}):
        return  # (the resisting Hero's owner may re-roll a die first)
    finish_hold(ctx, fig, target, kind, power, resisted)


def finish_hold(ctx, fig: Figure, target: Figure, kind: str, power: int,
                resisted: dict) -> None:
    """The resistance roll is final (after any Hero re-roll): held, or not."""
    s = ctx.state
    _, is_spell, _ = HOLDS[kind]
    failures = resisted["failures"]
    rerolled: list[int] = []
    if failures and target.has("Magic Resistance") and kind != "entangle":
        # seed 001, Magic Resistance: "May reroll resistance vs. Transfix spell or
        # Distract" -- the failed dice, once
        rerolled = ctx.roll(failures)
        failures = sum(1 for d in rerolled if not succeeds(d, resisted["target"]))
    spell_only = min(power, s.activation.spell_only) if is_spell else 0
    ctx.emit("held", figure=fig.id, target=target.id, kind=kind, power=power,
             dice=resisted["dice"], automatic=resisted["automatic"], rerolled=rerolled,
             target_number=resisted["target"], transfixed=failures > 0,
             cost=power - spell_only, spell_only=spell_only,
             by=fig.id if kind != "entangle" else "entangle")


def _cannot(fig: Figure, kind: str, is_spell: bool) -> str:
    if fig.transfixed:
        return (f"{fig.name} is transfixed: it can do nothing but spend two actions to "
                "break free (FAQ 'What can a Transfixed model do?').")
    if is_spell:
        return (f"{fig.name} cannot cast that: declare casting before rolling, one spell "
                "an activation, enough successes, and no standing foe in contact.")
    return (f"{fig.name} cannot {kind} now: it needs the {HOLDS[kind][0]} rule, the "
            "actions, and no standing foe in contact.")


def do_transfix(ctx, args: dict) -> None:
    do_hold(ctx, args, "transfix")


def do_entangle(ctx, args: dict) -> None:
    do_hold(ctx, args, "entangle")


def do_distract(ctx, args: dict) -> None:
    do_hold(ctx, args, "distract")


def do_cast_bolt(ctx, args: dict) -> None:
    s = ctx.state
    fig = s.figures[s.activation.figure]
    power = _power_arg(args)
    if power > spell_power(s, fig):
        raise illegal(_cannot(fig, "cast", True), TRANSFIX if fig.transfixed else MAGIC)
    target_id = args.get("target")
    if target_id not in bolt_targets(s, fig, power):
        raise illegal("That target cannot be attacked by this spell: out of 3 x its range, "
                      "out of sight, in a melee with your figures, a closer enemy comes "
                      "first, or the caster already attacked this turn.",
                      "seed 000, SPELLS AS RANGED ATTACKS", code="illegal_target")
    spell_only = min(power, s.activation.spell_only)  # spell-only dice are spent first
    shoot(ctx, fig, s.figures[target_id], aimed=False, cost=power - spell_only,
                 spell_power=power, spell_only=spell_only)
