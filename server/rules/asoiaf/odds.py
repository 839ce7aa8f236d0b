"""Exact odds of an attack (seed 004, ATTACK SEQUENCE steps 3-6) for the web
client's hover: the distribution of hits and of wounds after the defence roll,
for each set of coin improvements the attacker may buy.

The rolls are the sequence's own: their dice, values, modifiers and shaken
tokens come from roll_terms.attack_roll and roll_terms.defence_roll, the
functions attack_sequence rolls with, on the states the sequence rolls them in
(a charge's move made first when its square is named, the defence after the
attack's event evolved as the game evolves it). Each die is independent, so
the distributions are convolutions over the d10 faces with the engine's per-die
rules (attack.hits, attack.blocks, conditions.results), exact as fractions. An
equipment token declared that changes a die (LUCKY CHARM: the attacker's lowest
die becomes a natural 10; BLINDING POWDER: the defender's highest defence die
becomes a 1) is counted as equipment_uses.change_dice rolls it: the sorted dice
are walked face by face (`changed_sum`). What is the other player's to choose
later is taken as not chosen: no defence ability, coins or token of the
defender's (step 4), no engaged enemy's BLINDING POWDER on the attack roll.
A will test bought with an improvement rolls its d10 before the attack dice
(bought_effects.py): the odds count each of its faces (and of any die rolled
after it before the attack's: a bought hit's defence dice), each a branch of
weight 1/10 with the state it leaves, and add the branches' distributions
(`_bought_branches`; more than MOST_BOUGHT_DICE such dice: no odds, in words).
A set of improvements picking models is counted for the models the command
names (`pick_1` ...), none shown until they are picked.
tests/asoiaf/test_odds_engine.py compares the odds with every face of every
die rolled through the sequence itself. Rule module: reads state.py and the
rule modules, never imports system.py (its evolve is handed in)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from math import comb

from server.rules.asoiaf import (
    attack,
    attack_sequence,
    charge,
    coins,
    combat_commands,
    conditions,
    picks,
    roll_terms,
    terrain_entry,
)
from server.rules.asoiaf.cards.vocabulary import ChangeDie, WillTest
from server.rules.asoiaf.charge_terrain import field_now
from server.rules.asoiaf.state import State
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
                 change, extra_dice: int = 0) -> dict[int, Fraction]:
    """Wounds when the attacker's token changes the defender's highest dice
    (BLINDING POWDER), per number of hits (a die each, plus `extra_dice`)."""
    def blocks_of(face):
        return attack.blocks((face,), conditions.results((face,), shaken, modifier),
                             defence, 1)
    out: dict[int, Fraction] = {}
    for h, ph in hits.items():
        rolled = h + extra_dice if h else 0  # no hits: no defence roll
        blocked = changed_sum(rolled, blocks_of, change.to, change.dice, lowest=False)
        for b, pb in blocked.items():
            w = h - min(h, b)
            out[w] = out.get(w, 0) + ph * pb
    return out


def _change(pack, token: str, whose: str):
    """The token's change of its carrier's own dice or of the enemy's, if any."""
    card = pack.equipment.get(token) if token else None
    return next((e for e in (card.effects if card else ())
                 if isinstance(e, ChangeDie) and e.whose == whose), None)


def _plain(dist: dict[int, Fraction]) -> list[list]:
    """[[value, probability, "exact fraction"], ...] by value, zeros left out."""
    return [[k, float(p), f"{p.numerator}/{p.denominator}"]
            for k, p in sorted(dist.items()) if p]


def _spec_for(prompt: Prompt, command: Command):
    decision = next((d for d in prompt.decisions if d.seat == command.seat), None)
    args = command.args
    for spec in decision.options if decision else ():
        if spec.type == command.type and spec.args.get("mode") == args.get("mode") \
                and spec.args.get("equipment", "") == args.get("equipment", "") \
                and spec.args.get("ability", "") == args.get("ability", "") \
                and args.get("target") in spec.params.get("target", ()) \
                and (args.get("improvements") is None or list(args["improvements"])
                     in spec.params.get("improvements", ())) \
                and ("square" not in args or list(args["square"]) in spec.params.get(
                    "square", ())):
            return spec
    raise RulesError("no_odds", "Odds are shown for an attack or a charge you can make "
                     "now: choose one of its targets (and a square it may charge to).",
                     attack_sequence.SEQUENCE)


