// The odds line of the prompt panel: hovering an attack's target (or a value
// button of an attack whose target is chosen) asks the server for the exact
// outcome probabilities (the `odds` request) and shows them before committing.

import { escape } from "./dom.js";
import { formatModifiers, formatOdds } from "./events.js";

const ODDS_COMMANDS = new Set(["attack", "shoot", "cast_bolt"]);

export class OddsBox {
  constructor(ui) {
    this.ui = ui; // the PromptUI: its candidates, prompt, names and odds hook
    this.cache = new Map();
    this.shown = null;
  }

  // Hovering a figure that an attack/shoot/bolt would target: ask the server.
  hoverFigure(id) {
    const ui = this.ui;
    if (!ui.decision || ui.busy || id === null) {
      this._showOdds(null);
      return;
    }
    for (const c of ui.candidates) {
      if (!ODDS_COMMANDS.has(c.spec.type)) continue;
      const param = ui._boardParam(c);
      if (param && param.kind === "figure" && param.values.includes(id)) {
        this._requestOdds(c, { [param.name]: id });
        return;
      }
    }
    this._showOdds(null);
  }

  // Hovering a value button of an attack whose target is chosen (Power Blow?).
  hoverButton(e) {
    const button = e.target.closest("button[data-param]");
    if (!button) return;
    const c = this.ui.candidates.find((x) => x.index === Number(button.dataset.spec));
    if (!c || !ODDS_COMMANDS.has(c.spec.type)) return;
    const name = button.dataset.param;
    const value = c.spec.params[name][Number(button.dataset.value)];
    const target = this.ui._boardParam(c);
    if (target) return; // the target is not chosen yet
    this._requestOdds(c, { [name]: value });
  }

  _requestOdds(candidate, extra) {
    const ui = this.ui;
    const args = ui._args(candidate, extra);
    for (const [name, values] of Object.entries(candidate.spec.params || {})) {
      if (!(name in args)) [args[name]] = values; // e.g. power: false until chosen
    }
    const key = `${ui.prompt.seq}|${candidate.spec.type}|${JSON.stringify(args)}`;
    const label = `${candidate.spec.type} ${ui.names.get(args.target) || args.target || ""}`;
    if (this.cache.has(key)) {
      this._showOdds(this.cache.get(key), label);
      return;
    }
    const seq = ui.prompt.seq;
    ui.hooks.odds(candidate.spec.type, args).then((odds) => {
      this.cache.set(key, odds);
      if (ui.prompt?.seq === seq) this._showOdds(odds, label);
    }).catch(() => {
      this.cache.set(key, null); // not available: show nothing
    });
  }

  _showOdds(odds, label = "") {
    this.shown = odds ? { odds, label } : null;
    const box = this.ui.panel.querySelector(".odds");
    if (box) this.fill(box);
  }

  // Write the odds shown (or nothing) into the panel's odds box.
  fill(box) {
    if (!this.shown) {
      box.hidden = true;
      box.textContent = "";
      return;
    }
    const { odds, label } = this.shown;
    const mods = formatModifiers(odds);
    box.hidden = false;
    box.innerHTML = `<strong>Odds (${escape(label.trim())}):</strong> ${escape(formatOdds(odds))}`
      + (mods ? `<div class="muted">${escape(mods)}</div>` : "");
  }
}
