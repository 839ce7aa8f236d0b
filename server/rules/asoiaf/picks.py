"""The models an ability's player picks (seed 004, ABILITIES; the vocabulary's
Target: "friendly / enemy / any: chosen by the ability's player among models
that meet `within` and `types`, `count` of them (0 = every such model);
chosen: the model(s) an earlier effect of the same ability chose").

A pick is the target words of a friendly or enemy effect that picks (`count`
1 or more). Effects with the same words share one pick ("1 enemy model in
short range becomes shaken and suffers 1 wound"); effects with different words
("1 friendly model in short range gains +1 to its next attack roll; 1 enemy
model in short range becomes shaken") make one pick each, in the order the
ability's effects first name them. An ability of one pick is answered with
`target` (1 model) or `targets` (a set of `count`), as before; one of several
with `pick_1`, `pick_2` ... (each a model, or a set of `count`): each its own
params list, so a client asks them one after the other and the prompt never
lists their product. "chosen" means the latest pick named before it in the
ability's effects (our reading of "that enemy": the nearest model the card
named). Rule module: reads state.py, never imports system.py."""

from __future__ import annotations

import itertools

from server.rules.asoiaf import equipment_uses
from server.rules.asoiaf.movement import is_engaged
from server.rules.asoiaf.state import Condition, State
from server.rules.board.square import within_short_range
from server.rules.kernel import RulesError

ABILITIES = "seed 004, ABILITIES"
# the commands using an ability that may pick models (refuse_bad_pick)
ABILITY_COMMANDS = frozenset({"ability", "trigger_ability", "end_phase_ability",
                              "start_ability", "will_ability", "aftermath",
                              "use_motivation", "use_objective", "attack", "charge",
                              "granted_attack", "granted_charge", "defend"})
CHOOSERS = ("enemy", "friendly")
PICK_PREFIX = "pick_"


def words(target) -> tuple:
    """What a pick is known by: its target words."""
    return (target.who, target.within, tuple(target.types), tuple(target.state), target.count)


def is_pick(effect) -> bool:
    """An effect whose models its player picks (not `count` 0: every model)."""
    target = getattr(effect, "target", None)
    return target is not None and target.who in CHOOSERS and bool(target.count)


def pickers(effects) -> list:
    """The first effect naming each pick, in the order the effects name them."""
    found: dict[tuple, object] = {}
    for effect in effects:
        if is_pick(effect):
            found.setdefault(words(effect.target), effect)
    return list(found.values())


def chooser(effects):
    """The effect whose target the player picks first ("1 enemy model in short
    range", or `count` of them); None when the ability picks nobody."""
    return next(iter(pickers(effects)), None)


def names(effects) -> list[str]:
    """The params naming an ability's picks: `target` / `targets` for one pick,
    `pick_1` ... for several; none when it picks nobody."""
    found = pickers(effects)
    if len(found) == 1:
        return ["target" if found[0].target.count == 1 else "targets"]
    return [f"{PICK_PREFIX}{i}" for i in range(1, len(found) + 1)]


def choices(models: list[str], picker) -> list:
    """One pick's values: each model (`count` 1), or each set of `count` of them
    (all of them when there are no more)."""
    if picker.target.count == 1 or not models:
        return list(models)
    size = min(picker.target.count, len(models))
    return [list(c) for c in itertools.combinations(models, size)]


def candidates(state: State, pack, field, model, effects, keeps=None) -> list[list[str]] | None:
    """For each pick, the models its words fit (`keeps(picker, other)`: a
    timing's own further test); None when the ability picks nobody."""
    found = pickers(effects)
    if not found:
        return None
    return [[o.uid for o in state.models if fits(state, field, model, o, p.target, pack)
             and (keeps is None or keeps(p, o))] for p in found]


def params(found: list[list[str]] | None, effects) -> dict:
    """The params picking the models `candidates` found ({} when none picks)."""
    if found is None:
        return {}
    return {name: choices(models, picker)
            for name, models, picker in zip(names(effects), found, pickers(effects), strict=True)}


def numbered(found: list[list[str]] | None, effects) -> dict:
    """As `params`, always `pick_1` ... (an attack command's `target` is the
    model attacked: its improvements' picks are numbered, as a defence's)."""
    if found is None:
        return {}
    return {f"{PICK_PREFIX}{i}": choices(models, picker)
            for i, (models, picker) in enumerate(zip(found, pickers(effects), strict=True), 1)}


def all_fit(found: list[list[str]] | None) -> bool:
    """Every pick has a model to pick (or the ability picks nobody)."""
    return found is None or all(found)


def listed(data: dict) -> list | None:
    """An ability command's picks of several, in order (`pick_1` ...), or an
    event's `picks`; None for an ability of one pick or none."""
    if data.get("picks") is not None:
        return list(data["picks"])
    if f"{PICK_PREFIX}1" not in data:
        return None
    count = sum(1 for key in data if key.startswith(PICK_PREFIX))
    return [data[f"{PICK_PREFIX}{i}"] for i in range(1, count + 1)]


