"""The prompt picker and the match model's keys, on decisions shaped like the
server's (including the ones a seat gets while the other seat is acting)."""

from __future__ import annotations

from clients.tui.board import BoardModel
from clients.tui.match import MatchModel
from clients.tui.picker import BUILD, Picker
from clients.tui.presets import fitting
from server.rules.sbh.lists import catalog
from tests.tui.test_board import fig, view

RECOIL = {"seat": "b", "text": "Elf Archer recoils: choose where (or fall instead)", "options": [
    {"type": "recoil", "label": "Recoil to a hex", "args": {},
     "params": {"to": [[2, 1], [3, 1], [3, 0]]}},
    {"type": "fall", "label": "Fall instead of recoiling", "args": {}, "params": {}},
    {"type": "concede", "label": "Concede the match", "args": {}, "params": {}}]}
HACKS = {"seat": "a", "text": "Orc suffers free hacks: choose who strikes next", "options": [
    {"type": "free_hack_order", "label": "Who strikes next", "args": {},
     "params": {"hacker": ["b1", "b2"]}}]}
ACTIVATE = {"seat": "a", "text": "Choose a figure to activate", "options": [
    {"type": "activate", "label": "Activate a figure with 1-3 dice", "args": {},
     "params": {"figure": ["a1", "a2"], "dice": [1, 2, 3]}},
    {"type": "pass", "label": "End your turn", "args": {}, "params": {}}]}
ATTACK = {"seat": "a", "text": "Orc: 1 action(s) left", "options": [
    {"type": "attack", "label": "Melee attack", "args": {},
     "params": {"target": ["b1"], "power": [False]}}]}
LISTS = {"seat": "a", "text": "Set up the battle", "options": [
    {"type": "submit_list", "label": "Submit your warband list", "args": {},
     "params": {"list": ["<warband list>"], "salt": ["<text>"]}}]}
TERRAIN = {"seat": "a", "text": "Set up the battle", "options": [
    {"type": "generate_terrain", "label": "Lay out terrain from the match dice", "args": {},
     "params": {}},
    {"type": "lay_terrain", "label": "Lay out terrain yourself", "args": {},
     "params": {"terrain": ["<[[q, r, kind], ...]>"], "edges": ["<list>"]}}]}

BOARD = BoardModel.from_view(view(figures=[fig("a1", [0, 0]), fig("a2", [1, 1]),
                                           fig("b1", [1, 0]), fig("b2", [2, 2])], size=6))


def test_a_recoil_for_the_seat_that_is_not_acting_is_a_choice_of_hexes():
    picker = Picker(RECOIL, seq=41)
    assert [c.label for c in picker.choices(BOARD)] == ["Recoil to a hex",
                                                        "Fall instead of recoiling"]
    assert picker.pick(picker.specs[0]) is None
    assert picker.hex_param and picker.question() == "Where to?"
    assert picker.highlights(BOARD) == {(2, 1), (3, 1), (3, 0)}
    assert picker.nearest((3, 2)) == 1
    assert picker.pick([3, 1]) == ("recoil", {"to": [3, 1]})
    flee = Picker({"seat": "b", "text": "Orc flees: choose among equally short routes",
                   "options": [{"type": "flee", "label": "Flee to", "args": {},
                                "params": {"to": [[0, 5], [1, 5]]}}]}, seq=9)
    flee.pick(flee.specs[0])
    assert flee.hex_param and flee.pick([1, 5]) == ("flee", {"to": [1, 5]})


def test_figure_params_list_the_figures_and_single_values_are_taken_at_once():
    picker = Picker(HACKS, seq=7)
    picker.pick(picker.specs[0])
    lines = picker.choices(BOARD)
    assert [c.label for c in lines] == ["b1 Orc Warrior Q4+ C3 (engaged)",
                                        "b2 Orc Warrior Q4+ C3"]
    assert lines[0].hex == (1, 0) and picker.highlights(BOARD) == {(1, 0), (2, 2)}
    assert picker.pick("b2") == ("free_hack_order", {"hacker": "b2"})
    attack = Picker(ATTACK, seq=3)
    assert attack.pick(attack.specs[0]) == ("attack", {"target": "b1", "power": False})


