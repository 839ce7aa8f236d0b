"""The defender lays out the terrain in the browser (seed 000, DETERMINE ATTACKER AND
DEFENDER: "The defender lays out the terrain ... the defender must abide by the
scenario's rules on terrain placement"): the `lay_terrain` option opens a palette,
hexes and hex sides are painted on the board, and the server's refusal names what
breaks the scenario's rules while the draft stays for mending. In Chromium, against a
real server."""

from __future__ import annotations

from tests.web.pages import shot
from tests.web.test_browser_objects import play_set_up, start_match

DRAFT_JS = """() => ({
  hexes: Object.fromEntries([...document.querySelectorAll('.board polygon.hex')]
    .filter(p => p.dataset.kind !== 'open').map(p => [p.dataset.hex, p.dataset.kind])),
  edges: [...document.querySelectorAll('.board .edge')].map(e => e.dataset.edge),
  count: document.querySelector('.terrain-count')?.textContent || null,
})"""


def paint(page, tool: str, hexes) -> None:
    page.click(f".prompt button[data-action=terrain-tool][data-tool={tool}]")
    for q, r in hexes:
        page.click(f".board polygon.hex[data-hex='{q},{r}']")


def test_the_defender_paints_a_lay_out_and_mends_a_refused_one(pages):
    ann, bob, eve, errors = pages
    _, players = start_match(pages, "all_out_battle")
    play_set_up(players, lambda: any(
        p.locator(".prompt .option[data-type=lay_terrain]").count() for p in (ann, bob)))
    defender = next(p for p in (ann, bob)
                    if p.locator(".prompt .option[data-type=lay_terrain]").count())
    attacker = bob if defender is ann else ann
    defender.click(".prompt button[data-action=terrain-open]")
    paint(defender, "woods", [(q, 2) for q in range(4)])
    # a hedge on the east side of hex (10, 8): clicked inside it, near that side
    defender.click(".prompt button[data-action=terrain-tool][data-tool=hedge]")
    box = defender.locator(".board polygon.hex[data-hex='10,8']").bounding_box()
    defender.mouse.click(box["x"] + box["width"] * 0.95, box["y"] + box["height"] * 0.5)
    draft = defender.evaluate(DRAFT_JS)
    assert draft["hexes"] == {f"{q},2": "woods" for q in range(4)}
    assert draft["edges"] == ["hedge"] and draft["count"] == "4 hexes, 1 sides"
    shot(defender, "30-terrain-draft")

    defender.click(".prompt button[data-action=terrain-send]")  # one wood and a short hedge
    defender.wait_for_selector(".prompt-error >> text=Terrain breaks the scenario's rules")
    said = defender.locator(".prompt-error").inner_text()
    assert "2 scenic items" not in said and "is shorter than 4 sides" in said
    assert defender.evaluate(DRAFT_JS)["count"] == "4 hexes, 1 sides"  # kept for mending

    defender.click(".prompt button[data-action=terrain-tool][data-tool=erase]")
    defender.mouse.click(box["x"] + box["width"] * 0.95, box["y"] + box["height"] * 0.5)
    paint(defender, "hill", [(q, 12) for q in range(4)])
    assert defender.evaluate(DRAFT_JS)["count"] == "8 hexes, 0 sides"
    defender.click(".prompt button[data-action=terrain-send]")
    for page in (ann, bob, eve):
        page.wait_for_selector(".log li[data-type=terrain_laid]")
    for page in (attacker, eve):
        laid = page.evaluate(DRAFT_JS)["hexes"]
        assert laid == {**{f"{q},2": "woods" for q in range(4)},
                        **{f"{q},12": "hill" for q in range(4)}}
    assert defender.locator(".terrain-editor").count() == 0
    shot(eve, "31-terrain-laid-spectator")
    assert errors == []
