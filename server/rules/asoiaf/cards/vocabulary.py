"""The effect vocabulary: the closed set of words card abilities are written in.

A pack never contains Python. Every ability, aftermath, attack improvement,
equipment token, terrain, agenda, motivation and objective action is a list of
*effects* from this module, each a TOML table whose `effect` key names it:

    effects = [{ effect = "deal_wounds", target = { who = "attacker" }, wounds = 1 }]

The engine (next session) executes each effect exactly as its docstring says;
the loader refuses any effect, parameter or value not listed here. What the
vocabulary cannot say is a `special` effect naming a hook from SPECIAL_HOOKS
(code in the engine, documented there), never free text the engine must guess.

Words shared by many effects:
- Target: which model(s) an effect touches (`who`, `within`, `types`, `count`,
  `state`).
- Requirement: what must hold for an ability, improvement or token to be used;
  it is checked on the model using it (and the attack or charge in progress).
- Until: how long a lasting change holds ("roll": the next roll it applies to;
  "action", "activation", "turn", "round", "game").
- Roll: which roll a modifier applies to ("attack", "defence", "will", "any").
"""

from typing import Literal

import msgspec

Roll = Literal["attack", "defence", "will", "any"]
Until = Literal["roll", "action", "activation", "turn", "round", "game"]
Condition = Literal["shaken", "routed"]
ModelType = Literal["hero", "champion", "soldier"]
Coin = Literal["gold", "silver", "copper"]
ActionName = Literal["move", "attack", "charge", "charge_terrain", "interact", "idle"]
# Seed 004, ABILITIES: the icon-marked kinds of ability, plus the moments the
# book names ("At the Start of the Game", aftermath, end phase).
Timing = Literal[
    "start_of_game",  # resolved once, in order, before round 1 (seed 004, PLAYING THE GAME)
    "activation",  # as this model's activation begins, before its first action
    "movement",  # declared with a move action (or a charge's move), active or not
    "will",  # when this model makes a will test
    "defence",  # attack step 4: when this model is attacked and rolls defence
    "wounds",  # when this model loses at least 1 wound, before it would be killed
    "command",  # an action of the active model, paid with `ap`
    "trigger",  # when `trigger` happens; never activates anyone
    "aftermath",  # attack steps 7-8, or after the action it is written on resolves
    "passive",  # always active
    "end_phase",  # in the end phase, "players may use end of round effects"
    "end_of_game",  # when the game ends (agendas scored at the last end phase)
]
# What a "trigger" ability (or a motivation, agenda, terrain) waits for.
Trigger = Literal[
    "friendly_spent_coin",  # a friendly model spent coins (DOWAGER'S RESOURCES)
    "kills_enemy",  # this model killed an enemy (filter with `trigger_types`)
    "killed",  # right before this model would be killed (a motivation's Deceased side)
    "enters_square",  # a model enters this terrain's square
    "captures_enemy",  # this model captured an enemy champion or hero
    "interacts_plunder",  # this model interacted with a plunder token
    "spent_last_copper",  # its player spent their last copper before the opponent
]
# Requirements an ability, improvement or modifier checks before it applies.
Requirement = Literal[
    "charging",  # the model is making a charge action
    "engaged",  # the model is engaged
    "unengaged",
    "engaged_with_hero",  # engaged with an enemy hero
    "engaged_with_hero_or_champion",
    "target_hero_or_champion",  # the attack's / charge's target is a hero or champion
    "close_combat",  # the attack in question is a close combat attack
    "ranged",  # the attack in question is a ranged attack
    "will_test_passed",  # right after this model passed a will test
    "on_high_ground",  # the model stands on High Ground and its target does not
    "infantry",  # the model is infantry (not large)
]


