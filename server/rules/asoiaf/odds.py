"""Exact odds of an attack (seed 004, ATTACK SEQUENCE steps 3-6) for the web
client's hover: the distribution of hits and of wounds after the defence roll,
for each set of coin improvements the attacker may buy.

Pure arithmetic over the d10 faces with the engine's own per-die rules
(attack.hits, attack.blocks, conditions.results): each die is independent, so
the distributions are convolutions, exact as fractions. The defender is taken to
spend no coins on defence abilities (their choice comes later, at step 4); the
passive modifiers and shaken tokens in play now count. An option that declares
an equipment token changing a die (LUCKY CHARM: the attacker's lowest die
becomes a natural 10; BLINDING POWDER: the defender's highest defence die
becomes a 1) is counted exactly, as equipment_uses.change_dice rolls it: the
sorted dice are walked face by face (`changed_sum`). Rule module: reads
state.py and the rule modules, never imports system.py."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

from server.rules.asoiaf import attack, attack_sequence, coins, conditions, passives
from server.rules.asoiaf.cards.vocabulary import ChangeDie
from server.rules.asoiaf.state import Condition, State
from server.rules.kernel import Command, Prompt, RulesError

FACES = range(1, attack.D10 + 1)


def die_hits(value: int, shaken: bool, modifier: int) -> Counter:
    """How many of the 10 faces of one attack die give 0, 1 or 2 hits."""
    return Counter(attack.hits((f,), conditions.results((f,), shaken, modifier), value)
                   for f in FACES)


def die_blocks(value: int, shaken: bool, modifier: int) -> int:
    """How many of the 10 faces of one defence die block a hit."""
    return sum(attack.blocks((f,), conditions.results((f,), shaken, modifier), value, 1)
               for f in FACES)


def convolve(first: dict, second: dict) -> dict:
    out: dict = {}
    for a, pa in first.items():
        for b, pb in second.items():
            out[a + b] = out.get(a + b, 0) + pa * pb
    return out


def hits_distribution(dice: int, value: int, shaken: bool = False,
                      modifier: int = 0) -> dict[int, Fraction]:
    """P(total hits = h) for `dice` attack dice against the attack `value`."""
    one = {h: Fraction(n, attack.D10) for h, n in die_hits(value, shaken, modifier).items()}
    total = {0: Fraction(1)}
    for _ in range(dice):
        total = convolve(total, one)
    return total


def wounds_distribution(hits: dict[int, Fraction], defence: int, shaken: bool = False,
                        modifier: int = 0, extra_dice: int = 0) -> dict[int, Fraction]:
    """P(wounds = w): each hit gives a defence die (plus `extra_dice`), each
    success blocks one hit, never more blocks than hits; the rest are wounds."""
    p = Fraction(die_blocks(defence, shaken, modifier), attack.D10)
    # successes[n]: the distribution of successes of n defence dice, built once
    successes = [{0: Fraction(1)}]
    for _ in range(max(hits) + extra_dice):
        successes.append(convolve(successes[-1], {0: 1 - p, 1: p}))
    out: dict[int, Fraction] = {}
    for h, ph in hits.items():
        rolled = h + extra_dice if h else 0  # no hits: no defence roll
        for s, ps in successes[rolled].items():
            w = h - min(h, s)
            out[w] = out.get(w, 0) + ph * ps
    return out


def changed_sum(dice: int, value, to: int, changed: int, lowest: bool) -> dict[int, Fraction]:
    """P(sum of value(face) over `dice` d10 = s) when the `changed` lowest (or
    highest) faces are turned into `to` first: the faces are taken in order, each
    with how many dice show it (ways: a binomial per face), the first `changed`
    of them counted as `to`."""
    ways = {(0, 0): 1}  # (dice placed, sum) -> number of rolls
    for face in (FACES if lowest else reversed(FACES)):
        after: dict = {}
        for (placed, total), count in ways.items():
            for shown in range(dice - placed + 1):
                turned = max(0, min(shown, changed - placed))
                key = (placed + shown, total + (shown - turned) * value(face)
                       + turned * value(to))
                after[key] = after.get(key, 0) + count * comb(dice - placed, shown)
        ways = after
    return {total: Fraction(count, attack.D10 ** dice)
            for (placed, total), count in ways.items() if placed == dice}


def token_hits(dice: int, value: int, shaken: bool, modifier: int, change) -> dict:
    """Hits with the attacker's own die-changing token declared (LUCKY CHARM)."""
    def hits_of(face):
        return attack.hits((face,), conditions.results((face,), shaken, modifier), value)
    return changed_sum(dice, hits_of, change.to, change.dice, lowest=True)


