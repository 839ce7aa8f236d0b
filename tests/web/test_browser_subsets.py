"""A subset parameter in the browser's prompt panel (docs/protocol.md,
"subsets"): a Regroup's members are ticked on and off with toggle buttons, and
Done sends the ticked figures, in the order ticked (seed 000, REGROUP: "any
number of models within Long distance from him")."""

from __future__ import annotations

from tests.web.pages import shot, wait_for_library

PANEL_JS = """(prompt) => {
  document.body.innerHTML = '<div class="prompt" id="panel" style="width:520px"></div>';
  window.sent = [];
  const hooks = {send: async (type, args) => { window.sent.push([type, args]); },
                 odds: () => Promise.reject(new Error('no odds')), changed: () => {},
                 catalog: async () => [], checkList: async () => ({}), status: () => {}};
  window.panel = new warbandLib.PromptUI(document.getElementById('panel'), hooks);
  const figure = (id, name) => ({id, seat: 'a', name, quality: 3, combat: 3, rules: [],
    pos: [1, Number(id.slice(1))], status: 'ready', fallen: false, transfixed: false,
    activated: false});
  window.panel.setContext({prompt, seat: 'a', view: {phase: 'play', active_seat: 'a',
    figures: [figure('a2', 'Elf Archer'), figure('a3', 'Elf Warrior'),
              figure('a4', 'Peasant')]}});
}"""
REGROUP = {"seq": 12, "waiting": ["a"], "decision": {
    "seat": "a", "text": "Captain: 1 action(s) left", "options": [
        {"type": "regroup", "label": "Order a Regroup of figures within Long (1 action)",
         "args": {}, "params": {"dice": [1, 2, 3]}, "subsets": {"members": ["a2", "a3", "a4"]}},
        {"type": "end_activation", "label": "End the activation", "args": {}, "params": {}}]}}


def test_a_regroup_s_members_are_ticked_then_sent_with_done(browser, server):
    page = browser.new_page(viewport={"width": 640, "height": 480})
    try:
        page.goto(server.http_url)
        wait_for_library(page)
        page.evaluate(PANEL_JS, REGROUP)
        row = ".option[data-type=regroup]"
        page.click(f"{row} button[data-param=dice][data-value='1']")  # 2 dice
        done = page.locator(f"{row} button[data-action=subset-done]")
        assert done.is_disabled()  # (no member ticked yet)
        toggles = page.locator(f"{row} button[data-subset=members]:not(.done)")
        assert toggles.all_inner_texts() == ["Elf Archer", "Elf Warrior", "Peasant"]
        page.click(f"{row} button[data-subset=members][data-value='2']")
        page.click(f"{row} button[data-subset=members][data-value='0']")
        page.click(f"{row} button[data-subset=members][data-value='1']")
        page.click(f"{row} button[data-subset=members][data-value='1']")  # (off again)
        pressed = page.locator(f"{row} button[aria-pressed=true]").all_inner_texts()
        assert pressed == ["Elf Archer", "Peasant"] and done.inner_text() == "Done (2 chosen)"
        shot(page, "22-regroup-members")
        assert page.evaluate("() => window.sent") == []
        done.click()
        page.wait_for_function("() => window.sent.length === 1")
        assert page.evaluate("() => window.sent") == [
            ["regroup", {"dice": 2, "members": ["a4", "a2"]}]]
    finally:
        page.close()
