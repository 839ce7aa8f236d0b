"""The odds of the attack being chosen, from the server's `odds` request
(docs/protocol.md): which command the highlighted line would send, and the
outcomes in words.

The client does not know which commands are attacks: it asks about the command
the highlight leads to, and a `no_odds` answer marks that command type as one
without odds for the rest of that prompt (so moving the cursor over a move's
hexes asks once, not per hex; an attack that has no odds now may have later).
An ASOIAF option whose improvements pick models (`pick_1` ...) is asked without
the picks not yet chosen: its `no_odds` ("pick them first") is said in words for
that command alone, and the picks highlighted are asked about one by one.
"""

from __future__ import annotations

import json
from typing import Any

from clients.tui.picker import DONE, Picker
from clients.tui.picker_words import is_pick, is_placeholder

Command = tuple[str, dict]
RESULT_WORDS = {"gruesome": "killed gruesomely", "kill": "killed", "fall": "falls",
                "recoil": "recoils"}


def candidate(picker: Picker | None, highlighted: Any) -> Command | None:
    """The command choosing `highlighted` (a spec, or a value of the current
    param) would lead to, any later param taken at its default (no rather than
    yes, else the first value); None where that cannot be told."""
    if picker is None:
        return None
    if picker.spec is None:
        spec, chosen = highlighted, {}
    else:
        if highlighted == DONE or picker.param is None or picker.ticking:
            return None
        spec, chosen = picker.spec, {**picker.chosen, picker.param: highlighted}
    if not isinstance(spec, dict) or spec.get("subsets"):
        return None
    args = dict(spec.get("args") or {})
    for name, values in (spec.get("params") or {}).items():
        if name in chosen:
            args[name] = chosen[name]
        elif is_pick(name):
            continue  # (not chosen yet: the server says to pick it first)
        elif isinstance(values, list) and values and not any(is_placeholder(v)
                                                              for v in values):
            args[name] = False if False in values else values[0]
        else:
            return None
    return spec["type"], args


def key(match_seq: int, command: Command) -> str:
    return json.dumps([match_seq, command[0], command[1]], sort_keys=True)


def odds_words(odds: dict, target: str = "the target") -> str:
    """'Odds: b1 killed 8%, falls 17%, recoils 17%; nothing 17%; you recoil 17%...'"""
    outcomes = odds.get("outcomes", ())
    if outcomes and not any("loser" in o for o in outcomes):
        return damage_odds_words(odds, target)
    groups: dict[Any, list[str]] = {"defender": [], None: [], "attacker": []}
    for outcome in odds.get("outcomes", ()):
        percent = f"{round(100 * outcome['probability'])}%"
        loser, result = outcome.get("loser"), outcome.get("result")
        if loser is None:
            groups[None].append(f"no result {percent}")
        else:
            groups.setdefault(loser, []).append(f"{RESULT_WORDS.get(result, result)} {percent}")
    parts = []
    if groups["defender"]:
        parts.append(f"{target} " + ", ".join(groups["defender"]))
    parts.extend(groups[None])
    if groups["attacker"]:
        parts.append("attacker " + ", ".join(groups["attacker"]))
    return "Odds: " + "; ".join(parts)


def _percent(p: float) -> str:
    return f"{100 * p:.1f}%" if 0 < p < 0.1 else f"{round(100 * p)}%"


def span_words(value, unit: str = "") -> str:
    """2 -> "2"; a bought will test's branches differing, "2-3" -> "2 to 3" (with
    `unit`: "5+ to 6+"): the web's spanWords."""
    low, _, high = str(value).partition("-")
    return f"{low}{unit} to {high}{unit}" if high else f"{low}{unit}"


def dice_words(choice: dict, defence) -> str:
    """"2 to 3 d10 on 6+, against defence 5+ to 6+ (as the will test goes)": the
    web's diceWords."""
    against = f", against defence {span_words(choice['defence'], '+')}" \
        if "defence" in choice and str(choice["defence"]) != str(defence) else ""
    ranged = " (as the will test goes)" if any(
        isinstance(choice.get(k), str) for k in ("dice", "value", "defence")) else ""
    return (f"{span_words(choice['dice'])} d10 on {span_words(choice['value'], '+')}"
            f"{against}{ranged}")


def _distribution(rows: list) -> str:
    return " ".join(f"{value}:{_percent(p)}" for value, p, *_ in rows)


