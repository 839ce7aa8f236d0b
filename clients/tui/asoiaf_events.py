"""A Song of Ice & Fire events in plain words for the match log: the same sentences
as the web client's (clients/web/src/asoiaf_words.js FORMATS), from the payloads
emitted in server/rules/asoiaf/ (every die rolled and coin spent is in them).

    attack_rolled {attacker, target, spent, attack_faces, hits}
      -> "Baratheon Warden a1 attacks Unsullied b1 spending 1 copper (rolled 7, 10): 3 hits."

`asoiaf_sentence(kind, data, n, seat)` returns a line; QUIET ("") for an event the
log leaves out (a wounds ability or aftermath nobody used, as the web's do); None
for a type it has no sentence for (events.py then says the type and data plainly).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Name = Callable[[Any], str]
Format = Callable[[Mapping[str, Any], Name, Name], str]

QUIET = ""
COINS = ("gold", "silver", "copper")
DOOR_VERBS = {"Open": "opens", "Close": "closes", "Destroy": "breaks down"}
# Event types only an ASOIAF match has (the rest share a name with SBH's or S&S's).
SHARED = {"activated", "activation_ended", "moved", "rolled_off", "deployed", "dismounted"}


def is_asoiaf_event(kind: str, data: Mapping[str, Any]) -> bool:
    """Whether an event is ASOIAF's, for a match whose system is not known yet: its
    type, or a shape SBH's and S&S's events never have (a `model`, not a `figure`;
    a roll-off with a `winner`, not S&S's `first`)."""
    return (kind in FORMATS and kind not in SHARED or "model" in data
            or kind == "rolled_off" and "winner" in data)


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def square_words(square) -> str:
    """[0, 4] -> "square 1, 5" (counted from 1, as the board's edges say)."""
    return f"square {square[0] + 1}, {square[1] + 1}" if square else "off the battlefield"


def coin_words(coins) -> str:
    """{"gold": 1, "copper": 2} -> "1 gold, 2 copper" ("nothing" when no coin)."""
    parts = [f"{coins[c]} {c}" for c in COINS if (coins or {}).get(c)]
    return ", ".join(parts) if parts else "nothing"


def dice(faces) -> str:
    return f" (rolled {', '.join(str(f) for f in faces)})" if faces else ""


def terrain(d: Mapping[str, Any], faces: Any = "faces") -> str:
    """The terrain a move entered on its way (terrain_entry.py: `entered`, with its
    defence dice in `faces`, or `terrain_faces` beside a door charge's own faces)."""
    if not d.get("entered"):
        return ""
    rolled = d.get(faces)
    where = " and ".join(square_words(sq) for sq, *_ in d["entered"])
    return f" It enters terrain at {where}{f'; defence{dice(rolled)}' if rolled else ''}."


def _on(d, n, key="target", lead=" on ") -> str:
    """" on Unsullied" when the event names one (its `key`), else ""."""
    return f"{lead}{n(d[key])}" if d.get(key) else ""


def _spending(d, lead: str) -> str:
    spent = coin_words(d.get("spent"))
    return f"{lead}spending {spent}" if spent != "nothing" else ""


def _granted_move(d, n, seat) -> str:
    if d.get("square"):
        return (f"{n(d['model'])} moves to {square_words(d['square'])} (a granted move)."
                f"{terrain(d)}")
    what = ("stands its ground (a granted idle action)" if d.get("idle")
            else "forgoes the granted action")
    return f"{n(d['model'])} {what}."


def _wounds_answered(d, n, seat) -> str:
    if not d.get("ability"):
        return QUIET
    outcome = (f"{n(d['target'])} suffers the {plural(d['lost'], 'wound')} instead"
               if d.get("passed") else "the wounds stay")
    return f"{n(d['model'])} uses {d['ability']}{dice(d.get('will_faces'))}: {outcome}."


def _start_ability(d, n, seat) -> str:
    if not d.get("ability"):
        return QUIET
    moving = f", moving to {square_words(d['square'])}" if d.get("square") else ""
    return (f"{n(d['model'])} uses {d['ability']} at the start of the game{_on(d, n)}"
            f"{moving}{dice(d.get('will_faces'))}.")


def _attack_declared(d, n, seat) -> str:
    powder = (f": {n(d['powder'])} may throw Blinding Powder before the dice are rolled"
              if d.get("powder") else "")
    return (f"{n(d['attacker'])} {'charges' if d.get('charging') else 'attacks'} "
            f"{n(d['target'])}{powder}.")


def _if_ability(words: Format) -> Format:
    """Said only when an ability was used (the web's log leaves the rest out)."""
    return lambda d, n, seat: words(d, n, seat) if d.get("ability") else QUIET


FORMATS: dict[str, Format] = {
    "rolled_off": lambda d, n, seat: (
        f"Roll-off: {', then '.join(f'{a} against {b}' for a, b in d['rolls'])}; "
        f"{seat(d['winner'])} wins and chooses first."),
    "zone_chosen": lambda d, n, seat: "; ".join(
        f"{seat(s)} deploys in the {zone} zone" for s, zone in (d.get("zones") or {}).items())
    + ".",
    "first_player_chosen": lambda d, n, seat: f"{seat(d['first_player'])} is the 1st player.",
    "objectives_dealt": lambda d, n, seat: (
        f"{plural(len(d.get('cards') or ()), 'objective card')} dealt face down."),
    "agendas_drawn": lambda d, n, seat: (
        f"{seat(d['seat'])} draws 2 agendas"
        f"{': ' + ' and '.join(d['hand']) if d.get('hand') else ''}."),
    "agenda_kept": lambda d, n, seat: (
        f"{seat(d['seat'])} keeps an agenda"
        f"{': ' + d['agenda'] if d.get('agenda') else ' (hidden)'}."),
    "deployed": lambda d, n, seat: f"{n(d['model'])} is placed on {square_words(d['square'])}.",
    "placed": lambda d, n, seat: f"{n(d['model'])} arrives late on {square_words(d['square'])}.",
    "activated": lambda d, n, seat: f"{n(d['model'])} activates.",
    "passed": lambda d, n, seat: f"{seat(d['seat'])} passes.",
    "moved": lambda d, n, seat: (
        f"{n(d['model'])} moves to {square_words(d['square'])}.{terrain(d)}"),
    "charged": lambda d, n, seat: (
        f"{n(d['model'])} charges to {square_words(d['square'])}{_spending(d, ', ')}."
        f"{terrain(d)}"),
    "attack_rolled": lambda d, n, seat: (
        f"{n(d['attacker'])} attacks {n(d['target'])}{_spending(d, ' ')}"
        f"{dice(d.get('attack_faces'))}: {plural(d['hits'], 'hit')}."),
    "defended": lambda d, n, seat: (
        f"{n(d['target'])} defends"
        f"{' with ' + ', '.join(a[0] for a in d['abilities']) if d.get('abilities') else ''}"
        f"{dice(d.get('defence_faces'))}: {plural(d['wounds'], 'wound')}."),
    "wounds_ability_used": _if_ability(
        lambda d, n, seat: f"{n(d['model'])} uses {d['ability']}."),
    "aftermath_used": _if_ability(lambda d, n, seat: f"Aftermath: {d['ability']}."),
    "removed": lambda d, n, seat: (
        "The target is captured." if d.get("removal") == "captured"
        else "The target is killed."),
    "surged": lambda d, n, seat: (
        f"The attacker surges forth to {square_words(d.get('square'))}.{terrain(d)}"),
    "surged_through": lambda d, n, seat: (
        f"The attacker surges through to {square_words(d['square'])}.{terrain(d)}"
        if d.get("square") else QUIET),
    "terrain_charged": lambda d, n, seat: (
        f"{n(d['model'])} charges the door{dice(d.get('faces'))}"
        f"{': it is ' + d['destroyed_into'] if d.get('destroyed_into') else ''}."
        f"{terrain(d, 'terrain_faces')}"),
    "ability_used": lambda d, n, seat: (
        f"{n(d['model'])} uses {d['ability']}{_on(d, n)}{dice(d.get('will_faces'))}."),
    "door_used": lambda d, n, seat: (
        f"{n(d['model'])} {DOOR_VERBS.get(d.get('action'), 'uses')} the door"
        f"{' and steps to ' + square_words(d['square']) if d.get('square') else ''}."
        f"{terrain(d)}"),
    "idled": lambda d, n, seat: f"{n(d['model'])} stands idle.",
    "wounds_ability_answered": _wounds_answered,
    "corpse_pile_tested": lambda d, n, seat: (
        f"{n(d['model'])} tries to climb the corpse pile{dice(d.get('faces'))}: "
        f"{'it can cross it this turn' if d.get('passed') else 'it fails'}."),
    "plundered": lambda d, n, seat: f"{n(d['model'])} takes a plunder token ({d['kind']}).",
    "agenda_drawn": lambda d, n, seat: (
        f"{seat(d['seat'])} draws an agenda{': ' + d['agenda'] if d.get('agenda') else ''}."),
    "agenda_played": lambda d, n, seat: f"{seat(d['seat'])} plays the agenda {d['agenda']}.",
    "objective_used": lambda d, n, seat: (
        f"{n(d['model'])} uses the objective {d['card']}{_on(d, n, 'friend', ' for ')}."),
    "motivation_used": lambda d, n, seat: (
        f"{n(d['hero'])} uses the motivation {d['ability']}."),
    "motivation_declined": lambda d, n, seat: (
        f"{n(d['hero'])} declines the motivation {d['ability']}."),
    "activation_ended": lambda d, n, seat: f"{n(d['model'])} ends its activation.",
    "start_ability_used": _start_ability,
    "will_test_declared": lambda d, n, seat: (
        "A will test waits: an equipment token may be discarded first."),
    "will_token_answered": lambda d, n, seat: (
        f"{n(d['model'])} discards {d['equipment']} before {n(d['tested'])}'s will test."
        if d.get("used") else f"{n(d['model'])} keeps {d['equipment']}."),
    "nemesis_chosen": lambda d, n, seat: (
        f"{n(d['model'])} names {n(d['nemesis'])} its nemesis"
        f"{' (' + d['ability'] + ')' if d.get('ability') else ''}."),
    "trigger_ability_used": _if_ability(lambda d, n, seat: (
        f"{n(d['model'])} uses {d['ability']}{_on(d, n)}"
        f"{_on(d, n, 'trigger_model', ', set off by ')}{dice(d.get('will_faces'))}.")),
    "will_ability_used": _if_ability(lambda d, n, seat: (
        f"A will test passed: {d['ability']} is used{_on(d, n)}.")),
    "end_phase_ability_used": _if_ability(lambda d, n, seat: (
        f"{n(d['model'])} uses {d['ability']}{_on(d, n)}{dice(d.get('will_faces'))}.")),
    "equipment_used": lambda d, n, seat: f"{n(d['model'])} uses {d['equipment']}.",
    "attack_declared": _attack_declared,
    "dismounted": lambda d, n, seat: (
        f"{n(d['model'])} dismounts onto {square_words(d['square'])}."),
    "granted_move": _granted_move,
    "conceded": lambda d, n, seat: f"{seat(d['seat'])} concedes.",
}


def asoiaf_sentence(kind: str, d: Mapping[str, Any], n: Name, seat: Name) -> str | None:
    """The event's sentence (see the module doc): QUIET to leave it out of the log,
    None for a type without one."""
    words = FORMATS.get(kind)
    return words(d, n, seat) if words else None
