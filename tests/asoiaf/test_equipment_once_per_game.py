"""Equipment tokens used once per game, and GLASS CANDLE (seed 004, EQUIPMENT
TOKENS): each used at its moment, discarded once, shown as spent. Dice scripted."""

from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import Viewer
from tests.asoiaf.conftest import mid_round, options, run, send

FAR = Model("b9", "Baratheon Warden", "b", 2, square=(12, 0))
HALBERD = {"mode": 0, "target": "b1", "improvements": []}  # a Warden's: 2 dice, 6+


def duel(a_token="", b_token="", target="Baratheon Warden", target_wounds=2):
    """A Baratheon Warden (a, active) in contact with b1 (defence 5+)."""
    return mid_round((Model("a1", "Baratheon Warden", "a", 2, square=(3, 11), ap=2,
                            activated=True, equipment=a_token),
                      Model("b1", target, "b", target_wounds, square=(4, 11),
                            equipment=b_token),
                      FAR))


def events_of(events):
    return {e.type: e.data for e in events}


def spent_in_view(state, uid):
    view = SYSTEM.view(state, Viewer(None))
    return next(m for m in view["models"] if m["uid"] == uid)["equipment_spent"]


def test_lucky_charm_turns_the_attackers_lowest_die_into_a_natural_10():
    """seed 004, LUCKY CHARM: "Once per game, discard this card before rolling any
    dice for this model. You may change the result of 1 die to a 10"; ATTACK
    SEQUENCE: "Any attack [die] that rolled a natural 10 causes 1 extra hit"."""
    state = duel(a_token="Lucky Charm")
    labels = [o.label for o in options(state, "attack")]
    assert labels == ["Halberd", "Halberd with Lucky Charm"]
    state, events = run(state, "a", "attack", {**HALBERD, "equipment": "Lucky Charm"},
                        (3, 2, 1, 1))
    rolled = events_of(events)["attack_rolled"]
    assert rolled["attack_faces"] == [3, 10] and rolled["changed_dice"] == [[1, 2]]
    assert rolled["hits"] == 2 and events_of(events)["defended"]["wounds"] == 2
    assert "a1" in state.spent_equipment and spent_in_view(state, "a1")


def test_a_spent_token_is_not_offered_again():
    """seed 004, LUCKY CHARM: "Once per game, discard this card"."""
    state = send(duel(a_token="Lucky Charm"), "a", "attack",
                 {**HALBERD, "equipment": "Lucky Charm"}, (1, 1, 9, 9))  # [10, 1]: blocked
    assert state.model("b1").wounds_left == 2
    assert [o.label for o in options(state, "attack")] == ["Halberd"]


def test_lucky_charm_on_a_defence_roll():
    """seed 004, LUCKY CHARM: "before rolling any dice for this model": a defence
    roll too; "Any defense that rolled a natural 10 successfully blocks 1 hit"."""
    state = send(duel(b_token="Lucky Charm"), "a", "attack", HALBERD, (9, 9))
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and [o.label for o in decision.options] == [
        "", "with Lucky Charm"]
    state, events = run(state, "b", "defend", {"abilities": [], "equipment": "Lucky Charm"},
                        (1, 2))
    defended = events_of(events)["defended"]
    assert defended["defence_faces"] == [10, 2] and defended["wounds"] == 1
    assert state.model("b1").wounds_left == 1 and "b1" in state.spent_equipment


def test_blinding_powder_turns_the_engaged_enemys_best_defence_die_into_a_1():
    """seed 004, BLINDING POWDER: "Once per game, discard this card before an
    engaged enemy model rolls any dice. You may change the result of 1 die to a 1":
    declared with the carrier's close combat attack, on its target's defence."""
    state = duel(a_token="Blinding Powder")
    state, events = run(state, "a", "attack", {**HALBERD, "equipment": "Blinding Powder"},
                        (9, 9, 10, 8))
    defended = events_of(events)["defended"]
    assert defended["defence_faces"] == [1, 8] and defended["changed_dice"] == [[0, 10]]
    assert defended["wounds"] == 1 and "a1" in state.spent_equipment


def test_obsidian_dagger_kills_a_defender_that_lost_a_wound():
    """seed 004, OBSIDIAN DAGGER: "discard this card before rolling any attack mode.
    If this attack deals at least 1 wound, the defender is killed regardless of any
    remaining wounds, and cannot be captured"."""
    state = duel(a_token="Obsidian Dagger", target="Jon Connington", target_wounds=3)
    state = send(state, "a", "attack", {**HALBERD, "equipment": "Obsidian Dagger"},
                 (9, 1, 1))  # 1 hit, not blocked: 1 wound of 3
    assert state.model("b1").removed == "killed"  # no kill-or-capture choice was asked


def test_obsidian_dagger_without_a_wound_is_spent_for_nothing():
    """seed 004, OBSIDIAN DAGGER: "If this attack deals at least 1 wound": blocked,
    the defender lives; the token was discarded "before rolling"."""
    state = duel(a_token="Obsidian Dagger", target="Jon Connington", target_wounds=3)
    state = send(state, "a", "attack", {**HALBERD, "equipment": "Obsidian Dagger"},
                 (9, 1, 7))  # 1 hit, blocked
    assert state.model("b1").wounds_left == 3 and not state.model("b1").removed
    assert "a1" in state.spent_equipment