def test_back_undoes_the_last_real_choice():
    picker = Picker(ACTIVATE, seq=0)
    picker.pick(picker.specs[0])
    picker.pick("a2")
    assert picker.param == "dice" and picker.breadcrumb().endswith("figure a2")
    picker.back()
    assert picker.param == "figure"
    picker.back()
    assert picker.spec is None
    assert picker.pick_index(1, BOARD) == ("pass", {})


def test_placeholders_submit_list_takes_a_preset_and_a_salt_others_are_left_out():
    presets = fitting(catalog({"points_limit": 200}))  # as the server's catalog reply has them
    assert [p.name for p in presets] == ["Elf Scouts", "Goblin Mob", "Human Patrol",
                                         "Orc Patrol"]
    picker = Picker(LISTS, seq=0, presets=presets)
    picker.pick(picker.specs[0])
    assert picker.question() == "Which warband?"
    lines = picker.choices(BOARD)
    assert [c.label for c in lines[:-1]] == [p.describe() for p in presets]
    assert lines[0].label == ("Elf Scouts (178 pts): Wood Elf Archer, 3 x Wood Elf Warrior, "
                              "Elf Young Warrior")
    assert lines[-1].value == BUILD  # or build one from the roster catalog
    kind, args = picker.pick_index(0, BOARD)
    assert kind == "submit_list" and args["list"] == presets[0].warband()
    assert isinstance(args["salt"], str) and len(args["salt"]) == 32
    assert [s["type"] for s in Picker(TERRAIN, seq=0).specs] == ["generate_terrain"]
    assert [s["type"] for s in Picker(RECOIL, seq=0).specs] == ["recoil", "fall"]


def model_with(decision: dict, seq: int = 5) -> MatchModel:
    model = MatchModel("m1", seat=decision["seat"])
    model.take({"type": "view", "seq": seq, "view": {**view(
        figures=[fig("a1", [0, 0]), fig("a2", [1, 1]), fig("b1", [1, 0]), fig("b2", [2, 2])],
        size=6), "phase": "play", "turn": 2, "active_seat": "a", "activation": None}})
    model.take({"type": "prompt", "seq": seq, "waiting": [decision["seat"]],
                "decision": decision})
    return model


def test_keys_on_a_hex_choice_move_the_cursor_and_enter_takes_only_offered_hexes():
    model = model_with(RECOIL)
    assert model.enter() is None and model.picker.hex_param  # chose "Recoil to a hex"
    assert model.cursor in model.highlights()
    model.cursor = (0, 0)
    assert model.enter() is None and "not one you may choose" in model.message
    model.arrow("right")
    model.arrow("right")  # (2, 0): not offered
    model.arrow("down")   # column 2, row 1 = (2, 1): offered
    assert model.cursor == (2, 1) and model.picker.index == 0
    model.move_highlight(1)
    assert model.cursor == (3, 1)
    assert model.enter() == ("recoil", {"to": [3, 1]})
    assert model.sending and model.enter() is None, "one command at a time"
    model.refused("illegal_command", "Recoil to one of the offered hexes, or fall.")
    assert not model.sending and model.picker.spec is None and "Refused" in model.message


def test_keys_on_a_list_move_the_highlight_and_numbers_only_highlight():
    model = model_with(ACTIVATE)
    model.arrow("down")
    assert model.picker.index == 1
    model.arrow("up")
    assert model.number(2) is None and model.picker.index == 1 and model.picker.spec is None
    assert model.enter() == ("pass", {}), "enter chooses the line the number highlighted"
    model = model_with(ACTIVATE)
    model.number(1)
    assert model.enter() is None and model.picker.param == "figure"
    model.arrow("down")
    assert model.cursor == (1, 1), "the cursor follows the highlighted figure"
    assert model.enter() is None and model.picker.param == "dice"
    model.escape()
    assert model.picker.param == "figure"
    model.number(1)
    assert model.enter() is None and model.picker.param == "dice"
    model.number(3)
    assert model.picker.param == "dice", "a number never chooses by itself"
    assert model.enter() == ("activate", {"figure": "a1", "dice": 3})


