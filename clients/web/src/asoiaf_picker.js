// A Song of Ice & Fire's warband picker (the lobby's create form and its join
// panel): the ready-made warbands of the scenario's size from the server's
// `catalog`, by name, each with its models and what it costs; the chosen key goes
// in create_match's `warbands` or join's `warband`. Nothing is priced here.

import { escape } from "./dom.js";
import { coinWords } from "./asoiaf_words.js";

// The ready-made warbands' seat defaults: the first two by key, seat a the first
// (docs/rules/asoiaf.md; the server's default for a seat nobody names).
function defaultKey(presets, seat) {
  const keys = presets.map((p) => p.key).sort();
  return keys[seat === "b" ? Math.min(1, keys.length - 1) : 0];
}

// "Baratheon Warden ×5", "Jon Arryn with Lucky Charm": a warband's models in words.
export function warbandModelsWords(models) {
  const counts = new Map();
  for (const m of models) {
    const words = typeof m === "string" ? m
      : `${m.card}${m.equipment ? ` with ${m.equipment}` : ""}`;
    counts.set(words, (counts.get(words) || 0) + 1);
  }
  return [...counts].map(([words, n]) => (n > 1 ? `${words} ×${n}` : words));
}

function optionLabel(p) {
  return `${p.name} (${p.faction})${p.problems.length ? " — not playable at this size" : ""}`;
}

export class WarbandPicker {
  // select: the <select> to fill; detail: where the chosen warband's models and cost go
  constructor(app, select, detail) {
    this.app = app;
    this.select = select;
    this.detail = detail;
    this.presets = [];
    this.budget = null;
    select.addEventListener("change", () => this.describe());
  }

  // Fill the choices for `scenario`, preselecting `preferred` (a key) or the seat's default.
  async load(scenario, seat = "a", preferred = null) {
    const asked = (this.asked = (this.asked || 0) + 1);
    this.select.disabled = true;
    this.detail.textContent = "Loading the ready-made warbands…";
    let found;
    try {
      found = await this.app.catalog({ scenario }, "asoiaf");
    } catch (error) {
      if (asked !== this.asked) return;
      this.presets = [];
      this.select.innerHTML = "";
      this.detail.textContent = `The warbands could not be loaded: ${error.message}`;
      return;
    }
    if (asked !== this.asked) return; // (another scenario was chosen meanwhile)
    this.presets = found.presets || [];
    this.budget = found.budget;
    const chosen = this.presets.some((p) => p.key === preferred) ? preferred
      : defaultKey(this.presets, seat);
    this.select.innerHTML = this.presets.map((p) => `<option value="${escape(p.key)}"`
      + `${p.problems.length ? " disabled" : ""}${p.key === chosen ? " selected" : ""}>`
      + `${escape(optionLabel(p))}</option>`).join("");
    this.select.disabled = false;
    this.describe();
  }

  // The chosen warband's key, or null while none is loaded.
  value() {
    return this.presets.length ? this.select.value : null;
  }

  describe() {
    const p = this.presets.find((x) => x.key === this.select.value);
    if (!p) {
      this.detail.textContent = "";
      return;
    }
    this.detail.dataset.warband = p.key;
    this.detail.innerHTML = `<p class="warband-cost">${escape(p.name)} costs `
      + `${escape(coinWords(p.spent))}${this.budget ? ` of ${escape(coinWords(this.budget))}`
        : ""}.</p><p class="warband-models">${escape(warbandModelsWords(p.models).join(", "))}</p>`
      + (p.problems.length ? `<p class="error">${escape(p.problems[0].message)}</p>` : "");
  }
}
