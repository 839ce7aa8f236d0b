// The Swords & Sorcery army builder (issue 34): sample units from the server's
// catalog (search by name, pick the printed choices) and units of one's own
// designed from its kit items. After each change the server prices every figure
// and judges the army against the scenario (`check_list`: 500 gold a side, one
// Commander, no dragons, each problem with its passage); the army can be used for
// the match only once the server has accepted exactly this list. Prices shown are
// the catalog's and the server's verdicts; nothing is added up here.

import { escape } from "./dom.js";
import { CHECK_DELAY_MS, ListBuilderCore, catalogTable, problemsList } from "./list_builder_core.js";

const GROUPS = [["weapon", "Weapons"], ["armour", "Armour"], ["ability", "Abilities"],
  ["type", "What it is"]];

export class SnsBuilder extends ListBuilderCore {
  // hooks: catalog (the S&S `catalog` reply), checkList(list) -> Promise of the
  // verdict, use(list) (the accepted army), start (a list to begin from), title
  constructor(parent, hooks) {
    super(parent, hooks, { noun: "army",
      empty: "Add sample units, or design your own, on the left." });
    this.samples = new Map(this.catalog.samples.map((s) => [s.name, s]));
    this.items = new Map(this.catalog.items.map((i) => [i.name, i]));
    this.gold = this.catalog.scenarios?.[0]?.gold;
    this.name = hooks.start?.name || "My army";
    // (rows' entries: one a figure of the list, as the server reads it)
    for (const entry of hooks.start?.units || []) this._count(entry, +1, false);
    this.draft = { name: "", types: "", kit: [] }; // the unit of one's own being designed
    this.draftVerdict = null;
  }

  open() {
    const armies = (this.catalog.armies || []).map((a) => `<option value="${escape(a.key)}">`
      + `${escape(a.name)} (${a.figures} figures)</option>`);
    this._mount({
      kind: "sns-builder ", label: "Build an army", nameLabel: "Army name",
      title: escape(this.hooks.title || "Build an army"),
      note: `${this.gold ?? "?"} gold a side, one Commander; prices and checks by the server`,
      filters: `<label>Search <input class="builder-search" placeholder="unit, army or kit"></label>
        <label>Start from <select class="builder-preset"><option value="">a ready-made
          army…</option>${armies.join("")}</select></label>`,
      catalog: `<div class="builder-profiles sns-samples"></div>
        <details class="sns-design">
          <summary>Design a unit of your own</summary>
          <div class="sns-design-form">
            <label>Name <input class="design-name" maxlength="40"></label>
            <label>What it is <input class="design-types" list="sns-unit-types"
              placeholder="e.g. Dwarf, Giant (for banes)"></label>
            <datalist id="sns-unit-types">${this.catalog.unit_types.map((t) =>
    `<option value="${escape(t)}">`).join("")}</datalist>
            <label>Kit <select class="design-item">${this._itemOptions()}</select></label>
            <label class="design-level-box">Times <input class="design-level" type="number"
              min="1" max="9" value="1"></label>
            <label class="design-detail-box">Detail <input class="design-detail"></label>
            <button type="button" class="small" data-action="add-item">Add to the unit</button>
          </div>
          <div class="sns-draft"></div>
        </details>`,
    });
    this._itemPicked();
    this._renderCatalog();
    this._renderDraft();
    this._changed();
  }

  close() {
    clearTimeout(this.draftTimer);
    super.close();
  }

  list() {
    const units = this.rows.flatMap((r) => Array(r.count).fill(null).map(() => ({ ...r.entry })));
    return { name: this.name.trim() || "My army", units };
  }

  // -- changes -------------------------------------------------------------------
  _act(action, button) {
    const row = Number(button.closest("[data-row]")?.dataset.row);
    if (action === "add-sample") this._addSample(button.closest("[data-sample]"));
    else if (action === "more") this._count(this.rows[row].entry, +1);
    else if (action === "less") this._count(this.rows[row].entry, -1);
    else if (action === "add-item") this._addItem();
    else if (action === "drop-item") {
      this.draft.kit.splice(Number(button.dataset.index), 1);
      this._draftChanged();
    } else if (action === "add-own") this._addOwn();
    else if (action === "use") this._use();
  }

  // The design form's fields (selects on "change", text on "input": the core says why).
  _inputMore(target, typed, picked) {
    if (picked && target.classList.contains("design-item")) {
      this._itemPicked();
    } else if (typed && (target.classList.contains("design-name")
      || target.classList.contains("design-types"))) {
      this.draft.name = this.root.querySelector(".design-name").value;
      this.draft.types = this.root.querySelector(".design-types").value;
      this._draftChanged();
    }
  }

  _preset(key) {
    const army = this.catalog.armies.find((a) => a.key === key);
    return { name: army.name, entries: army.units.map((unit) => ({ unit })) };
  }

  _addSample(tr) {
    const sample = this.samples.get(tr.dataset.sample);
    const entry = { unit: sample.name };
    const picks = [...tr.querySelectorAll("select.sample-choice")].map((s) => s.value);
    if (picks.length) entry.choices = picks;
    this._count(entry, +1);
  }

  _itemPicked() {
    const item = this.items.get(this.root.querySelector(".design-item").value);
    const level = this.root.querySelector(".design-level-box");
    const detail = this.root.querySelector(".design-detail-box");
    level.hidden = !item?.stacks;
    detail.hidden = !item?.detail;
    this.root.querySelector(".design-detail").placeholder = item?.detail || "";
  }