def test_a_figure_keeps_its_number_in_every_list():
    """Lists of figures are numbered by the figures' own numbers (b7: 7), so as
    figures activate and drop out of the list, 4 still means figure 4."""
    figures = [fig("a1", [0, 0]), fig("a2", [1, 1]), fig("a4", [3, 3]), fig("a12", [4, 4]),
               fig("b1", [1, 0])]
    model = MatchModel("m1", seat="a")
    model.take({"type": "view", "seq": 5, "view": {**view(figures=figures, size=6),
                                                   "phase": "play"}})

    def offer(seq: int, ids: list[str]) -> None:
        model.take({"type": "prompt", "seq": seq, "waiting": ["a"], "decision": {
            "seat": "a", "text": "Choose a figure to activate", "options": [
                {"type": "activate", "label": "Activate a figure", "args": {},
                 "params": {"figure": ids, "dice": [1, 2, 3]}}]}})
        model.enter()  # the only spec

    offer(6, ["a1", "a2", "a4", "a12"])
    assert [c.number for c in model.choices()] == [1, 2, 4, 12]
    offer(7, ["a2", "a4", "a12"])  # a1 has activated
    assert [c.number for c in model.choices()] == [2, 4, 12]
    model.number(4)
    assert model.choices()[model.picker.index].value == "a4" and model.cursor == (3, 3)
    model.number(3)
    assert "No line numbered 3" in model.message
    model.number(1)
    model.number(2)  # 1 then 2: figure 12
    assert model.choices()[model.picker.index].value == "a12"
    model.number(2)  # 122 is no line: 2 afresh
    assert model.choices()[model.picker.index].value == "a2"
    assert model.enter() is None and model.picker.chosen == {"figure": "a2"}


def test_a_new_prompt_replaces_the_choice_in_progress_and_spectators_get_none():
    model = model_with(ACTIVATE, seq=5)
    model.number(1)
    model.enter()
    model.take({"type": "prompt", "seq": 5, "waiting": ["a"], "decision": ACTIVATE})
    assert model.picker.param == "figure", "the same prompt again keeps the choice"
    model.take({"type": "prompt", "seq": 6, "waiting": ["a"], "decision": ACTIVATE})
    assert model.picker.spec is None and model.picker.seq == 6
    model.take({"type": "prompt", "seq": 7, "waiting": ["b"], "decision": None})
    assert model.picker is None and "waiting for b" in model.headline()
    watcher = MatchModel("m1", spectator=True)
    watcher.take({"type": "prompt", "seq": 7, "waiting": ["a"], "decision": ACTIVATE})
    assert watcher.picker is None


def test_a_swarm_tightening_plan_reads_as_placements():
    """A Swarm's tightening (seed 000, SWARM; server/rules/sbh/swarm_tightening.py) offers
    whole plans, each a list of [base, q, r]: each reads as where its bases go."""
    tighten = {"seat": "b", "text": "Your Bee Swarm has a hole in its formation", "options": [
        {"type": "tighten", "label": "Tighten the formation", "args": {},
         "params": {"moves": [[["b1", 7, 5]], [["b3", 7, 5], ["b4", 8, 5]]]}},
        {"type": "keep_formation", "label": "Leave the formation as it is", "args": {},
         "params": {}}]}
    picker = Picker(tighten, seq=12)
    picker.pick(picker.specs[0])
    assert [c.label for c in picker.choices(BOARD)] == ["b1 to [7, 5]",
                                                        "b3 to [7, 5], b4 to [8, 5]"]
    assert picker.pick([["b1", 7, 5]]) == ("tighten", {"moves": [["b1", 7, 5]]})