def token_wounds(hits: dict[int, Fraction], defence: int, shaken: bool, modifier: int,
                 change) -> dict[int, Fraction]:
    """Wounds when the attacker's token changes the defender's highest dice
    (BLINDING POWDER), per number of hits."""
    def blocks_of(face):
        return attack.blocks((face,), conditions.results((face,), shaken, modifier),
                             defence, 1)
    out: dict[int, Fraction] = {}
    for h, ph in hits.items():
        blocked = changed_sum(h, blocks_of, change.to, change.dice, lowest=False)
        for b, pb in blocked.items():
            w = h - min(h, b)
            out[w] = out.get(w, 0) + ph * pb
    return out


def _changes(pack, token: str) -> tuple:
    """The declared token's change of the attacker's own dice and of the enemy's."""
    card = pack.equipment.get(token) if token else None
    effects = [e for e in (card.effects if card else ()) if isinstance(e, ChangeDie)]
    return (next((e for e in effects if e.whose == "own"), None),
            next((e for e in effects if e.whose == "enemy"), None))


def _plain(dist: dict[int, Fraction]) -> list[list]:
    """[[value, probability, "exact fraction"], ...] by value, zeros left out."""
    return [[k, float(p), f"{p.numerator}/{p.denominator}"]
            for k, p in sorted(dist.items()) if p]


def _spec_for(prompt: Prompt, command: Command):
    decision = next((d for d in prompt.decisions if d.seat == command.seat), None)
    for spec in decision.options if decision else ():
        if spec.type == command.type and spec.args.get("mode") == command.args.get("mode") \
                and spec.args.get("equipment", "") == command.args.get("equipment", "") \
                and command.args.get("target") in spec.params.get("target", ()):
            return spec
    raise RulesError("no_odds", "Odds are shown for an attack or a charge you can make "
                     "now: choose one of its targets.", attack_sequence.SEQUENCE)


def attack_odds(state: State, pack, field, prompt: Prompt, command: Command) -> dict:
    """For an offered attack (or charge) on `command.args["target"]` with mode
    `command.args["mode"]`: per improvement set offered, its cost, dice and the
    hits and wounds distributions. Only the chosen set when the args name one."""
    spec = _spec_for(prompt, command)
    attacker = state.model(state.active_model)
    target = state.model(command.args["target"])
    mode = pack.models[attacker.card].attacks[command.args["mode"]]
    defender_card = pack.models[target.card]
    chosen = command.args.get("improvements")
    offered = [list(c) for c in spec.params.get("improvements", [[]])]
    sets = [list(chosen)] if chosen is not None and list(chosen) in offered else offered
    attack_modifier = passives.roll_modifier(state, pack, field, attacker.uid, "attack")
    defence_modifier = passives.roll_modifier(state, pack, field, target.uid, "defence")
    # a charge moves first: a shaken token stays until the attack's roll
    shaken = Condition.SHAKEN in attacker.conditions
    target_shaken = Condition.SHAKEN in target.conditions
    passive_dice = passives.value_change(state, pack, field, attacker.uid, "attack_dice")
    passive_value = passives.value_change(state, pack, field, attacker.uid, "attack_value")
    passive_defence = passives.value_change(state, pack, field, target.uid, "defence")
    token = command.args.get("equipment", "")
    own, enemy = _changes(pack, token)
    choices = []
    for improvements in sets:
        effects = [e for i in improvements for e in mode.improvements[i].effects]
        extra, modifier = coins.roll_bonus(effects, "attack")
        extra += coins.value_change(effects, "attack_dice") + passive_dice
        value = mode.value + coins.value_change(effects, "attack_value") + passive_value
        against, worse = coins.defender_changes(effects)
        defence = defender_card.defence + worse + passive_defence
        if own:
            hits = token_hits(mode.dice + extra, value, shaken, modifier + attack_modifier, own)
        else:
            hits = hits_distribution(mode.dice + extra, value, shaken,
                                     modifier + attack_modifier)
        if enemy and mode.kind == "close":  # the powder: "an engaged enemy model"
            wounds = token_wounds(hits, defence, target_shaken, defence_modifier + against,
                                  enemy)
        else:
            wounds = wounds_distribution(hits, defence, target_shaken,
                                         defence_modifier + against)
        cost = coins.total(mode.spend, coins.improvements_cost(mode.improvements, improvements))
        choices.append({"improvements": improvements, "cost": coins.as_plain(cost),
                        "dice": mode.dice + extra, "value": value, "defence": defence,
                        "hits": _plain(hits), "wounds": _plain(wounds),
                        "mean_wounds": float(sum(w * p for w, p in wounds.items()))})
    return {"kind": "asoiaf_attack", "attacker": attacker.uid, "target": target.uid,
            "mode": mode.name, "equipment": token, "defence": defender_card.defence,
            "wounds_left": target.wounds_left, "choices": choices}
