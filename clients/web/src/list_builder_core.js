// What the list builders share (builder.js: SBH warbands; sns_builder.js: S&S
// armies): the overlay, rows of entries with counts, a version bumped by every
// change, a debounced `check_list` whose verdict counts only for the version it
// was asked for, the server's problems and refusals in words, and the action
// ("submit", "use") allowed only once the server accepted exactly this list.
// Each builder keeps its catalog side, its entries and its wording.

import { escape } from "./dom.js";

export const CHECK_DELAY_MS = 150; // coalesce quick clicks into one check_list request

// The catalog's table, or a line saying nothing matches.
export function catalogTable(heads, rows, nothing) {
  if (!rows.length) return `<p class="muted">${nothing}</p>`;
  return `<table><thead><tr>${heads.map((h) => `<th>${h}</th>`).join("")}</tr></thead>`
    + `<tbody>${rows.join("")}</tbody></table>`;
}

// The server's problems, each with its code (and its passage, when asked for).
export function problemsList(problems, withPassage = true) {
  return '<ul class="builder-problems">' + problems.map((p) => `<li data-code="`
    + `${escape(p.code)}">${escape(p.message)}`
    + (withPassage ? ` <span class="muted">(${escape(p.passage)})</span>` : "")
    + "</li>").join("") + "</ul>";
}

// A builder provides: list() (the list as check_list reads it), _act(action,
// button) for its buttons, _inputMore(target, typed, picked) for its fields,
// _preset(key) -> {name, entries}, _renderCatalog(), _row(row, i, the verdict's
// model) -> {attrs, name, price} (HTML), _total(verdict, figures) and _actionButton(verdict).
export class ListBuilderCore {
  // hooks: catalog, checkList(list, options) -> Promise of the verdict, options;
  // words: noun ("list", "army"), empty (the list side's line when there is none)
  constructor(parent, hooks, words) {
    this.parent = parent;
    this.hooks = hooks;
    this.catalog = hooks.catalog;
    this.words = words;
    this.rows = []; // [{entry, count}], in the order first added
    this.search = "";
    this.version = 0; // bumped by every change; a verdict is for one version
    this.verdict = null;
    this.refusal = null;
  }

  // The overlay: head (title, note, close), the catalog side (filters, then the
  // builder's own catalog), the list side (its name and rows).
  _mount({ kind = "", label, title, note, filters, catalog, nameLabel }) {
    this.root = document.createElement("div");
    this.root.className = "builder-overlay";
    this.root.innerHTML = `
      <div class="builder ${kind}card" role="dialog" aria-label="${label}">
        <div class="builder-head">
          <h2>${title}</h2>
          <span class="muted">${note}</span>
          <button data-action="close">Close</button>
        </div>
        <div class="builder-body">
          <section class="builder-catalog">
            <div class="builder-filters">${filters}</div>
            ${catalog}
          </section>
          <section class="builder-list">
            <label>${nameLabel} <input class="builder-name" maxlength="60"></label>
            <div class="builder-rows"></div>
          </section>
        </div>
      </div>`;
    this.parent.appendChild(this.root);
    this.root.querySelector(".builder-name").value = this.name;
    this.root.addEventListener("click", (e) => this._click(e));
    this.root.addEventListener("input", (e) => this._input(e));
    this.root.addEventListener("change", (e) => this._input(e));
  }

  close() {
    clearTimeout(this.timer);
    this.root?.remove();
    this.root = null;
  }

  // -- changes -------------------------------------------------------------------
  _click(e) {
    const button = e.target.closest("button");
    if (!button || !this.root) return;
    const action = button.dataset.action;
    if (action === "close") this.close();
    else this._act(action, button);
  }

