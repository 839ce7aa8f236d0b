// The warband list for `submit_list`: a ready-made list the server says fits
// this match, or one made in the list builder (builder.js). Which lists fit,
// what each costs and what is wrong with a list all come from the server
// (`catalog`, `check_list`; docs/protocol.md): nothing is priced here.

import { ListBuilder } from "./builder.js";
import { escape } from "./dom.js";

export function randomSalt() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export function presetList(preset) {
  return { name: preset.name, models: preset.models.map((m) => ({ profile: m })) };
}

export class ListChooser {
  // hooks: catalog(options) -> Promise, checkList(list, options) -> Promise,
  // submit(list) -> Promise (sends submit_list with a fresh salt), status(text),
  // rerender() (the prompt panel, once the catalog has come)
  constructor(hooks) {
    this.hooks = hooks;
    this.catalogs = new Map(); // JSON(options) -> catalog | Error
    this.builder = null;
  }

  _options(view) {
    const limit = view?.options?.points_limit;
    return limit ? { points_limit: limit } : {};
  }

  catalogFor(view) {
    const key = JSON.stringify(this._options(view));
    if (!this.catalogs.has(key)) {
      this.catalogs.set(key, null);
      this.hooks.catalog(this._options(view)).then((catalog) => {
        this.catalogs.set(key, catalog);
        this.hooks.rerender();
      }).catch((error) => {
        this.catalogs.set(key, error);
        this.hooks.rerender();
      });
    }
    return this.catalogs.get(key);
  }

  // The inside of the submit_list option row.
  row(c, view) {
    const catalog = this.catalogFor(view);
    const label = `<span class="label">${escape(c.spec.label)}</span> `;
    if (catalog === null) return `${label}<span class="muted">Loading the warband lists…</span>`;
    if (catalog instanceof Error) {
      return `${label}<span class="error">Could not load the warband lists: `
        + `${escape(catalog.message)}</span>`;
    }
    const fitting = catalog.presets.filter((p) => !p.problems.length);
    const options = fitting.map((p) => `<option value="${escape(p.key)}">${escape(p.name)} `
      + `(${p.points} pts, ${p.models.length} models)</option>`);
    const presets = fitting.length
      ? `<select class="preset" data-spec="${c.index}">${options.join("")}</select> `
        + `<button class="do primary" data-action="submit-list" data-spec="${c.index}">`
        + "Submit list</button>"
      : '<span class="muted">No ready-made list fits this match.</span>';
    return `${label}${presets} <button data-action="build-list" data-spec="${c.index}">`
      + `Build your own list…</button> <span class="muted">(limit ${catalog.points_limit} `
      + "points)</span>";
  }

  // A click in the row; true if it was ours.
  click(button, panel, view) {
    const action = button.dataset.action;
    const catalog = this.catalogFor(view);
    if (action === "submit-list") {
      const select = panel.querySelector(`select.preset[data-spec="${button.dataset.spec}"]`);
      const preset = catalog?.presets?.find((p) => p.key === select?.value);
      if (!preset) {
        this.hooks.status("No ready-made list fits this match's points limit.");
        return true;
      }
      this.hooks.submit(presetList(preset));
      return true;
    }
    if (action === "build-list") {
      if (!catalog || catalog instanceof Error) return true;
      this.closeBuilder();
      this.builder = new ListBuilder(document.body, {
        catalog, options: this._options(view),
        checkList: (list, options) => this.hooks.checkList(list, options),
        submit: (list) => this.hooks.submit(list),
      });
      this.builder.open();
      return true;
    }
    return false;
  }

  closeBuilder() {
    if (this.builder) this.builder.close();
    this.builder = null;
  }
}
