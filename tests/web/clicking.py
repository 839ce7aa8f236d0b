"""A player that plays the browser client by clicking, from what the page
offers: set-up with the first choices (the named preset list, attacker, the
generated terrain, north), then activations with three dice, attacks when
offered (hovering the target first for the server's odds), moves towards the
nearest enemy, and the first offer of anything else."""

from __future__ import annotations

from tests.web.pages import (
    click_option_button,
    hex_distance,
    shot,
    state,
    wait_for_new_prompt,
)

ODDS_SEEN: list[str | None] = []  # the odds line shown on hovering each attack's target


def act(page, seat: str, preset: str) -> str:
    """Make the decision the prompt asks for, by clicking; returns what was done."""
    s = state(page)
    options, seq = s["options"], s["seq"]
    done = None
    if "submit_list" in options:
        # (the lists arrive after the prompt: "Loading the warband lists…" until then)
        page.wait_for_selector(".prompt select.preset option", state="attached")
        select = page.locator(".prompt select.preset")
        label = next(t for t in select.locator("option").all_inner_texts() if preset in t)
        select.select_option(label=label)
        click_option_button(page, "submit_list", "button[data-action=submit-list]")
        done = "submit_list"
    elif "choose_role" in options:
        page.click(".prompt .option[data-type=choose_role] button.value >> text=attacker")
        done = "choose_role"
    elif "generate_terrain" in options:
        click_option_button(page, "generate_terrain")
        done = "generate_terrain"
    elif "choose_edge" in options:
        page.click(".prompt .option[data-type=choose_edge] button.value >> text=north")
        done = "choose_edge"
    elif "deploy" in options:
        figures = page.locator(".prompt .option[data-type=deploy] button.value")
        if figures.count():  # (the last figure to deploy needs no choosing)
            figures.first.click()
        page.locator(".legal-hex").first.click()
        done = "deploy"
    elif "activate" in options:
        done = activate(page, s)
    elif {"attack", "shoot"} & set(options):
        done = attack(page, s, "attack" if "attack" in options else "shoot")
    elif "move" in options:
        done = move_towards_enemy(page, s, seat)
    else:
        done = fallback(page, s)
    finish_choice(page, seq)
    wait_for_new_prompt(page, seq)
    return done


def activate(page, s: dict) -> str:
    mine = [f for f in s["figures"] if f["legal"]]
    page.click(f".board .figure[data-figure='{mine[0]['id']}']")
    row = ".prompt .option[data-type=activate]"
    page.click(f"{row} button[data-param=dice][data-value='2']")  # three dice
    if page.locator(f"{row} button[data-param=cast]").count():
        page.click(f"{row} button[data-param=cast][data-value='0']")
    return "activate"


def attack(page, s: dict, kind: str) -> str:
    """Hover the target first: the server's odds appear before committing."""
    target = next(f for f in s["figures"] if f["legal"])
    figure = page.locator(f".board .figure[data-figure='{target['id']}']")
    figure.hover()
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    odds = page.locator(".prompt .odds:not([hidden])")
    try:
        odds.wait_for(timeout=3000)
        ODDS_SEEN.append(odds.inner_text())
        shot(page, "07-odds")
    except PlaywrightTimeout:
        ODDS_SEEN.append(None)
    figure.click()
    return kind


def move_towards_enemy(page, s: dict, seat: str) -> str:
    enemies = [f["pos"] for f in s["figures"] if f["seat"] != seat]
    hexes = s["hexes"]
    best = min(hexes, key=lambda h: (min(hex_distance(h, e) for e in enemies), h))
    page.click(f".legal-hex[data-hex='{best}']")
    return "move"


def fallback(page, s: dict) -> str:
    if s["hexes"]:
        page.locator(".legal-hex").first.click()
        return "hex"
    legal = [f for f in s["figures"] if f["legal"]]
    if legal:
        page.click(f".board .figure[data-figure='{legal[0]['id']}']")
        return "figure"
    for option in s["options"]:
        if option not in ("concede", "pass", "end_activation"):
            row = page.locator(f".prompt .option[data-type={option}]").first
            buttons = row.locator("button")
            if buttons.count():
                buttons.first.click()
                return option
    for option in ("end_activation", "pass"):
        if option in s["options"]:
            click_option_button(page, option)
            return option
    raise AssertionError(f"nothing to click in {s['options']}")


FINISH_JS = """seq => {
  const p = document.querySelector('.prompt');
  if (!p || p.dataset.seq !== seq || p.dataset.mine !== 'true' || p.dataset.busy === 'true')
    return false;
  const pick = p.querySelector('.option:not([data-type=concede]) button.do, '
                              + '.option:not([data-type=concede]) button.value');
  if (!pick) return false;
  pick.click();
  return true;
}"""


def finish_choice(page, seq: str) -> None:
    """After a click several specs may still fit (a hex both a move and a step
    reach), or a spec may want one more value: take the first until sent. The
    check and the click are one step in the page, so a prompt arriving in
    between cannot be clicked by mistake."""
    for _ in range(4):
        if not page.evaluate(FINISH_JS, seq):
            return