class Target(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Which models an effect touches. `who`:
    self: the model with the ability; attacker / defender: the other side of the
    attack in progress; trigger_model: the model whose deed set off a trigger;
    friendly / enemy / any: chosen by the ability's player among models that
    meet `within` and `types`, `count` of them (0 = every such model);
    chosen: the model(s) an earlier effect of the same ability chose ("that
    enemy"). On a card with no model of its own (an agenda, an objective
    card, a terrain), "self" is the model it is played on or that uses it."""

    who: Literal["self", "attacker", "defender", "trigger_model",
                 "friendly", "enemy", "any", "chosen"] = "self"
    # contact: adjacent with LoS; short_range: up to 3 squares regardless of LoS
    # (seed 004, COMMON GAME TERMS); los: any range in line of sight.
    within: Literal["anywhere", "contact", "short_range", "los"] = "anywhere"
    types: list[ModelType] = []  # empty: any type
    count: int = 1
    # what the target must be at that moment ("friendly heroes engaged ...")
    state: list[Literal["engaged", "unengaged", "shaken", "routed",
                        "activated", "not_activated"]] = []


class Effect(msgspec.Struct, tag_field="effect", forbid_unknown_fields=True):
    """Base of every effect (never written in a pack itself)."""


class ExtraDice(Effect, tag="extra_dice"):
    """The target rolls `dice` more dice in its next `roll` roll (an attack
    improvement: "For 1 copper this model can roll 1 extra die")."""

    roll: Roll
    dice: int
    target: Target = Target()


class ModifyRoll(Effect, tag="modify_roll"):
    """Add `by` (negative to subtract) to every die result of the target's
    `roll` rolls while `until` lasts. Natural 10s stay natural 10s ("Friendly
    heroes engaged with this model gain +1 to their rolls")."""

    roll: Roll
    by: int
    target: Target = Target()
    until: Until = "roll"


class ModifyValue(Effect, tag="modify_value"):
    """Change one of the target's card values by `by` while `until` lasts:
    "defence" and "will" are target numbers (-1 makes them better: 5+ -> 4+),
    "attack_value" is every attack mode's hit number, "attack_dice" every attack
    mode's dice, "wounds" its maximum wounds."""

    value: Literal["defence", "will", "attack_value", "attack_dice", "wounds"]
    by: int
    target: Target = Target()
    until: Until = "game"


class ExtraSquares(Effect, tag="extra_squares"):
    """The model moves up to `squares` more squares in its move action (`on`
    "move": every move action, "charge": only the move of a charge). Each extra
    square is one it can legally occupy (seed 004, +1 SQUARE)."""

    squares: int
    on: Literal["move", "charge"] = "move"


class MoveModel(Effect, tag="move_model"):
    """Move the target up to `squares` squares (exactly, for a compulsory
    `direction`): "away" ends as far as possible from the model using the
    ability (seed 004, AWAY), "towards" takes the shortest way into contact
    with it (seed 004, TOWARDS), "free" is the ability player's choice."""

    squares: int
    direction: Literal["away", "towards", "free"]
    target: Target = Target()


class DealWounds(Effect, tag="deal_wounds"):
    """The target suffers `wounds` wounds; no defence roll blocks them."""

    wounds: int
    target: Target = Target()


class DealHits(Effect, tag="deal_hits"):
    """The target suffers `hits` hits (`large_hits` for a large model, when
    given): it rolls a defence die for each, as in attack step 5."""

    hits: int
    target: Target = Target()
    large_hits: int | None = None


class ApplyCondition(Effect, tag="apply_condition"):
    """The target becomes shaken or routed (a model never holds two of the same
    token: seed 004, MODEL TOKENS)."""

    condition: Condition
    target: Target = Target()


class RemoveCondition(Effect, tag="remove_condition"):
    """The target loses its shaken or routed token."""

    condition: Condition
    target: Target = Target()


class ImmuneToCondition(Effect, tag="immune_to_condition"):
    """The model can never become `condition` ("This model may not become ...")."""

    condition: Condition


class WillTest(Effect, tag="will_test"):
    """The target rolls 1 die against its will value; then `on_success` or
    `on_failure` effects apply (to the targets they name)."""

    target: Target = Target()
    on_success: "list[AnyEffect]" = []
    on_failure: "list[AnyEffect]" = []


class GrantAction(Effect, tag="grant_action"):
    """The target may perform one `action` immediately, without spending AP and
    without activating, even if it has activated this round; if it does not, it
    forfeits it (seed 004, the WISE WORDS example). `free`: it is performed
    "as a free action" before the active model's first action (agendas)."""

    action: ActionName
    target: Target = Target()
    free: bool = False


class Nemesis(Effect, tag="nemesis"):
    """The model chooses `count` enemy characters (heroes or champions) of
    `types` as its nemeses at the start of the game (seed 004, NEMESIS); killing
    one scores `vp`."""

    count: int = 1
    types: list[Literal["hero", "champion"]] = msgspec.field(
        default_factory=lambda: ["hero", "champion"])
    vp: int = 1


class GainCoins(Effect, tag="gain_coins"):
    """Its player gains `amount` coins of `coin` (copper back to the round's
    pool, gold or silver back for good)."""

    coin: Coin
    amount: int


class ScoreVP(Effect, tag="score_vp"):
    """Its player scores `vp` victory points now."""

    vp: int


class RedirectWounds(Effect, tag="redirect_wounds"):
    """The wounds this model would lose now are suffered by the target instead
    (OLDEST BROTHER)."""

    target: Target = Target(who="friendly", within="contact")


class IgnoreEngagement(Effect, tag="ignore_engagement"):
    """During this move action, enemies do not make this model engaged (it is
    not stopped by entering contact): DARING DASH."""


class ChangeDie(Effect, tag="change_die"):
    """Before the dice are rolled, declare it; after the roll, change `dice`
    die results of the `whose` roll ("own" or "enemy": an engaged enemy's) to
    `to` (LUCKY CHARM: 10, a natural 10; BLINDING POWDER: 1)."""

    to: int
    whose: Literal["own", "enemy"] = "own"
    dice: int = 1


class RestoreWounds(Effect, tag="restore_wounds"):
    """The target regains up to `wounds` lost wounds."""

    wounds: int
    target: Target = Target()


class KillOutright(Effect, tag="kill_outright"):
    """If this attack deals at least 1 wound, the defender is killed whatever
    wounds it has left, and cannot be captured (OBSIDIAN DAGGER)."""


class KillInsteadOfCapture(Effect, tag="kill_instead_of_capture"):
    """If this model would be captured, it is killed instead (STRANGLER FLASK)."""


class SeeAll(Effect, tag="see_all"):
    """This model has line of sight to every other model (GLASS CANDLE)."""


class FlipTerrain(Effect, tag="flip_terrain"):
    """Flip this terrain token: it becomes the terrain named `into` (a door
    opened or broken, dead leaves revealing a ditch)."""

    into: str


class SquaresCountAs(Effect, tag="squares_count_as"):
    """For the model, this terrain's `squares` ("blocked": its BLOCKED squares)
    count as OPEN squares until `until` ends (SO MANY DEAD)."""

    squares: Literal["blocked"] = "blocked"
    until: Until = "turn"


class DrawAgenda(Effect, tag="draw_agenda"):
    """Its player draws `cards` agenda cards from their remaining agenda deck."""

    cards: int = 1


class Special(Effect, tag="special"):
    """What the vocabulary cannot say: `hook` names engine code listed in
    SPECIAL_HOOKS; `text` repeats the card's words for players."""

    hook: str
    text: str


AnyEffect = (ExtraDice | ModifyRoll | ModifyValue | ExtraSquares | MoveModel | DealWounds
             | DealHits | ApplyCondition | RemoveCondition | ImmuneToCondition | WillTest
             | GrantAction | Nemesis | GainCoins | ScoreVP | RedirectWounds
             | IgnoreEngagement | ChangeDie | RestoreWounds | KillOutright
             | KillInsteadOfCapture | SeeAll | FlipTerrain | SquaresCountAs | DrawAgenda
             | Special)

EFFECTS: dict[str, type[Effect]] = {
    cls.__struct_config__.tag: cls for cls in AnyEffect.__args__}

# The engine code a `special` effect may name, each with what it does. A pack
# naming any other hook is refused. Adding a hook means adding engine code.
SPECIAL_HOOKS: dict[str, str] = {
    "reveal_dead_leaves": (
        "Flip the Dead Leaves token the model entered; the scenario says what lies "
        "under each (a Ditch with Stakes or bare ground). If it is a Ditch with "
        "Stakes, the model suffers 1 wound (seed 004, TERRAINS: DEAD LEAVES)."),
    "score_if_soldiers_in_enemy_zone": (
        "Score `vp` (2) if at least 2 of the player's soldiers stand in any of the "
        "opponent's deployment zones (an agenda, scored in the last end phase)."),
    "score_if_no_hero_lost": (
        "Score 2 VP if none of the player's heroes has been captured or killed "
        "(an agenda, scored in the last end phase)."),
    "score_if_more_objectives": (
        "Score 2 VP if the player controls more objectives than the opponent "
        "(an agenda, scored in the last end phase)."),
    "score_if_all_enemy_characters_killed": (
        "Score 2 VP if every enemy hero and champion has been killed (an agenda, "
        "scored in the last end phase)."),
}
