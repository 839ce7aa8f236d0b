// The list builder: pick roster profiles and how many of each. The server
// prices every model and judges the whole list after each change (`check_list`:
// every problem with its reason and rulebook passage), and the list can be
// submitted only once the server has accepted exactly this list. Prices come
// from the server's catalog and verdicts; nothing is added up here. What it
// shares with the S&S army builder is in list_builder_core.js.

import { escape } from "./dom.js";
import { ListBuilderCore, catalogTable } from "./list_builder_core.js";

export class ListBuilder extends ListBuilderCore {
  // hooks: catalog (the `catalog` reply), options (the match's), checkList(list,
  // options) -> Promise, submit(list) -> Promise of null (sent) or the refusal
  constructor(parent, hooks) {
    super(parent, hooks, { noun: "list", empty: "Add profiles from the catalog on the left." });
    this.byName = new Map(this.catalog.profiles.map((p) => [p.name, p]));
    this.name = "My warband";
    this.roster = this.catalog.rosters[0] || ""; // (rows' entries: profile names)
    this.sending = false;
  }

  open() {
    const presets = this.catalog.presets.map((p) => `<option value="${escape(p.key)}">`
      + `${escape(p.name)}${p.problems.length ? " (does not fit as it is)" : ""}</option>`);
    const rosters = this.catalog.rosters.map((r) => `<option${r === this.roster ? " selected" : ""}>`
      + `${escape(r)}</option>`);
    this._mount({
      label: "Build your warband", title: "Build your warband", nameLabel: "List name",
      note: `limit ${this.catalog.points_limit} points; prices and checks by the server`,
      filters: `<label>Roster <select class="builder-roster"><option value="">All rosters</option>
          ${rosters.join("")}</select></label>
        <label>Search <input class="builder-search" placeholder="name or rule"></label>
        <label>Start from <select class="builder-preset"><option value="">a ready-made
          list…</option>${presets.join("")}</select></label>`,
      catalog: '<div class="builder-profiles"></div>',
    });
    this._renderCatalog();
    this._renderList();
  }

  list() {
    const models = this.rows.flatMap((r) => Array(r.count).fill({ profile: r.entry }));
    return { name: this.name.trim() || "My warband", models };
  }

  // -- changes -------------------------------------------------------------------
  _act(action, button) {
    const profile = button.closest("[data-profile]")?.dataset.profile;
    if (action === "add" || action === "more") this._count(profile, +1);
    else if (action === "less") this._count(profile, -1);
    else if (action === "submit-built") this._submit();
  }

  _inputMore(target, typed, picked) {
    if (picked && target.classList.contains("builder-roster")) {
      this.roster = target.value;
      this._renderCatalog();
    }
  }

  _preset(key) {
    const preset = this.catalog.presets.find((p) => p.key === key);
    return { name: preset.name, entries: preset.models };
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
  _renderCatalog() {
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
    this.root.querySelector(".builder-profiles").innerHTML = catalogTable(
      ["Profile", "Q", "C", "Rules", "Price", ""], rows, "No profile matches.");
  }

  // A row of the list: the profile, priced by the verdict (else the catalog).
  _row(r, i, model) {
    const price = model?.points ?? this.byName.get(r.entry)?.points;
    return { attrs: `data-profile="${escape(r.entry)}"`, name: escape(r.entry),
      price: `${price ?? "?"} pts` };
  }

  _total(verdict) {
    return `Total ${verdict.total} / ${verdict.points_limit} points · Personalities `
      + `${verdict.personality_points} points`;
  }

  _actionButton(verdict) {
    const ready = verdict?.valid && !this.sending;
    return `<button class="primary" data-action="submit-built"${ready ? "" : " disabled"}>`
      + `${this.sending ? "Submitting…" : "Submit this list (kept secret until both are in)"}`
      + "</button>";
  }
}
