"""Swords & Sorcery events in plain words for the match log (the payloads are
emitted in server/rules/sns/: every die rolled is in them).

    attacked {attacker, target, weapon, roll, modifiers, hit, damage_roll, result}
      -> "Pikeman a3 attacks Orc b4 with Pike: rolled 9 (+1 charge) - hit; damage
          7 - wounded"

`sns_sentence(kind, data, n, seat)` returns a line, or None for a type it has
no sentence for (events.py then says the type and data plainly).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from clients.tui.measured_board import compass, inches

PHASE_WORDS = {"fast_move": "fast movement", "slow_move": "slow movement",
               "ranged": "ranged attacks", "polearm": "polearm attacks",
               "hth": "hand to hand attacks", "rally": "rally", "start": "the start",
               "spell_swap": "spell swapping", "deploy": "deployment",
               "flyers": "flyers declare whether they engage in hand to hand"}
# The events only seen in a Swords & Sorcery match (the others share a name with SBH's).
SNS_ONLY = {"rolled_off", "phase_began", "side_done", "attacked", "declared", "climb_began",
            "climb_ended", "morale_checked", "rallied", "routed_move", "spell_cast",
            "spell_effect", "healed", "animated", "teleported", "dispelled", "petrified",
            "charmed", "charm_save", "terrain_changed", "breathed", "detonated", "burned",
            "spells_dealt", "spell_swapped", "spells_kept", "turn_ended", "game_over",
            "retreat_failed", "flyer_declared"}


def sns_headline(view: Mapping[str, Any]) -> str:
    """'turn 2 of 12, slow movement, b acting' (who acts only where sides take turns)."""
    phase = view.get("phase", "?")
    words = f"turn {view.get('turn')} of {view.get('last_turn')}, {PHASE_WORDS.get(phase, phase)}"
    if phase in ("fast_move", "slow_move", "ranged"):
        words += f", {view.get('acting')} acting"
    return words


def is_sns_event(kind: str, data: Mapping[str, Any]) -> bool:
    """Whether an event is Swords & Sorcery's, for a match whose system is not known
    yet: its type, or a shape SBH's events of the same name never have."""
    return kind in SNS_ONLY or "path" in data or "facing" in data or "spears_set" in data


def point_words(point) -> str:
    return f"({inches(point[0])}, {inches(point[1])})"


def mods_words(mods) -> str:
    """' (+1 charge, -1 wounded)', or '' for none."""
    said = [f"{v:+d} {t}" for v, t in mods or ()]
    return f" ({', '.join(said)})" if said else ""


def result_words(result: str) -> str:
    return result.replace("_", " ").replace("wounded disarmed", "wounded, disarmed")


def _attack(d: Mapping[str, Any], n: Callable[[str], str]) -> str:
    how = d.get("spell") or d.get("area") or d.get("weapon") or "an attack"
    line = (f"{n(d['attacker'])} attacks {n(d['target'])} with {how}: rolled {d['roll']}"
            f"{mods_words(d.get('modifiers'))} - {'hit' if d.get('hit') else 'miss'}")
    if d.get("net"):
        line += f"; netted, immobilized for {d['net']} turns"
    if "damage_roll" in d:
        line += (f"; damage {d['damage_roll']}{mods_words(d.get('damage_modifiers'))} - "
                 f"{result_words(d['result'])}")
        if d.get("mortal_turns"):
            line += f" ({d['mortal_turns']} turns to live)"
        if d.get("knock"):
            line += ", knocked down"
    if "frost_roll" in d:
        line += f"; frost roll {d['frost_roll']}"
    return line


def sns_sentence(kind: str, d: Mapping[str, Any], n: Callable[[str], str],
                 seat: Callable[[str], str]) -> str | None:
    if kind == "phase_began":
        return f"Turn {d['turn']}: {PHASE_WORDS.get(d['phase'], d['phase'])}"
    if kind == "rolled_off":
        rolls = ", then ".join(f"a {a} vs b {b}" for a, b in d["rolls"])
        return (f"Roll-off for {PHASE_WORDS.get(d['phase'], d['phase'])}: {rolls}; "
                f"{seat(d['first'])} goes first")
    if kind == "side_done":
        return f"{seat(d['seat'])} is done with this phase"
    if kind == "turn_ended":
        return f"Turn {d['turn']} ends"
    if kind == "moved":
        path = d["path"]
        verb = "retreats" if d.get("retreat") else "runs" if d.get("doubled") else "moves"
        via = f" via {', '.join(point_words(p) for p in path[1:-1])}" if len(path) > 2 else ""
        line = (f"{n(d['figure'])} {verb} to {point_words(path[-1])}{via}, facing "
                f"{compass(d['facing'])}")
        if d.get("retreat"):
            line += f" (rolled {d['roll']})"
        if d.get("charged"):
            line += f", charging {', '.join(n(t) for t in d['charged'])}"
        return line
    if kind == "retreat_failed":
        return f"{n(d['figure'])} fails to retreat (rolled {d['roll']})"
    if kind == "held":
        if d.get("spears_set"):
            return f"{n(d['figure'])} sets its spears to receive a charge"
        return f"{n(d['figure'])} holds, facing {compass(d['facing'])}"
    if kind == "deployed":
        return f"{n(d['figure'])} is placed at {point_words(d['to'])}, facing " \
               f"{compass(d['facing'])}"
    if kind == "routed_move":
        where = "off the table" if d.get("fled") else f"to {point_words(d['path'][-1])}"
        return f"{n(d['figure'])} flees {where}"
    if kind == "climb_began":
        ladder = f" with {n(d['ladder'])}'s ladders" if d.get("ladder") else ""
        return (f"{n(d['figure'])} climbs toward {point_words(d['to'])}{ladder} (over by turn "
                f"{d['arrives']})")
    if kind == "climb_ended":
        return f"{n(d['figure'])} is over the wall"
    if kind == "declared":
        spell = f" (casting {d['spell']})" if d.get("spell") else ""
        return f"{n(d['figure'])} declares an attack on {n(d['target'])}{spell}"
    if kind == "flyer_declared":
        return (f"{n(d['figure'])} engages in hand to hand" if d.get("engages") else
                f"{n(d['figure'])} stays aloft (no hand to hand with nonflyers this turn)")
    if kind == "attacked":
        return _attack(d, n)
    if kind == "burned":
        return _attack({**d, "attacker": d["wall"], "target": d["figure"],
                        "weapon": "its flames"}, lambda x: x if x == d["wall"] else n(x))
    if kind == "morale_checked":
        triggers = ", ".join(d.get("triggers") or ()) or "a check"
        return (f"{n(d['figure'])} checks morale ({triggers}): rolled {d['roll']}"
                f"{mods_words(d.get('modifiers'))} - {'routs!' if d.get('routs') else 'holds'}")
    if kind == "rallied":
        rallied = ", ".join(n(f) for f in d.get("rallied") or ()) or "nobody"
        bonus = f" {d['bonus']:+d}" if d.get("bonus") else ""
        return f"{n(d['leader'])} rallies (rolled {d['roll']}{bonus}): {rallied} rallied"
    return _spell_sentence(kind, d, n, seat)


