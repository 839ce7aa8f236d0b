"""`warband catalog asoiaf`: the cards a client builds a list from, and a pack
author's check that a pack loads (every problem named when it does not)."""

import json
import shutil

from server.cli import main
from server.rules.asoiaf.cards.loader import PACKS


def test_catalog_prints_cards_and_ready_made_lists(capsys):
    """Seed 004, ASSEMBLING YOUR WARBAND: "There are 3 sizes of warbands"."""
    assert main(["catalog", "asoiaf", "--size", "2-4-12"]) == 0
    out = capsys.readouterr().out
    assert "size 2-4-12: 2 gold, 4 silver, 12 copper" in out
    assert "3 gold, 1 silver   Robert Baratheon (mounted)" in out
    assert "baratheon-small-robert (Baratheon): ok" in out


def test_catalog_json(capsys):
    assert main(["catalog", "asoiaf", "--json", "--size", "4-8-24"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["budget"] == {"gold": 4, "silver": 8, "copper": 24}
    assert len(data["presets"]) == 4


def test_catalog_of_a_broken_pack_names_its_problems(tmp_path, capsys):
    pack = tmp_path / "mine"
    shutil.copytree(PACKS / "core", pack)
    text = (pack / "models.toml").read_text().replace("wounds = 4", "wounds = 0", 1)
    (pack / "models.toml").write_text(text)
    assert main(["catalog", "asoiaf", "--pack", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "card pack 'mine' has 1 problem:" in out
    assert "model card 'Robert Baratheon (mounted)': it has 0 wounds" in out


def test_catalog_refuses_an_unknown_size(capsys):
    assert main(["catalog", "asoiaf", "--size", "1-1-1"]) == 2
    assert "no warband size '1-1-1'" in capsys.readouterr().out
