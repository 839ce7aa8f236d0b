"""Decisions a seat must make while others wait (a pending item on the
state's stack): what the prompt says and offers for each kind, and the
handlers of the answers. Rule modules that own a kind of waiting choice
(`CHOICE_MODULES`) provide their own text, options and handlers (`HANDLERS`,
gathered in `_HANDLERS`)."""

from __future__ import annotations

from server.rules.kernel import CommandSpec
from server.rules.sbh import (
    attacks,
    commanders,
    concentrated,
    devotion,
    hero,
    hero_rerolls,
    magic_items,
    standard,
    swarm_tightening,
    teleport,
)
from server.rules.sbh.attacks import hero_reroll_chosen
from server.rules.sbh.consequences import follow_up_chosen, recoil_chosen
from server.rules.sbh.context import Ctx, illegal
from server.rules.sbh.flee import flee_chosen, intercept_chosen
from server.rules.sbh.hacks import run_hack
from server.rules.sbh.state import SbhState

# Rule modules that own a waiting choice: kind -> module with pending_text(state,
# item) and pending_specs(item); its HANDLERS {(kind, command): handler(ctx, seat,
# args)} are in _HANDLERS.
CHOICE_MODULES = {"standard_rally": standard, "teleport_mishap": teleport,
                  "strength_belt": magic_items, "swarm_tighten": swarm_tightening,
                  "healing_use": devotion}


def pending_text(state: SbhState, item: dict) -> str:
    if item["kind"] in CHOICE_MODULES:
        return CHOICE_MODULES[item["kind"]].pending_text(state, item)
    name = state.figures[item["figure"]].name
    return {"recoil": f"{name} recoils: choose where (or fall instead)",
            "hacks": f"{name} suffers free hacks: choose who strikes next",
            "flee": f"{name} flees: choose among equally short routes",
            "follow_up": f"{name} may follow up the recoiling enemy",
            "intercept": f"{name} (Tough) flees into your intercept area: intercept "
                         "it (one wound, it stops) or let it flee",
            "missile_loss": "A concentrated shooting rolled 1 and 1: choose the "
                            "shooter who runs out of missiles",
            "hero_reroll": f"{name} may use the Hero's once-a-game re-roll "
                           f"(dice {(item.get('combat') or {}).get('dice')})",
            "succession": f"{name}, your overall commander, is lost: name a "
                          "sub-commander as the new overall commander",
            "hero_quality": f"{name} may use the Hero's once-a-game re-roll on this "
                            f"{(item.get('then') or {}).get('rule')} roll "
                            f"(dice {(item.get('roll') or {}).get('dice')}, needs "
                            f"{(item.get('roll') or {}).get('target')}+)",
            }[item["kind"]]

def pending_specs(item: dict) -> list[CommandSpec]:
    kind = item["kind"]
    if kind in CHOICE_MODULES:
        return CHOICE_MODULES[kind].pending_specs(item)
    if kind == "recoil":
        return [CommandSpec("recoil", "Recoil to a hex", params={"to": item["options"]}),
                CommandSpec("fall", "Fall instead of recoiling")]
    if kind == "hacks":
        return [CommandSpec("free_hack_order", "Who strikes next",
                            params={"hacker": list(item["hackers"])})]
    if kind == "follow_up":
        return [CommandSpec("follow_up", "Follow up (free move)",
                            params={"to": item["options"]}),
                CommandSpec("stay", "Stay where you are")]
    if kind == "intercept":
        return [CommandSpec("intercept", "Intercept with", params={
                    "interceptor": list(item["interceptors"])}),
                CommandSpec("let_flee", "Let it flee")]
    if kind == "missile_loss":
        return [CommandSpec("lose_missiles", "Who runs out of missiles",
                            params={"figure": list(item["options"])})]
    if kind == "hero_reroll":
        return [CommandSpec("hero_reroll", "Re-roll the Hero's die (once a game)",
                            params={"reroll": [False, True]})]
    if kind == "succession":
        return commanders.succession_specs(item)
    if kind == "hero_quality":
        return [CommandSpec("hero_reroll", "Re-roll one failed die (once a game)",
                            params={"die": hero.failed_dice(item["roll"])}),
                CommandSpec("keep_roll", "Keep the roll")]
    return [CommandSpec("flee", "Flee to", params={"to": item["options"]})]


def pending_handler(item: dict, command_type: str):
    """The handler(ctx, seat, args) answering the waiting choice `item` with a
    command of that type, or None if it is not one of the answers."""
    return _HANDLERS.get((item["kind"], command_type))


