"""Melee (seed 000, MELEE to LEAVING MELEE - MULTIPLE OPPONENTS).

`outcome` is the pure comparison of two combat totals; `melee_modifiers`
collects the common melee modifiers; `resolve_melee` rolls, records the
result as an event, and applies what follows (fall, recoil with the owner's
choice of hex, kill, gruesome kill, the morale tests a kill causes).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache

from server.rules.board.hex import Hex, distance, neighbours
from server.rules.sbh.catalog import DATA
from server.rules.sbh.figures import Figure
from server.rules.sbh.magic_items import melee_bonus
from server.rules.sbh.movement import enemies_in_contact
from server.rules.sbh.state import SbhState
from server.rules.sbh.terrain import CLIFFS
from server.rules.sbh.turns import unseen_at_turn_start

MELEE = "seed 000, MELEE"


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a combat did: `loser` is "attacker", "defender" or None (a tie or
    nothing the free-hacked/shot side could suffer); `result` is one of none,
    recoil, fall, kill, gruesome."""

    loser: str | None
    result: str


NOTHING = Outcome(None, "none")


def outcome(att_total: int, att_die: int, def_total: int, def_die: int, *,
            one_sided: bool = False, lethal_for_attacker: bool = False,
            lethal_for_defender: bool = False, loser_flags: dict | None = None) -> Outcome:
    """Compare totals (seed 000, MELEE and FALLEN MODELS).

    A win by the higher total; double = kill, triple = gruesome kill; else
    the winner's die decides: even = fall, odd = recoil. `one_sided`: a free
    hack or ranged attack, only the attacker can cause an effect.
    `lethal_for_X`: X kills by merely winning (fallen/transfixed foe, Lethal,
    Assassin, Rabble). A total of 0 or less is doubled and tripled by any
    higher total (docs/rules/sbh.md). `loser_flags[loser]["savage_winner"]`
    (melee only): any kill is gruesome.
    """
    if att_total == def_total:
        return NOTHING
    attacker_won = att_total > def_total
    if not attacker_won and one_sided:
        return NOTHING
    w_total, l_total = (att_total, def_total) if attacker_won else (def_total, att_total)
    w_die = att_die if attacker_won else def_die
    lethal = lethal_for_attacker if attacker_won else lethal_for_defender
    loser = "defender" if attacker_won else "attacker"
    flags = (loser_flags or {}).get(loser, {})
    doubled = l_total <= 0 or w_total >= 2 * l_total
    tripled = l_total <= 0 or w_total >= 3 * l_total
    if tripled or (doubled and (flags.get("fallen") or flags.get("rabble"))):
        return Outcome(loser, "gruesome")
    if doubled or lethal:
        # seed 000, SAVAGE: "every kill counts as gruesome"; COMBAT MASTER: "A
        # Savage Combat Master scores Gruesome Kills on all his kill results".
        # Only melee passes `savage_winner` ("the effects of Savage do not apply
        # to ranged attacks").
        return Outcome(loser, "gruesome" if flags.get("savage_winner") else "kill")
    if flags.get("heavy_armor") and w_total - l_total == 1:
        return NOTHING  # seed 000, HEAVY ARMOR: beaten by one point = a draw
    return Outcome(loser, "fall" if w_die % 2 == 0 else "recoil")


def outnumber_penalty(state: SbhState, fig: Figure) -> int:
    """Seed 000, OUTNUMBERED: -1 per adjacent enemy beyond the first; fallen ones
    count, transfixed (and entangled) ones do not."""
    count = sum(1 for e in enemies_in_contact(state, fig) if not e.transfixed)
    return max(0, count - 1)


def _higher(state: SbhState, me: Figure, foe: Figure) -> bool:
    """Seed 000, COMMON MELEE MODIFIERS: "fighting in elevated position". Across a
    cliff side the figure on the top is the higher (every drop is taller than a
    figure); otherwise a figure on a hill hex against one that is not."""
    board = state.board
    if board.drops:
        if (me.pos, foe.pos) in board.drops:
            return True
        if (foe.pos, me.pos) in board.drops:
            return False
    return board.kind(me.pos).elevated and not board.kind(foe.pos).elevated


def defends_obstacle(state: SbhState, defender: Figure, attacker: Figure) -> bool:
    """Seed 000, COMMON MELEE MODIFIERS: "Defending an obstacle": a linear obstacle
    (low wall, hedge, tall wall) on the side between the two. A cliff is a drop,
    not an obstacle to defend: its top fights from elevation (`_higher`), its
    foot gets nothing (docs/rules/sbh.md, "Melee across a cliff")."""
    edge = state.board.edge(attacker.pos, defender.pos)
    return edge is not None and edge not in CLIFFS


def side_modifier(state: SbhState, me: Figure, foe: Figure, *, attacking: bool,
                  defending_obstacle: bool) -> tuple[int, list[str]]:
    """Modifiers to `me`'s total against `foe` (seed 000, COMMON MELEE MODIFIERS)."""
    mod, why = 0, []
    penalty = outnumber_penalty(state, me)
    if penalty:
        mod -= penalty
        why.append(f"outnumbered -{penalty}")
    if foe.fallen or foe.transfixed:
        mod += 2
        why.append("foe fallen/transfixed +2")
    if me.size > foe.size:
        mod += 1
        why.append("larger +1")
    if me.has("Mounted") and not foe.has("Mounted") and foe.size <= me.size:
        mod += 1
        why.append("mounted +1")
    if defending_obstacle or _higher(state, me, foe):
        mod += 1
        why.append("obstacle/elevation +1")
    if state.magic_item is not None and melee_bonus(state, me):
        mod += 2
        why.append("magic sword +2")
    first_attack = attacking and me.melee_attacks == 0  # COMBAT MASTER: "only on his first"
    if first_attack and me.has("Dashing") and me.contacted_this_turn:
        mod += 1
        why.append("dashing +1")
    if (first_attack and me.seat == state.active_seat and not foe.has("Danger Sense")
            and unseen_at_turn_start(state, me, foe)):
        # seed 000, AMBUSH BONUS: "in any turn which they started hidden" - his own
        # side's turn, not a free hack in the enemy's; DANGER SENSE negates it
        mod += 1
        why.append("ambush +1")
    return mod, why