class _NoTerrainDice:
    """A charge's move whose terrain rolls dice has no single state to count from."""

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        raise RulesError("no_odds", "This charge crosses terrain that rolls dice on the "
                         "way: its odds are shown before you choose the square.",
                         attack_sequence.SEQUENCE)


class _Hitting:
    """Attack dice that all show a natural 10. The state the defence roll sees
    does not hang on which faces hit (only on `PendingAttack.hits`, whose dice
    the odds count themselves), so it is reached through the sequence's own
    attack event rolled with these."""

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        return (attack.NATURAL_TEN,) * count


NO_ATTACK = {0: Fraction(1)}
MOST_BOUGHT_DICE = 3  # a bought will test's die and those after it: 10 ** 3 branches at most


class _MoreFaces(Exception):
    """The bought effects asked for a die beyond the faces given."""


class _Faces:
    """Dice showing `faces` in turn, then natural 10s (`then`, the attack's own
    dice: `_Hitting`'s) or, with no `then`, asking for another face."""

    def __init__(self, faces: list[int], then: int | None = None) -> None:
        self.faces, self.given, self.then = list(faces), 0, then

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        out = []
        for _ in range(count):
            if self.given < len(self.faces):
                out.append(self.faces[self.given])
            elif self.then is None:
                raise _MoreFaces
            else:
                out.append(self.then)
            self.given += 1
        return tuple(out)


def _bought_branches(roll: Callable) -> list[list[int]]:
    """Every run of faces the dice bought before the attack roll may show
    (`roll(dice)` rolls them), each run as long as the effects ask: its
    weight 1 / 10 ** len."""
    done, todo = [], [[]]
    while todo:
        faces = todo.pop()
        try:
            roll(_Faces(faces))
        except _MoreFaces:
            if len(faces) >= MOST_BOUGHT_DICE:
                raise RulesError("no_odds", "These improvements roll more than "
                                 f"{MOST_BOUGHT_DICE} dice before the attack roll (a will "
                                 "test and the hits after it): their odds are not counted.",
                                 attack_sequence.SEQUENCE) from None
            todo += [[*faces, face] for face in FACES]
            continue
        done.append(faces)
    return done


def _weigh(total: dict, dist: dict, weight: Fraction) -> dict:
    for k, p in dist.items():
        total[k] = total.get(k, 0) + p * weight
    return total


def _shown(values: set):
    """One number when every branch agrees, else "low-high" (a will test's)."""
    return next(iter(values)) if len(values) == 1 else f"{min(values)}-{max(values)}"


def attack_odds(state: State, pack, field, prompt: Prompt, command: Command,
                evolve: Callable) -> dict:
    """For an offered attack (or charge) on `command.args["target"]` with mode
    `command.args["mode"]`: per improvement set offered, its cost, dice and the
    hits and wounds distributions. Only the chosen set when the args name one.
    A charge whose `square` is named moves there first (its coins paid); without
    one it is counted from where the model stands. `evolve`: the game's."""
    spec = _spec_for(prompt, command)
    uid = combat_commands.attacker_of(state, command)
    attacker = state.model(uid)
    target = state.model(command.args["target"])
    index = command.args["mode"]
    mode = pack.models[attacker.card].attacks[index]
    chosen = command.args.get("improvements")
    offered = [list(c) for c in spec.params.get("improvements", [[]])]
    sets = [list(chosen)] if chosen is not None and list(chosen) in offered else offered
    choices = [_choice(state, pack, field, evolve, command, uid, improvements)
               for improvements in sets]
    return {"kind": "asoiaf_attack", "attacker": uid, "target": target.uid,
            "mode": mode.name, "equipment": command.args.get("equipment", ""),
            "defence": pack.models[target.card].defence, "wounds_left": target.wounds_left,
            "choices": choices}


