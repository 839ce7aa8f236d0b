"""SBH events in plain words for the match log, made from each event's data
(the payloads are emitted in server/rules/sbh/; every die rolled is in them).

    melee {attacker, defender, dice, totals, loser, result}
      -> "Orc Warrior a3 attacks Elf Archer b2 (5+3 vs 2+3): Elf Archer b2 recoils"

`format_event(event, names)` takes the event map of an `event` push (or None,
the placeholder for a secret event) and a map of figure id to name, and
returns a line, or None for bookkeeping events nobody needs to read. An event
type without a sentence of its own is still shown: its type and data, with
figure ids turned into names. ASOIAF's and S&S's events have their own
sentences (asoiaf_events.py, sns_events.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from clients.tui.asoiaf_events import QUIET, asoiaf_sentence, is_asoiaf_event
from clients.tui.board import short_name
from clients.tui.sns_events import is_sns_event, sns_sentence

Names = Mapping[str, str]
SILENT = {"pending_pushed", "pending_popped", "pending_replaced"}
FIGURE_KEYS = {"figure", "attacker", "defender", "shooter", "target", "by", "leader", "patient",
               "bearer", "source", "standard", "hacker", "interceptor"}
OUTCOMES = {"recoil": "{loser} recoils", "fall": "{loser} is knocked down",
            "kill": "{loser} is killed", "gruesome": "{loser} is killed gruesomely",
            "none": "no effect"}


def figure_names(figures) -> dict[str, str]:
    """id -> "Short Name id" for the figures of a view."""
    return {f["id"]: f"{short_name(f['name'])} {f['id']}" for f in figures}


def names_from_lists(lists: Mapping[str, Any]) -> dict[str, str]:
    """id -> name from a `lists_revealed` event: figure ids are the seat and the
    model's place in its list, from 1 (server/rules/sbh/evolve.py)."""
    found = {}
    for seat, warband in lists.items():
        for index, model in enumerate(warband.get("models", ()), start=1):
            fig_id = f"{seat}{index}"
            found[fig_id] = f"{short_name(str(model.get('name', fig_id)))} {fig_id}"
    return found


def hex_words(value) -> str:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return f"[{value[0]}, {value[1]}]"
    return str(value)


def dice_words(dice) -> str:
    return ", ".join(str(d) for d in dice) if dice else "no dice"


def plural(count: int, word: str) -> str:
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word}{'es' if word.endswith('s') else 's'}"


def _score(die: int, total: int) -> str:
    return f"{die}{total - die:+d}"


def _roll(d: dict) -> str:
    """A Quality roll: '5, 1, 4 needing 4+: 2 successes, 1 failure'."""
    auto = d.get("automatic", 0)
    rolled = dice_words(d.get("dice", []))
    if auto:
        rolled += f" (+{auto} automatic)"
    target = d.get("target", d.get("target_number"))
    needing = f" needing {target}+" if isinstance(target, int) else ""
    named = [f"{n:+d} {name}" for name, n in d.get("modifiers") or ()]
    if named:  # what moved the target, as the rules name it: "(+1 Leader)"
        needing += f" ({', '.join(named)})"
    return (f"rolls {rolled}{needing}: {plural(d.get('successes', 0), 'success')}, "
            f"{plural(d.get('failures', 0), 'failure')}")


def _combat(d: dict, n: Callable[[str], str], verb: str, first: str, second: str) -> str:
    a, b = n(d[first]), n(d[second])
    (a_die, b_die), (a_total, b_total) = d["dice"], d["totals"]
    loser = {"attacker": a, "defender": b}.get(d.get("loser"), "")
    outcome = OUTCOMES.get(d.get("result"), d.get("result", "?")).format(loser=loser)
    extras = [w for w, on in (("free hack", d.get("free_hack")),
                              ("power blow", d.get("power") and verb == "attacks"),
                              ("aimed", d.get("aimed")), ("volley", d.get("volley"))) if on]
    spell = d.get("spell_power")
    if spell:
        extras.append(f"spell, power {spell}")
    lead = f"{' '.join(extras).capitalize()}: " if extras else ""
    return (f"{lead}{a} {verb} {b} ({_score(a_die, a_total)} vs {_score(b_die, b_total)}): "
            f"{outcome}")