def _offered(ctx: Ctx, args: dict, arg: str, key: str, message: str,
             passage: str) -> tuple[dict, object]:
    """The waiting choice and the value the seat picked, which must be one of
    the values the choice offered under `key`."""
    item = ctx.state.pending[-1]
    value = args.get(arg)
    if value not in item[key]:
        raise illegal(message, passage)
    return item, value


def _recoil(ctx: Ctx, seat: str, args: dict) -> None:
    recoil_chosen(ctx, *_offered(ctx, args, "to", "options", "Recoil to one of the offered "
                                 "hexes, or fall.", "seed 000, RECOILING"))


def _fall(ctx: Ctx, seat: str, args: dict) -> None:
    recoil_chosen(ctx, ctx.state.pending[-1], None)


def _hack_order(ctx: Ctx, seat: str, args: dict) -> None:
    run_hack(ctx, *_offered(ctx, args, "hacker", "hackers", "Choose one of the enemies "
                            "still to strike.", "seed 000, LEAVING MELEE - MULTIPLE OPPONENTS"))


def _follow_up(ctx: Ctx, seat: str, args: dict) -> None:
    follow_up_chosen(ctx, *_offered(ctx, args, "to", "options", "Follow up to one of the "
                                    "offered hexes, or stay.",
                                    "seed 000, FOLLOWING UP (OPTIONAL)"))


def _stay(ctx: Ctx, seat: str, args: dict) -> None:
    follow_up_chosen(ctx, ctx.state.pending[-1], None)


def _name_commander(ctx: Ctx, seat: str, args: dict) -> None:
    _, figure = _offered(ctx, args, "figure", "options", "Name one of your sub-commanders "
                         "still on the table.", commanders.SUB_COMMANDERS)
    ctx.pop()
    ctx.emit("commander_named", seat=seat, figure=figure)


def _hero_quality_reroll(ctx: Ctx, seat: str, args: dict) -> None:
    die = args.get("die")
    if type(die) is not int:
        raise illegal("Name the failed die to re-roll by its position (0 = first).",
                      hero.HERO)
    hero_rerolls.chosen(ctx, ctx.state.pending[-1], die)


def _hero_keep_roll(ctx: Ctx, seat: str, args: dict) -> None:
    hero_rerolls.chosen(ctx, ctx.state.pending[-1], None)


def _hero_reroll(ctx: Ctx, seat: str, args: dict) -> None:
    if args.get("reroll") not in (False, True):
        raise illegal("Answer reroll true or false.", "seed 000, HERO (P)")
    hero_reroll_chosen(ctx, ctx.state.pending[-1], args["reroll"])


def _lose_missiles(ctx: Ctx, seat: str, args: dict) -> None:
    concentrated.missile_loss_chosen(ctx, ctx.state.pending[-1], args.get("figure"))


def _intercept(ctx: Ctx, seat: str, args: dict) -> None:
    intercept_chosen(ctx, *_offered(ctx, args, "interceptor", "interceptors", "Intercept "
                                    "with one of the offered figures, or let it flee.",
                                    "seed 000, TOUGH (P)"))


def _let_flee(ctx: Ctx, seat: str, args: dict) -> None:
    intercept_chosen(ctx, ctx.state.pending[-1], None)


def _flee(ctx: Ctx, seat: str, args: dict) -> None:
    flee_chosen(ctx, *_offered(ctx, args, "to", "options", "Flee to one of the offered "
                               "hexes.", "seed 000, MORALE"))



_HANDLERS = {("recoil", "recoil"): _recoil, ("recoil", "fall"): _fall,
             ("hacks", "free_hack_order"): _hack_order,
             ("flee", "flee"): _flee,
             ("hero_reroll", "hero_reroll"): _hero_reroll,
             ("hero_quality", "hero_reroll"): _hero_quality_reroll,
             ("hero_quality", "keep_roll"): _hero_keep_roll,
             ("follow_up", "follow_up"): _follow_up,
             ("follow_up", "stay"): _stay,
             ("missile_loss", "lose_missiles"): _lose_missiles,
             ("intercept", "intercept"): _intercept,
             ("intercept", "let_flee"): _let_flee,
             ("succession", "name_commander"): _name_commander,
             # the answers to the rule modules' choices (the strength belt's goes on
             # with the combat waiting on it: attacks.py answers it)
             **standard.HANDLERS, **teleport.HANDLERS, **attacks.HANDLERS,
             **swarm_tightening.HANDLERS, **devotion.HANDLERS}
