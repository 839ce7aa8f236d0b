"""Agendas played at the beginning of an activation (seed 004, AGENDA CARDS):
Raid Their Camp (a soldier's free move) and Cut Off the Head (a free attack)."""

from server.rules.asoiaf import agendas
from server.rules.asoiaf.cards.loader import load_pack
from server.rules.asoiaf.state import Model
from server.rules.asoiaf.system import SYSTEM
from server.rules.kernel import SPECTATOR
from tests.asoiaf.attacking import attack
from tests.asoiaf.conftest import mid_round, send


def table(agenda, *models):
    return mid_round(models, copper=(10, 10), active=None,
                     agendas={"a": (agenda,), "b": ("Hold the Field",)})


def types(state):
    return [o.type for o in SYSTEM.prompt(state).decisions[0].options]


def test_raid_their_camp_gives_a_soldier_a_free_move_before_its_first_action():
    """seed 004, AGENDA CARDS: "can be played at the beginning of a friendly soldier
    model activation. This soldier immediately performs 1 [move] as a free action,
    before announcing their first action"; played, it is face up."""
    state = table("Raid Their Camp", Model("a1", "Baratheon Warden", "a", 2, square=(3, 3)),
                  Model("b1", "Baratheon Warden", "b", 2, square=(12, 12)))
    state = send(state, "a", "activate", {"model": "a1"})
    assert "play_agenda" in types(state)
    assert SYSTEM.view(state, SPECTATOR)["agendas"]["a"] == [None]
    state = send(state, "a", "play_agenda", {"agenda": "Raid Their Camp"})
    assert SYSTEM.view(state, SPECTATOR)["agendas"]["a"] == ["Raid Their Camp"]
    assert types(state) == ["move"]  # "immediately performs"
    state = send(state, "a", "move", {"square": [3, 6]})
    assert state.model("a1").ap == 2 and not state.free_action  # free: no AP spent
    assert "play_agenda" not in types(state)


def test_raid_their_camp_is_for_soldiers_and_only_at_the_beginning():
    """seed 004, AGENDA CARDS: "a friendly soldier model activation"; "at the
    beginning of" it: after its first action, too late."""
    state = table("Raid Their Camp", Model("a1", "Robert Baratheon", "a", 4, square=(3, 3)),
                  Model("a2", "Baratheon Warden", "a", 2, square=(5, 1)),
                  Model("b1", "Baratheon Warden", "b", 2, square=(12, 12)))
    assert "play_agenda" not in types(send(state, "a", "activate", {"model": "a1"}))
    late = send(send(state, "a", "activate", {"model": "a2"}), "a", "move", {"square": [5, 2]})
    assert "play_agenda" not in types(late)


def test_cut_off_the_head_gives_a_free_attack_and_still_scores_at_the_end():
    """seed 004, AGENDA CARDS: "can be played at the beginning of a friendly model
    activation. This model immediately performs 1 [attack] as a free action"; its
    end-phase part still scores (our reading, asoiaf.md)."""
    state = table("Cut Off the Head",
                  Model("a1", "Robert Baratheon", "a", 4, square=(3, 3)),
                  Model("b1", "Baratheon Warden", "b", 2, square=(4, 3)),
                  Model("b2", "Baratheon Warden", "b", 2, square=(12, 12)))
    state = send(state, "a", "activate", {"model": "a1"})
    state = send(state, "a", "play_agenda", {"agenda": "Cut Off the Head"})
    assert set(types(state)) == {"attack"}
    state = attack(state, "b1", (9, 9, 9, 1, 1, 1))
    assert state.model("b1").removed == "killed" and state.model("a1").ap == 2
    assert ("a", "Cut Off the Head") in state.agendas_played
    # b fields no hero or champion, so "killed all enemy heroes and champions" holds
    cards = load_pack("core").agendas
    kinds = {name: card.type for name, card in load_pack("core").models.items()}
    assert agendas.score_last_round(state, cards, kinds, frozenset(), {}) == {"a": 2}