REGROUP = {"seat": "a", "text": "Captain: 1 action(s) left", "options": [
    {"type": "regroup", "label": "Order a Regroup", "args": {}, "params": {"dice": [1, 2, 3]},
     "subsets": {"members": ["a2", "b1", "b2"]}}]}


def test_a_subset_is_ticked_value_by_value_and_sent_on_done():
    """A subset parameter (docs/protocol.md): any non-empty set of its values."""
    picker = Picker(REGROUP, seq=5)
    picker.pick(picker.specs[0])
    assert picker.pick(2) is None and picker.param == "members" and not picker.hex_param
    lines = [c.label for c in picker.choices(BOARD)]
    assert lines[0].startswith("[ ] a2 ") and len(lines) == 3  # (no Done before a tick)
    assert picker.pick("b2") is None and picker.pick("a2") is None
    assert picker.pick("b2") is None  # (ticked off again)
    lines = [c.label for c in picker.choices(BOARD)]
    assert lines[0].startswith("[x] a2 ") and lines[2].startswith("[ ] b2 ")
    assert lines[-1] == "Done (1 chosen)"
    picker.pick("b1")
    assert picker.pick_index(3, BOARD) == ("regroup", {"dice": 2, "members": ["a2", "b1"]})
    single = Picker({**REGROUP, "options": [{**REGROUP["options"][0], "params": {},
                                             "subsets": {"members": ["a2"]}}]}, seq=6)
    assert single.pick(single.specs[0]) == ("regroup", {"members": ["a2"]})
    back = Picker(REGROUP, seq=7)
    back.pick(back.specs[0])
    back.pick(1)
    back.pick("a2")
    back.back()
    assert back.param == "members" and back.ticked == []
    back.back()
    assert back.param == "dice"


def test_numbers_on_a_hex_choice_choose_nothing_and_repeats_go_to_the_next_figure():
    model = model_with(RECOIL)
    model.enter()  # "Recoil to a hex"
    assert model.picker.hex_param
    before = (model.cursor, model.picker.index)
    assert model.number(1) is None and (model.cursor, model.picker.index) == before
    assert model.picker.hex_param and not model.sending and "No line numbered 1" in model.message
    regroup = model_with(REGROUP)
    regroup.enter()
    regroup.number(2)
    regroup.enter()  # 2 dice
    assert [c.number for c in regroup.choices()] == [2, 1, 2]  # a2, b1, b2
    regroup.number(2)
    assert regroup.choices()[regroup.picker.index].value == "a2"
    regroup.number(2)  # the same number again: the next figure with it
    assert regroup.choices()[regroup.picker.index].value == "b2"
    assert regroup.enter() is None and regroup.picker.ticked == ["b2"]


def test_an_asoiaf_ability_of_two_picks_asks_each_in_turn():
    """An ability whose effects pick models with different target words (ASOIAF,
    picks.py): `pick_1` a figure, then `pick_2` a pair, each its own question."""
    picks = {"seat": "a", "text": "Your turn.", "options": [
        {"type": "ability", "label": "Rally and Threaten",
         "args": {"ability": "Rally and Threaten"},
         "params": {"pick_1": ["a2", "b1"], "pick_2": [["b1", "b2"], ["a2", "b2"]]}}]}
    picker = Picker(picks, seq=5)
    assert picker.pick(picker.specs[0]) is None
    assert picker.question() == "Which model(s) for pick 1?"
    assert picker.pick("a2") is None and picker.question() == "Which model(s) for pick 2?"
    assert [c.label for c in picker.choices(BOARD)] == ["b1, b2", "a2, b2"]
    assert picker.pick(["b1", "b2"]) == ("ability", {"ability": "Rally and Threaten",
                                                     "pick_1": "a2", "pick_2": ["b1", "b2"]})
