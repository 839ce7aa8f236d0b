// The Swords & Sorcery army builder (issue 34): sample units from the server's
// catalog (search by name, pick the printed choices) and units of one's own
// designed from its kit items. After each change the server prices every figure
// and judges the army against the scenario (`check_list`: 500 gold a side, one
// Commander, no dragons, each problem with its passage); the army can be used for
// the match only once the server has accepted exactly this list. Prices shown are
// the catalog's and the server's verdicts; nothing is added up here.

import { escape } from "./dom.js";

const CHECK_DELAY_MS = 150; // coalesce quick clicks into one check_list request
const GROUPS = [["weapon", "Weapons"], ["armour", "Armour"], ["ability", "Abilities"],
  ["type", "What it is"]];

export class SnsBuilder {
  // hooks: catalog (the S&S `catalog` reply), checkList(list) -> Promise of the
  // verdict, use(list) (the accepted army), start (a list to begin from), title
  constructor(parent, hooks) {
    this.parent = parent;
    this.hooks = hooks;
    this.catalog = hooks.catalog;
    this.samples = new Map(this.catalog.samples.map((s) => [s.name, s]));
    this.items = new Map(this.catalog.items.map((i) => [i.name, i]));
    this.gold = this.catalog.scenarios?.[0]?.gold;
    this.name = hooks.start?.name || "My army";
    this.rows = []; // [{entry, count}], one entry a figure of the list, in order first added
    for (const entry of hooks.start?.units || []) this._count(entry, +1, false);
    this.search = "";
    this.draft = { name: "", types: "", kit: [] }; // the unit of one's own being designed
    this.version = 0; // bumped by every change; a verdict is for one version
    this.verdict = null;
    this.draftVerdict = null;
    this.refusal = null;
  }

