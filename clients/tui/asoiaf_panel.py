"""The ASOIAF table in the match screen's side panel (roster.py places it): a
seat's coins left by type, victory points, models left and activated this round,
its deployment zone and whether it is the 1st player, the acting model's AP
left, captives held, equipment tokens (held, spent), agendas and the two drawn
to keep one from; then the table's objective cards
(revealed, face down) and plunder tokens taken. Fuller when the panel has room,
a line a seat when not (`brief`), a few characters in the one-line roster.

Everything is read from the view the server sent this screen, which already
hides what this viewer may not see (server/rules/asoiaf/view.py: another seat's
agenda is None until played, the two drawn only in the drawing seat's view, an
objective card None while face down): nothing here guesses at a secret.
"""

from __future__ import annotations

from clients.tui.board import short_name

COINS = ("gold", "silver", "copper")


def is_table(view: dict | None) -> bool:
    """An ASOIAF view with its table: coins and models (a view before the
    warbands are set, or another system's, has no panel)."""
    return bool(view) and view.get("system") == "asoiaf" and "coins" in view


def _models(view: dict, seat: str) -> list[dict]:
    return [m for m in view.get("models") or () if m.get("seat") == seat]


def _who(view: dict, uid: str) -> str:
    """'a3 Davos Seaworth', the card's name short."""
    model = next((m for m in view.get("models") or () if m["uid"] == uid), None)
    return f"{uid} {short_name(model['card'])}" if model else uid


def coins_words(view: dict, seat: str) -> str:
    """'2 gold, 4 silver, 12 copper' left (seed 004, COINS: spent ones are gone)."""
    coins = (view.get("coins") or {}).get(seat) or {}
    return ", ".join(f"{coins.get(kind, 0)} {kind}" for kind in COINS)


def models_words(view: dict, seat: str) -> str:
    """'11 of 12 left, 3 activated this round' (and how many are not placed yet)."""
    models = _models(view, seat)
    left = [m for m in models if not m.get("removed")]
    words = f"{len(left)} of {len(models)} left"
    unplaced = sum(1 for m in left if not m.get("square"))
    if unplaced:
        words += f", {unplaced} not placed"
    activated = sum(1 for m in left if m.get("activated"))
    return words + f", {activated} activated this round"


def acting(view: dict, seat: str) -> dict | None:
    """The seat's model now activating, if it is this seat's."""
    uid = view.get("active_model")
    return next((m for m in _models(view, seat) if uid and m["uid"] == uid), None)


def captives(view: dict, seat: str) -> list[tuple[str, str]]:
    """(captor uid, captive uid) for each enemy this seat's models hold."""
    return [(m["uid"], m["captive"]) for m in _models(view, seat) if m.get("captive")]


def equipment(view: dict, seat: str) -> tuple[list[dict], list[dict]]:
    """(held, spent): the tokens still to use, on models still on the table, and
    those used (seed 004, EQUIPMENT TOKENS: once per game, then discarded)."""
    carriers = [m for m in _models(view, seat) if m.get("equipment")]
    spent = [m for m in carriers if m.get("equipment_spent")]
    held = [m for m in carriers if not m.get("equipment_spent") and not m.get("removed")]
    return held, spent


def agenda_words(view: dict, seat: str, own: bool) -> str:
    """'agenda Raid Their Camp' for one's own; another seat's only as the view
    gives it: 'agenda hidden', or a played one by name."""
    agendas = (view.get("agendas") or {}).get(seat) or []
    if not agendas:
        return ""
    noun = "agenda" if len(agendas) == 1 else "agendas"
    named = [name for name in agendas if name]
    hidden = len(agendas) - len(named)
    if own:
        return f"your {noun} " + ", ".join(name or "hidden" for name in agendas)
    parts = [f"{name} (played)" for name in named]
    if hidden:
        parts.append("hidden" if len(agendas) == 1 else f"{hidden} hidden")
    return f"{noun} " + ", ".join(parts)