  // "Spell known x3", "Magical bonus (damage) +2": the kit as the server reads it.
  _addItem() {
    const item = this.items.get(this.root.querySelector(".design-item").value);
    if (!item) return;
    const detail = this.root.querySelector(".design-detail").value.trim();
    const level = Number(this.root.querySelector(".design-level").value) || 1;
    this.draft.kit.push(item.name + (item.detail && detail ? ` (${detail})` : "")
      + (item.stacks && level > 1 ? ` x${level}` : ""));
    this._draftChanged();
  }

  _ownEntry() {
    const types = this.draft.types.split(",").map((t) => t.trim()).filter(Boolean);
    const entry = { name: this.draft.name.trim() || "My unit", kit: [...this.draft.kit] };
    if (types.length) entry.types = types;
    return entry;
  }

  _addOwn() {
    if (!this.draft.kit.length) return;
    this._count(this._ownEntry(), +1);
  }

  // The unit being designed, priced on its own by the server (its own problems only).
  _draftChanged() {
    this.draftVerdict = null;
    this._renderDraft();
    clearTimeout(this.draftTimer);
    if (!this.draft.kit.length) return;
    const entry = this._ownEntry();
    const asked = JSON.stringify(entry);
    this.draftTimer = setTimeout(() => {
      this.hooks.checkList({ name: "", units: [entry] }).then((verdict) => {
        if (asked === JSON.stringify(this._ownEntry())) this.draftVerdict = verdict;
      }).catch(() => undefined).finally(() => this.root && this._renderDraft());
    }, CHECK_DELAY_MS);
  }

  _use() {
    if (!this.verdict?.valid) return;
    this.hooks.use(this.list());
    this.close();
  }

  // -- drawing -------------------------------------------------------------------
  _itemOptions() {
    return GROUPS.map(([group, words]) => `<optgroup label="${words}">${this.catalog.items
      .filter((i) => i.group === group).map((i) => `<option value="${escape(i.name)}" title="`
        + `${escape(i.printed)}">${escape(i.name)} (${i.cost >= 0 ? "+" : ""}${i.cost} gold`
        + `${i.stacks ? " each" : ""})</option>`).join("")}</optgroup>`).join("");
  }

  _renderCatalog() {
    const shown = this.catalog.samples.filter((s) => !this.search
      || `${s.name} ${s.army} ${s.notes}`.toLowerCase().includes(this.search));
    const rows = shown.map((s) => {
      const choices = s.choices.map((options) => `<select class="sample-choice small" title="`
        + `a printed choice">${options.map((o) => `<option>${escape(o)}</option>`).join("")}`
        + "</select>").join(" ");
      const printed = s.printed_cost !== s.cost
        ? ` <span class="tag" title="${escape(s.misprint || "")}">printed ${s.printed_cost}</span>` : "";
      return `<tr data-sample="${escape(s.name)}" class="sns-sample"><td>${escape(s.name)}`
        + `<div class="muted">${escape(s.army)}</div></td>`
        + `<td class="rules">${escape(s.notes)}</td><td>${choices}</td>`
        + `<td class="points">${s.cost} gold${printed}</td>`
        + '<td><button class="small" data-action="add-sample">Add</button></td></tr>';
    });
    this.root.querySelector(".sns-samples").innerHTML = catalogTable(
      ["Unit", "As printed", "Choice", "Price", ""], rows, "No sample unit matches.");
  }

  _renderDraft() {
    const box = this.root?.querySelector(".sns-draft");
    if (!box) return;
    const kit = this.draft.kit.map((text, i) => `<li>${escape(text)} <button class="small" `
      + `data-action="drop-item" data-index="${i}" title="Take it off">×</button></li>`);
    const verdict = this.draftVerdict;
    const own = (verdict?.problems || []).filter((p) => p.model === 0);
    const price = verdict?.models?.[0]?.cost;
    const parts = [kit.length ? `<ul class="sns-draft-kit">${kit.join("")}</ul>`
      : '<p class="muted">Add kit items to the unit: its figure is 5 gold, each item its '
        + "price.</p>"];
    if (kit.length) {
      parts.push(`<p class="sns-draft-price">${!verdict ? "Checking with the server…"
        : price == null ? "The server cannot price this unit (see below)."
          : `This unit: ${price} gold a figure`}</p>`);
    }
    if (own.length) parts.push(problemsList(own, false));
    parts.push(`<button type="button" class="small" data-action="add-own"${kit.length ? ""
      : " disabled"}>Add this unit to the army</button>`);
    box.innerHTML = parts.join("");
  }

  // A row of the list: the unit (its printed choices, or the kit of one's own).
  _row(r, i, model) {
    const how = r.entry.choices ? ` (${r.entry.choices.join(", ")})`
      : r.entry.kit ? ` — your own: ${r.entry.kit.join(", ")}` : "";
    return { attrs: `data-row="${i}"`, price: `${model?.cost ?? "?"} gold`,
      name: `${escape(r.entry.unit || r.entry.name)}<span class="muted">${escape(how)}</span>` };
  }

  _total(verdict, figures) {
    return `Total ${verdict.total} / ${verdict.gold} gold · ${verdict.left >= 0
      ? `${verdict.left} left` : `${-verdict.left} over`} · ${figures} figures`;
  }

  _actionButton(verdict) {
    return `<button class="primary" data-action="use"${verdict?.valid ? "" : " disabled"}>`
      + `${escape(this.hooks.useWords || "Use this army")}</button>`;
  }
}
