// The prompt's panel (prompt.js' PromptUI): drawing it from the UI's state, and what
// a click on its buttons does to that state. Apart from PromptUI because the panel is
// read on its own, without how the board's clicks narrow the options.

import { escape } from "./dom.js";
import { optionRow } from "./prompt_rows.js";
import { finishSet, toggleMember } from "./prompt_sets.js";

// The panel drawn from the UI's state: the question, "Sending…" while a command is
// on its way, the error, the placement plan's buttons, a row per remaining option,
// Cancel once something was chosen, and the odds box.
export function renderPanel(ui) {
  const parts = [ui._header()];
  if (ui.decision && !ui.finished) {
    if (ui.busy) {
      parts.push('<p class="muted">Sending…</p>');
    } else {
      const narrowed = ui.candidates.length < (ui.decision.options || []).length
        || ui.candidates.some((c) => Object.keys(c.chosen).length
          > Object.keys(ui._given(c.spec)).length
          || [...Object.values(c.ticked || {}), ...Object.values(c.members || {})]
            .some((t) => t.length));
      if (ui.error?.index === null) {
        parts.push(`<p class="prompt-error" role="alert">${escape(ui.error.text)}</p>`);
      }
      if (ui._placingSpec() && !ui.placing && !ui.plan.active) {
        parts.push('<button class="place-rest" data-action="place-rest">Place the rest</button>'
          + ' <span class="muted">each figure left on a hex of your zone, to adjust</span>');
      } else if (ui.plan.active && !ui.placing) {
        parts.push('<div class="plan"><button class="primary plan-confirm" '
          + 'data-action="plan-confirm">Confirm placement</button> <button class="plan-cancel" '
          + 'data-action="plan-cancel">Cancel</button> <span class="hint">— to move a figure, '
          + "click it, then a free hex of your zone (or another figure, to swap them)</span></div>");
      }
      parts.push('<div class="options">');
      for (const c of ui.candidates) parts.push(optionRow(ui, c));
      parts.push("</div>");
      if (narrowed) parts.push('<button class="cancel" data-action="cancel">Cancel</button>');
    }
  }
  parts.push('<div class="odds" hidden></div>');
  ui.panel.innerHTML = parts.join("");
  ui.panel.dataset.seq = ui.prompt ? ui.prompt.seq : "";
  ui.panel.dataset.mine = ui.decision && !ui.finished ? "true" : "false";
  ui.panel.dataset.busy = ui.busy ? "true" : "false";
  ui.odds.fill(ui.panel.querySelector(".odds"));
  ui._tellTurn();
}

// A click on one of the panel's buttons: the placement plan's, Cancel, or an option's
// (send it, a terrain tool, a subset's toggle or Done, the warband list, a value).
export function panelClick(ui, e) {
  const button = e.target.closest("button");
  if (!button || ui.busy) return;
  const action = button.dataset.action;
  if (ui.error) ui.error = null; // (cleared by the next click; a new one shows anew)
  if (action === "place-rest") {
    ui._planChanged(ui.plan.start(ui.candidates));
    return;
  }
  if (action === "plan-confirm") {
    ui.placing = true;
    ui._placeNext();
    return;
  }
  if (action === "plan-cancel") {
    ui.plan.clear();
    ui._planChanged(true);
    return;
  }
  if (action === "cancel") {
    ui.reset();
    return;
  }
  const index = Number(button.dataset.spec);
  const c = ui.candidates.find((x) => x.index === index);
  if (!c) return;
  if (action === "do") {
    ui._submit(c);
  } else if (action?.startsWith("terrain-")) {
    ui._terrainAction(c, action, button.dataset.tool);
  } else if (action === "set-toggle") {
    toggleMember(ui, index, button.dataset.set, button.dataset.member);
  } else if (action === "set-done") {
    finishSet(ui, index, button.dataset.set);
  } else if (action === "subset-done") {
    ui._finishSubset(index, button.dataset.subset);
  } else if (button.dataset.subset) {
    ui._toggle(index, button.dataset.subset, Number(button.dataset.value));
  } else if (ui.lists.click(button, ui.panel, ui.view)) {
    // (a warband list: lists.js)
  } else if (button.dataset.param) {
    ui._choose(index, button.dataset.param, Number(button.dataset.value));
  }
}
