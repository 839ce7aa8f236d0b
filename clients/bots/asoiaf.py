"""Bots for A Song of Ice & Fire: Tactics that act only from what a client sees: the
prompt's decision (its command families) and the seat's view (docs/rules/asoiaf.md,
"Bots"). The same bot plays in-process (`warband simulate asoiaf`), as the house
bot, or over the network.

`choose(decision, view)` returns (command type, args). Rules stay on the server: a
bot only picks among the offered commands; square distances are its own judgement
of where to go, not a rules calculation. The warbands are in the match's setup
(server/rules/asoiaf/setup.py), so a bot carries its warband's key only to say
which it plays.
"""

from __future__ import annotations

import random

# The random-legal player of server/rules/asoiaf/random_player.py, on the wire:
# it prefers doing something over ending an activation or passing.
RELUCTANT = {"pass", "end_activation"}
NEVER = {"concede"}
# In the attack sequence a beginner takes what helps its own model: it kills or
# captures (captives score), uses its aftermaths and wounds abilities, surges forth;
# it uses the trigger, end-phase and start-of-game abilities it can pay, and a
# granted attack.
ALWAYS = ("use_motivation", "play_agenda", "wounds_ability", "aftermath",
          "trigger_ability", "end_phase_ability", "granted_attack", "granted_charge",
          "granted_interact", "start_ability")


class RandomBot:
    """Any offered command with random values, reluctant ones one time in five."""

    def __init__(self, warband: str | None = None, seed: int = 0) -> None:
        self.warband = warband
        self.rng = random.Random(seed)

    def choose(self, decision: dict, view: dict | None) -> tuple[str, dict]:
        specs = [s for s in decision["options"] if s["type"] not in NEVER]
        eager = [s for s in specs if s["type"] not in RELUCTANT]
        spec = self.rng.choice(eager if eager and self.rng.random() > 0.2 else specs)
        return spec["type"], self.fill(spec)

    def fill(self, spec: dict) -> dict:
        args = dict(spec.get("args") or {})
        for name, values in (spec.get("params") or {}).items():
            args[name] = self.rng.choice(list(values))
        return args


class HeuristicBot(RandomBot):
    """Plays like an eager beginner: takes objectives and plunder in reach, attacks
    the weakest enemy it can (charging into reach when it cannot), spends coins on
    every improvement it can afford, activates first the model nearest an enemy,
    and otherwise marches on the nearest objective or enemy."""

    def choose(self, decision: dict, view: dict | None) -> tuple[str, dict]:
        specs: dict[str, list[dict]] = {}
        for spec in decision["options"]:
            specs.setdefault(spec["type"], []).append(spec)
        table = _Table(view, decision["seat"]) if view else None
        for rule in (self._setup, self._fighting, self._acting, self._activating):
            chosen = rule(specs, table)
            if chosen is not None:
                return chosen
        return super().choose(decision, view)

    # -- set-up -----------------------------------------------------------------------
    def _setup(self, specs, table):
        if "choose_first_player" in specs and table is not None:
            return "choose_first_player", {"first_player": table.seat}  # strike first
        if "deploy" in specs and table is not None:
            spec = specs["deploy"][0]
            return "deploy", dict(spec.get("args") or {},
                                  square=_front(spec["params"]["square"]))
        return None

    # -- the attack sequence and its like ---------------------------------------------
    def _fighting(self, specs, table):
        for kind in ALWAYS:
            if kind in specs:
                return kind, self._richest(specs[kind][0])
        if "defend" in specs:  # the most abilities offered: coins spent to survive
            # (an ability use that picks models is an option of its own: its picks
            # the first offered; options discarding a token are left alone)
            spec, used = max(((s, a) for s in specs["defend"] if not s.get("args")
                              for a in s["params"]["abilities"]),
                             key=lambda pair: len(pair[1]))
            return "defend", {**self._richest(spec), "abilities": used}
        if "remove" in specs:
            return "remove", {"removal": "captured"}  # "the most captured" scores
        if "surge" in specs and specs["surge"][0]["params"].get("square"):
            return "surge", {"square": specs["surge"][0]["params"]["square"][0]}
        return None

    # -- the active model -------------------------------------------------------------
    def _acting(self, specs, table):
        if table is None or "end_activation" not in specs:
            return None
        if "use_equipment" in specs:  # HEALING BALM, offered only when hurt
            return "use_equipment", self._richest(specs["use_equipment"][0])
        if "use_objective" in specs:
            return "use_objective", self._richest(specs["use_objective"][0])
        if "interact" in specs:
            return "interact", self._richest(specs["interact"][0])
        for kind in ("attack", "charge"):
            if kind in specs:
                spec, target = min(((s, t) for s in specs[kind] for t in s["params"]["target"]),
                                   key=lambda pair: (table.toughness(pair[1]),
                                                     -len(pair[0]["params"]["improvements"])))
                args = self._richest(spec)
                args["target"] = target
                if kind == "charge":
                    args["square"] = min(spec["params"]["square"],
                                         key=lambda sq: table.distance(sq, target))
                return kind, args
        if "move" in specs:
            here = table.acting_goal_distance()
            square = min(specs["move"][0]["params"]["square"], key=table.goal_distance)
            if table.goal_distance(square) < here:
                return "move", {"square": square}
        # no step nearer: a door in the way is opened (or a barred one broken down)
        doors = [s for s in specs.get("interact_door", ())
                 if (s.get("args") or {}).get("action") in ("Open", "Destroy")]
        if doors:
            args = dict(doors[0]["args"])
            if doors[0].get("params", {}).get("square"):
                args["square"] = min(doors[0]["params"]["square"], key=table.goal_distance)
            return "interact_door", args
        return "end_activation", {}

    # -- who acts ---------------------------------------------------------------------
    def _activating(self, specs, table):
        if table is None:
            return None
        if "activate" in specs:
            ready = specs["activate"][0]["params"]["model"]
            return "activate", {"model": min(ready, key=table.distance_to_enemy)}
        if "place" in specs:
            spec = specs["place"][0]
            return "place", dict(spec.get("args") or {}, square=_front(spec["params"]["square"]))
        return None

    @staticmethod
    def _richest(spec: dict) -> dict:
        """The spec's args with each param at its fullest value (the longest list of
        improvements or abilities; otherwise the first)."""
        args = dict(spec.get("args") or {})
        for name, values in (spec.get("params") or {}).items():
            values = list(values)
            if values and all(isinstance(v, list) for v in values):
                args[name] = max(values, key=len)
            elif values:
                args[name] = values[0]
        return args