def _choice(state: State, pack, field, evolve: Callable, command: Command, uid: str,
            improvements: list[int]) -> dict:
    """One set of improvements: the rolls the sequence would make, counted (a
    bought will test's branches added, each weighed by its faces)."""
    args = {**command.args, "improvements": improvements}
    given = command.type in ("granted_attack", "granted_charge")
    charging = command.type in ("charge", "granted_charge")
    index, target_uid = args["mode"], args["target"]
    mode = pack.models[state.model(uid).card].attacks[index]
    cost = coins.total(mode.spend, coins.improvements_cost(mode.improvements, improvements))
    effects = coins.bought_effects([e for i in improvements
                                    for e in mode.improvements[i].effects], "attack")
    picked = picks.listed(args)
    if picks.pickers(effects) and not picked:
        raise RulesError("no_odds", "These improvements aim at models you pick: pick them "
                         "first, then ask the odds.", attack_sequence.SEQUENCE)
    reached = True
    if charging and "square" in args:  # the move first, as combat_commands.attack makes it
        state = evolve(state, combat_commands.charge_event(state, pack, field, uid, args,
                                                           _NoTerrainDice(), given))
        field = field_now(state)
        reached = not terrain_entry.halted(state, uid) \
            and charge.reaches(state, field, uid, target_uid)

    def terms(dice):
        return roll_terms.attack_roll(state, pack, field, uid, index, target_uid,
                                      improvements, charging, dice, picked)[1]
    branches = _bought_branches(terms) if reached and any(
        isinstance(e, WillTest) for e in effects) else [None]
    hits_all: dict = {}
    wounds_all: dict = {}
    shown = {"dice": set(), "value": set(), "defence": set()}
    for faces in branches:
        weight = Fraction(1, attack.D10 ** len(faces)) if faces is not None else Fraction(1)
        hits, wounds, rolling, defence = _branch(
            state, pack, field, evolve, uid, args, faces, reached, terms, charging, given,
            picked)
        hits_all, wounds_all = _weigh(hits_all, hits, weight), _weigh(wounds_all, wounds, weight)
        shown["dice"].add(rolling.dice)
        shown["value"].add(rolling.value)
        shown["defence"].add(defence)
    return {"improvements": improvements, "cost": coins.as_plain(cost),
            "dice": _shown(shown["dice"]), "value": _shown(shown["value"]),
            "defence": _shown(shown["defence"]),
            "hits": _plain(hits_all), "wounds": _plain(wounds_all),
            "mean_wounds": float(sum(w * p for w, p in wounds_all.items()))}


def _branch(state: State, pack, field, evolve: Callable, uid: str, args: dict, faces,
            reached: bool, terms: Callable, charging: bool, given: bool, picked):
    """The hits and wounds distributions, the attack roll's terms and the
    defence value when the dice bought before the roll show `faces` (None:
    they roll no will test: counted without them, as before)."""
    index, target_uid, token = args["mode"], args["target"], args.get("equipment", "")
    rolling = terms(_Faces(faces) if faces is not None else None)
    own = _change(pack, token, "own")
    if not reached:
        hits = NO_ATTACK
    elif own:
        hits = token_hits(rolling.dice, rolling.value, rolling.shaken, rolling.modifier, own)
    else:
        hits = hits_distribution(rolling.dice, rolling.value, rolling.shaken,
                                 rolling.modifier)
    defence = pack.models[state.model(target_uid).card].defence
    wounds = NO_ATTACK
    if max(hits) > 0:
        dice = _Faces(faces, then=attack.NATURAL_TEN) if faces is not None else _Hitting()
        event = attack_sequence.roll_attack_event(
            state, pack, field, uid, index, target_uid, args["improvements"], dice,
            charging=charging, token=token, granted=given, picked=picked)
        defending = evolve(state, event)
        _, guarding = roll_terms.defence_roll(defending, pack, field_now(defending), [])
        defence = guarding.value
        enemy = _change(pack, defending.attack.attacker_token, "enemy")
        if enemy:
            wounds = token_wounds(hits, guarding.value, guarding.shaken, guarding.modifier,
                                  enemy, guarding.dice)
        else:
            wounds = wounds_distribution(hits, guarding.value, guarding.shaken,
                                         guarding.modifier, guarding.dice)
    return hits, wounds, rolling, defence
