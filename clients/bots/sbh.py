"""Bots for Song of Blades and Heroes that act only from what a client sees: the
prompt's decision (its command families) and the seat's view. The same bot plays
in-process (the simulator), through `clients.session.Session`, or over the
network (`warband bot`).

`choose(decision, view)` returns (command type, args). Rules stay on the server:
a bot only picks among the offered commands; hex distances are its own judgement
of where to go, not a rules calculation.
"""

from __future__ import annotations

import random
import secrets

# a bot generates terrain, never gives up and never agrees a draw (it declines one
# first thing, then plays on)
NEVER = {"concede", "lay_terrain", "offer_draw", "accept_draw"}
DECLINE = "decline_draw"
RELUCTANT = {"pass", "end_activation", "fall"}


def hex_distance(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class RandomBot:
    """Any offered command, uniformly (reluctant ones rarely), with random values."""

    def __init__(self, warband: dict, seed: int = 0) -> None:
        self.warband = warband
        self.rng = random.Random(seed)

    def choose(self, decision: dict, view: dict | None) -> tuple[str, dict]:
        if any(s["type"] == DECLINE for s in decision["options"]):
            return DECLINE, {}
        specs = [s for s in decision["options"] if s["type"] not in NEVER]
        eager = [s for s in specs if s["type"] not in RELUCTANT]
        spec = self.rng.choice(eager if eager and self.rng.random() > 0.1 else specs)
        return spec["type"], self.fill(spec, self.rng)

    def fill(self, spec: dict, rng: random.Random) -> dict:
        if spec["type"] == "submit_list":
            # The salt keeps the list secret behind its commitment: it must be unguessable
            # (a seeded salt would let the opponent test the ready-made lists against the
            # commitment). The draw from `rng` is kept so the bot's later choices are
            # what they were.
            rng.random()
            return {"list": self.warband, "salt": secrets.token_hex(16)}
        args = dict(spec.get("args") or {})
        for name, values in (spec.get("params") or {}).items():
            args[name] = rng.choice(list(values))
        for name, values in (spec.get("subsets") or {}).items():  # any non-empty set
            args[name] = rng.sample(list(values), rng.randint(1, len(values)))
        return args


class HeuristicBot(RandomBot):
    """Plays like a cautious beginner: stands up and breaks free first, attacks what
    is in reach (a fallen foe above all), shoots when it can, closes in on the
    nearest enemy otherwise, moves far-off figures with free moves (no risk),
    rolls fewer dice with poor-quality figures, and recoils away from enemies."""

    def choose(self, decision: dict, view: dict | None) -> tuple[str, dict]:
        if any(s["type"] == DECLINE for s in decision["options"]):
            return DECLINE, {}
        specs = {}
        for spec in decision["options"]:
            specs.setdefault(spec["type"], []).append(spec)
        board = _Board(view, decision["seat"]) if view else None
        for rule in (self._setup, self._pending, self._acting, self._activating):
            chosen = rule(specs, board)
            if chosen is not None:
                return chosen
        return super().choose(decision, view)

    # -- set-up -----------------------------------------------------------------------
    def _setup(self, specs, board):
        if "submit_list" in specs:
            return "submit_list", self.fill(specs["submit_list"][0], self.rng)
        if "generate_terrain" in specs:
            return "generate_terrain", {}
        if "deploy" in specs and board is not None:
            spec = specs["deploy"][0]
            figure = max(spec["params"]["figure"], key=board.strength)
            to = min(spec["params"]["to"], key=board.from_centre)
            return "deploy", dict(spec.get("args") or {}, figure=figure, to=to)
        return None

    # -- choices in the middle of a fight ---------------------------------------------
    def _pending(self, specs, board):
        if "recoil" in specs and board is not None:
            return "recoil", {"to": max(specs["recoil"][0]["params"]["to"],
                                        key=board.safety)}
        if "hero_reroll" in specs:
            params = specs["hero_reroll"][0]["params"]
            if "die" in params:
                return "hero_reroll", {"die": params["die"][0]}
            return "hero_reroll", {"reroll": True}
        if "heal_use" in specs:  # a Cleric's friend on its feet fights again
            return "heal_use", {"stand_up": True}
        if "stay" in specs:  # no following up into more trouble
            return "stay", {}
        if "intercept" in specs:
            spec = specs["intercept"][0]
            return "intercept", {"interceptor": spec["params"]["interceptor"][0]}
        if "rally" in specs and board is not None:
            return "rally", {"to": max(specs["rally"][0]["params"]["to"], key=board.safety)}
        return None

    # -- the activated figure ---------------------------------------------------------
    def _acting(self, specs, board):
        for first in ("stand_up", "break_free", "leave_table", "pick_up"):
            if first in specs:
                return first, dict(specs[first][0].get("args") or {})
        if "attack" in specs and board is not None:
            spec = specs["attack"][0]
            target = max(spec["params"]["target"], key=board.weakness)
            power = True in spec["params"].get("power", [False])
            args = {"target": target, "power": power}
            if "special" in spec["params"]:
                args["special"] = True in spec["params"]["special"]
            return "attack", args
        for kind in ("cast_bolt", "shoot"):
            if kind in specs and board is not None:
                spec = max(specs[kind], key=lambda s: max(s["params"].get("power", [0])))
                args = dict(spec.get("args") or {})
                args["target"] = max(spec["params"]["target"], key=board.weakness)
                for name, values in spec["params"].items():
                    if name != "target":
                        args[name] = max(values) if name in ("power", "aimed") else values[0]
                return kind, args
        moves = [s for s in specs.get("move", []) + specs.get("step", [])]
        if moves and board is not None and board.enemies:
            options = [(s, to) for s in moves for to in s["params"]["to"]]
            spec, to = min(options, key=lambda pair: (board.nearest_enemy(pair[1]),
                                                      pair[0]["type"] == "step"))
            if board.nearest_enemy(to) < board.nearest_enemy(board.acting_pos()):
                return spec["type"], dict(spec.get("args") or {}, to=to)
        if "end_activation" in specs:
            return "end_activation", {}
        return None

    # -- choosing who acts --------------------------------------------------------------
    def _activating(self, specs, board):
        if "activate" not in specs or board is None:
            return None
        # (a list, not a set: ties must break the same way in every process)
        ready = list(dict.fromkeys(f for spec in specs["activate"]
                                   for f in spec["params"]["figure"]))
        fighters = [f for f in ready if board.adjacent_enemies(f)]
        if fighters:
            figure = max(fighters, key=board.strength)
            return self._activate(specs, board, figure, dice=2 if board.quality(figure) <= 4
                                  else 1)
        if "free_move" in specs:
            movers = specs["free_move"][0]["params"]["figure"]
            return "free_move", {"figure": min(movers, key=board.distance_to_enemy)}
        if ready:
            figure = min(ready, key=board.distance_to_enemy)
            dice = 2 if board.quality(figure) <= 3 else 1
            return self._activate(specs, board, figure, dice=dice)
        return "pass", {}

    def _activate(self, specs, board, figure: str, dice: int):
        spec = next(s for s in specs["activate"] if figure in s["params"]["figure"])
        args = dict(spec.get("args") or {}, figure=figure, dice=dice)
        if "cast" in spec["params"]:
            args["cast"] = board.quality(figure) <= 3 and dice < 3
        return "activate", args


class _Board:
    """What a bot reads off its seat's view."""

    def __init__(self, view: dict, seat: str) -> None:
        self.view = view
        self.seat = seat
        figures = [f for f in view.get("figures", []) if f.get("pos") and
                   f.get("status") == "ready"]
        self.figures = {f["id"]: f for f in figures}
        self.enemies = [f for f in figures if f["seat"] != seat]
        board = view.get("board") or {}
        self.centre = (board.get("width", 24) // 2 - board.get("height", 24) // 4,
                       board.get("height", 24) // 2)
        activation = view.get("activation") or {}
        self.acting = activation.get("figure")
        self._enemy_hexes = [(e["pos"][0], e["pos"][1]) for e in self.enemies]
        self._nearest: dict = {}  # hex -> distance to the nearest enemy (asked per option)

    def pos(self, fid: str):
        return self.figures[fid]["pos"] if fid in self.figures else None

    def acting_pos(self):
        return self.pos(self.acting) if self.acting else self.centre

    def nearest_enemy(self, at) -> int:
        """Hexes to the nearest enemy (0 if none): asked for every destination a
        move offers, so remembered by hex and worked out inline."""
        key = (at[0], at[1])
        found = self._nearest.get(key)
        if found is None:
            q, r = key
            found = self._nearest[key] = min(
                [abs(q - eq) + abs(r - er) + abs(q - eq + r - er)
                 for eq, er in self._enemy_hexes], default=0) // 2
        return found

    def distance_to_enemy(self, fid: str) -> int:
        pos = self.pos(fid)
        return self.nearest_enemy(pos) if pos else 99

    def adjacent_enemies(self, fid: str) -> list:
        pos = self.pos(fid)
        return [e for e in self.enemies if pos and hex_distance(pos, e["pos"]) == 1]

    def safety(self, at) -> int:
        return self.nearest_enemy(at)

    def from_centre(self, at) -> int:
        return hex_distance(at, self.centre)

    def quality(self, fid: str) -> int:
        return self.figures.get(fid, {}).get("quality", 4)

    def strength(self, fid: str) -> tuple:
        f = self.figures.get(fid) or next((x for x in self.view.get("figures", [])
                                           if x["id"] == fid), {})
        return f.get("combat", 0), -f.get("quality", 6)

    def weakness(self, fid: str) -> tuple:
        f = self.figures.get(fid, {})
        helpless = f.get("fallen") or f.get("transfixed")
        return bool(helpless), -f.get("combat", 0), f.get("points", 0)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(level: str, warband: dict, seed: int = 0) -> RandomBot:
    try:
        return BOTS[level](warband, seed)
    except KeyError:
        raise ValueError(f"no bot level {level!r} (known: {', '.join(BOTS)})") from None

