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
    """" on Unsullied" when the event names one (its `key`: a model, or a list
    of them; an aftermath's `targets`), or an ability's picks of several
    (`picks`), else ""."""
    one = d.get(key) or (d.get("targets") if key == "target" else None)
    picked = [one] if one else []
    if key == "target" and d.get("picks"):
        picked = d["picks"]
    return f"{lead}{' and '.join(_models(v, n) for v in picked)}" if picked else ""


def _models(value, n) -> str:
    return " and ".join(n(uid) for uid in value) if isinstance(value, list) else n(value)


def _spending(d, lead: str) -> str:
    spent = coin_words(d.get("spent"))
    return f"{lead}spending {spent}" if spent != "nothing" else ""


def _moving(d) -> str:
    """Where an ability's move took a model (`square`)."""
    return f", moving to {square_words(d['square'])}" if d.get("square") else ""


def _drawing(d) -> str:
    """The agenda cards an ability's will tests drew (`drawn`)."""
    return f", drawing {plural(d['drawn'], 'agenda card')}" if d.get("drawn") else ""


def _granted(d) -> str:
    """A model acting on an action another's ability granted it (`granted`)."""
    return ", granted the action," if d.get("granted") else ""


def _discarding(d) -> str:
    """An equipment token discarded for a roll (LUCKY CHARM)."""
    return f", discarding {d['equipment']}" if d.get("equipment") else ""


def _bought(d) -> str:
    """The hits an improvement or defence ability bought: a defence die each."""
    faces = d.get("bought_faces")
    return f" {plural(len(faces), 'bought hit')}: defence{dice(faces)}." if faces else ""


def _handed(d, n, count: int | None = None) -> str:
    """A wounds ability's will test passed or not: who suffers the wounds
    (`count` of them, dealt by `by`)."""
    if not d.get("passed"):
        return "the wounds stay"
    wounds = "wounds" if count is None else plural(count, "wound")
    dealer = f" {n(d['by'])} dealt" if d.get("by") else ""
    return f"{n(d['target'])} suffers the {wounds}{dealer} instead"


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
    dealt = d["dealt"] if d.get("dealt") is not None else d["lost"]
    return (f"{n(d['model'])} uses {d['ability']}{dice(d.get('will_faces'))}: "
            f"{_handed(d, n, dealt)}.")


def _wounds_used(d, n, seat) -> str:
    """A wounds ability used right after step 6 (its one will die, `will_face`)."""
    rolled = f" (rolled {d['will_face']})" if d.get("will_face") is not None else ""
    outcome = f": {_handed(d, n)}" if d.get("target") else ""
    return f"{n(d['model'])} uses {d['ability']}{rolled}{outcome}."


def _start_ability(d, n, seat) -> str:
    if not d.get("ability"):
        return QUIET
    moving = f", moving to {square_words(d['square'])}" if d.get("square") else ""
    return (f"{n(d['model'])} uses {d['ability']} at the start of the game{_on(d, n)}"
            f"{moving}{dice(d.get('will_faces'))}{_drawing(d)}.")


