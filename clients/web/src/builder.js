// The list builder: pick roster profiles and how many of each. The server
// prices every model and judges the whole list after each change (`check_list`:
// every problem with its reason and rulebook passage), and the list can be
// submitted only once the server has accepted exactly this list. Prices come
// from the server's catalog and verdicts; nothing is added up here.

import { escape } from "./dom.js";

const CHECK_DELAY_MS = 150; // coalesce quick clicks into one check_list request

export class ListBuilder {
  // hooks: catalog (the `catalog` reply), options (the match's), checkList(list,
  // options) -> Promise, submit(list) -> Promise of null (sent) or the refusal
  constructor(parent, hooks) {
    this.parent = parent;
    this.hooks = hooks;
    this.catalog = hooks.catalog;
    this.byName = new Map(this.catalog.profiles.map((p) => [p.name, p]));
    this.name = "My warband";
    this.rows = []; // [{profile, count}], in the order first added
    this.roster = this.catalog.rosters[0] || "";
    this.search = "";
    this.version = 0; // bumped by every change; a verdict is for one version
    this.verdict = null;
    this.sending = false;
    this.refusal = null;
  }

  open() {
    const presets = this.catalog.presets.map((p) => `<option value="${escape(p.key)}">`
      + `${escape(p.name)}${p.problems.length ? " (does not fit as it is)" : ""}</option>`);
    const rosters = this.catalog.rosters.map((r) => `<option${r === this.roster ? " selected" : ""}>`
      + `${escape(r)}</option>`);
    this.root = document.createElement("div");
    this.root.className = "builder-overlay";
    this.root.innerHTML = `
      <div class="builder card" role="dialog" aria-label="Build your warband">
        <div class="builder-head">
          <h2>Build your warband</h2>
          <span class="muted">limit ${this.catalog.points_limit} points; prices and checks by the
            server</span>
          <button data-action="close">Close</button>
        </div>
        <div class="builder-body">
          <section class="builder-catalog">
            <div class="builder-filters">
              <label>Roster <select class="builder-roster"><option value="">All rosters</option>
                ${rosters.join("")}</select></label>
              <label>Search <input class="builder-search" placeholder="name or rule"></label>
              <label>Start from <select class="builder-preset"><option value="">a ready-made
                list…</option>${presets.join("")}</select></label>
            </div>
            <div class="builder-profiles"></div>
          </section>
          <section class="builder-list">
            <label>List name <input class="builder-name" maxlength="60"></label>
            <div class="builder-rows"></div>
          </section>
        </div>
      </div>`;
    this.parent.appendChild(this.root);
    this.root.querySelector(".builder-name").value = this.name;
    this.root.addEventListener("click", (e) => this._click(e));
    this.root.addEventListener("input", (e) => this._input(e));
    this.root.addEventListener("change", (e) => this._input(e));
    this._renderProfiles();
    this._renderList();
  }

  close() {
    clearTimeout(this.timer);
    this.root?.remove();
    this.root = null;
  }

  list() {
    const models = this.rows.flatMap((r) => Array(r.count).fill({ profile: r.profile }));
    return { name: this.name.trim() || "My warband", models };
  }

  // -- changes -------------------------------------------------------------------
  _click(e) {
    const button = e.target.closest("button");
    if (!button || !this.root) return;
    const profile = button.closest("[data-profile]")?.dataset.profile;
    const action = button.dataset.action;
    if (action === "close") this.close();
    else if (action === "add" || action === "more") this._count(profile, +1);
    else if (action === "less") this._count(profile, -1);
    else if (action === "submit-built") this._submit();
  }

  // Selects act on "change", text fields on "input" (a text field's "change" comes
  // on leaving it, in the middle of a click elsewhere: redrawing then would
  // swallow that click).
  _input(e) {
    const target = e.target;
    const typed = e.type === "input" && target.tagName === "INPUT";
    const picked = e.type === "change" && target.tagName === "SELECT";
    if (picked && target.classList.contains("builder-roster")) {
      this.roster = target.value;
      this._renderProfiles();
    } else if (typed && target.classList.contains("builder-search")) {
      this.search = target.value.trim().toLowerCase();
      this._renderProfiles();
    } else if (typed && target.classList.contains("builder-name")) {
      this.name = target.value;
      this._changed();
    } else if (picked && target.classList.contains("builder-preset") && target.value) {
      const preset = this.catalog.presets.find((p) => p.key === target.value);
      this.name = preset.name;
      this.root.querySelector(".builder-name").value = preset.name;
      this.rows = [];
      for (const profile of preset.models) this._count(profile, +1, false);
      this._changed();
    }
  }