  open() {
    this.root = document.createElement("div");
    this.root.className = "builder-overlay";
    this.root.innerHTML = `
      <div class="builder sns-builder card" role="dialog" aria-label="Build an army">
        <div class="builder-head">
          <h2>${escape(this.hooks.title || "Build an army")}</h2>
          <span class="muted">${this.gold ?? "?"} gold a side, one Commander; prices and
            checks by the server</span>
          <button data-action="close">Close</button>
        </div>
        <div class="builder-body">
          <section class="builder-catalog">
            <div class="builder-filters">
              <label>Search <input class="builder-search" placeholder="unit, army or kit"></label>
              <label>Start from <select class="builder-preset"><option value="">a ready-made
                army…</option>${(this.catalog.armies || []).map((a) => `<option value="`
    + `${escape(a.key)}">${escape(a.name)} (${a.figures} figures)</option>`).join("")}
                </select></label>
            </div>
            <div class="builder-profiles sns-samples"></div>
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
            </details>
          </section>
          <section class="builder-list">
            <label>Army name <input class="builder-name" maxlength="60"></label>
            <div class="builder-rows"></div>
          </section>
        </div>
      </div>`;
    this.parent.appendChild(this.root);
    this.root.querySelector(".builder-name").value = this.name;
    this.root.addEventListener("click", (e) => this._click(e));
    this.root.addEventListener("input", (e) => this._input(e));
    this.root.addEventListener("change", (e) => this._input(e));
    this._itemPicked();
    this._renderSamples();
    this._renderDraft();
    this._changed();
  }

  close() {
    clearTimeout(this.timer);
    clearTimeout(this.draftTimer);
    this.root?.remove();
    this.root = null;
  }

  list() {
    const units = this.rows.flatMap((r) => Array(r.count).fill(null).map(() => ({ ...r.entry })));
    return { name: this.name.trim() || "My army", units };
  }

  // -- changes -------------------------------------------------------------------
  _click(e) {
    const button = e.target.closest("button");
    if (!button || !this.root) return;
    const action = button.dataset.action;
    const row = Number(button.closest("[data-row]")?.dataset.row);
    if (action === "close") this.close();
    else if (action === "add-sample") this._addSample(button.closest("[data-sample]"));
    else if (action === "more") this._count(this.rows[row].entry, +1);
    else if (action === "less") this._count(this.rows[row].entry, -1);
    else if (action === "add-item") this._addItem();
    else if (action === "drop-item") {
      this.draft.kit.splice(Number(button.dataset.index), 1);
      this._draftChanged();
    } else if (action === "add-own") this._addOwn();
    else if (action === "use") this._use();
  }

  // Selects act on "change", text fields on "input" (builder.js says why).
  _input(e) {
    const target = e.target;
    const typed = e.type === "input" && target.tagName === "INPUT";
    const picked = e.type === "change" && target.tagName === "SELECT";
    if (typed && target.classList.contains("builder-search")) {
      this.search = target.value.trim().toLowerCase();
      this._renderSamples();
    } else if (typed && target.classList.contains("builder-name")) {
      this.name = target.value;
      this._changed();
    } else if (picked && target.classList.contains("builder-preset") && target.value) {
      const army = this.catalog.armies.find((a) => a.key === target.value);
      this.name = army.name;
      this.root.querySelector(".builder-name").value = army.name;
      this.rows = [];
      for (const unit of army.units) this._count({ unit }, +1, false);
      this._changed();
    } else if (picked && target.classList.contains("design-item")) {
      this._itemPicked();
    } else if (typed && (target.classList.contains("design-name")
      || target.classList.contains("design-types"))) {
      this.draft.name = this.root.querySelector(".design-name").value;
      this.draft.types = this.root.querySelector(".design-types").value;
      this._draftChanged();
    }
  }

  _addSample(tr) {
    const sample = this.samples.get(tr.dataset.sample);
    const entry = { unit: sample.name };
    const picks = [...tr.querySelectorAll("select.sample-choice")].map((s) => s.value);
    if (picks.length) entry.choices = picks;
    this._count(entry, +1);
  }

  _count(entry, delta, check = true) {
    const key = JSON.stringify(entry);
    const row = this.rows.find((r) => JSON.stringify(r.entry) === key);
    if (row) row.count += delta;
    else if (delta > 0) this.rows.push({ entry, count: delta });
    this.rows = this.rows.filter((r) => r.count > 0);
    if (check) this._changed();
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

  _changed() {
    this.version += 1;
    this.verdict = null;
    this.refusal = null;
    this._renderList();
    clearTimeout(this.timer);
    if (!this.rows.length) return;
    const version = this.version;
    const list = this.list();
    this.timer = setTimeout(() => {
      this.hooks.checkList(list).then((verdict) => {
        if (version === this.version) this.verdict = verdict;
      }).catch((error) => {
        if (version === this.version) this.refusal = `The army could not be checked: ${error.message}`;
      }).finally(() => {
        if (version === this.version && this.root) this._renderList();
      });
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

  _renderSamples() {
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
    this.root.querySelector(".sns-samples").innerHTML = rows.length
      ? `<table><thead><tr><th>Unit</th><th>As printed</th><th>Choice</th><th>Price</th>
         <th></th></tr></thead><tbody>${rows.join("")}</tbody></table>`
      : '<p class="muted">No sample unit matches.</p>';
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
    if (own.length) {
      parts.push('<ul class="builder-problems">' + own.map((p) => `<li data-code="`
        + `${escape(p.code)}">${escape(p.message)}</li>`).join("") + "</ul>");
    }
    parts.push(`<button type="button" class="small" data-action="add-own"${kit.length ? ""
      : " disabled"}>Add this unit to the army</button>`);
    box.innerHTML = parts.join("");
  }

  _renderList() {
    const box = this.root?.querySelector(".builder-rows");
    if (!box) return;
    const verdict = this.verdict;
    const rowOf = []; // figure index -> row index, as list() orders the figures
    this.rows.forEach((r, i) => { for (let n = 0; n < r.count; n += 1) rowOf.push(i); });
    const troubled = new Set((verdict?.problems || []).filter((p) => p.model !== null)
      .map((p) => rowOf[p.model]));
    const rows = this.rows.map((r, i) => {
      const model = verdict?.models?.[rowOf.indexOf(i)];
      const name = r.entry.unit || r.entry.name;
      const how = r.entry.choices ? ` (${r.entry.choices.join(", ")})`
        : r.entry.kit ? ` — your own: ${r.entry.kit.join(", ")}` : "";
      return `<tr class="builder-row${troubled.has(i) ? " problem" : ""}" data-row="${i}">`
        + `<td>${escape(name)}<span class="muted">${escape(how)}</span></td><td class="count">`
        + '<button class="small" data-action="less" title="One fewer">−</button>'
        + `<span class="n">${r.count}</span>`
        + '<button class="small" data-action="more" title="One more">+</button></td>'
        + `<td class="points">× ${model?.cost ?? "?"} gold</td></tr>`;
    });
    const parts = [rows.length ? `<table><tbody>${rows.join("")}</tbody></table>`
      : '<p class="muted">Add sample units, or design your own, on the left.</p>'];
    let total = "";
    if (!this.rows.length) total = "";
    else if (!verdict) total = "Checking with the server…";
    else if (verdict.total === null) total = "The server cannot price this army (see below).";
    else {
      total = `Total ${verdict.total} / ${verdict.gold} gold · ${verdict.left >= 0
        ? `${verdict.left} left` : `${-verdict.left} over`} · ${rowOf.length} figures`;
    }
    parts.push(`<p class="builder-total" data-valid="${verdict?.valid ? "true" : "false"}">`
      + `${escape(total)}</p>`);
    if (verdict?.problems?.length) {
      parts.push('<ul class="builder-problems">' + verdict.problems.map((p) => `<li data-code="`
        + `${escape(p.code)}">${escape(p.message)} <span class="muted">(${escape(p.passage)})`
        + "</span></li>").join("") + "</ul>");
    } else if (verdict?.valid) {
      parts.push('<p class="builder-ok">The server accepts this army.</p>');
    }
    if (this.refusal) parts.push(`<p class="error builder-refusal">${escape(this.refusal)}</p>`);
    parts.push(`<button class="primary" data-action="use"${verdict?.valid ? "" : " disabled"}>`
      + `${escape(this.hooks.useWords || "Use this army")}</button>`);
    box.innerHTML = parts.join("");
  }
}