def seat_lines(view: dict, seat: str, viewer: str | None) -> list[str]:
    """The seat's part of the table in full, a line a thing. `viewer`: the seat
    this screen plays (None for a spectator)."""
    own = seat == viewer
    lines = [f"coins {coins_words(view, seat)} · {(view.get('vp') or {}).get(seat, 0)} VP",
             "models " + models_words(view, seat)]
    place = [f"{zone} deployment zone" for zone in [(view.get("zones") or {}).get(seat)]
             if zone] + (["1st player"] if view.get("first_player") == seat else [])
    if place:  # (chosen after the roll-off: seed 004, PLAYING THE GAME)
        lines.append(", ".join(place))
    active = acting(view, seat)
    if active is not None:
        lines.append(f"acting {_who(view, active['uid'])}, {active.get('ap', 0)} AP left")
    held = captives(view, seat)
    if held:
        lines.append("captives " + ", ".join(f"{_who(view, captive)} (held by {captor})"
                                             for captor, captive in held))
    ready, spent = equipment(view, seat)
    if ready or spent:
        lines.append("equipment " + " · ".join(
            part for part in (
                "held " + ", ".join(f"{m['uid']} {m['equipment']}" for m in ready)
                if ready else "",
                "spent " + ", ".join(f"{m['uid']} {m['equipment']}" for m in spent)
                if spent else "") if part))
    agenda = agenda_words(view, seat, own)
    if agenda:
        lines.append(agenda)
    if own and view.get("agenda_hand"):  # (only the drawing seat's view has them)
        lines.append("drawn (keep one) " + " / ".join(view["agenda_hand"]))
    return lines


def seat_brief(view: dict, seat: str, viewer: str | None) -> str:
    """The seat's part of the table on one line: '2 gold 4 silver 12 copper ·
    0 VP · 11/12 left, 3 activated · ...'."""
    coins = (view.get("coins") or {}).get(seat) or {}
    models = _models(view, seat)
    left = [m for m in models if not m.get("removed")]
    parts = [" ".join(f"{coins.get(kind, 0)} {kind}" for kind in COINS),
             f"{(view.get('vp') or {}).get(seat, 0)} VP",
             f"{len(left)}/{len(models)} left, "
             f"{sum(1 for m in left if m.get('activated'))} activated"]
    active = acting(view, seat)
    if active is not None:
        parts.append(f"{active['uid']} acting, {active.get('ap', 0)} AP")
    held = captives(view, seat)
    if held:
        parts.append(f"{len(held)} captive" + ("s" if len(held) > 1 else ""))
    ready, spent = equipment(view, seat)
    if ready or spent:
        parts.append(f"equipment {len(ready)} held, {len(spent)} spent")
    agenda = agenda_words(view, seat, seat == viewer)
    if agenda:
        parts.append(agenda)
    if seat == viewer and view.get("agenda_hand"):
        parts.append("drawn " + " / ".join(view["agenda_hand"]))
    return " · ".join(parts)


def table_lines(view: dict, brief: bool = False) -> list[str]:
    """The table's own things: objective cards and plunder tokens."""
    parts = []
    objectives = view.get("objectives") or []
    if objectives:
        revealed = [o for o in objectives if o.get("card")]
        down = len(objectives) - len(revealed)
        if brief:
            parts.append(f"objectives {len(revealed)}/{len(objectives)} revealed")
        else:
            parts.append(f"objectives {len(revealed)} of {len(objectives)} revealed"
                         + (" (" + ", ".join(f"{o['card']} at [{o['square'][0]}, "
                                             f"{o['square'][1]}]" for o in revealed) + ")"
                            if revealed else "")
                         + (f", {down} face down" if down else ""))
    plunder = (view.get("battlefield") or {}).get("plunder") or ()
    if plunder:
        taken = len(view.get("plundered") or ())
        parts.append(f"plunder taken {taken}/{len(plunder)}" if brief
                     else f"plunder tokens taken {taken} of {len(plunder)}")
    if not parts:
        return []
    return ["Table: " + " · ".join(parts)] if brief else \
        ["Table: " + parts[0], *parts[1:]]


def seat_tag(view: dict, seat: str) -> str:
    """The shortest rosters' few characters: '2g 4s 12c 3VP' (gold, silver, copper)."""
    coins = (view.get("coins") or {}).get(seat) or {}
    return (" ".join(f"{coins.get(kind, 0)}{kind[0]}" for kind in COINS)
            + f" {(view.get('vp') or {}).get(seat, 0)}VP")
