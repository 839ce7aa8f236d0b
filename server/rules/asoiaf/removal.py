"""Step 9's judgements (seed 004, ATTACK SEQUENCE: "9. If the defender has no
[wounds] left, the attacker chooses whether to kill or capture them"): whether
the attacker has that choice, OBSIDIAN DAGGER's kill regardless of wounds, and
who killed each other model the attack left with none. attack_sequence.remove
acts on them. Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

from server.rules.asoiaf import capture, equipment_uses
from server.rules.asoiaf.state import PendingAttack, State


def choice(state: State, pack, pending: PendingAttack) -> bool:
    """Whether the attacker chooses between killing and capturing the target."""
    target = state.model(pending.target)
    card = pack.models[target.card]
    if outright(pack, pending):  # OBSIDIAN DAGGER: "cannot be captured"
        return False
    return (target.wounds_left == 0 and not target.removed
            and capture.may_capture(state, pending.attacker, card.type, card.large,
                                    pending.kind))


def outright(pack, pending: PendingAttack) -> bool:
    """OBSIDIAN DAGGER: "If this attack deals at least 1 wound, the defender is
    killed regardless of any remaining wounds"."""
    return pending.lost > 0 and equipment_uses.kills_outright(pack, pending.attacker_token)


def killer(pending: PendingAttack, uid: str) -> str:
    """Who killed model `uid`, left with no wounds in this attack but not its
    target: the model whose aftermath wounded it last, else the defender (the
    attacker) or the attacker (a friend that took wounds for the target)."""
    dealt = dict(pending.wounded_by)
    if uid in dealt:  # (its own aftermath: killed by nobody)
        return "" if dealt[uid] == uid else dealt[uid]
    return pending.target if uid == pending.attacker else pending.attacker