def record(args: dict) -> dict:
    """What an ability's event keeps of its picks: `target` (a model or a list),
    or `target` None and `picks` (one entry per pick) for several."""
    several = listed(args)
    if several is not None:
        return {"target": None, "picks": several}
    return {"target": args.get("target") or args.get("targets")}


def picked(data: dict, effects):
    """What a command's args or its event picked, as apply_effects reads it: the
    model (or list of models) of one pick, `Picks` for several, or None."""
    several = listed(data)
    if several is not None:
        return Picks(effects, several)
    return data.get("target") or data.get("targets")


class Picks:
    """The models picked for each pick of an ability of several, and what
    "chosen" means at each of its effects (the latest pick named before it).
    `fixed` names what other target words mean where a caller knows
    (will_tokens.py: the trigger model, an attack's sides)."""

    __slots__ = ("by_words", "chosen_at", "fixed", "values")

    def __init__(self, effects, values: list, fixed: dict | None = None) -> None:
        self.values = list(values)
        self.by_words = {words(p.target): v
                         for p, v in zip(pickers(effects), self.values, strict=True)}
        self.fixed = dict(fixed or {})
        self.chosen_at: dict[int, object] = {}  # id(effect) -> what "chosen" means there
        latest = None
        for effect in effects:
            if is_pick(effect):
                latest = self.by_words.get(words(effect.target))
            self.chosen_at[id(effect)] = latest

    def aim(self, effect):
        """The model (or models) `effect` aims at among those picked: its own
        pick's, else (`chosen`, or an effect inside a will test) the latest
        pick named before it."""
        target = getattr(effect, "target", None)
        if target is not None and target.who in self.fixed:
            return self.fixed[target.who]
        if target is not None and is_pick(effect) and words(target) in self.by_words:
            return self.by_words[words(target)]
        return self.chosen_at.get(id(effect))


def fits(state: State, field, model, other, target, pack) -> bool:
    """Whether `other` is a model `model`'s ability may aim at with `target`
    (its who, within, types and state)."""
    if not other.on_battlefield or other.uid == model.uid:
        return False
    if (other.seat == model.seat) != (target.who == "friendly"):
        return False
    if target.types and pack.models[other.card].type not in target.types:
        return False
    mine, theirs = list(model.squares), list(other.squares)
    if target.within == "short_range" and not within_short_range(mine, theirs):
        return False
    if target.within == "contact" and not field.in_contact(mine, theirs):
        return False
    if target.within == "los" and not equipment_uses.sees_all(pack, model):
        blockers = [sq for m in state.models
                    if m.on_battlefield and m.uid not in (model.uid, other.uid)
                    for sq in m.squares]
        if not field.sees(mine, theirs, blockers):
            return False
    return all(_in_state(state, field, other, word) for word in target.state)


def _in_state(state: State, field, model, word: str) -> bool:
    checks = {"engaged": lambda: is_engaged(state, field, model.uid),
              "unengaged": lambda: not is_engaged(state, field, model.uid),
              "shaken": lambda: Condition.SHAKEN in model.conditions,
              "routed": lambda: Condition.ROUTED in model.conditions,
              "activated": lambda: model.activated,
              "not_activated": lambda: not model.activated}
    return checks[word]()


def is_pick_param(name: str) -> bool:
    """(`friend`: an objective action's friendly pick, objective_actions.py.)"""
    return name in ("target", "targets", "friend") or name.startswith(PICK_PREFIX)


def refuse_bad_pick(prompt, command) -> None:
    """A model an option may not pick, refused with the reason (`bad_pick`)
    rather than as any illegal command: the option is the one of this type and
    args, and the pick is one of its pick params (picks.py's names)."""
    decision = prompt.for_seat(command.seat)
    if decision is None or command.type not in ABILITY_COMMANDS:
        return
    for spec in decision.options:
        if spec.type != command.type \
                or any(command.args.get(k) != v for k, v in spec.args.items()) \
                or any(command.args.get(k) not in v for k, v in spec.params.items()
                       if not is_pick_param(k) or k == "target" and "improvements"
                       in spec.params):  # (an attack's target is the model attacked)
            continue
        for name, values in spec.params.items():
            sent = command.args.get(name)
            if is_pick_param(name) and sent not in values:
                which = f"pick {name[len(PICK_PREFIX):]}" if name.startswith(PICK_PREFIX) \
                    else "its target"
                raise RulesError(
                    "bad_pick", f"{spec.label or spec.type} cannot pick {sent!r} for {which}"
                    f" ({name}): its words fit {_listing(values)} now.", ABILITIES)


def _listing(values) -> str:
    return " or ".join(", ".join(v) if isinstance(v, list) else str(v) for v in values)