def asoiaf_odds_words(odds: dict, target: str) -> str:
    """An ASOIAF attack's odds as the web shows them (server/rules/asoiaf/odds.py):
    per set of coin improvements its cost and dice, the hits and the wounds after
    the defence roll (the defender spending nothing), and the mean wounds."""
    lines = [f"Odds: {odds['mode']} against {target} (defence {odds['defence']}+, "
             f"{odds['wounds_left']} wounds left; the defender spends nothing)"]
    for choice in odds["choices"]:
        bought = ", ".join(f"improvement {i + 1}" for i in choice["improvements"]) \
            or "no improvement"
        cost = ", ".join(f"{n} {coin}" for coin, n in choice["cost"].items() if n) \
            or "nothing"
        lines.append(f" {bought} ({cost}): {dice_words(choice, odds['defence'])}; "
                     f"hits {_distribution(choice['hits'])}; wounds after defence "
                     f"{_distribution(choice['wounds'])}; mean wounds "
                     f"{choice['mean_wounds']:.2f}")
    return "\n".join(lines)


def damage_odds_words(odds: dict, target: str) -> str:
    """Odds given as the target's results alone (Swords & Sorcery: a hit's damage):
    'Odds: b1 killed 6%, wounded 28%, miss 42% (+1 charge; damage +1 lance)'."""
    said = ", ".join(f"{o['result'].replace('_', ' ')} {round(100 * o['probability'])}%"
                     for o in odds["outcomes"])
    mods = [f"{v:+d} {t}" for v, t in odds.get("modifiers") or ()]
    mods += [f"damage {v:+d} {t}" for v, t in odds.get("damage_modifiers") or ()]
    return f"Odds: {target} {said}" + (f" ({'; '.join(mods)})" if mods else "")


def _highlighted(picker: Picker, choices: list) -> Any:
    """The value of the picker's highlighted line (a spec, or a value of its param)."""
    return choices[min(picker.index, len(choices) - 1)].value


class AttackOdds:
    """The odds asked for in this match, by command (and the match's seq then)."""

    def __init__(self) -> None:
        self.known: dict[str, dict | None] = {}  # None: asked, no odds (or not yet back)
        self.without: set[tuple[int, str]] = set()  # (prompt seq, type): no odds there
        self.unpicked: set[str] = set()  # asked without picks still to choose
        self.refused: dict[str, str] = {}  # such a command's no_odds, in words

    def current(self, model) -> tuple[str, Command] | None:
        """(key, command) of the command the highlighted line leads to."""
        picker = model.picker
        choices = model.choices()
        if picker is None or model.sending or not choices:
            return None
        command = candidate(picker, _highlighted(picker, choices))
        if command is None or (picker.seq, command[0]) in self.without:
            return None
        return key(picker.seq, command), command

    def to_ask(self, model) -> tuple[str, Command] | None:
        """The current command, if it has not been asked about yet (marked as
        asked: every redraw calls this, before the answer comes)."""
        current = self.current(model)
        if current is None or current[0] in self.known:
            return None
        self.known[current[0]] = None
        spec = model.picker.spec or _highlighted(model.picker, model.choices())
        if any(is_pick(p) and p not in current[1][1] for p in spec.get("params") or {}):
            self.unpicked.add(current[0])
        return current

    async def ask(self, session, match_id: str, seq: int, asked: str,
                  command: Command) -> None:
        from clients.client import ServerError
        from clients.session import SessionClosed

        try:
            self.known[asked] = await session.odds(match_id, *command)
        except ServerError as refused:
            if refused.code == "no_odds" and asked in self.unpicked:
                self.refused[asked] = refused.message  # (this command's, not its type's)
            elif refused.code == "no_odds":
                self.without.add((seq, command[0]))
        except SessionClosed:
            del self.known[asked]  # (asked again once back online)

    def words(self, model) -> str | None:
        current = self.current(model)
        if current and current[0] in self.refused:
            return f"No odds yet: {self.refused[current[0]]}"
        odds = self.known.get(current[0]) if current else None
        if not odds:
            return None
        target = current[1][1].get("target")
        if odds.get("kind") == "asoiaf_attack":  # (a model named as the board names it)
            return asoiaf_odds_words(odds, model.names.get(odds["target"], odds["target"]))
        return odds_words(odds, target if isinstance(target, str) else "the target")