def _spell_sentence(kind: str, d: Mapping[str, Any], n: Callable[[str], str],
                    seat: Callable[[str], str]) -> str | None:
    if kind == "spells_dealt":
        cards = f": {', '.join(d['cards'])}" if d.get("cards") else ""
        return f"{n(d['figure'])} draws {d.get('count', len(d.get('cards') or ()))} " \
               f"spell cards{cards}"
    if kind == "spell_swapped":
        drawn = f", draws {', '.join(d['cards'])}" if d.get("cards") else ""
        gone = f" {d['discarded']}" if d.get("discarded") else " a spell"
        return f"{n(d['figure'])} discards{gone}{drawn}"
    if kind == "spells_kept":
        return f"{n(d['figure'])} keeps its spells"
    if kind == "spell_cast":
        at = (f" on {n(d['target'])}" if d.get("target") else
              f" at {point_words(d['point'])}" if d.get("point") else
              f" facing {compass(d['facing'])}" if "facing" in d else
              f" on {d['piece']}" if d.get("piece") else
              f" ({place_words(d['place'])})" if d.get("place") else "")
        return f"{n(d['figure'])} casts {d['spell']}{at}"
    if kind == "spell_effect":
        if "save_roll" in d:
            saved = "saves" if d.get("saved") else "fails to save"
            line = (f"{n(d['figure'])} {saved} against {d['spell']} (rolled {d['save_roll']}"
                    f"{mods_words(d.get('save_modifiers'))})")
        else:
            line = f"{n(d['figure'])} is under {d['spell']}"
        if "last" in d and not d.get("saved"):
            line += f" until turn {d['last']}"
        return line
    if kind == "healed":
        return f"{n(d['figure'])} is healed" + (" of a mortal wound" if d.get("mortal") else "")
    if kind == "resurrected":
        return f"{n(d['figure'])} rises again with 1 hit"
    if kind == "animated":
        return f"{n(d['figure'])} rises as undead for {seat(d['seat'])}"
    if kind == "teleported":
        return f"{n(d['figure'])} is teleported to {point_words(d['to'])}"
    if kind == "dispelled":
        return f"The spells on {n(d['figure'])} are dispelled"
    if kind == "petrified":
        return f"{n(d['figure'])} is turned to stone"
    if kind == "charmed":
        return f"{n(d['figure'])} is charmed: {seat(d['seat'])} controls it"
    if kind == "charm_save":
        saved = "breaks the charm" if d.get("saved") else "stays charmed"
        return f"{n(d['figure'])} {saved} (rolled {d['roll']}{mods_words(d.get('modifiers'))})"
    if kind == "terrain_changed":
        added = [str(d["piece"][0])] if d.get("piece") else []
        removed = list(d.get("removed") or ())
        parts = ([f"added {', '.join(added)}"] if added else []) + (
            [f"removed {', '.join(removed)}"] if removed else [])
        return "The terrain changes: " + ("; ".join(parts) or "no change")
    if kind == "breathed":
        return f"{n(d['figure'])} breathes fire toward {compass(d['facing'])}"
    if kind == "detonated":
        return f"{n(d['figure'])} sets off its bomb"
    if kind == "game_over":
        scores = ", ".join(f"{s} {v}" for s, v in sorted((d.get("scores") or {}).items()))
        winner = f"{seat(d['winner'])} wins" if d.get("winner") else "a draw"
        return f"The battle is over: {winner} ({d.get('reason', '')}); scores {scores}"
    return None


def place_words(place) -> str:
    """A table-changing spell's place: 'a wall at (12", 8") running east'."""
    kind, x, y, *rest = place
    what = {"wall": "a wall", "remove": "clear the terrain", "boulder": "a boulder",
            "mud": "a patch of mud"}.get(kind, kind)
    run = f" running {compass(rest[0]).split(' (')[0]}" if rest else ""
    return f"{what} at {point_words([x, y])}{run}"