  // Selects act on "change", text fields on "input" (a text field's "change" comes
  // on leaving it, in the middle of a click elsewhere: redrawing then would
  // swallow that click).
  _input(e) {
    const target = e.target;
    const typed = e.type === "input" && target.tagName === "INPUT";
    const picked = e.type === "change" && target.tagName === "SELECT";
    if (typed && target.classList.contains("builder-search")) {
      this.search = target.value.trim().toLowerCase();
      this._renderCatalog();
    } else if (typed && target.classList.contains("builder-name")) {
      this.name = target.value;
      this._changed();
    } else if (picked && target.classList.contains("builder-preset") && target.value) {
      const { name, entries } = this._preset(target.value);
      this.name = name;
      this.root.querySelector(".builder-name").value = name;
      this.rows = [];
      for (const entry of entries) this._count(entry, +1, false);
      this._changed();
    } else {
      this._inputMore(target, typed, picked);
    }
  }

  _count(entry, delta, check = true) {
    const key = JSON.stringify(entry);
    const row = this.rows.find((r) => JSON.stringify(r.entry) === key);
    if (row) row.count += delta;
    else if (delta > 0) this.rows.push({ entry, count: delta });
    this.rows = this.rows.filter((r) => r.count > 0);
    if (check) this._changed();
  }

  _changed() {
    this.version += 1;
    this.verdict = null;
    this.refusal = null;
    this._renderList(); // (the name field is outside what this redraws: typing goes on)
    clearTimeout(this.timer);
    if (!this.rows.length) return;
    const version = this.version;
    const list = this.list();
    this.timer = setTimeout(() => {
      this.hooks.checkList(list, this.hooks.options).then((verdict) => {
        if (version === this.version) this.verdict = verdict;
      }).catch((error) => {
        if (version === this.version) {
          this.refusal = `The ${this.words.noun} could not be checked: ${error.message}`;
        }
      }).finally(() => {
        if (version === this.version && this.root) this._renderList();
      });
    }, CHECK_DELAY_MS);
  }

  // -- drawing -------------------------------------------------------------------
  _renderList() {
    const box = this.root?.querySelector(".builder-rows");
    if (!box) return;
    const verdict = this.verdict;
    const rowOf = []; // figure index -> row index, as list() orders the figures
    this.rows.forEach((r, i) => { for (let n = 0; n < r.count; n += 1) rowOf.push(i); });
    const troubled = new Set((verdict?.problems || []).filter((p) => p.model !== null)
      .map((p) => rowOf[p.model]));
    const rows = this.rows.map((r, i) => {
      const { attrs, name, price } = this._row(r, i, verdict?.models?.[rowOf.indexOf(i)]);
      return `<tr class="builder-row${troubled.has(i) ? " problem" : ""}" ${attrs}>`
        + `<td>${name}</td><td class="count">`
        + '<button class="small" data-action="less" title="One fewer">−</button>'
        + `<span class="n">${r.count}</span>`
        + '<button class="small" data-action="more" title="One more">+</button></td>'
        + `<td class="points">× ${price}</td></tr>`;
    });
    const parts = [rows.length ? `<table><tbody>${rows.join("")}</tbody></table>`
      : `<p class="muted">${this.words.empty}</p>`];
    const noun = this.words.noun;
    let total = "";
    if (!this.rows.length) total = "";
    else if (!verdict) total = "Checking with the server…";
    else if (verdict.total === null) total = `The server cannot price this ${noun} (see below).`;
    else total = this._total(verdict, rowOf.length);
    parts.push(`<p class="builder-total" data-valid="${verdict?.valid ? "true" : "false"}">`
      + `${escape(total)}</p>`);
    if (verdict?.problems?.length) parts.push(problemsList(verdict.problems));
    else if (verdict?.valid) parts.push(`<p class="builder-ok">The server accepts this ${noun}.</p>`);
    if (this.refusal) parts.push(`<p class="error builder-refusal">${escape(this.refusal)}</p>`);
    parts.push(this._actionButton(verdict));
    box.innerHTML = parts.join("");
  }
}