def _attack_declared(d, n, seat) -> str:
    powder = (f": {n(d['powder'])} may throw Blinding Powder before the dice are rolled"
              if d.get("powder") else "")
    return (f"{n(d['attacker'])}{_granted(d)} {'charges' if d.get('charging') else 'attacks'} "
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
        f"{n(d['attacker'])} attacks {n(d['target'])}{_spending(d, ' ')}{_discarding(d)}"
        f"{_on(d, n, 'powder_by', ', blinded by ')}"
        f"{dice(d.get('attack_faces'))}: {plural(d['hits'], 'hit')}.{_bought(d)}"),
    "defended": lambda d, n, seat: (
        f"{n(d['target'])} defends"
        f"{' with ' + ', '.join(a[0] for a in d['abilities']) if d.get('abilities') else ''}"
        f"{_discarding(d)}{dice(d.get('defence_faces'))}: {plural(d['wounds'], 'wound')}."
        f"{_bought(d)}"),
    "wounds_ability_used": _if_ability(_wounds_used),
    "aftermath_used": _if_ability(lambda d, n, seat: (
        f"Aftermath: {d['ability']}{_on(d, n)}{_moving(d)}{dice(d.get('will_faces'))}.")),
    # (the target and its killer or captor named in the told fields, when there)
    "removed": lambda d, n, seat: (
        (f"{d['equipment']} is discarded." if d.get("equipment") else QUIET)
        if _is_removal(d) else "The target is captured." if d.get("removal") == "captured"
        else f"The target is killed{' with ' + d['equipment'] if d.get('equipment') else ''}."),
    "surged": lambda d, n, seat: (
        f"The attacker surges forth to {square_words(d.get('square'))}.{terrain(d)}"),
    "surged_through": lambda d, n, seat: (
        f"The attacker surges through to {square_words(d['square'])}.{terrain(d)}"
        if d.get("square") else QUIET),
    "terrain_charged": lambda d, n, seat: (
        f"{n(d['model'])}{_granted(d)} charges the door"
        f"{' from ' + square_words(d['square']) if d.get('square') else ''}{dice(d.get('faces'))}"
        f"{': it is ' + d['destroyed_into'] if d.get('destroyed_into') else ''}."
        f"{terrain(d, 'terrain_faces')}"),
    "ability_used": lambda d, n, seat: (
        f"{n(d['model'])} uses {d['ability']}{_on(d, n)}{dice(d.get('will_faces'))}"
        f"{_drawing(d)}."),
    "door_used": lambda d, n, seat: (
        f"{n(d['model'])} {DOOR_VERBS.get(d.get('action'), 'uses')} the door"
        f"{' and steps to ' + square_words(d['square']) if d.get('square') else ''}."
        f"{terrain(d)}"),
    "idled": lambda d, n, seat: f"{n(d['model'])} stands idle.",
    "wounds_ability_answered": _wounds_answered,
    "corpse_pile_tested": lambda d, n, seat: (
        f"{n(d['model'])} tries to climb the corpse pile{dice(d.get('faces'))}: "
        f"{'it can cross it this turn' if d.get('passed') else 'it fails'}."),
    "plundered": lambda d, n, seat: (
        f"{n(d['model'])}{_granted(d)} takes a plunder token ({d['kind']})."),
    "agenda_drawn": lambda d, n, seat: (
        f"{seat(d['seat'])} draws an agenda{': ' + d['agenda'] if d.get('agenda') else ''}."),
    "agenda_played": lambda d, n, seat: f"{seat(d['seat'])} plays the agenda {d['agenda']}.",
    # (`friend`: the chosen model's name in events before the Watchtower's actions)
    "objective_used": lambda d, n, seat: (
        f"{n(d['model'])} uses the objective {d['card']}"
        f"{_on(d, n, 'chosen') or _on(d, n, 'friend', ' for ')}{dice(d.get('will_faces'))}."),
    "motivation_used": lambda d, n, seat: (
        f"{n(d['hero'])} uses the motivation {d['ability']}{_on(d, n)}{_moving(d)}"
        f"{dice(d.get('faces'))}."),
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
        f"{_on(d, n, 'trigger_model', ', set off by ')}{_moving(d)}{dice(d.get('will_faces'))}"
        f"{_drawing(d)}.")),
    "will_ability_used": _if_ability(lambda d, n, seat: (
        f"A will test passed: {d['ability']} is used{_on(d, n)}{dice(d.get('will_faces'))}"
        f"{_drawing(d)}.")),
    "end_phase_ability_used": _if_ability(lambda d, n, seat: (
        f"{n(d['model'])} uses {d['ability']}{_on(d, n)}{_moving(d)}"
        f"{dice(d.get('will_faces'))}{_drawing(d)}.")),
    "equipment_used": lambda d, n, seat: f"{n(d['model'])} uses {d['equipment']}.",
    "attack_declared": _attack_declared,
    "dismounted": lambda d, n, seat: (
        f"{n(d['model'])} dismounts onto {square_words(d['square'])}."),
    "granted_move": _granted_move,
    "conceded": lambda d, n, seat: f"{seat(d['seat'])} concedes.",
}


def _is_removal(d) -> bool:
    """An event that killed or captured a model (told.py's fields)."""
    return bool(d.get("killed") or d.get("captured"))


def told_words(d: Mapping[str, Any], n: Name) -> str:
    """What an event did beyond its own subject (server/rules/asoiaf/told.py): the
    models it killed and their killers, captured and their captors, captives
    freed, mounts killed, heroes turned to their Deceased side, maximum wounds
    moved."""
    killers = d.get("killed_by") or {}
    said = [f"{n(uid)} is killed{f' by {n(killers[uid])}' if killers.get(uid) else ''}."
            for uid in d.get("killed") or ()]
    said += [f"{n(uid)} is captured{f' by {n(captor)}' if captor else ''}."
             for uid, captor in d.get("captured") or ()]
    said += [f"{n(uid)} is freed, with 1 wound left." for uid in d.get("freed") or ()]
    said += [f"{n(uid)}'s mount dies." for uid in d.get("mount_died") or ()]
    said += [f"{n(uid)}'s card turns to its Deceased side." for uid in d.get("deceased") or ()]
    said += [f"{n(uid)}'s maximum wounds become {most}: {plural(left, 'wound')} left."
             for uid, most, left in d.get("max_wounds") or ()]
    return " ".join(said)


def asoiaf_sentence(kind: str, d: Mapping[str, Any], n: Name, seat: Name) -> str | None:
    """The event's sentence and what else it did (see the module doc): QUIET to
    leave it out of the log, None for a type without one."""
    words = FORMATS.get(kind)
    if not words:
        return None
    return " ".join(part for part in (words(d, n, seat), told_words(d, n)) if part)