def _front(squares: list) -> list:
    """The square of a deployment zone nearest the enemy, and nearest the middle of
    the zone's width: a zone touching row 0 faces down the board, any other up."""
    ys = [sq[1] for sq in squares]
    front = max(ys) if min(ys) == 0 else min(ys)
    xs = [sq[0] for sq in squares]
    middle = (min(xs) + max(xs)) / 2
    return min(squares, key=lambda sq: (abs(sq[1] - front), abs(sq[0] - middle)))


class _Table:
    """What a bot reads off its seat's view: where the models and objectives are."""

    def __init__(self, view: dict, seat: str) -> None:
        self.seat = seat
        standing = [m for m in view.get("models", []) if m.get("squares") and not m["removed"]]
        self.models = {m["uid"]: m for m in standing}
        self.enemy_squares = [tuple(sq) for m in standing if m["seat"] != seat
                              for sq in m["squares"]]
        friends = {tuple(sq) for m in standing if m["seat"] == seat for sq in m["squares"]}
        self.acting = self.models.get(view.get("active_model") or "")
        mine = {tuple(sq) for sq in self.acting["squares"]} if self.acting else set()
        # objectives nobody of ours holds yet (the acting model's own square counts as free)
        self.objectives = [tuple(o["square"]) for o in view.get("objectives", [])
                           if tuple(o["square"]) not in friends - mine]

    @staticmethod
    def _apart(a, b) -> int:
        return max(abs(a[0] - b[0]), abs(a[1] - b[1]))  # squares, diagonals counting 1

    def distance(self, square, uid: str) -> int:
        model = self.models.get(uid)
        if not model:
            return 99
        return min(self._apart(square, sq) for sq in model["squares"])

    def nearest_enemy(self, square) -> int:
        return min((self._apart(square, sq) for sq in self.enemy_squares), default=0)

    def distance_to_enemy(self, uid: str) -> int:
        model = self.models.get(uid)
        if not model:  # not on the battlefield yet
            return 99
        return min(self.nearest_enemy(sq) for sq in model["squares"])

    def goal_distance(self, square) -> float:
        """How far from where the acting model wants to be: on a free objective if
        one is near, otherwise next to the nearest enemy."""
        objective = min((self._apart(square, o) for o in self.objectives), default=99)
        return min(objective, max(self.nearest_enemy(square) - 1, 0) + 0.5)

    def acting_goal_distance(self) -> float:
        if not self.acting:
            return 99
        return self.goal_distance(tuple(self.acting["square"]))

    def toughness(self, uid: str) -> tuple:
        model = self.models.get(uid, {})
        return model.get("wounds_left", 9), model.get("large", False)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(level: str, warband: str | None = None, seed: int = 0) -> RandomBot:
    try:
        return BOTS[level](warband, seed)
    except KeyError:
        raise ValueError(f"no bot level {level!r} (known: {', '.join(BOTS)})") from None