def _generic(kind: str, d: Mapping[str, Any], n: Callable[[str], str]) -> str:
    def words(key: str, value: Any) -> str:
        if key in FIGURE_KEYS and isinstance(value, str):
            return n(value)
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            return ", ".join(n(v) for v in value)
        if isinstance(value, (list, tuple)) and len(value) == 2 and all(
                isinstance(v, int) for v in value):
            return hex_words(value)
        return str(value)

    parts = [f"{k.replace('_', ' ')} {words(k, v)}" for k, v in d.items()
             if k not in ("hidden", "terrain", "edges", "lists", "list", "salt", "commitment")]
    text = kind.replace("_", " ").capitalize()
    return f"{text}: {', '.join(parts)}" if parts else text


def format_event(event: Mapping[str, Any] | None, names: Names | None = None,
                 me: str | None = None, system: str | None = None) -> str | None:
    """One log line for an event (see the module doc); `me` is the viewer's seat,
    `system` the match's rules system (None: not known yet)."""
    if event is None:
        return "(a secret event)"
    kind = event.get("type", "?")
    if kind in SILENT:
        return None
    d = event.get("data") or {}
    names = names or {}

    def n(fig_id) -> str:
        return names.get(fig_id, str(fig_id)) if fig_id is not None else "someone"

    def seat(s) -> str:
        return f"{s} (you)" if me is not None and s == me else str(s)

    try:
        if system == "asoiaf" or system is None and is_asoiaf_event(kind, d):
            line = asoiaf_sentence(kind, d, n, seat)
            if line == QUIET:
                return None  # (a wounds ability or aftermath nobody used: the web says nothing)
        elif system == "sns" or system is None and is_sns_event(kind, d):
            line = sns_sentence(kind, d, n, seat)
        else:
            line = _sentence(kind, d, n, seat)
    except (KeyError, TypeError, ValueError, IndexError):
        line = None  # a payload shaped differently than expected: say it plainly
    return line if line is not None else _generic(kind, d, n)