def lethal_against(me: Figure, foe: Figure, *, special: bool = True,
                   ranged: bool = False) -> bool:
    """Kills by merely winning (seed 000, FIGHTING TRANSFIXED OR FALLEN OPPONENTS,
    LETHAL, ASSASSIN, CLERIC, RABBLE). `special` False: a Combat Master's attack
    on which it did not declare its Lethal/Assassin rule. `ranged`: a fallen
    target is not helpless against missiles (RANGED COMBAT MODIFIERS: "Target is
    Fallen: no modifier"); a transfixed one is ("any attack against them is
    Lethal")."""
    if foe.transfixed or foe.has("Rabble") or (foe.fallen and not ranged):
        return True
    if not special:
        return me.has("Cleric") and not me.faith_lost and foe.has("Undead")
    target = me.param("Lethal")
    if target and _lethal_target(target)(foe):
        return True
    if me.has("Paladin") and foe.has("Evil"):
        return True  # seed 001, Paladin: "Lethal vs. Evil"
    living = not (foe.has("Undead") or foe.has("Artificial"))
    if me.has("Assassin") and living:
        return True
    return me.has("Cleric") and not me.faith_lost and foe.has("Undead")


@cache
def _lethal_table() -> dict[str, dict]:
    """data/lethal.toml, read once: Lethal parameter (lower case) -> its row."""
    with open(DATA / "lethal.toml", "rb") as f:
        return {row["parameter"].lower(): row for row in tomllib.load(f)["lethal"]}


@cache
def _lethal_target(parameter: str):
    """A test `foe -> bool` for `Lethal (parameter)` (seed 000, LETHAL: "Lethal
    versus a race applies to all profiles of that race ..., and Lethal against a
    specific special rule ... applies against any model possessing that special
    rule"). A race is a whole word of the name: a Dwarf Orcslayer is no Orc.
    Unlisted parameters: a rule of that name, or that word in the name."""
    row = _lethal_table().get(parameter.lower(), {"rule": parameter, "words": [parameter]})
    rule, max_size = row.get("rule"), row.get("max_size")
    words = row.get("words")
    alternatives = "|".join(map(re.escape, words or ()))
    pattern = re.compile(rf"(?<![A-Za-z])(?:{alternatives})(?![A-Za-z])",
                         re.IGNORECASE) if words else None

    def hits(foe: Figure) -> bool:
        # seed 000, SWARM: "Swarm bases count as Animals"
        has_rule = foe.animal if rule == "Animal" else rule and foe.has(rule)
        if has_rule and (max_size is None or foe.size <= max_size):
            return True
        return pattern is not None and pattern.search(foe.name) is not None

    return hits


def recoil_options(state: SbhState, fig: Figure, away_from: Figure) -> list[Hex]:
    """Seed 000, RECOILING: one base width directly away from the attacker; the
    owner picks among the neighbours that increase the distance. Through an
    adjacent friend (placed behind it) unless cramped, or unless a side it may
    not cross (a tall wall) parts the friend's hex from the one behind it (NO
    SPACE TO RECOIL: "with its back against an impassable scenic feature")."""
    board = state.board
    occupied = state.occupancy()
    here = fig.pos
    base = distance(here, away_from.pos)
    options: list[Hex] = []
    for h in neighbours(here):
        if distance(h, away_from.pos) <= base or board.blocks_move(here, h, fig.rules):
            continue
        if not board.passable(h, fig.rules):
            continue
        occupant = occupied.get(h)
        if occupant is None:
            options.append(h)
            continue
        if occupant.seat != fig.seat or board.cramped(h) or board.cramped(here):
            continue
        behind = (2 * h[0] - here[0], 2 * h[1] - here[1])
        behind_hex = type(h)(behind[0], behind[1], -behind[0] - behind[1])
        if (behind_hex not in occupied and board.passable(behind_hex, fig.rules)
                and not board.blocks_move(h, behind_hex, fig.rules)
                and distance(behind_hex, away_from.pos) > base):
            options.append(behind_hex)
    return sorted(set(options))


def free_disengage_from(fig: Figure, enemy: Figure) -> bool:
    """Seed 000, LEAVING MELEE COMBAT: Free Disengage on the profile; Mounted vs
    non-Mounted, non-Flying; Flying vs non-Flying. Seed 001, Ghost Blade:
    "Negates opponent's Free Disengage"."""
    if enemy.has("Ghost Blade"):
        return False
    if fig.has("Free Disengage"):
        return True
    if fig.has("Mounted") and not enemy.has("Mounted") and not enemy.has("Flying"):
        return True
    return fig.has("Flying") and not enemy.has("Flying")


def hex_list(hexes) -> list[list[int]]:
    return [[h[0], h[1]] for h in hexes]  # from_hex inlined: prompts list many hexes
