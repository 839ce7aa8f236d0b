"""What an event did to the table beyond what its own fields say, written into
it so the log can tell every change a player sees on the board: models killed
(by whom), captured (by whom), captives freed, mounts killed, heroes turned to
their Deceased side, maximum wounds moved by a lasting change (with the wounds
gained or cut). Many such changes follow from an event without being its
subject: a decline of OLDEST BROTHER before a lethal wound kills the model
(wounds_outside.answered), step 9 removes the target and every other model the
attack left with none as a step's consequence (attack_sequence.advance), a
captor's death frees its captive (capture.kill), a mount dies (hits.fall),
lasting.fit_wounds gains or cuts wounds, the 1st round's end kills the models
never placed (late_deployment.kill_unplaced).

decide folds each of its events (`tell`) and adds what changed, from the state
before and after it. evolve never reads these fields: a replay folds the same
states with or without them. Rule module: reads state.py, never imports
system.py (its evolve is handed in)."""

from __future__ import annotations

from collections.abc import Callable

from server.rules.asoiaf import lasting
from server.rules.asoiaf.hits import PAST_REMOVAL
from server.rules.asoiaf.state import State
from server.rules.kernel import Event

# the fields `outcome` may add to an event's data (none is read by evolve)
FIELDS = ("killed", "killed_by", "captured", "freed", "mount_died", "deceased", "max_wounds")


def tell(state: State, events: list[Event], evolve: Callable, pack) -> list[tuple]:
    """Fold `events` from `state`, adding to each what it did (`outcome`):
    [(state before, event, state after), ...] for the caller to reuse."""
    folded = []
    for event in events:
        after = evolve(state, event)
        found = outcome(state, after, event, pack)
        if found:
            event.data.update(found)
            if event.redacted is not None:  # (a death is no secret)
                event.redacted.update(found)
        folded.append((state, event, after))
        state = after
    return folded


def outcome(before: State, after: State, event: Event, pack) -> dict:
    """The fields of FIELDS that `event` (folding `before` into `after`) earned:
    `killed` [uid], `killed_by` {uid: killer uid} (the killers the rules name),
    `captured` [[uid, captor uid]], `freed` [uid] (placed back with 1 wound),
    `mount_died` [uid] (its rider waits to be placed), `deceased` [hero uid],
    `max_wounds` [[uid, maximum, wounds left]]."""
    found: dict = {}
    killed, captured, freed, most = [], [], [], []
    was_of = {m.uid: m for m in before.models}  # (State.model scans: once each, per event)
    for model in after.models:
        was = was_of[model.uid]
        if model.removed == "killed" and was.removed != "killed":
            killed.append(model.uid)
        elif model.removed == "captured" and not was.removed:
            captor = next((m.uid for m in after.models if m.captive == model.uid), "")
            captured.append([model.uid, captor])
        elif was.removed == "captured" and model.on_battlefield:
            freed.append(model.uid)
        elif model.on_battlefield and was.on_battlefield and model.card == was.card:
            now = _most_moved(before, after, pack, was, model)
            if now:
                most.append([model.uid, now, model.wounds_left])
    if killed:
        found["killed"] = killed
        by = {uid: killer for uid in killed if (killer := _killer(before, after, event, uid))}
        if by:
            found["killed_by"] = by
    if captured:
        found["captured"] = captured
    if freed:
        found["freed"] = freed
    mounts = [uid for uid in after.dismounting if uid not in before.dismounting]
    if mounts:
        found["mount_died"] = mounts
    turned = sorted(after.deceased - before.deceased)
    if turned:
        found["deceased"] = turned
    if most:
        found["max_wounds"] = most
    return found


def _most_moved(before: State, after: State, pack, was, model) -> int:
    """The model's new maximum wounds when a lasting change or its equipment
    moved it, else 0."""
    if model.equipment == was.equipment and lasting.value_change(
            before, model.uid, "wounds") == lasting.value_change(after, model.uid, "wounds"):
        return 0
    then, now = lasting.most_wounds(before, pack, was), lasting.most_wounds(after, pack, model)
    return now if now != then else 0


def _killer(before: State, after: State, event: Event, uid: str) -> str:
    """Who killed `uid` in this event, as the rules name it ("" for nobody):
    an enemy whose wounds, hits or aftermath killed it (hits.fall's
    `State.killers`, step 9's removal.killer), a hero's killer
    (`State.fallen`), or the attacker of an attack's target removed at step 9."""
    named = [by for dead, by in after.killers if dead == uid] \
        + [by for dead, _, by in after.fallen if dead == uid and by]
    if named:
        return named[-1]
    pending = before.attack or after.attack
    if pending is not None:
        at_removal = before.attack is None or before.attack.step not in PAST_REMOVAL
        return pending.attacker if uid == pending.target and at_removal else ""
    if event.type == "attack_rolled" and event.data.get("target") == uid:
        return event.data["attacker"]  # (the whole attack resolved in its first event)
    return ""