def _sentence(kind: str, d: Mapping[str, Any], n: Callable[[str], str],
              seat: Callable[[str], str]) -> str | None:
    if kind == "list_submitted":
        if "list" in d:
            listed = d["list"]
            points = sum(m.get("points", 0) for m in listed.get("models", ()))
            return (f"{seat(d['seat'])} submitted the warband list {listed.get('name', '')!r} "
                    f"({plural(len(listed.get('models', ())), 'figure')}, {points} pts)")
        return f"{seat(d['seat'])} submitted a warband list (secret until both are in)"
    if kind == "scenario_rolled":
        return (f"Scenario rolled: {', '.join(map(str, d['dice']))}, "
                f"{d['scenario'].replace('_', ' ')}")
    if kind == "lists_revealed":
        return "Lists revealed: " + "; ".join(
            f"{seat(s)} {w.get('name', '')} ({plural(len(w.get('models', ())), 'figure')})"
            for s, w in sorted(d["lists"].items()))
    if kind in ("roles_rolled", "initiative_rolled"):
        rolls = ", then ".join(f"a {x} vs b {y}" for x, y in d["rolls"])
        then = "chooses attacker or defender" if kind == "roles_rolled" else "acts first"
        what = "Roll-off for roles" if kind == "roles_rolled" else "Initiative"
        return f"{what}: {rolls}; {seat(d['winner'])} {then}"
    if kind == "role_chosen":
        return f"{seat(d['seat'])} chooses to be the {d['role']}"
    if kind == "terrain_laid":
        counts: dict[str, int] = {}
        for *_, terrain_kind in d.get("terrain", ()):
            counts[terrain_kind] = counts.get(terrain_kind, 0) + 1
        pieces = ", ".join(f"{c} {k.replace('_', ' ')}" for k, c in sorted(counts.items()))
        how = "generated from the match dice" if d.get("generated") else "laid by hand"
        return f"{seat(d['seat'])} lays out the terrain ({how}): {pieces or 'open ground'} hexes"
    if kind == "edge_chosen":
        return f"{seat(d['seat'])} takes the {d['edge']} table edge"
    if kind == "deployed":
        return f"{n(d['figure'])} deploys at {hex_words(d['to'])}"
    if kind == "side_deployed":
        return f"{seat(d['seat'])} has deployed every figure"
    if kind == "activated":
        casting = (" (casting from the scroll)" if d.get("scroll")
                   else " (casting)" if d.get("casting") else "")
        acts = d.get("successes", 0)
        line = f"{n(d['figure'])} activates{casting}: {_roll(d)} -> {plural(acts, 'action')}"
        if d.get("failures", 0) >= 2:
            line += "; turnover after this figure"
        if d.get("out_of_power"):
            line += "; out of power"
        return line
    if kind == "moved":
        line = f"{n(d['figure'])} moves to {hex_words(d['to'])}"
        if d.get("cost"):
            line += f" ({plural(d['cost'], 'action')})"
        if d.get("disengaged"):
            line += ", disengaging"
        if d.get("contact"):
            line += ", into contact"
        return line
    if kind == "activation_ended":
        return f"{n(d['figure'])} ends its activation" + (" - turnover!" if d.get("turnover")
                                                          else "")
    if kind == "turn_passed":
        return f"Turn {d['turn']}: {seat(d['to'])} to act ({d.get('reason', '')})"
    if kind == "melee":
        return _combat(d, n, "attacks", "attacker", "defender")
    if kind == "shot":
        if d.get("aimed_at"):
            return _combat(d, n, f"shoots at {n(d['aimed_at'])} and hits", "shooter", "target")
        return _combat(d, n, "shoots at", "shooter", "target")
    if kind == "stray_shot_rolled":
        where = f"the shot strays into {n(d['hits'])}" if d.get("hits") else "on target"
        return (f"{n(d['shooter'])} shoots into the melee around {n(d['target'])}: rolled "
                f"{', '.join(map(str, d['dice']))} - {where}")
    if kind == "killed":
        how = " gruesomely" if d.get("gruesome") else ""
        by = f" by {n(d['by'])}" if d.get("by") else ""
        return f"{n(d['figure'])} is killed{how}{by}"
    if kind == "fell":
        reason = f" ({d['reason']})" if d.get("reason") else ""
        return f"{n(d['figure'])} falls{reason}"
    if kind == "recoiled":
        return f"{n(d['figure'])} recoils to {hex_words(d['to'])}"
    if kind == "followed_up":
        return f"{n(d['figure'])} follows up to {hex_words(d['to'])}"
    if kind == "stood_up":
        return f"{n(d['figure'])} stands up"
    if kind == "broke_free":
        return f"{n(d['figure'])} breaks free (2 actions)"
    if kind == "free_move_started":
        return f"{n(d['figure'])} makes a free move"
    if kind == "actions_spent":
        return f"{n(d['figure'])} spends {plural(d['cost'], 'action')} ({d.get('reason', '')})"
    if kind == "morale_tested":
        reason = f" ({d['reason']})" if d.get("reason") else ""
        return f"{n(d['figure'])} tests morale{reason}: {_roll(d)}"
    if kind == "fled":
        return f"{n(d['figure'])} flees ({d.get('reason', '')})"
    if kind == "flee_moved":
        return f"{n(d['figure'])} flees to {hex_words(d['to'])}"
    if kind == "wounded":
        reason = f" ({d['reason']})" if d.get("reason") else ""
        return f"{n(d['figure'])} is wounded{reason}"
    if kind == "missile_check":
        who = n(d["figure"]) if d.get("figure") else "A shooter"
        rolled = dice_words(d.get("dice", []))
        return f"{who} runs out of missiles ({rolled})" if d.get("spent") else \
            f"{who} keeps its missiles ({rolled})"
    if kind == "held":
        what = "entangles" if d.get("kind") == "entangle" else "casts transfix on"
        result = "transfixed" if d.get("transfixed") else "resists"
        return (f"{n(d['figure'])} {what} {n(d['target'])}: it rolls "
                f"{dice_words(d.get('dice', []))} needing {d.get('target_number')}+ -> {result}")
    if kind == "draw_offered":
        return f"{seat(d['seat'])} offers a draw (accept or decline it in the list)"
    if kind == "draw_declined":
        return (f"{seat(d['seat'])} plays on: the offer of a draw lapses"
                if d.get("reason") == "played on" else f"{seat(d['seat'])} declines the draw")
    if kind == "takeback":  # (the kernel's: docs/protocol.md, Takebacks)
        return (f"Takeback: {seat(d['by'])} takes back to step {d['to_seq']}, as "
                f"{seat(d['accepted_by'])} agreed; play goes on from there")
    if kind == "game_ended":
        points = ", ".join(f"{s} {v}" for s, v in sorted((d.get("victory_points") or {}).items()))
        winner = f"{seat(d['winner'])} wins" if d.get("winner") else "a draw"
        return f"Game over: {winner} ({d.get('reason', '')}); victory points {points}"
    if kind == "group_activated":
        leader = n(d["leader"]) if d.get("leader") else "A swarm"
        members = ", ".join(n(m) for m in d.get("members", ()))
        return f"{leader} activates a group ({members}): {_roll(d)}"
    if kind == "group_ordered":
        members = ", ".join(n(m) for m in d.get("members", ()))
        return f"{n(d['leader'])} orders the group: {members}"
    if kind == "group_member_started":
        return f"{n(d['figure'])} acts for the group ({plural(d['actions'], 'action')})"
    if kind == "group_ended":
        return f"The group of {n(d['leader'])} has acted" if d.get("leader") else \
            "The group has acted"
    if kind == "hero_rerolled":
        return f"{n(d['figure'])} uses the Hero re-roll: {d['old']} becomes {d['new']}"
    if kind == "skips_turn":
        return f"{n(d['figure'])} skips its turn"
    if kind == "dead_outnumber":
        return f"{seat(d['seat'])}: the dead now outnumber the living"
    if kind == "terror_tested":
        passed = "passes" if d.get("passed") else "fails"
        return f"{n(d['figure'])} tests against the Terror of {n(d['source'])}: {_roll(d)} " \
               f"-> {passed}"
    return _special_rule_sentence(kind, d, n)