  _count(profile, delta, check = true) {
    const row = this.rows.find((r) => r.profile === profile);
    if (row) row.count += delta;
    else if (delta > 0) this.rows.push({ profile, count: delta });
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
        if (version === this.version) this.refusal = `The list could not be checked: ${error.message}`;
      }).finally(() => {
        if (version === this.version && this.root) this._renderList();
      });
    }, CHECK_DELAY_MS);
  }

  async _submit() {
    if (!this.verdict?.valid || this.sending) return;
    this.sending = true;
    this._renderList();
    const refused = await this.hooks.submit(this.list());
    this.sending = false;
    if (!refused) {
      this.close();
      return;
    }
    this.refusal = `The match refused the list: ${refused.message}`;
    this._renderList();
  }

  // -- drawing -------------------------------------------------------------------
  _renderProfiles() {
    const shown = this.catalog.profiles.filter((p) => (!this.roster || p.roster === this.roster)
      && (!this.search || `${p.name} ${p.rules.join(" ")}`.toLowerCase().includes(this.search)));
    const rows = shown.map((p) => `<tr data-profile="${escape(p.name)}" class="builder-profile">
      <td>${escape(p.name)}${p.personality ? ' <span class="tag" title="Personality: at most a '
        + 'third of the points limit goes on these">P</span>' : ""}</td>
      <td>Q${p.quality}+</td><td>C${p.combat}</td>
      <td class="rules">${escape(p.rules.join(", ") || "—")}</td>
      <td class="points">${p.points ?? "?"} pts</td>
      <td>${p.problems.length ? `<span class="muted" title="${escape(p.problems.join(" "))}">`
        + "not playable</span>" : '<button class="small" data-action="add">Add</button>'}</td></tr>`);
    this.root.querySelector(".builder-profiles").innerHTML = rows.length
      ? `<table><thead><tr><th>Profile</th><th>Q</th><th>C</th><th>Rules</th><th>Price</th>
         <th></th></tr></thead><tbody>${rows.join("")}</tbody></table>`
      : '<p class="muted">No profile matches.</p>';
  }

  _renderList() {
    const box = this.root?.querySelector(".builder-rows");
    if (!box) return;
    const verdict = this.verdict;
    const rowOf = []; // model index -> row index, as list() orders the models
    this.rows.forEach((r, i) => { for (let n = 0; n < r.count; n += 1) rowOf.push(i); });
    const troubled = new Set((verdict?.problems || []).filter((p) => p.model !== null)
      .map((p) => rowOf[p.model]));
    const rows = this.rows.map((r, i) => {
      const first = rowOf.indexOf(i);
      const price = verdict?.models?.[first]?.points ?? this.byName.get(r.profile)?.points;
      return `<tr class="builder-row${troubled.has(i) ? " problem" : ""}" data-profile="`
        + `${escape(r.profile)}"><td>${escape(r.profile)}</td><td class="count">`
        + `<button class="small" data-action="less" title="One fewer">−</button>`
        + `<span class="n">${r.count}</span>`
        + '<button class="small" data-action="more" title="One more">+</button></td>'
        + `<td class="points">× ${price ?? "?"} pts</td></tr>`;
    });
    const parts = [rows.length
      ? `<table><tbody>${rows.join("")}</tbody></table>`
      : '<p class="muted">Add profiles from the catalog on the left.</p>'];
    let total = "";
    if (!this.rows.length) total = "";
    else if (!verdict) total = "Checking with the server…";
    else if (verdict.total === null) total = "The server cannot price this list (see below).";
    else {
      total = `Total ${verdict.total} / ${verdict.points_limit} points · Personalities `
        + `${verdict.personality_points} points`;
    }
    parts.push(`<p class="builder-total" data-valid="${verdict?.valid ? "true" : "false"}">`
      + `${escape(total)}</p>`);
    if (verdict?.problems?.length) {
      parts.push('<ul class="builder-problems">' + verdict.problems.map((p) => `<li data-code="`
        + `${escape(p.code)}">${escape(p.message)} <span class="muted">(${escape(p.passage)})`
        + "</span></li>").join("") + "</ul>");
    } else if (verdict?.valid) {
      parts.push('<p class="builder-ok">The server accepts this list.</p>');
    }
    if (this.refusal) parts.push(`<p class="error builder-refusal">${escape(this.refusal)}</p>`);
    const ready = verdict?.valid && !this.sending;
    parts.push(`<button class="primary" data-action="submit-built"${ready ? "" : " disabled"}>`
      + `${this.sending ? "Submitting…" : "Submit this list (kept secret until both are in)"}`
      + "</button>");
    box.innerHTML = parts.join("");
  }
}