def test_strangler_flask_kills_its_carrier_instead_of_its_capture():
    """seed 004, STRANGLER FLASK: "Once per game, if this model would be captured,
    discard to kill them instead"; CAPTURED CHAMPIONS AND HEROES: the attacker
    chooses to capture."""
    state = duel(b_token="Strangler Flask", target="Jon Connington", target_wounds=1)
    state = send(state, "a", "attack", HALBERD, (9, 1, 1))
    state = send(state, "a", "remove", {"removal": "captured"})
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and [o.type for o in decision.options] == [
        "use_equipment", "decline_equipment"]
    used = send(state, "b", "use_equipment", {"equipment": "Strangler Flask"})
    assert used.model("b1").removed == "killed" and used.model("a1").captive == ""
    declined = send(state, "b", "decline_equipment")
    assert declined.model("b1").removed == "captured" and declined.model("a1").captive == "b1"


def test_healing_balm_restores_2_wounds_as_the_activations_free_action():
    """seed 004, HEALING BALM: "Once per game, when this model activates, discard to
    restore 2 [wounds] as a free action"; ABILITY 0: "The 1st time any free action
    is used during an activation doesn't require spending AP"."""
    models = (Model("a1", "Jon Connington", "a", 1, square=(3, 11), ap=2, activated=True,
                    equipment="Healing Balm"), FAR)
    state = mid_round(models, fresh=True)
    assert [o.label for o in options(state, "use_equipment")] == ["Healing Balm"]
    state = send(state, "a", "use_equipment", {"equipment": "Healing Balm"})
    assert state.model("a1").wounds_left == 3 and state.model("a1").ap == 2
    assert state.free_used and spent_in_view(state, "a1")
    assert not options(state, "use_equipment")


def test_healing_balm_never_beyond_the_cards_wounds_and_only_as_it_activates():
    """seed 004, HEALING BALM: "restore 2 [wounds]" (lost ones) "when this model
    activates": not offered unhurt, nor after the model's first action."""
    hurt = Model("a1", "Jon Connington", "a", 2, square=(3, 11), ap=2, activated=True,
                 equipment="Healing Balm")
    state = send(mid_round((hurt, FAR), fresh=True), "a", "use_equipment",
                 {"equipment": "Healing Balm"})
    assert state.model("a1").wounds_left == 3  # 2 of 3 left: only 1 restored
    unhurt = Model("a1", "Jon Connington", "a", 3, square=(3, 11), ap=2, activated=True,
                   equipment="Healing Balm")
    assert not options(mid_round((unhurt, FAR), fresh=True), "use_equipment")
    assert not options(mid_round((hurt, FAR), fresh=False), "use_equipment")


def test_glass_candle_sees_past_a_blocking_model():
    """seed 004, GLASS CANDLE: "This infantry model has LoS to all other models";
    CHARGE ACTION: "To declare a charge, a model must be unengaged and have LoS to
    its target model"; THE BATTLEFIELD: a model blocks LoS."""
    def table(token):
        return mid_round((Model("a1", "Robert Baratheon", "a", 4, square=(3, 8), ap=2,
                                activated=True, equipment=token),
                          Model("a2", "Baratheon Warden", "a", 2, square=(4, 8)),
                          Model("b1", "Baratheon Warden", "b", 2, square=(6, 8)), FAR))
    def charged(state):
        return {t for o in options(state, "charge") for t in o.params["target"]}
    assert "b1" not in charged(table(""))
    assert "b1" in charged(table("Glass Candle"))


def test_blinding_powder_before_an_engaged_enemys_attack_roll():
    """seed 004, BLINDING POWDER: "Once per game, discard this card before an
    engaged enemy model rolls any dice. You may change the result of 1 die to a
    1": the attacker in contact declares its attack; the carrier's player is asked
    before the roll; the attack's highest die becomes a 1."""
    state = send(duel(b_token="Blinding Powder"), "a", "attack", HALBERD)
    assert state.attack.step == "powder"
    decision = SYSTEM.prompt(state).decisions[0]
    assert decision.seat == "b" and [o.type for o in decision.options] == [
        "use_equipment", "decline_equipment"]
    used, events = run(state, "b", "use_equipment", {"equipment": "Blinding Powder"},
                       (9, 8, 1))
    rolled = events_of(events)["attack_rolled"]
    assert rolled["attack_faces"] == [1, 8] and rolled["changed_dice"] == [[0, 9]]
    assert rolled["hits"] == 1 and rolled["powder_by"] == "b1"
    assert "b1" in used.spent_equipment and used.model("b1").wounds_left == 1
    kept, events = run(state, "b", "decline_equipment", None, (9, 8, 1, 1))
    assert events_of(events)["attack_rolled"]["hits"] == 2 and not kept.spent_equipment
    assert kept.model("b1").removed == "killed"