def _special_rule_sentence(kind: str, d: Mapping[str, Any], n: Callable[[str], str]
                           ) -> str | None:
    if kind == "strength_spent":
        return (f"{n(d['figure'])} spends {plural(d['points'], 'Strength point')} of the "
                f"belt ({d['left']} left)")
    if kind == "volley_spell_short":
        return (f"{n(d['figure'])}'s spell (power {d['power']}) cannot reach "
                f"{n(d['target'])}: it takes no part in the volley")
    if kind == "mutated":
        return f"{n(d['figure'])} mutates and is transfixed for the rest of the turn"
    if kind == "resurrected":
        return f"{n(d['by'])} raises {n(d['figure'])} from the dead as Undead"
    if kind == "turned_were":
        return f"{n(d['figure'])} turns into its were form: {d['form']}"
    return None


def result_words(result: Mapping[str, Any] | None, me: str | None = None,
                 players: Mapping[str, str] | None = None) -> str:
    """A `match_over` result in words: who won (by name), how, the score.

    "The match is over: Bob wins (seat a), Ann conceded. Scores: a 0, b 0"
    """
    if not result or result.get("winner") is None and not result.get("reason"):
        return "The match is over."
    players = players or {}
    winner = result.get("winner")
    if not winner:
        who = "A draw"
    elif winner == me:
        who = "You win"
    else:
        who = f"{players[winner]} wins (seat {winner})" if players.get(winner) \
            else f"Seat {winner} wins"
    reason = str(result.get("reason") or "")
    seat = re.match(r"^([a-z]) ", reason)  # "b conceded": say who b is
    if seat and seat[1] == me:
        reason = "you" + reason[1:]
    elif seat and players.get(seat[1]):
        reason = players[seat[1]] + reason[1:]
    scores = ", ".join(f"{s} {v}" for s, v in sorted((result.get("scores") or {}).items()))
    return f"The match is over: {who}{', ' + reason if reason else ''}. " \
           f"Scores: {scores or '-'}"


def ratings_words(ratings: Mapping[str, Any] | None, players: Mapping[str, str] | None = None
                  ) -> str:
    """A rated match's rating changes (`match_over`'s `ratings`), or "" for a
    casual one: "Ratings: Ann 1500 -> 1662 (+162, provisional); Bob ..."."""
    if not ratings:
        return ""
    return "Ratings: " + "; ".join(
        f"{(players or {}).get(seat, seat)} {r['before']} -> {r['rating']} "
        f"({r['change']:+d}{', provisional' if r.get('provisional') else ''})"
        for seat, r in sorted(ratings.items()))


def replay_words(server_url: str, match_id: str) -> str:
    """How to replay a finished match: the browser client's replay page on the same
    server (its websocket URL made into the page's), or its record from the CLI."""
    scheme, _, rest = server_url.partition("://")
    host = rest.split("/", 1)[0]
    page = f"{'https' if scheme == 'wss' else 'http'}://{host}/#/replay/{match_id}"
    return f"To replay it: open {page} in a browser, or run: warband replay export {match_id}"
