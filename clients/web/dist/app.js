(() => {
  var __defProp = Object.defineProperty;
  var __defNormalProp = (obj, key3, value) => key3 in obj ? __defProp(obj, key3, { enumerable: true, configurable: true, writable: true, value }) : obj[key3] = value;
  var __export = (target, all) => {
    for (var name in all)
      __defProp(target, name, { get: all[name], enumerable: true });
  };
  var __publicField = (obj, key3, value) => __defNormalProp(obj, typeof key3 !== "symbol" ? key3 + "" : key3, value);

  // src/scenarios.js
  var loaded = /* @__PURE__ */ new Map();
  var SYSTEMS = ["sbh", "asoiaf", "sns"];
  var SYSTEM_NAMES = {
    sbh: "Song of Blades and Heroes",
    asoiaf: "A Song of Ice & Fire",
    sns: "Swords & Sorcery"
  };
  function systemName(system) {
    return SYSTEM_NAMES[system] || readable(system);
  }
  function loadScenarios(app2) {
    return Promise.all(SYSTEMS.map((system) => app2.catalog({}, system).then((found) => {
      loaded.set(system, found);
    }).catch(() => void 0)));
  }
  function scenariosOf(system) {
    return loaded.get(system)?.scenarios || [];
  }
  function layoutsOf() {
    return loaded.get("sns")?.layouts || [];
  }
  function armiesOf() {
    return loaded.get("sns")?.armies || [];
  }
  function defaultArmiesOf() {
    return loaded.get("sns")?.default_armies || {};
  }
  function scenarioOf(system, key3) {
    return scenariosOf(system).find((s) => s.key === key3) || null;
  }
  function scenarioName(system, key3) {
    return scenarioOf(system, key3)?.name || readable(key3);
  }
  function optionsHtml(pairs, escape2) {
    if (!pairs.length) return '<option value="" disabled selected>(the server did not list them)</option>';
    return pairs.map(([key3, words2]) => `<option value="${escape2(key3)}">${escape2(words2)}</option>`).join("");
  }
  function readable(key3) {
    const words2 = String(key3 ?? "").replace(/_/g, " ");
    return words2.charAt(0).toUpperCase() + words2.slice(1);
  }

  // src/dom.js
  function escape(text) {
    return String(text ?? "").replace(/[&<>"']/g, (ch) => ({
      "&": "&amp;",
      "<": "&lt;",
      ">": "&gt;",
      '"': "&quot;",
      "'": "&#39;"
    })[ch]);
  }
  function $(root, selector) {
    return root.querySelector(selector);
  }
  function when(timestamp) {
    if (!timestamp) return "";
    return new Date(timestamp * 1e3).toLocaleString();
  }
  function describeSetup(setup) {
    const options = setup?.options || {};
    const parts = [scenarioName("sbh", options.scenario || "all_out_battle")];
    parts.push(`${options.points_limit || 300} points`);
    if (setup?.board_size) parts.push(`${setup.board_size}×${setup.board_size} hexes`);
    if (options.turn_limit) parts.push(`${options.turn_limit} turns`);
    return parts.join(", ");
  }

  // src/rematch.js
  var RematchOffers = class {
    constructor(app2) {
      this.app = app2;
      this.bar = document.createElement("div");
      this.bar.className = "rematch-bar offer-bar";
      this.bar.hidden = true;
      document.querySelector("header")?.after(this.bar);
      this.offer = null;
      this.bar.addEventListener("click", (e) => {
        const button2 = e.target.closest("button");
        if (!button2) return;
        if (button2.dataset.action === "accept-rematch") this.ask(this.offer.match_id);
        else this.dismiss();
      });
    }
    // A `rematch_offered` push: the bar shows it until accepted or dismissed.
    offered(frame) {
      this.offer = frame;
      this.bar.innerHTML = `<span>${escape(frame.from)} offers a rematch.</span> <button class="primary small" data-action="accept-rematch">Accept</button> <button class="small" data-action="dismiss-rematch">Dismiss</button>`;
      this.bar.hidden = false;
    }
    dismiss() {
      this.offer = null;
      this.bar.hidden = true;
      this.bar.innerHTML = "";
    }
    // Offer (or accept) the rematch of `matchId`; resolves to null once on the new
    // match's page, or to the refusal's words.
    async ask(matchId) {
      try {
        const answer = await this.app.conn.request("rematch", { match_id: matchId });
        this.dismiss();
        this.app.remember({
          match_id: answer.rematch_id,
          seat: answer.seat,
          invite_code: answer.status === "open" ? answer.invite_code : null
        });
        this.app.go(`#/match/${answer.rematch_id}`);
        return null;
      } catch (error) {
        return error.message;
      }
    }
  };

  // src/ratings.js
  var CATEGORIES = [
    ["standard", "no clock"],
    ["live", "live clock"],
    ["correspondence", "correspondence"]
  ];
  var categoryWords = (key3) => (CATEGORIES.find(([k]) => k === key3) || [key3, key3])[1];
  var RD = '<abbr title="rating deviation: how unsure the rating still is (it shrinks as you play rated matches)">RD</abbr>';
  function ratingText(r) {
    return `${r.rating}${r.provisional ? "?" : ""}`;
  }
  function historyChart(history, width = 560, height = 160) {
    if (!history.length) return '<p class="muted">No rated matches in this category yet.</p>';
    const values = [history[0].rating_before, ...history.map((h) => h.rating)];
    const low = Math.min(...values) - 20;
    const high = Math.max(...values) + 20;
    const pad = 34;
    const x = (i) => pad + i * (width - pad - 8) / Math.max(1, values.length - 1);
    const y = (v) => 8 + (high - v) * (height - 28) / (high - low);
    const points3 = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const dots = values.map((v, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="3" class="rating-point" data-rating="${v}"><title>${v}</title></circle>`).join("");
    const ticks = [Math.round(high - 20), Math.round(low + 20)].map((v) => `<text x="2" y="${(y(v) + 4).toFixed(1)}" class="axis">${v}</text>`).join("");
    return `<svg class="rating-chart" viewBox="0 0 ${width} ${height}" role="img" aria-label="Rating over the last ${history.length} rated matches">${ticks}<polyline points="${points3}" fill="none" stroke="#1f6f8b" stroke-width="2"/>${dots}</svg>`;
  }
  var selectHtml = (id, label, pairs) => `<label>${label} <select id="${id}">${pairs.map(
    ([key3, words2]) => `<option value="${key3}">${escape(words2)}</option>`
  ).join("")}</select></label>`;
  var GAMES = Object.entries(SYSTEM_NAMES);
  async function renderRatings(root, app2) {
    const guest = app2.account?.guest;
    root.innerHTML = `<section class="card wide"><h2>Your ratings</h2>
      <div id="my-ratings"><p class="muted">Loading…</p></div>
      <div class="rating-course"${guest ? " hidden" : ""}><h3>Over time</h3>
      <div class="inline-form">${selectHtml("history-game", "Game", GAMES)}
      ${selectHtml("history-category", "Category", CATEGORIES)}</div>
      <div id="rating-history"></div></div></section>
    <section class="card wide"><h2>Leaderboard: <span id="board-name">${escape(
      systemName("sbh")
    )}</span></h2>
      <div class="inline-form">${selectHtml("board-game", "Game", GAMES)}
      ${selectHtml("board-category", "Category", CATEGORIES)}</div>
      <div id="leaderboard"><p class="muted">Loading…</p></div></section>`;
    const mine = $(root, "#my-ratings");
    if (guest) {
      mine.innerHTML = '<p class="muted">Guests play casual matches only: register to play rated matches and get a rating.</p>';
    } else {
      try {
        const { ratings } = await app2.conn.request("get_ratings", {});
        mine.innerHTML = ratings.length ? `<table><thead><tr><th>Game</th><th>Category</th>
        <th>Rating</th><th>${RD}</th><th>Rated matches</th><th>Last played</th></tr></thead>
        <tbody>${ratings.map((r) => `<tr data-rating="${escape(r.category)}" data-system="${escape(r.system)}"><td>${escape(systemName(r.system))}</td>
        <td>${escape(categoryWords(r.category))}</td>
        <td>${escape(ratingText(r))}</td><td>${r.rd}</td><td>${r.games}</td>
        <td>${escape(when(r.last_played_at))}</td></tr>`).join("")}</tbody></table>
        <p class="muted">A "?" marks a provisional rating: still unsure (RD 110 or more) until a few more rated matches.</p>` : '<p class="muted">No rated matches yet: create a rated match in the lobby.</p>';
        const last = [...ratings].sort((x, y) => (y.last_played_at || 0) - (x.last_played_at || 0))[0];
        if (last && SYSTEM_NAMES[last.system]) {
          $(root, "#history-game").value = last.system;
          $(root, "#history-category").value = last.category;
        }
      } catch (error) {
        mine.textContent = error.message;
      }
    }
    const history = async () => {
      const box = $(root, "#rating-history");
      if (guest) return;
      try {
        const reply = await app2.conn.request("rating_history", {
          system: $(root, "#history-game").value,
          category: $(root, "#history-category").value,
          limit: 50
        });
        box.innerHTML = historyChart(reply.history);
      } catch (error) {
        box.textContent = error.message;
      }
    };
    const board = async () => {
      const box = $(root, "#leaderboard");
      const system = $(root, "#board-game").value;
      $(root, "#board-name").textContent = systemName(system);
      try {
        const reply = await app2.conn.request("leaderboard", {
          system,
          category: $(root, "#board-category").value,
          limit: 50
        });
        box.innerHTML = reply.players.length ? `<table><thead><tr><th>#</th><th>Player</th>
        <th>Rating</th><th>${RD}</th><th>Rated matches</th></tr></thead><tbody>${reply.players.map((p) => `<tr><td>${p.rank}</td><td>${escape(p.name)}</td><td>${p.rating}</td>
          <td>${p.rd}</td><td>${p.games}</td></tr>`).join("")}</tbody></table>` : '<p class="muted">No established ratings yet: a rating is listed once it is settled (its deviation, RD, under 110), after several rated matches.</p>';
      } catch (error) {
        box.textContent = error.message;
      }
    };
    for (const id of ["#history-game", "#history-category"]) {
      $(root, id).addEventListener("change", history);
    }
    for (const id of ["#board-game", "#board-category"]) {
      $(root, id).addEventListener("change", board);
    }
    await Promise.all([history(), board()]);
  }
  function ratingChangeText(ratings, seat) {
    const mine = ratings?.[seat];
    if (!mine) return "";
    const sign = mine.change >= 0 ? "+" : "";
    return `your rating ${mine.before} → ${mine.rating}${mine.provisional ? "?" : ""} (${sign}${mine.change})`;
  }

  // src/bracket.js
  function wentThrough(p, seeds) {
    const r = p.result;
    if (!r) return null;
    if (r.winner !== null || p.bye) return r.winner ?? p.player_a;
    if (r.vp_a !== r.vp_b) return r.vp_a > r.vp_b ? p.player_a : p.player_b;
    return seeds.indexOf(p.player_a) <= seeds.indexOf(p.player_b) ? p.player_a : p.player_b;
  }
  var SECTIONS = [["W", "Winners bracket"], ["L", "Losers bracket"], ["F", "Final"]];
  function renderBracket(ev) {
    const bracket = ev.bracket;
    if (!bracket) return null;
    const names = Object.fromEntries(ev.entries.map((e) => [e.player, e.name]));
    const seedOf = Object.fromEntries(bracket.seeds.map((pid, i) => [pid, i + 1]));
    const pairing = (m) => ev.rounds.find((r) => r.round === m.round)?.pairings.find((p) => p.table === m.table);
    const parts = [el("h2", {}, "Bracket")];
    if (bracket.pools) parts.push(pools(bracket.pools, names));
    const double = ev.settings.format === "double_elimination";
    for (const [prefix, title] of double ? SECTIONS : [["W", null]]) {
      const matches = bracket.matches.filter((m) => m.id?.startsWith(prefix));
      if (!matches.length) continue;
      const columns = /* @__PURE__ */ new Map();
      for (const m of matches) {
        const column = m.id.split(".")[0];
        if (!columns.has(column)) columns.set(column, []);
        columns.get(column).push(matchBox(m, pairing(m), names, seedOf, bracket.seeds));
      }
      parts.push(el(
        "div",
        { class: "bracket-section", "data-section": prefix },
        title ? el("h3", {}, title) : null,
        el("div", { class: "bracket" }, [...columns].map(([column, boxes]) => el(
          "div",
          { class: "bracket-round", "data-column": column },
          el("h4", {}, columnTitle(column, double)),
          boxes
        )))
      ));
    }
    if (bracket.champion) {
      parts.push(el(
        "p",
        { class: "champion" },
        "Champion: ",
        el("strong", {}, names[bracket.champion] ?? bracket.champion)
      ));
    }
    return el("section", { class: "card wide bracket-card" }, parts);
  }
  function columnTitle(column, double) {
    if (column === "F1") return "Grand final";
    if (column === "F2") return "Reset final";
    const number = column.slice(1);
    return double ? `${column[0] === "W" ? "Winners" : "Losers"} round ${number}` : `Round ${number}`;
  }
  function matchBox(m, p, names, seedOf, seeds) {
    if (!p) return null;
    const through = wentThrough(p, seeds);
    const side = (pid) => el(
      "div",
      {
        class: `slot${pid && pid === through ? " through" : ""}`,
        "data-player": pid ?? ""
      },
      el("span", { class: "seed" }, pid && seedOf[pid] ? seedOf[pid] : ""),
      el("span", { class: "name" }, pid ? names[pid] ?? pid : "bye")
    );
    const link = p.bye ? null : p.result ? el("a", { class: "game-link", href: `#/replay/${p.match_id}` }, "replay") : el("a", { class: "game-link", href: `#/watch/${p.match_id}` }, "watch");
    return el("div", {
      class: "bracket-match",
      "data-match": m.id,
      "data-round": m.round,
      "data-table": m.table
    }, side(p.player_a), side(p.player_b), link);
  }
  function pools(list, names) {
    return el("div", { class: "pools" }, list.map((pool) => el(
      "div",
      { class: "pool", "data-pool": pool.pool },
      el("h3", {}, `Pool ${pool.pool}`),
      el("ol", {}, pool.standings.map((s) => el(
        "li",
        { "data-player": s.player },
        `${names[s.player] ?? s.player} — ${s.points}`
      )))
    )));
  }

  // src/list_builder_core.js
  var CHECK_DELAY_MS = 150;
  function catalogTable(heads, rows, nothing) {
    if (!rows.length) return `<p class="muted">${nothing}</p>`;
    return `<table><thead><tr>${heads.map((h) => `<th>${h}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table>`;
  }
  function problemsList(problems, withPassage = true) {
    return '<ul class="builder-problems">' + problems.map((p) => `<li data-code="${escape(p.code)}">${escape(p.message)}` + (withPassage ? ` <span class="muted">(${escape(p.passage)})</span>` : "") + "</li>").join("") + "</ul>";
  }
  var ListBuilderCore = class {
    // hooks: catalog, checkList(list, options) -> Promise of the verdict, options;
    // words: noun ("list", "army"), empty (the list side's line when there is none)
    constructor(parent, hooks, words2) {
      this.parent = parent;
      this.hooks = hooks;
      this.catalog = hooks.catalog;
      this.words = words2;
      this.rows = [];
      this.search = "";
      this.version = 0;
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
      const button2 = e.target.closest("button");
      if (!button2 || !this.root) return;
      const action = button2.dataset.action;
      if (action === "close") this.close();
      else this._act(action, button2);
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
        for (const entry of entries) this._count(entry, 1, false);
        this._changed();
      } else {
        this._inputMore(target, typed, picked);
      }
    }
    _count(entry, delta, check = true) {
      const key3 = JSON.stringify(entry);
      const row = this.rows.find((r) => JSON.stringify(r.entry) === key3);
      if (row) row.count += delta;
      else if (delta > 0) this.rows.push({ entry, count: delta });
      this.rows = this.rows.filter((r) => r.count > 0);
      if (check) this._changed();
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
      const rowOf = [];
      this.rows.forEach((r, i) => {
        for (let n = 0; n < r.count; n += 1) rowOf.push(i);
      });
      const troubled = new Set((verdict?.problems || []).filter((p) => p.model !== null).map((p) => rowOf[p.model]));
      const rows = this.rows.map((r, i) => {
        const { attrs, name, price } = this._row(r, i, verdict?.models?.[rowOf.indexOf(i)]);
        return `<tr class="builder-row${troubled.has(i) ? " problem" : ""}" ${attrs}><td>${name}</td><td class="count"><button class="small" data-action="less" title="One fewer">−</button><span class="n">${r.count}</span><button class="small" data-action="more" title="One more">+</button></td><td class="points">× ${price}</td></tr>`;
      });
      const parts = [rows.length ? `<table><tbody>${rows.join("")}</tbody></table>` : `<p class="muted">${this.words.empty}</p>`];
      const noun = this.words.noun;
      let total = "";
      if (!this.rows.length) total = "";
      else if (!verdict) total = "Checking with the server…";
      else if (verdict.total === null) total = `The server cannot price this ${noun} (see below).`;
      else total = this._total(verdict, rowOf.length);
      parts.push(`<p class="builder-total" data-valid="${verdict?.valid ? "true" : "false"}">${escape(total)}</p>`);
      if (verdict?.problems?.length) parts.push(problemsList(verdict.problems));
      else if (verdict?.valid) parts.push(`<p class="builder-ok">The server accepts this ${noun}.</p>`);
      if (this.refusal) parts.push(`<p class="error builder-refusal">${escape(this.refusal)}</p>`);
      parts.push(this._actionButton(verdict));
      box.innerHTML = parts.join("");
    }
  };

  // src/builder.js
  var ListBuilder = class extends ListBuilderCore {
    // hooks: catalog (the `catalog` reply), options (the match's), checkList(list,
    // options) -> Promise, submit(list) -> Promise of null (sent) or the refusal
    constructor(parent, hooks) {
      super(parent, hooks, { noun: "list", empty: "Add profiles from the catalog on the left." });
      this.byName = new Map(this.catalog.profiles.map((p) => [p.name, p]));
      this.name = "My warband";
      this.roster = this.catalog.rosters[0] || "";
      this.sending = false;
    }
    open() {
      const presets = this.catalog.presets.map((p) => `<option value="${escape(p.key)}">${escape(p.name)}${p.problems.length ? " (does not fit as it is)" : ""}</option>`);
      const rosters = this.catalog.rosters.map((r) => `<option${r === this.roster ? " selected" : ""}>${escape(r)}</option>`);
      this._mount({
        label: "Build your warband",
        title: "Build your warband",
        nameLabel: "List name",
        note: `limit ${this.catalog.points_limit} points; prices and checks by the server`,
        filters: `<label>Roster <select class="builder-roster"><option value="">All rosters</option>
          ${rosters.join("")}</select></label>
        <label>Search <input class="builder-search" placeholder="name or rule"></label>
        <label>Start from <select class="builder-preset"><option value="">a ready-made
          list…</option>${presets.join("")}</select></label>`,
        catalog: '<div class="builder-profiles"></div>'
      });
      this._renderCatalog();
      this._renderList();
    }
    list() {
      const models = this.rows.flatMap((r) => Array(r.count).fill({ profile: r.entry }));
      return { name: this.name.trim() || "My warband", models };
    }
    // -- changes -------------------------------------------------------------------
    _act(action, button2) {
      const profile = button2.closest("[data-profile]")?.dataset.profile;
      if (action === "add" || action === "more") this._count(profile, 1);
      else if (action === "less") this._count(profile, -1);
      else if (action === "submit-built") this._submit();
    }
    _inputMore(target, typed, picked) {
      if (picked && target.classList.contains("builder-roster")) {
        this.roster = target.value;
        this._renderCatalog();
      }
    }
    _preset(key3) {
      const preset = this.catalog.presets.find((p) => p.key === key3);
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
      const shown = this.catalog.profiles.filter((p) => (!this.roster || p.roster === this.roster) && (!this.search || `${p.name} ${p.rules.join(" ")}`.toLowerCase().includes(this.search)));
      const rows = shown.map((p) => `<tr data-profile="${escape(p.name)}" class="builder-profile">
      <td>${escape(p.name)}${p.personality ? ' <span class="tag" title="Personality: at most a third of the points limit goes on these">P</span>' : ""}</td>
      <td>Q${p.quality}+</td><td>C${p.combat}</td>
      <td class="rules">${escape(p.rules.join(", ") || "—")}</td>
      <td class="points">${p.points ?? "?"} pts</td>
      <td>${p.problems.length ? `<span class="muted" title="${escape(p.problems.join(" "))}">not playable</span>` : '<button class="small" data-action="add">Add</button>'}</td></tr>`);
      this.root.querySelector(".builder-profiles").innerHTML = catalogTable(
        ["Profile", "Q", "C", "Rules", "Price", ""],
        rows,
        "No profile matches."
      );
    }
    // A row of the list: the profile, priced by the verdict (else the catalog).
    _row(r, i, model) {
      const price = model?.points ?? this.byName.get(r.entry)?.points;
      return {
        attrs: `data-profile="${escape(r.entry)}"`,
        name: escape(r.entry),
        price: `${price ?? "?"} pts`
      };
    }
    _total(verdict) {
      return `Total ${verdict.total} / ${verdict.points_limit} points · Personalities ${verdict.personality_points} points`;
    }
    _actionButton(verdict) {
      const ready = verdict?.valid && !this.sending;
      return `<button class="primary" data-action="submit-built"${ready ? "" : " disabled"}>${this.sending ? "Submitting…" : "Submit this list (kept secret until both are in)"}</button>`;
    }
  };

  // src/lists.js
  function randomSalt() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  function presetList(preset) {
    return { name: preset.name, models: preset.models.map((m) => ({ profile: m })) };
  }
  var ListChooser = class {
    // hooks: catalog(options) -> Promise, checkList(list, options) -> Promise,
    // submit(list) -> Promise (sends submit_list with a fresh salt), status(text),
    // rerender() (the prompt panel, once the catalog has come)
    constructor(hooks) {
      this.hooks = hooks;
      this.catalogs = /* @__PURE__ */ new Map();
      this.builder = null;
    }
    _options(view) {
      const limit = view?.options?.points_limit;
      return limit ? { points_limit: limit } : {};
    }
    catalogFor(view) {
      const key3 = JSON.stringify(this._options(view));
      if (!this.catalogs.has(key3)) {
        this.catalogs.set(key3, null);
        this.hooks.catalog(this._options(view)).then((catalog) => {
          this.catalogs.set(key3, catalog);
          this.hooks.rerender();
        }).catch((error) => {
          this.catalogs.set(key3, error);
          this.hooks.rerender();
        });
      }
      return this.catalogs.get(key3);
    }
    // The inside of the submit_list option row.
    row(c, view) {
      const catalog = this.catalogFor(view);
      const label = `<span class="label">${escape(c.spec.label)}</span> `;
      if (catalog === null) return `${label}<span class="muted">Loading the warband lists…</span>`;
      if (catalog instanceof Error) {
        return `${label}<span class="error">Could not load the warband lists: ${escape(catalog.message)}</span>`;
      }
      const fitting = catalog.presets.filter((p) => !p.problems.length);
      const options = fitting.map((p) => `<option value="${escape(p.key)}">${escape(p.name)} (${p.points} pts, ${p.models.length} models)</option>`);
      const presets = fitting.length ? `<select class="preset" data-spec="${c.index}">${options.join("")}</select> <button class="do primary" data-action="submit-list" data-spec="${c.index}">Submit list</button>` : '<span class="muted">No ready-made list fits this match.</span>';
      return `${label}${presets} <button data-action="build-list" data-spec="${c.index}">Build your own list…</button> <span class="muted">(limit ${catalog.points_limit} points)</span>`;
    }
    // A click in the row; true if it was ours.
    click(button2, panel, view) {
      const action = button2.dataset.action;
      const catalog = this.catalogFor(view);
      if (action === "submit-list") {
        const select = panel.querySelector(`select.preset[data-spec="${button2.dataset.spec}"]`);
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
          catalog,
          options: this._options(view),
          checkList: (list, options) => this.hooks.checkList(list, options),
          submit: (list) => this.hooks.submit(list)
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
  };

  // src/tournaments.js
  var TIE_BREAK_NAMES = {
    strength_of_schedule: ["SoS", "strength of schedule: the opponents' points"],
    average_strength_of_schedule: ["avg SoS", "average strength of schedule"],
    vp_differential: ["VP diff", "victory points scored minus victory points conceded"],
    head_to_head: ["H2H", "head to head: points from games against the players level with them"],
    buchholz: ["Buchholz", "Buchholz: the opponents' scores"],
    median_buchholz: ["median Buchholz", "Buchholz without the best and worst opponent"],
    sonneborn_berger: ["S-B", "Sonneborn-Berger: the scores of the opponents beaten, and half of those drawn with"]
  };
  var tieBreakHeading = (key3) => TIE_BREAK_NAMES[key3] ? el("abbr", { title: TIE_BREAK_NAMES[key3][1] }, TIE_BREAK_NAMES[key3][0]) : key3;
  var FORMAT_NAMES = {
    swiss: "Swiss",
    round_robin: "Round robin",
    knockout: "Knockout",
    pools_knockout: "Pools then knockout",
    swiss_knockout: "Swiss then top cut",
    double_elimination: "Double elimination"
  };
  var STATUS_WORDS = {
    registration: "taking entries",
    running: "under way",
    finished: "finished"
  };
  var formatName = (format) => FORMAT_NAMES[format] || String(format).replace(/_/g, " ");
  var statusWords = (status) => STATUS_WORDS[status] || status;
  var HOW = {
    played: "",
    round_time: " (round time)",
    no_show: " (no-show)",
    forfeit: " (forfeit)",
    aborted: " (aborted)",
    bye: "",
    corrected: " (corrected)"
  };
  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key3, value] of Object.entries(attrs)) {
      if (value === void 0 || value === null || value === false) continue;
      node.setAttribute(key3, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === void 0 || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  function table(headings, rows, attrs = {}) {
    return el(
      "table",
      attrs,
      el("thead", {}, el("tr", {}, headings.map((h) => el("th", {}, h)))),
      el("tbody", {}, rows)
    );
  }
  function failed(app2, error) {
    app2.status(error.message || String(error), "error");
  }
  async function renderEventList(root, app2) {
    const list = el("div", { id: "event-list" }, el("p", { class: "muted" }, "Loading…"));
    const sections = [el("section", { class: "card wide" }, el("h2", {}, "Events"), list)];
    if (!app2.account?.guest) sections.push(createForm(app2));
    root.replaceChildren(...sections);
    try {
      const { events } = await app2.conn.request("list_events", { limit: 50 });
      list.replaceChildren(events.length ? table(
        ["Event", "Format", "Status", "Players"],
        events.map((e) => el(
          "tr",
          { "data-event": e.event_id },
          el("td", {}, el("a", { href: `#/event/${e.event_id}` }, e.name)),
          el("td", {}, formatName(e.format)),
          el("td", {}, statusWords(e.status)),
          el("td", {}, e.players)
        ))
      ) : el("p", { class: "muted" }, "No events yet."));
    } catch (error) {
      list.textContent = error.message;
    }
  }
  function createForm(app2) {
    const form = el(
      "form",
      { id: "event-form", class: "grid-form" },
      el("label", {}, "Name ", el("input", { name: "name", required: true, maxlength: 64 })),
      el("label", {}, "Format ", el(
        "select",
        { name: "format" },
        Object.entries(FORMAT_NAMES).map(([value, name]) => el("option", { value }, name))
      )),
      el("label", {}, "Rounds (Swiss) ", el("input", {
        name: "rounds",
        type: "number",
        min: 1,
        value: 3
      })),
      el("label", {}, "Top cut (Swiss then top cut) ", el("input", {
        name: "cut",
        type: "number",
        min: 2,
        value: 8
      })),
      el("label", {}, "Pool size (pools) ", el("input", {
        name: "pool_size",
        type: "number",
        min: 2,
        value: 4
      })),
      el("label", {}, "Through from each pool ", el("input", {
        name: "pool_qualifiers",
        type: "number",
        min: 1,
        value: 2
      })),
      el("label", {}, "Round 1 starts at (optional) ", el("input", {
        name: "first_start",
        type: "datetime-local"
      })),
      el("label", {}, "Minutes between round starts ", el("input", {
        name: "gap",
        type: "number",
        min: 1,
        value: 90
      })),
      el("label", {}, "Points ", el("select", { name: "points" }, ["200", "300", "400"].map(
        (p) => el("option", { selected: p === "300" }, p)
      ))),
      el("label", {}, "Round length (minutes) ", el("input", {
        name: "minutes",
        type: "number",
        min: 1,
        value: 60
      })),
      el("label", {}, "Past round time ", el(
        "select",
        { name: "timeout_rule" },
        el("option", { value: "points" }, "scenario points decide"),
        el("option", { value: "draw" }, "a draw")
      )),
      el(
        "label",
        { class: "check" },
        el("input", { name: "check_in", type: "checkbox" }),
        " Check-in"
      ),
      el(
        "label",
        { class: "check" },
        el("input", { name: "hidden", type: "checkbox" }),
        " Lists hidden until round 1"
      ),
      el("button", { type: "submit" }, "Create the event")
    );
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const f = form.elements;
      const settings = {
        format: f.format.value,
        points_limit: Number(f.points.value),
        round_length: Number(f.minutes.value) * 60,
        timeout_rule: f.timeout_rule.value,
        check_in: f.check_in.checked,
        list_policy: f.hidden.checked ? "hidden" : "open"
      };
      if (swissRounds(f)) settings.rounds = Number(f.rounds.value);
      if (f.format.value === "swiss_knockout") settings.cut = Number(f.cut.value);
      if (f.format.value === "pools_knockout") {
        settings.pool_size = Number(f.pool_size.value);
        settings.pool_qualifiers = Number(f.pool_qualifiers.value);
      }
      if (f.first_start.value) settings.round_starts = schedule(f);
      try {
        const created = await app2.conn.request("create_event", {
          name: f.name.value,
          system: "sbh",
          settings
        });
        app2.go(`#/event/${created.event_id}`);
      } catch (error) {
        failed(app2, error);
      }
    });
    return el("section", { class: "card" }, el("h2", {}, "Organise an event"), form);
  }
  function swissRounds(f) {
    return ["swiss", "swiss_knockout"].includes(f.format.value);
  }
  function schedule(f) {
    const first = new Date(f.first_start.value).getTime() / 1e3;
    const count = f.format.value === "swiss" ? Number(f.rounds.value) : 10;
    return Array.from({ length: count }, (_, i) => first + i * Number(f.gap.value) * 60);
  }
  var EventScreen = class {
    constructor(root, app2, eventId) {
      this.root = root;
      this.app = app2;
      this.eventId = eventId;
      this.event = null;
    }
    show() {
      this.root.replaceChildren(el("p", { class: "muted" }, "Loading…"));
      this.app.pushHandlers.set("event_round_started", (f) => this.pushed(f, `Round ${f.round} ` + (f.bye ? "started: you have a bye." : `started: your game against ${f.opponent}.`)));
      this.app.pushHandlers.set("event_finished", (f) => this.pushed(f, "The event is over."));
      this.refresh();
    }
    hide() {
      this.app.pushHandlers.delete("event_round_started");
      this.app.pushHandlers.delete("event_finished");
    }
    pushed(frame, text) {
      if (frame.event_id !== this.eventId) return;
      this.app.status(text);
      this.refresh();
    }
    async refresh() {
      try {
        this.event = await this.app.conn.request("get_event", { event_id: this.eventId });
      } catch (error) {
        this.root.replaceChildren(el("p", { class: "error" }, error.message));
        return;
      }
      const ev = this.event;
      const me = ev.entries.find((e) => e.player === this.app.account.account_id);
      const head = el(
        "section",
        { class: "card wide event-head" },
        el("h2", {}, ev.name),
        el(
          "p",
          {},
          `${formatName(ev.settings.format)} · ${ev.settings.points_limit ?? 300} points · `,
          el("span", { class: "event-status" }, statusWords(ev.status)),
          ev.total_rounds ? ` · ${ev.rounds.length} of ${ev.total_rounds} rounds` : ""
        ),
        ev.next_round_at ? el(
          "p",
          { class: "next-round" },
          "Next round at ",
          new Date(ev.next_round_at * 1e3).toLocaleString()
        ) : null,
        ev.problem ? el("p", { class: "error" }, ev.problem) : null,
        await this.entryBox(me),
        this.nextGame(me)
      );
      const parts = [head, renderBracket(ev), this.pairings(), this.standings()].filter(Boolean);
      if (ev.you_organise) parts.push(this.organiser());
      this.root.replaceChildren(...parts);
    }
    async entryBox(me) {
      const ev = this.event;
      const box = el("div", { class: "entry" });
      if (me && !["withdrawn", "dropped"].includes(me.status)) {
        box.append(el("p", {}, "You are entered (", el(
          "span",
          { class: "my-entry" },
          me.status
        ), ")."));
        if (ev.settings.check_in && me.status === "registered" && ev.status === "registration") {
          box.append(this.button("check-in", "Check in", () => this.ask("check_in", {})));
        }
        if (ev.status !== "finished") {
          box.append(this.button("withdraw", "Withdraw", () => this.ask("withdraw_event", {})));
        }
        return box;
      }
      if (me || ev.status === "finished") return box;
      let catalog;
      try {
        catalog = await this.app.conn.request("catalog", {
          system: ev.system,
          options: { points_limit: ev.settings.points_limit ?? 300 }
        });
      } catch (error) {
        return el("p", { class: "error" }, error.message);
      }
      const fitting = catalog.presets.filter((p) => !p.problems.length);
      const select = el("select", { class: "event-list" }, fitting.map((p) => el("option", { value: p.key }, `${p.name} (${p.points} points)`)));
      const club = el("input", {
        class: "event-club",
        placeholder: "club (optional)",
        maxlength: 64
      });
      box.append(
        el("label", {}, "Your list (locked for the event) ", select),
        " ",
        club,
        " ",
        this.button("register", "Register", () => {
          const preset = fitting.find((p) => p.key === select.value);
          return this.ask("register_event", {
            warband: presetList(preset),
            club: club.value || null
          });
        })
      );
      return box;
    }
    nextGame(me) {
      if (!me) return null;
      const current = this.event.rounds.at(-1);
      const mine = current?.pairings.find((p) => p.result === null && [p.player_a, p.player_b].includes(me.player));
      if (!mine || current.status !== "playing") return null;
      return el(
        "p",
        { class: "next-game" },
        `Your game of round ${current.round}: `,
        el("a", { href: `#/match/${mine.match_id}` }, `against ${mine.player_a === me.player ? mine.name_b : mine.name_a}`)
      );
    }
    pairings() {
      const rounds = this.event.rounds.slice().reverse().map((r) => el(
        "div",
        { class: "round", "data-round": r.round },
        el("h3", {}, `Round ${r.round} (${r.status})`),
        table(["Table", "Player", "Opponent", "Result", "Game"], r.pairings.map((p) => el(
          "tr",
          { "data-table": p.table },
          el("td", {}, p.table),
          el("td", {}, p.name_a),
          el("td", {}, p.bye ? "bye" : p.name_b),
          el(
            "td",
            { class: "result" },
            this.resultText(p),
            p.corrected_why ? el("span", { class: "muted" }, ` — ${p.corrected_why}`) : null
          ),
          el("td", {}, p.bye ? "" : p.result ? el(
            "a",
            { href: `#/replay/${p.match_id}` },
            "replay"
          ) : el("a", { href: `#/watch/${p.match_id}` }, "watch"))
        )))
      ));
      return el(
        "section",
        { class: "card wide" },
        el("h2", {}, "Pairings"),
        rounds.length ? rounds : el("p", { class: "muted" }, "Not paired yet.")
      );
    }
    resultText(p) {
      if (!p.result) return "playing";
      if (p.bye) return "bye";
      const winner = p.result.winner === null ? "draw" : `${p.result.winner === p.player_a ? p.name_a : p.name_b} won`;
      return `${winner} ${p.result.vp_a}–${p.result.vp_b}${HOW[p.result.how] ?? ""}`;
    }
    standings() {
      const columns = this.event.settings.tie_breaks;
      return el(
        "section",
        { class: "card wide" },
        el("h2", {}, "Standings"),
        table(
          ["#", "Player", "Points", ...columns.map(tieBreakHeading)],
          this.event.standings.map((s) => el(
            "tr",
            { "data-player": s.player },
            el("td", {}, s.rank),
            el("td", {}, s.name),
            el("td", { class: "points" }, s.points),
            columns.map((c) => el("td", {}, s.tie_breaks[c]))
          )),
          { id: "standings" }
        )
      );
    }
    organiser() {
      const ev = this.event;
      const controls = el("div", { class: "organiser" });
      if (ev.status === "registration") {
        controls.append(this.button(
          "start",
          "Start the event",
          () => this.ask("start_event", {})
        ));
      }
      if (ev.rounds.at(-1)?.status === "paired") {
        controls.append(this.button(
          "repair",
          "Pair the round again",
          () => this.ask("repair_round", {})
        ));
      }
      const rows = ev.entries.filter((e) => !["withdrawn", "dropped"].includes(e.status)).map((e) => el(
        "tr",
        { "data-entry": e.player },
        el("td", {}, e.name),
        el("td", {}, e.status),
        el(
          "td",
          {},
          this.button("drop", "Drop", () => this.ask("drop_player", { player: e.player })),
          ["swiss", "swiss_knockout"].includes(ev.settings.format) ? this.button(
            "bye",
            "Bye next round",
            () => this.ask("give_bye", { player: e.player })
          ) : null
        )
      ));
      if (ev.status !== "finished") controls.append(table(["Player", "Status", ""], rows));
      const games = ev.rounds.flatMap((r) => r.pairings.filter((p) => !p.bye && p.result).map((p) => ({ r, p })));
      if (games.length) controls.append(this.correctForm(games));
      return el("section", { class: "card wide" }, el("h2", {}, "Organiser"), controls);
    }
    correctForm(games) {
      const pick = el("select", { name: "game" }, games.map(({ r, p }, i) => el(
        "option",
        { value: i },
        `Round ${r.round}, table ${p.table}: ${p.name_a} v ${p.name_b}`
      )));
      const winner = el("select", { name: "winner" });
      const fill = () => {
        const { p } = games[Number(pick.value)];
        winner.replaceChildren(
          el("option", { value: p.player_a }, `${p.name_a} won`),
          el("option", { value: p.player_b }, `${p.name_b} won`),
          el(
            "option",
            { value: "" },
            "a draw"
          )
        );
      };
      pick.addEventListener("change", fill);
      fill();
      const why = el("input", {
        name: "why",
        required: true,
        maxlength: 200,
        placeholder: "why (shown with the result)"
      });
      const form = el(
        "form",
        { id: "correct-form", class: "grid-form" },
        el("label", {}, "Game ", pick),
        el("label", {}, "Result ", winner),
        why,
        el("button", { type: "submit" }, "Correct the result")
      );
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        const { r, p } = games[Number(pick.value)];
        this.ask("correct_result", {
          round: r.round,
          table: p.table,
          winner: winner.value || null,
          why: why.value,
          vp_a: p.result.vp_a,
          vp_b: p.result.vp_b
        });
      });
      return form;
    }
    button(action, label, onClick) {
      const button2 = el(
        "button",
        { type: "button", class: "small", "data-action": action },
        label
      );
      button2.addEventListener("click", onClick);
      return button2;
    }
    async ask(kind, fields) {
      try {
        await this.app.conn.request(kind, { event_id: this.eventId, ...fields });
      } catch (error) {
        failed(this.app, error);
      }
      await this.refresh();
    }
  };

  // src/board_fit.js
  var MARGIN_PX = 16;
  function fitBoard(container, aspect, zoom) {
    const svg = container.querySelector("svg");
    if (!svg || !aspect || !container.isConnected) return;
    const top = container.getBoundingClientRect().top + window.scrollY;
    const high = Math.max(260, window.innerHeight - top - MARGIN_PX);
    container.style.maxHeight = `${high}px`;
    const across = container.clientWidth || 900;
    const fit = Math.floor(Math.min(across, high / aspect));
    svg.style.width = `${Math.round(fit * zoom)}px`;
    container.classList.toggle("zoomed", zoom > 1);
  }
  function tellTurn(panel, mine, playerName2) {
    const waiting = panel.finished ? [] : (panel.prompt?.waiting || []).filter((s) => s !== panel.seat).map((s) => playerName2(s, panel.players, panel.warbands));
    const key3 = `${panel.prompt?.seq}|${mine}|${waiting.join()}`;
    if (key3 === panel.toldTurn) return;
    panel.toldTurn = key3;
    panel.hooks.turn?.({ mine, waiting, seq: panel.prompt?.seq ?? null });
  }
  function sendOption(panel, spec) {
    const args = { ...spec.args, ...panel.chosen };
    panel.busy = true;
    panel.render();
    Promise.resolve(panel.hooks.send(spec.type, args)).catch((error) => {
      panel.busy = false;
      panel.reset(false);
      panel.showError(error.message || String(error));
    });
  }

  // src/names.js
  var SEAT_COLOURS = { a: "#2563c9", b: "#c62f2f" };
  function shortName(name) {
    const plain = String(name).replace(/\s*\([^)]*\)/g, "").replace(/,\s*/g, " ").trim();
    return plain || String(name);
  }
  function displayNames(figures) {
    const groups = /* @__PURE__ */ new Map();
    for (const fig of figures) {
      const key3 = `${fig.seat}|${shortName(fig.name)}`;
      if (!groups.has(key3)) groups.set(key3, []);
      groups.get(key3).push(fig);
    }
    const names = /* @__PURE__ */ new Map();
    for (const members2 of groups.values()) {
      members2.forEach((fig, index) => {
        const base = shortName(fig.name);
        names.set(fig.id, members2.length > 1 ? `${base} ${index + 1}` : base);
      });
    }
    return names;
  }
  function ownedNames(figures, whose, names = displayNames(figures)) {
    const seats = /* @__PURE__ */ new Map();
    for (const fig of figures) {
      const base = shortName(fig.name);
      if (!seats.has(base)) seats.set(base, /* @__PURE__ */ new Set());
      seats.get(base).add(fig.seat);
    }
    const out = /* @__PURE__ */ new Map();
    for (const fig of figures) {
      const name = names.get(fig.id);
      out.set(fig.id, seats.get(shortName(fig.name)).size > 1 ? `${name} (${whose(fig.seat)})` : name);
    }
    return out;
  }
  function tokenText(display) {
    const match = display.match(/^(.*?)(?:\s(\d+))?$/);
    const words2 = match[1].split(/\s+/).filter(Boolean);
    const initials = words2.length > 1 ? words2.slice(0, 2).map((w) => w[0].toUpperCase()).join("") : (words2[0] || "?").slice(0, 2);
    return initials + (match[2] || "");
  }
  function seatName(seat, players = {}, warbands = {}) {
    const who = players[seat];
    const band = warbands[seat];
    if (who && band) return `${who} (${band})`;
    return who || band || playerNumber(seat);
  }
  function playerName(seat, players = {}, warbands = {}) {
    return players[seat] || warbands[seat] || playerNumber(seat);
  }
  function playerNumber(seat) {
    const n = typeof seat === "string" && /^[a-z]$/.test(seat) ? seat.charCodeAt(0) - 96 : null;
    return n ? `Player ${n}` : "a player";
  }
  function figureWords(text, figures, names, preferId = null) {
    const byProfile = /* @__PURE__ */ new Map();
    for (const f of figures || []) {
      if (!byProfile.has(f.name)) byProfile.set(f.name, []);
      byProfile.get(f.name).push(f);
    }
    let out = String(text);
    for (const [profile, members2] of [...byProfile].sort((x, y) => y[0].length - x[0].length)) {
      if (!out.includes(profile)) continue;
      const one = members2.length === 1 ? members2[0] : members2.find((f) => f.id === preferId);
      out = out.split(profile).join(one ? names.get(one.id) || shortName(profile) : shortName(profile));
    }
    return out;
  }

  // src/objectives.js
  var OBJECT_STYLES = {
    token: { fill: "#f2c94c", stroke: "#7a5b00", label: "Treasure token (a model ending its move next to it rolls: 5-6 the treasure is found)" },
    treasure: { fill: "#b7791f", stroke: "#3d2600", label: "The treasure, found (2 actions to pick up from next to it)" },
    item: { fill: "#7c3aed", stroke: "#2e1065", label: "The magic item, found (2 actions to pick up from next to it)" },
    carrier: { fill: "#f2c94c", stroke: "#3d2600", label: "Carries the treasure / item" },
    power: { fill: "#a855f7", stroke: "#6b21a8", label: "Place of Power (magic-users in it: +1 to cast, never out of power; +3 VP each)" },
    feature: { fill: "none", stroke: "#0f172a", label: "Terrain feature to nominate as the Place of Power (its number)" },
    altar: { fill: "#e11d48", stroke: "#4c0519", label: "Spellcasting altar (+1 to cast on or next to it)" },
    marker: { fill: "#3a3a3a", stroke: "#f2c94c", label: "Ambush marker (a hidden figure or a dummy; only its owner knows which: on your own markers, the figure, or – for a dummy)" }
  };
  var key = (h) => `${h[0]},${h[1]}`;
  function isQuest(view) {
    return view?.options?.scenario === "quest_for_a_magic_item";
  }
  function tableObjects(view) {
    return {
      power: new Set((view?.place_of_power || []).map(key)),
      tokens: new Set((view?.tokens || []).map(key)),
      treasureAt: view?.treasure?.at ? key(view.treasure.at) : null,
      carrier: view?.treasure?.carrier || null,
      altars: new Set((view?.options?.spellcasting_altars || []).map(key)),
      features: (view?.features || []).map((f, index) => ({ ...f, index })),
      markers: new Map((view?.markers || []).map((m) => [key(m.at), m]))
    };
  }
  function drawAreas(view, centre2, corners2) {
    const objects = tableObjects(view);
    const out = ['<g class="areas" pointer-events="none">'];
    const p = OBJECT_STYLES.power;
    for (const hex of objects.power) {
      const [x, y] = centre2(...hex.split(",").map(Number));
      out.push(`<polygon points="${corners2(x, y, 0.84)}" class="place-of-power" data-power="${hex}" fill="${p.fill}" fill-opacity="0.12" stroke="${p.stroke}" stroke-width="0.16"/><text x="${x}" y="${y + 0.2}" class="power-star">✦</text>`);
    }
    for (const feature of objects.features) {
      for (const h of feature.hexes) {
        const [x2, y2] = centre2(h[0], h[1]);
        out.push(`<polygon points="${corners2(x2, y2, 0.9)}" fill="none" stroke="#0f172a" stroke-width="0.08" stroke-dasharray="0.12 0.08" class="feature-outline" data-feature="${feature.index}"/>`);
      }
      const [cx, cy] = centre2(feature.hexes[0][0], feature.hexes[0][1]);
      const [x, y] = [cx - 0.45, cy - 0.45];
      out.push(`<g class="feature-number" data-feature="${feature.index}"><circle cx="${x}" cy="${y}" r="0.36" fill="#0f172a"/><text x="${x}" y="${y + 0.15}" class="object-text light small">${feature.index + 1}</text></g>`);
    }
    out.push("</g>");
    return out.join("");
  }
  function drawObjects(view, centre2, names, marked = /* @__PURE__ */ new Map()) {
    const objects = tableObjects(view);
    const out = ['<g class="objects">'];
    const put = (hex, cls, body, title) => {
      out.push(`<g class="object ${cls}" data-hex="${hex}" data-object="${cls}">${body}<title>${escape(title)}</title></g>`);
    };
    for (const hex of objects.altars) {
      const [x, y] = centre2(...hex.split(",").map(Number));
      const s = OBJECT_STYLES.altar;
      put(
        hex,
        "altar",
        `<polygon points="${x},${y - 0.5} ${x + 0.45},${y + 0.35} ${x - 0.45},${y + 0.35}" fill="${s.fill}" stroke="${s.stroke}" stroke-width="0.06"/>`,
        s.label
      );
    }
    for (const hex of objects.tokens) {
      const [x, y] = centre2(...hex.split(",").map(Number));
      const s = OBJECT_STYLES.token;
      put(hex, "token", `<circle cx="${x}" cy="${y}" r="0.42" fill="${s.fill}" stroke="${s.stroke}" stroke-width="0.08"/><text x="${x}" y="${y + 0.17}" class="object-text">T</text>`, s.label);
    }
    if (objects.treasureAt) {
      const [x, y] = centre2(...objects.treasureAt.split(",").map(Number));
      const s = isQuest(view) ? OBJECT_STYLES.item : OBJECT_STYLES.treasure;
      put(objects.treasureAt, isQuest(view) ? "item" : "treasure", `<rect x="${x - 0.45}" y="${y - 0.32}" width="0.9" height="0.64" rx="0.1" fill="${s.fill}" stroke="${s.stroke}" stroke-width="0.08"/><text x="${x}" y="${y + 0.17}" class="object-text light">${isQuest(view) ? "★" : "$"}</text>`, s.label);
    }
    for (const [hex, m] of objects.markers) {
      const [x, y] = centre2(...hex.split(",").map(Number));
      const s = OBJECT_STYLES.marker;
      const ring = marked.get(m.marker);
      const hidden = m.hides === void 0 ? null : m.hides === "dummy" ? "dummy" : names.get(m.hides) || m.hides;
      const face = hidden === null ? "?" : hidden === "dummy" ? "–" : tokenText(hidden);
      const title = hidden === null ? `Ambush marker ${m.marker}: a hidden figure or a dummy` : `Ambush marker ${m.marker}: ${hidden === "dummy" ? "a dummy" : `hides ${hidden}`} (only you can see this)`;
      out.push(`<g class="marker${ring ? " legal" : ""}" data-marker="${escape(m.marker)}" data-hides="${escape(m.hides ?? "")}">` + (ring ? `<circle cx="${x}" cy="${y}" r="0.82" fill="${ring}" fill-opacity="0.3" stroke="${ring}" stroke-width="0.14" class="legal-ring"/>` : "") + `<rect x="${x - 0.45}" y="${y - 0.45}" width="0.9" height="0.9" rx="0.12" fill="${s.fill}" stroke="${s.stroke}" stroke-width="0.08"${hidden === null ? "" : ' stroke-dasharray="0.15 0.08"'}/><text x="${x}" y="${y + 0.16}" class="marker-text${face.length > 1 ? " small" : ""}">${escape(face)}</text><title>${escape(title)}</title></g>`);
    }
    out.push("</g>");
    return out.join("");
  }
  function carrierBadge(view, fig, x, y) {
    if (!view?.treasure?.carrier || view.treasure.carrier !== fig.id) return "";
    const s = OBJECT_STYLES.carrier;
    return `<rect x="${x - 0.72}" y="${y - 0.72}" width="0.42" height="0.42" rx="0.06" fill="${s.fill}" stroke="${s.stroke}" stroke-width="0.05" class="carrier-badge"/><text x="${x - 0.51}" y="${y - 0.42}" class="badge-text">${isQuest(view) ? "★" : "$"}</text>`;
  }
  function objectLegend(view) {
    const o = tableObjects(view);
    const present = [];
    if (o.tokens.size) present.push("token");
    if (o.treasureAt) present.push(isQuest(view) ? "item" : "treasure");
    if (o.carrier) present.push("carrier");
    if (o.power.size) present.push("power");
    if (o.features.length) present.push("feature");
    if (o.altars.size) present.push("altar");
    if (o.markers.size) present.push("marker");
    return present.map((kind) => {
      const s = OBJECT_STYLES[kind];
      return `<span class="legend-item" data-legend="${kind}"><svg viewBox="0 0 2 2" width="18" height="18"><rect x="0.2" y="0.2" width="1.6" height="1.6" rx="0.4" fill="${s.fill}" stroke="${s.stroke}" stroke-width="0.2"/></svg>${escape(s.label)}</span>`;
    });
  }
  function objectsAt(view, hex, names) {
    const o = tableObjects(view);
    const words2 = [];
    if (o.power.has(hex)) words2.push("Place of Power");
    for (const f of o.features) {
      if (f.hexes.some((h) => key(h) === hex)) words2.push(`feature ${f.index + 1} (${f.kind})`);
    }
    if (o.tokens.has(hex)) words2.push("treasure token");
    if (o.treasureAt === hex) words2.push(isQuest(view) ? "the magic item" : "the treasure");
    if (o.altars.has(hex)) words2.push("spellcasting altar");
    const m = o.markers.get(hex);
    if (m) {
      words2.push(m.hides === void 0 ? `ambush marker ${m.marker}` : `ambush marker ${m.marker} (${m.hides === "dummy" ? "a dummy" : `hides ${names.get(m.hides) || m.hides}`})`);
    }
    return words2;
  }

  // src/terrain.js
  var KIND_STYLES = {
    open: { fill: "#e8e3cf", label: "Open ground" },
    woods: { fill: "#5f8f4e", pattern: "trees", label: "Woods (slow, blocks sight)" },
    rough: { fill: "#b9a27a", pattern: "dots", label: "Rough ground (slow)" },
    shallow_water: { fill: "#9cc7e0", pattern: "waves", label: "Shallow water (slow)" },
    swamp: { fill: "#7f9a76", pattern: "waves", label: "Swamp (slow)" },
    desert: { fill: "#e6cf8b", pattern: "dots", label: "Desert (slow)" },
    deep_water: { fill: "#3c78b5", pattern: "waves", label: "Deep water (impassable)" },
    hill: { fill: "#c9b98f", pattern: "contour", label: "Hill (elevated)" },
    boulder: { fill: "#7d7a76", pattern: "cross", label: "Boulder (impassable, blocks sight)" },
    building: { fill: "#8c5a3c", pattern: "bricks", label: "Building (impassable, blocks sight)" },
    interior: { fill: "#d8c3a5", pattern: "planks", label: "Interior (cramped)" },
    chasm: { fill: "#2b2b2b", label: "Chasm (impassable)" },
    slippery: { fill: "#cfe3e6", pattern: "slash", label: "Slippery" },
    bridge: { fill: "#9b7653", pattern: "planks", label: "Bridge (open ground over a river)" }
  };
  var UNKNOWN_KIND = { fill: "#ff00ff", label: "Unknown terrain" };
  var EDGE_STYLES = {
    low_wall: { stroke: "#6b6b6b", width: 0.28, label: "Low wall (slow, cover)" },
    hedge: { stroke: "#2f6b2a", width: 0.32, dash: "0.14 0.07", label: "Hedge (slow, cover)" },
    tall_wall: { stroke: "#1f1f1f", width: 0.4, label: "Tall wall (climb, blocks sight)" },
    cliff_short: {
      stroke: "#9a5b22",
      width: 0.26,
      dash: "0.22 0.08",
      label: "Cliff, Short drop"
    },
    cliff_medium: {
      stroke: "#7a4a1f",
      width: 0.34,
      dash: "0.22 0.08",
      label: "Cliff, Medium drop"
    },
    cliff_long: { stroke: "#5a3412", width: 0.42, dash: "0.22 0.08", label: "Cliff, Long drop" }
  };
  var UNKNOWN_EDGE = { stroke: "#ff00ff", width: 0.25, label: "Unknown edge" };
  function kindStyle(kind) {
    return KIND_STYLES[kind] || UNKNOWN_KIND;
  }
  function edgeStyle(kind) {
    return EDGE_STYLES[kind] || UNKNOWN_EDGE;
  }
  var PATTERNS = {
    trees: (c) => `<circle cx="${0.25 * c}" cy="${0.25 * c}" r="${0.14 * c}" fill="#3e6b32"/>
    <circle cx="${0.75 * c}" cy="${0.7 * c}" r="${0.14 * c}" fill="#3e6b32"/>`,
    dots: (c) => `<circle cx="${0.2 * c}" cy="${0.3 * c}" r="${0.05 * c}" fill="#7d6a48"/>
    <circle cx="${0.7 * c}" cy="${0.2 * c}" r="${0.04 * c}" fill="#7d6a48"/>
    <circle cx="${0.5 * c}" cy="${0.75 * c}" r="${0.05 * c}" fill="#7d6a48"/>`,
    waves: (c) => `<path d="M0 ${0.35 * c} q ${0.25 * c} ${-0.12 * c} ${0.5 * c} 0 t ${0.5 * c} 0
    M0 ${0.8 * c} q ${0.25 * c} ${-0.12 * c} ${0.5 * c} 0 t ${0.5 * c} 0"
    stroke="#ffffff" stroke-opacity="0.6" stroke-width="${0.05 * c}" fill="none"/>`,
    contour: (c) => `<circle cx="${0.5 * c}" cy="${0.5 * c}" r="${0.3 * c}" stroke="#8f7d55"
    stroke-width="${0.04 * c}" fill="none"/>`,
    cross: (c) => `<path d="M0 0 L${c} ${c} M${c} 0 L0 ${c}" stroke="#55524e"
    stroke-width="${0.06 * c}"/>`,
    bricks: (c) => `<path d="M0 ${0.5 * c} H${c} M${0.5 * c} 0 V${0.5 * c} M0 ${0.5 * c} V${c}"
    stroke="#5e3a25" stroke-width="${0.05 * c}" fill="none"/>`,
    planks: (c) => `<path d="M0 ${0.33 * c} H${c} M0 ${0.66 * c} H${c}" stroke="#b59d7c"
    stroke-width="${0.04 * c}"/>`,
    slash: (c) => `<path d="M0 ${c} L${c} 0" stroke="#8fb3b8" stroke-width="${0.05 * c}"/>`
  };

  // src/tokens.js
  function words(base) {
    return base.split(/[\s-]+/).filter(Boolean);
  }
  function cap(word, letters) {
    return word.charAt(0).toUpperCase() + word.slice(1, letters).toLowerCase();
  }
  function abbreviation(base, level) {
    const ws = words(base);
    if (!ws.length) return "?";
    if (ws.length === 1) return cap(ws[0], 2 + level);
    if (level === 0) return ws.slice(0, 2).map((w) => w[0].toUpperCase()).join("");
    const head = ws.slice(0, Math.min(ws.length - 1, 2)).map((w) => w[0].toUpperCase()).join("");
    return head + cap(ws[ws.length - 1], level);
  }
  function tokenLabels(figures, names) {
    const bases = /* @__PURE__ */ new Map();
    const counts = /* @__PURE__ */ new Map();
    for (const fig of figures) {
      if (!bases.has(fig.seat)) bases.set(fig.seat, /* @__PURE__ */ new Map());
      bases.get(fig.seat).set(shortName(fig.name), 0);
      const key3 = `${fig.seat}|${shortName(fig.name)}`;
      counts.set(key3, (counts.get(key3) || 0) + 1);
    }
    const chosen = /* @__PURE__ */ new Map();
    for (const [seat, levels] of bases) {
      for (let round = 0; round < 8; round += 1) {
        const byAbbr = /* @__PURE__ */ new Map();
        for (const [base, level] of levels) {
          const abbr = abbreviation(base, level);
          if (!byAbbr.has(abbr)) byAbbr.set(abbr, []);
          byAbbr.get(abbr).push(base);
        }
        const clashes = [...byAbbr.values()].filter((list) => list.length > 1);
        if (!clashes.length) break;
        for (const list of clashes) {
          list.sort((x, y) => counts.get(`${seat}|${y}`) - counts.get(`${seat}|${x}`) || x.localeCompare(y));
          const keep = levels.get(list[0]) > 0 ? 1 : 0;
          for (const base of list.slice(keep)) levels.set(base, levels.get(base) + 1);
        }
      }
      const seen = /* @__PURE__ */ new Map();
      for (const [base, level] of levels) {
        let abbr = abbreviation(base, level);
        const n = seen.get(abbr) || 0;
        seen.set(abbr, n + 1);
        if (n) abbr += String.fromCharCode(96 + n + 1);
        chosen.set(`${seat}|${base}`, abbr);
      }
    }
    const out = /* @__PURE__ */ new Map();
    for (const fig of figures) {
      const number = (names.get(fig.id) || "").match(/\s(\d+)$/)?.[1] || "";
      out.set(fig.id, chosen.get(`${fig.seat}|${shortName(fig.name)}`) + number);
    }
    return out;
  }
  function tokenFontSize(text) {
    return [0.5, 0.5, 0.5, 0.42, 0.34, 0.29][text.length] || 0.25;
  }
  function showsActivated(fig, view) {
    return !!fig.activated && (!view?.active_seat || fig.seat === view.active_seat);
  }
  var LABEL_FONT = 0.34;
  var CHAR_WIDTH = 0.56 * LABEL_FONT;
  function overlaps(a, b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
  }
  function placeLabels(spots, width) {
    const tokens = spots.map((s) => ({ x: s.x - 0.62, y: s.y - 0.62, w: 1.24, h: 1.24 }));
    const placed = [];
    const out = [];
    for (const spot of spots) {
      const w = spot.text.length * CHAR_WIDTH + 0.1;
      const h = LABEL_FONT + 0.06;
      const below = 0.72 + h;
      const above = -0.7;
      const tries = [
        [0, below],
        [0, above],
        [w / 2 + 0.2, below],
        [-w / 2 - 0.2, below],
        [w / 2 + 0.2, above],
        [-w / 2 - 0.2, above]
      ];
      for (const [dx, dy] of tries) {
        const cx = Math.min(Math.max(spot.x + dx, w / 2 - 0.25), width + 0.25 - w / 2);
        const box = { x: cx - w / 2, y: spot.y + dy - LABEL_FONT * 0.85, w, h };
        if (placed.some((b) => overlaps(b, box)) || tokens.some((t) => overlaps(t, box))) continue;
        placed.push(box);
        out.push({ id: spot.id, text: spot.text, x: cx, y: spot.y + dy });
        break;
      }
    }
    return out;
  }

  // src/trail_marks.js
  var PIPS = {
    1: [[0, 0]],
    2: [[-1, -1], [1, 1]],
    3: [[-1, -1], [0, 0], [1, 1]],
    4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
    6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]]
  };
  function dieFace(x, y, value, cls, size = 0.4) {
    const half = size / 2;
    const out = [
      `<g class="die ${cls}" data-value="${value}">`,
      `<rect x="${(x - half).toFixed(3)}" y="${(y - half).toFixed(3)}" width="${size}" height="${size}" rx="${size / 6}" class="die-face"/>`
    ];
    const pips = PIPS[value];
    if (pips) {
      for (const [px, py] of pips) {
        out.push(`<circle cx="${(x + px * size * 0.27).toFixed(3)}" cy="${(y + py * size * 0.27).toFixed(3)}" r="${size * 0.09}" class="pip"/>`);
      }
    } else {
      out.push(`<text x="${x.toFixed(3)}" y="${(y + size * 0.3).toFixed(3)}" class="die-number" style="font-size:${size * 0.8}px">${escape(String(value))}</text>`);
    }
    out.push("</g>");
    return out.join("");
  }
  function line(a, b, cls, colour, extra = "") {
    return `<line x1="${a[0].toFixed(3)}" y1="${a[1].toFixed(3)}" x2="${b[0].toFixed(3)}" y2="${b[1].toFixed(3)}" class="${cls}" stroke="${colour}"${extra}/>`;
  }
  function toward(a, b, by) {
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    return [a[0] + (b[0] - a[0]) * by / len, a[1] + (b[1] - a[1]) * by / len];
  }
  function drawStep(step, number, faded, centre2, seatOf) {
    const at = (hex) => centre2(hex[0], hex[1]);
    const head = `class="trail-step${faded ? " faded" : ""}" data-step="${number}" data-figure="${escape(step.figure || "")}"`;
    const out = [`<g ${head}>`];
    const over = [`<g ${head.replace("trail-step", "trail-over")}>`];
    let end = null;
    for (const move of step.moves) {
      const colour = SEAT_COLOURS[seatOf(move.figure)] || "#555";
      const to = at(move.to);
      if (move.from) {
        const from = at(move.from);
        out.push(`<circle cx="${from[0].toFixed(3)}" cy="${from[1].toFixed(3)}" r="0.18" class="trail-start" stroke="${colour}"/>`);
        out.push(line(
          from,
          toward(to, from, 0.62),
          "trail-path",
          colour,
          ` marker-end="url(#trail-arrow-${seatOf(move.figure) || "x"})" data-figure="${escape(move.figure)}" data-from="${move.from}" data-to="${move.to}"`
        ));
      }
      end = to;
    }
    for (const attack of step.attacks) {
      if (!attack.from || !attack.to) continue;
      const from = at(attack.from);
      const to = at(attack.to);
      out.push(line(
        toward(from, to, 0.5),
        toward(to, from, 0.62),
        `trail-attack ${attack.kind}`,
        "#d11",
        ` marker-end="url(#trail-arrow-attack)" data-attacker="${escape(attack.attacker)}" data-defender="${escape(attack.defender)}"`
      ));
      const len = Math.hypot(to[0] - from[0], to[1] - from[1]) || 1;
      let [nx, ny] = [(to[1] - from[1]) / len, -(to[0] - from[0]) / len];
      if (ny > 0) [nx, ny] = [-nx, -ny];
      const mid = [(from[0] + to[0]) / 2 + nx * 0.6, (from[1] + to[1]) / 2 + ny * 0.6];
      const [mine, theirs] = attack.dice;
      const won = attack.loser === "defender" ? "won" : attack.loser === "attacker" ? "lost" : "even";
      if (mine !== void 0) over.push(dieFace(mid[0] - 0.26, mid[1], mine, `attack-die ${won}`, 0.46));
      if (theirs !== void 0) over.push(dieFace(mid[0] + 0.26, mid[1], theirs, "defence-die", 0.46));
      end || (end = from);
    }
    for (const roll of step.rolls) {
      if (!roll.at) continue;
      const [x, y] = at(roll.at);
      roll.dice.forEach((value, i) => {
        const ok = value >= roll.target ? "success" : "failure";
        over.push(dieFace(x - 0.62 - i * 0.4, y - 0.62, value, `roll-die ${ok}`, 0.36));
      });
      end || (end = [x, y]);
    }
    for (const dead of step.killed) {
      if (!dead.at) continue;
      const [x, y] = at(dead.at);
      over.push(`<path d="M${x - 0.4},${y - 0.4}L${x + 0.4},${y + 0.4}M${x + 0.4},${y - 0.4}L${x - 0.4},${y + 0.4}" class="trail-killed" data-figure="${escape(dead.figure)}"/>`);
    }
    if (end) {
      over.push(`<g class="trail-number"><circle cx="${(end[0] - 0.55).toFixed(3)}" cy="${(end[1] + 0.5).toFixed(3)}" r="0.25"/><text x="${(end[0] - 0.55).toFixed(3)}" y="${(end[1] + 0.61).toFixed(3)}">${number}</text></g>`);
    }
    out.push("</g>");
    over.push("</g>");
    return [out.join(""), over.join("")];
  }
  function trailDefs() {
    const arrow = (id, colour) => `<marker id="trail-arrow-${id}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="${colour}"/></marker>`;
    return [
      ...Object.entries(SEAT_COLOURS).map(([seat, c]) => arrow(seat, c)),
      arrow("x", "#555"),
      arrow("attack", "#d11")
    ].join("");
  }
  function drawTrail(trail, centre2, seatOf) {
    if (!trail?.steps?.length) return ["", ""];
    const under = ['<g class="trail" pointer-events="none">'];
    const over = ['<g class="trail-top" pointer-events="none">'];
    trail.steps.forEach((step, i) => {
      if (trail.current !== null && trail.current !== void 0 && i !== trail.current) return;
      const faded = trail.current === null && i < trail.steps.length - 1;
      const [below, above] = drawStep(step, i + 1, faded, centre2, seatOf);
      under.push(below);
      over.push(above);
    });
    under.push("</g>");
    over.push("</g>");
    return [under.join(""), over.join("")];
  }

  // src/board.js
  var SQRT3 = Math.sqrt(3);
  var PATTERN_SIZE = 1;
  var READABLE_PX = 10;
  var HOVER_PX = 13;
  function hexKey(q, r) {
    return `${q},${r}`;
  }
  function centre(q, r) {
    const col = q + Math.floor(r / 2);
    return [SQRT3 * (col + 0.5 * (r & 1)) + SQRT3 / 2, 1.5 * r + 1];
  }
  function corners(x, y, scale = 1) {
    const points3 = [];
    for (let i = 0; i < 6; i += 1) {
      const angle = Math.PI / 180 * (60 * i - 30);
      points3.push(`${(x + scale * Math.cos(angle)).toFixed(3)},${(y + scale * Math.sin(angle)).toFixed(3)}`);
    }
    return points3.join(" ");
  }
  function boardHexes(width, height) {
    const cells = [];
    for (let r = 0; r < height; r += 1) {
      for (let c = 0; c < width; c += 1) cells.push([c - Math.floor(r / 2), r]);
    }
    return cells;
  }
  var Board = class {
    // handlers: onHex(key, point), onFigure(id), onHover({hex, figure} | null)
    constructor(container, handlers) {
      this.container = container;
      this.handlers = handlers;
      this.zoom = 1;
      this.showNames = true;
      container.addEventListener("click", (e) => this._click(e));
      container.addEventListener("mouseover", (e) => this._hover(e));
      container.addEventListener("mouseleave", () => this.handlers.onHover?.(null));
      window.addEventListener("resize", () => this._size());
      container.addEventListener("wheel", (e) => {
        if (!e.ctrlKey) return;
        e.preventDefault();
        this.setZoom(this.zoom * (e.deltaY < 0 ? 1.15 : 1 / 1.15));
      }, { passive: false });
    }
    _target(e) {
      const fig = e.target.closest("[data-figure]");
      if (fig) return { figure: fig.dataset.figure };
      const marker = e.target.closest("[data-marker]");
      if (marker) return { figure: marker.dataset.marker };
      const hex = e.target.closest("[data-hex]");
      if (hex) return { hex: hex.dataset.hex };
      return null;
    }
    _click(e) {
      const target = this._target(e);
      if (!target) return;
      if (target.figure) {
        const fig = this.figures.get(target.figure);
        const key3 = fig?.pos ? hexKey(fig.pos[0], fig.pos[1]) : null;
        if (!this.figureMarks.has(target.figure) && key3 && this.hexMarks.has(key3)) {
          this.handlers.onHex?.(key3);
        } else {
          this.handlers.onFigure?.(target.figure);
        }
      } else {
        this.handlers.onHex?.(target.hex, this._point(e));
      }
    }
    // Where the click was, in board units (hex radius 1), or null.
    _point(e) {
      const svg = this.container.querySelector("svg");
      const ctm = svg?.getScreenCTM?.();
      if (!ctm) return null;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
      return [p.x, p.y];
    }
    _hover(e) {
      const target = this._target(e);
      this._hoverLabel(target?.figure || null);
      this.handlers.onHover?.(target);
    }
    // Board units to screen pixels, at the board's size now.
    _pixelsPerUnit() {
      const svg = this.container.querySelector("svg");
      const across = svg?.getBoundingClientRect().width || 0;
      return across && this.width ? across / (this.width + 0.6) : 0;
    }
    // The hovered figure's name above its token, readable at any zoom, unless its
    // label already shows under it.
    _hoverLabel(id) {
      const svg = this.container.querySelector("svg");
      svg?.querySelector(".hover-label")?.remove();
      const fig = id && this.figures?.get(id);
      if (!svg || !fig?.pos) return;
      const small = this.container.classList.contains("names-small");
      if (!small && this.showNames && svg.querySelector(`.name-label[data-label="${CSS.escape(id)}"]`)) {
        return;
      }
      const scale = this._pixelsPerUnit();
      const size = Math.max(LABEL_FONT, scale ? HOVER_PX / scale : LABEL_FONT);
      const name = this.names?.get(id) || fig.name;
      const half = name.length * 0.56 * size / 2;
      const [x0, y] = centre(fig.pos[0], fig.pos[1]);
      const x = Math.min(Math.max(x0, half - 0.25), this.width + 0.25 - half);
      svg.insertAdjacentHTML("beforeend", `<text class="hover-label" data-label="${escape(id)}" x="${x.toFixed(3)}" y="${(y - 0.75).toFixed(3)}" style="font-size:${size.toFixed(3)}px;stroke-width:${(size / 3).toFixed(3)}px">${escape(name)}</text>`);
    }
    // Zoom 1 fits the whole board in its box (no scrollbar); more scrolls to pan.
    setZoom(zoom) {
      this.zoom = Math.max(1, Math.min(5, zoom));
      this._size();
    }
    _size() {
      fitBoard(this.container, this.aspect, this.zoom);
      const scale = this._pixelsPerUnit();
      this.container.classList.toggle("names-small", scale > 0 && LABEL_FONT * scale < READABLE_PX);
    }
    // view: the SBH view; marks: {hexes: Map(key -> colour), figures: Map(id -> colour),
    // active: figure id or null}
    render(view, marks = {}) {
      this.view = view;
      this.hexMarks = marks.hexes || /* @__PURE__ */ new Map();
      this.figureMarks = marks.figures || /* @__PURE__ */ new Map();
      this.figures = new Map((view?.figures || []).map((f) => [f.id, f]));
      if (!view || !view.board) {
        this.container.innerHTML = '<p class="muted">No board yet.</p>';
        return;
      }
      const { width, height } = view.board;
      const names = displayNames(view.figures || []);
      this.names = names;
      this.tokens = tokenLabels(view.figures || [], names);
      const terrain2 = new Map((view.board.terrain || []).map(([q, r, kind]) => [hexKey(q, r), kind]));
      const w = SQRT3 * (width + 0.5);
      const h = 1.5 * height + 0.5;
      this.width = w;
      this.aspect = (h + 0.6) / (w + 0.6);
      const parts = [];
      parts.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="-0.3 -0.3 ${(w + 0.6).toFixed(2)} ${(h + 0.6).toFixed(2)}" class="board-svg" data-width="${width}" data-height="${height}">`);
      parts.push(this._defs());
      parts.push('<g class="terrain">');
      for (const [q, r] of boardHexes(width, height)) {
        const key3 = hexKey(q, r);
        const kind = terrain2.get(key3) || "open";
        const style = kindStyle(kind);
        const [x, y] = centre(q, r);
        const points3 = corners(x, y);
        parts.push(`<polygon points="${points3}" fill="${style.fill}" class="hex kind-${kind}" data-hex="${key3}" data-kind="${kind}"/>`);
        if (style.pattern) {
          parts.push(`<polygon points="${points3}" fill="url(#pat-${style.pattern})" class="hex-pattern" pointer-events="none"/>`);
        }
      }
      parts.push("</g>");
      parts.push(drawAreas(view, centre, corners));
      parts.push(this._edges(view.board.edges || []));
      parts.push(drawObjects(view, centre, names, this.figureMarks));
      parts.push(this._highlights());
      const seatOf = (id) => this.figures.get(id)?.seat;
      const [under, over] = drawTrail(marks.trail, centre, seatOf);
      parts.push(under);
      parts.push(this._figures(view, names, marks.active));
      parts.push(over);
      parts.push("</svg>");
      const scroll = [this.container.scrollLeft, this.container.scrollTop];
      this.container.innerHTML = parts.join("");
      this._size();
      [this.container.scrollLeft, this.container.scrollTop] = scroll;
    }
    _defs() {
      const defs = Object.entries(PATTERNS).map(([name, draw]) => `<pattern id="pat-${name}" patternUnits="userSpaceOnUse" width="${PATTERN_SIZE}" height="${PATTERN_SIZE}">${draw(PATTERN_SIZE)}</pattern>`);
      return `<defs>${defs.join("")}${trailDefs()}</defs>`;
    }
    _edges(edges2) {
      const out = ['<g class="edges" pointer-events="none">'];
      for (const [a, b, kind] of edges2) {
        const [x1, y1] = centre(a[0], a[1]);
        const [x2, y2] = centre(b[0], b[1]);
        const mx = (x1 + x2) / 2;
        const my = (y1 + y2) / 2;
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const px = -(y2 - y1) / len / 2;
        const py = (x2 - x1) / len / 2;
        const style = edgeStyle(kind);
        out.push(`<line x1="${(mx - px).toFixed(3)}" y1="${(my - py).toFixed(3)}" x2="${(mx + px).toFixed(3)}" y2="${(my + py).toFixed(3)}" stroke="${style.stroke}" stroke-width="${style.width}" stroke-linecap="round"${style.dash ? ` stroke-dasharray="${style.dash}"` : ""} class="edge edge-${kind}" data-edge="${kind}"/>`);
      }
      out.push("</g>");
      return out.join("");
    }
    _highlights() {
      const out = ['<g class="highlights">'];
      for (const [key3, colour] of this.hexMarks) {
        const [q, r] = key3.split(",").map(Number);
        const [x, y] = centre(q, r);
        out.push(`<polygon points="${corners(x, y, 0.86)}" class="legal-hex" data-hex="${key3}" fill="${colour}" fill-opacity="0.38" stroke="${colour}" stroke-width="0.12"/>`);
      }
      out.push("</g>");
      return out.join("");
    }
    _figures(view, names, active) {
      const out = ['<g class="figures">'];
      const spots = [];
      for (const fig of view.figures || []) {
        if (!fig.pos) continue;
        const [x, y] = centre(fig.pos[0], fig.pos[1]);
        const name = names.get(fig.id) || fig.name;
        const colour = SEAT_COLOURS[fig.seat] || "#555";
        const mark = this.figureMarks.get(fig.id);
        const states = [];
        if (fig.fallen) states.push("fallen");
        if (fig.transfixed) states.push("transfixed");
        if (showsActivated(fig, view)) states.push("activated");
        if (fig.wounds) states.push(`wounded ${fig.wounds}`);
        if (view.treasure?.carrier === fig.id) {
          states.push(view.options?.scenario === "quest_for_a_magic_item" ? "carries the magic item" : "carries the treasure");
        }
        const classes = ["figure", `seat-${fig.seat}`, ...states.map((s) => s.split(" ")[0])];
        if (mark) classes.push("legal");
        if (fig.planned) classes.push("planned");
        if (fig.id === active) classes.push("acting");
        out.push(`<g class="${classes.join(" ")}" data-figure="${escape(fig.id)}" data-seat="${fig.seat}" data-name="${escape(name)}" data-pos="${fig.pos.join(",")}" data-states="${states.join(" ")}"${fig.planned ? ' data-planned="true"' : ""}>`);
        if (mark) {
          out.push(`<circle cx="${x}" cy="${y}" r="0.84" fill="${mark}" fill-opacity="0.3" stroke="none" class="legal-glow"/>`);
        }
        if (fig.id === active) {
          out.push(`<circle cx="${x}" cy="${y}" r="0.7" fill="none" stroke="#f2b705" stroke-width="0.14" class="acting-ring"/>`);
        }
        if (fig.fallen) {
          out.push(`<ellipse cx="${x}" cy="${y}" rx="0.64" ry="0.36" fill="${colour}" stroke="#111" stroke-width="0.06" stroke-dasharray="0.1 0.06"/>`);
        } else {
          out.push(`<circle cx="${x}" cy="${y}" r="0.6" fill="${colour}" stroke="#111" stroke-width="0.06"/>`);
        }
        if (fig.transfixed) {
          out.push(`<circle cx="${x}" cy="${y}" r="0.7" fill="none" stroke="#9b30ff" stroke-width="0.1" stroke-dasharray="0.15 0.08"/>`);
        }
        const token = this.tokens.get(fig.id);
        const size = tokenFontSize(token);
        out.push(`<text x="${x}" y="${(y + size * 0.35).toFixed(3)}" class="token-text" style="font-size:${size}px">${escape(token)}</text>`);
        out.push(carrierBadge(view, fig, x, y));
        if (mark) {
          out.push(`<circle cx="${x}" cy="${y}" r="0.86" fill="none" stroke="${mark}" stroke-width="0.16" stroke-dasharray="0.3 0.12" class="legal-ring"/>`);
        }
        if (states.includes("activated")) {
          out.push(`<circle cx="${x + 0.5}" cy="${y - 0.5}" r="0.22" fill="#fff" stroke="#111" stroke-width="0.04"/><text x="${x + 0.5}" y="${y - 0.42}" class="badge-text">✓</text>`);
        }
        out.push(`<title>${escape(name)} (${escape(fig.name)}) — Quality ${fig.quality}+, Combat ${fig.combat}${fig.rules?.length ? `; ${escape(fig.rules.join(", "))}` : ""}${states.length ? ` — ${states.join(", ")}` : ""}</title>`);
        out.push("</g>");
        spots.push({ id: fig.id, x, y, text: name });
      }
      out.push("</g>");
      const labels = !this.showNames ? [] : placeLabels(spots, this.width).map((l) => `<text x="${l.x.toFixed(3)}" y="${l.y.toFixed(3)}" class="name-label" data-label="${escape(l.id)}">${escape(l.text)}</text>`);
      out.push(`<g class="name-labels" pointer-events="none">${labels.join("")}</g>`);
      return out.join("");
    }
  };

  // node_modules/@msgpack/msgpack/dist.esm/utils/utf8.mjs
  function utf8Count(str) {
    const strLength = str.length;
    let byteLength = 0;
    let pos = 0;
    while (pos < strLength) {
      let value = str.charCodeAt(pos++);
      if ((value & 4294967168) === 0) {
        byteLength++;
        continue;
      } else if ((value & 4294965248) === 0) {
        byteLength += 2;
      } else {
        if (value >= 55296 && value <= 56319) {
          if (pos < strLength) {
            const extra = str.charCodeAt(pos);
            if ((extra & 64512) === 56320) {
              ++pos;
              value = ((value & 1023) << 10) + (extra & 1023) + 65536;
            }
          }
        }
        if ((value & 4294901760) === 0) {
          byteLength += 3;
        } else {
          byteLength += 4;
        }
      }
    }
    return byteLength;
  }
  function utf8EncodeJs(str, output, outputOffset) {
    const strLength = str.length;
    let offset = outputOffset;
    let pos = 0;
    while (pos < strLength) {
      let value = str.charCodeAt(pos++);
      if ((value & 4294967168) === 0) {
        output[offset++] = value;
        continue;
      } else if ((value & 4294965248) === 0) {
        output[offset++] = value >> 6 & 31 | 192;
      } else {
        if (value >= 55296 && value <= 56319) {
          if (pos < strLength) {
            const extra = str.charCodeAt(pos);
            if ((extra & 64512) === 56320) {
              ++pos;
              value = ((value & 1023) << 10) + (extra & 1023) + 65536;
            }
          }
        }
        if ((value & 4294901760) === 0) {
          output[offset++] = value >> 12 & 15 | 224;
          output[offset++] = value >> 6 & 63 | 128;
        } else {
          output[offset++] = value >> 18 & 7 | 240;
          output[offset++] = value >> 12 & 63 | 128;
          output[offset++] = value >> 6 & 63 | 128;
        }
      }
      output[offset++] = value & 63 | 128;
    }
  }
  var sharedTextEncoder = new TextEncoder();
  var TEXT_ENCODER_THRESHOLD = 50;
  function utf8EncodeTE(str, output, outputOffset) {
    sharedTextEncoder.encodeInto(str, output.subarray(outputOffset));
  }
  function utf8Encode(str, output, outputOffset) {
    if (str.length > TEXT_ENCODER_THRESHOLD) {
      utf8EncodeTE(str, output, outputOffset);
    } else {
      utf8EncodeJs(str, output, outputOffset);
    }
  }
  var CHUNK_SIZE = 4096;
  function utf8DecodeJs(bytes, inputOffset, byteLength) {
    let offset = inputOffset;
    const end = offset + byteLength;
    const units = [];
    let result = "";
    while (offset < end) {
      const byte1 = bytes[offset++];
      if ((byte1 & 128) === 0) {
        units.push(byte1);
      } else if ((byte1 & 224) === 192) {
        const byte2 = bytes[offset++] & 63;
        units.push((byte1 & 31) << 6 | byte2);
      } else if ((byte1 & 240) === 224) {
        const byte2 = bytes[offset++] & 63;
        const byte3 = bytes[offset++] & 63;
        units.push((byte1 & 31) << 12 | byte2 << 6 | byte3);
      } else if ((byte1 & 248) === 240) {
        const byte2 = bytes[offset++] & 63;
        const byte3 = bytes[offset++] & 63;
        const byte4 = bytes[offset++] & 63;
        let unit = (byte1 & 7) << 18 | byte2 << 12 | byte3 << 6 | byte4;
        if (unit > 65535) {
          unit -= 65536;
          units.push(unit >>> 10 & 1023 | 55296);
          unit = 56320 | unit & 1023;
        }
        units.push(unit);
      } else {
        units.push(byte1);
      }
      if (units.length >= CHUNK_SIZE) {
        result += String.fromCharCode(...units);
        units.length = 0;
      }
    }
    if (units.length > 0) {
      result += String.fromCharCode(...units);
    }
    return result;
  }
  var sharedTextDecoder = new TextDecoder();
  var TEXT_DECODER_THRESHOLD = 200;
  function utf8DecodeTD(bytes, inputOffset, byteLength) {
    const stringBytes = bytes.subarray(inputOffset, inputOffset + byteLength);
    return sharedTextDecoder.decode(stringBytes);
  }
  function utf8Decode(bytes, inputOffset, byteLength) {
    if (byteLength > TEXT_DECODER_THRESHOLD) {
      return utf8DecodeTD(bytes, inputOffset, byteLength);
    } else {
      return utf8DecodeJs(bytes, inputOffset, byteLength);
    }
  }

  // node_modules/@msgpack/msgpack/dist.esm/ExtData.mjs
  var ExtData = class {
    constructor(type, data) {
      __publicField(this, "type");
      __publicField(this, "data");
      this.type = type;
      this.data = data;
    }
  };

  // node_modules/@msgpack/msgpack/dist.esm/DecodeError.mjs
  var DecodeError = class _DecodeError extends Error {
    constructor(message) {
      super(message);
      const proto = Object.create(_DecodeError.prototype);
      Object.setPrototypeOf(this, proto);
      Object.defineProperty(this, "name", {
        configurable: true,
        enumerable: false,
        value: _DecodeError.name
      });
    }
  };

  // node_modules/@msgpack/msgpack/dist.esm/utils/int.mjs
  var UINT32_MAX = 4294967295;
  function setUint64(view, offset, value) {
    const high = value / 4294967296;
    const low = value;
    view.setUint32(offset, high);
    view.setUint32(offset + 4, low);
  }
  function setInt64(view, offset, value) {
    const high = Math.floor(value / 4294967296);
    const low = value;
    view.setUint32(offset, high);
    view.setUint32(offset + 4, low);
  }
  function getInt64(view, offset) {
    const high = view.getInt32(offset);
    const low = view.getUint32(offset + 4);
    return high * 4294967296 + low;
  }
  function getUint64(view, offset) {
    const high = view.getUint32(offset);
    const low = view.getUint32(offset + 4);
    return high * 4294967296 + low;
  }

  // node_modules/@msgpack/msgpack/dist.esm/timestamp.mjs
  var EXT_TIMESTAMP = -1;
  var TIMESTAMP32_MAX_SEC = 4294967296 - 1;
  var TIMESTAMP64_MAX_SEC = 17179869184 - 1;
  function encodeTimeSpecToTimestamp({ sec, nsec }) {
    if (sec >= 0 && nsec >= 0 && sec <= TIMESTAMP64_MAX_SEC) {
      if (nsec === 0 && sec <= TIMESTAMP32_MAX_SEC) {
        const rv = new Uint8Array(4);
        const view = new DataView(rv.buffer);
        view.setUint32(0, sec);
        return rv;
      } else {
        const secHigh = sec / 4294967296;
        const secLow = sec & 4294967295;
        const rv = new Uint8Array(8);
        const view = new DataView(rv.buffer);
        view.setUint32(0, nsec << 2 | secHigh & 3);
        view.setUint32(4, secLow);
        return rv;
      }
    } else {
      const rv = new Uint8Array(12);
      const view = new DataView(rv.buffer);
      view.setUint32(0, nsec);
      setInt64(view, 4, sec);
      return rv;
    }
  }
  function encodeDateToTimeSpec(date) {
    const msec = date.getTime();
    const sec = Math.floor(msec / 1e3);
    const nsec = (msec - sec * 1e3) * 1e6;
    const nsecInSec = Math.floor(nsec / 1e9);
    return {
      sec: sec + nsecInSec,
      nsec: nsec - nsecInSec * 1e9
    };
  }
  function encodeTimestampExtension(object) {
    if (object instanceof Date) {
      const timeSpec = encodeDateToTimeSpec(object);
      return encodeTimeSpecToTimestamp(timeSpec);
    } else {
      return null;
    }
  }
  function decodeTimestampToTimeSpec(data) {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    switch (data.byteLength) {
      case 4: {
        const sec = view.getUint32(0);
        const nsec = 0;
        return { sec, nsec };
      }
      case 8: {
        const nsec30AndSecHigh2 = view.getUint32(0);
        const secLow32 = view.getUint32(4);
        const sec = (nsec30AndSecHigh2 & 3) * 4294967296 + secLow32;
        const nsec = nsec30AndSecHigh2 >>> 2;
        return { sec, nsec };
      }
      case 12: {
        const sec = getInt64(view, 4);
        const nsec = view.getUint32(0);
        return { sec, nsec };
      }
      default:
        throw new DecodeError(`Unrecognized data size for timestamp (expected 4, 8, or 12): ${data.length}`);
    }
  }
  function decodeTimestampExtension(data) {
    const timeSpec = decodeTimestampToTimeSpec(data);
    return new Date(timeSpec.sec * 1e3 + timeSpec.nsec / 1e6);
  }
  var timestampExtension = {
    type: EXT_TIMESTAMP,
    encode: encodeTimestampExtension,
    decode: decodeTimestampExtension
  };

  // node_modules/@msgpack/msgpack/dist.esm/ExtensionCodec.mjs
  var _ExtensionCodec = class _ExtensionCodec {
    constructor() {
      // ensures ExtensionCodecType<X> matches ExtensionCodec<X>
      // this will make type errors a lot more clear
      // eslint-disable-next-line @typescript-eslint/naming-convention
      __publicField(this, "__brand");
      // built-in extensions
      __publicField(this, "builtInEncoders", []);
      __publicField(this, "builtInDecoders", []);
      // custom extensions
      __publicField(this, "encoders", []);
      __publicField(this, "decoders", []);
      this.register(timestampExtension);
    }
    register({ type, encode: encode2, decode: decode2 }) {
      if (type >= 0) {
        this.encoders[type] = encode2;
        this.decoders[type] = decode2;
      } else {
        const index = -1 - type;
        this.builtInEncoders[index] = encode2;
        this.builtInDecoders[index] = decode2;
      }
    }
    tryToEncode(object, context) {
      for (let i = 0; i < this.builtInEncoders.length; i++) {
        const encodeExt = this.builtInEncoders[i];
        if (encodeExt != null) {
          const data = encodeExt(object, context);
          if (data != null) {
            const type = -1 - i;
            return new ExtData(type, data);
          }
        }
      }
      for (let i = 0; i < this.encoders.length; i++) {
        const encodeExt = this.encoders[i];
        if (encodeExt != null) {
          const data = encodeExt(object, context);
          if (data != null) {
            const type = i;
            return new ExtData(type, data);
          }
        }
      }
      if (object instanceof ExtData) {
        return object;
      }
      return null;
    }
    decode(data, type, context) {
      const decodeExt = type < 0 ? this.builtInDecoders[-1 - type] : this.decoders[type];
      if (decodeExt) {
        return decodeExt(data, type, context);
      } else {
        return new ExtData(type, data);
      }
    }
  };
  __publicField(_ExtensionCodec, "defaultCodec", new _ExtensionCodec());
  var ExtensionCodec = _ExtensionCodec;

  // node_modules/@msgpack/msgpack/dist.esm/utils/typedArrays.mjs
  function isArrayBufferLike(buffer) {
    return buffer instanceof ArrayBuffer || typeof SharedArrayBuffer !== "undefined" && buffer instanceof SharedArrayBuffer;
  }
  function ensureUint8Array(buffer) {
    if (buffer instanceof Uint8Array) {
      return buffer;
    } else if (ArrayBuffer.isView(buffer)) {
      return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    } else if (isArrayBufferLike(buffer)) {
      return new Uint8Array(buffer);
    } else {
      return Uint8Array.from(buffer);
    }
  }

  // node_modules/@msgpack/msgpack/dist.esm/Encoder.mjs
  var DEFAULT_MAX_DEPTH = 100;
  var DEFAULT_INITIAL_BUFFER_SIZE = 2048;
  var Encoder = class _Encoder {
    constructor(options) {
      __publicField(this, "extensionCodec");
      __publicField(this, "context");
      __publicField(this, "useBigInt64");
      __publicField(this, "maxDepth");
      __publicField(this, "initialBufferSize");
      __publicField(this, "sortKeys");
      __publicField(this, "forceFloat32");
      __publicField(this, "ignoreUndefined");
      __publicField(this, "forceIntegerToFloat");
      __publicField(this, "pos");
      __publicField(this, "view");
      __publicField(this, "bytes");
      __publicField(this, "entered", false);
      this.extensionCodec = options?.extensionCodec ?? ExtensionCodec.defaultCodec;
      this.context = options?.context;
      this.useBigInt64 = options?.useBigInt64 ?? false;
      this.maxDepth = options?.maxDepth ?? DEFAULT_MAX_DEPTH;
      this.initialBufferSize = options?.initialBufferSize ?? DEFAULT_INITIAL_BUFFER_SIZE;
      this.sortKeys = options?.sortKeys ?? false;
      this.forceFloat32 = options?.forceFloat32 ?? false;
      this.ignoreUndefined = options?.ignoreUndefined ?? false;
      this.forceIntegerToFloat = options?.forceIntegerToFloat ?? false;
      this.pos = 0;
      this.view = new DataView(new ArrayBuffer(this.initialBufferSize));
      this.bytes = new Uint8Array(this.view.buffer);
    }
    clone() {
      return new _Encoder({
        extensionCodec: this.extensionCodec,
        context: this.context,
        useBigInt64: this.useBigInt64,
        maxDepth: this.maxDepth,
        initialBufferSize: this.initialBufferSize,
        sortKeys: this.sortKeys,
        forceFloat32: this.forceFloat32,
        ignoreUndefined: this.ignoreUndefined,
        forceIntegerToFloat: this.forceIntegerToFloat
      });
    }
    reinitializeState() {
      this.pos = 0;
    }
    /**
     * This is almost equivalent to {@link Encoder#encode}, but it returns an reference of the encoder's internal buffer and thus much faster than {@link Encoder#encode}.
     *
     * @returns Encodes the object and returns a shared reference the encoder's internal buffer.
     */
    encodeSharedRef(object) {
      if (this.entered) {
        const instance = this.clone();
        return instance.encodeSharedRef(object);
      }
      try {
        this.entered = true;
        this.reinitializeState();
        this.doEncode(object, 1);
        return this.bytes.subarray(0, this.pos);
      } finally {
        this.entered = false;
      }
    }
    /**
     * @returns Encodes the object and returns a copy of the encoder's internal buffer.
     */
    encode(object) {
      if (this.entered) {
        const instance = this.clone();
        return instance.encode(object);
      }
      try {
        this.entered = true;
        this.reinitializeState();
        this.doEncode(object, 1);
        return this.bytes.slice(0, this.pos);
      } finally {
        this.entered = false;
      }
    }
    doEncode(object, depth) {
      if (depth > this.maxDepth) {
        throw new Error(`Too deep objects in depth ${depth}`);
      }
      if (object == null) {
        this.encodeNil();
      } else if (typeof object === "boolean") {
        this.encodeBoolean(object);
      } else if (typeof object === "number") {
        if (!this.forceIntegerToFloat) {
          this.encodeNumber(object);
        } else {
          this.encodeNumberAsFloat(object);
        }
      } else if (typeof object === "string") {
        this.encodeString(object);
      } else if (this.useBigInt64 && typeof object === "bigint") {
        this.encodeBigInt64(object);
      } else {
        this.encodeObject(object, depth);
      }
    }
    ensureBufferSizeToWrite(sizeToWrite) {
      const requiredSize = this.pos + sizeToWrite;
      if (this.view.byteLength < requiredSize) {
        this.resizeBuffer(requiredSize * 2);
      }
    }
    resizeBuffer(newSize) {
      const newBuffer = new ArrayBuffer(newSize);
      const newBytes = new Uint8Array(newBuffer);
      const newView = new DataView(newBuffer);
      newBytes.set(this.bytes);
      this.view = newView;
      this.bytes = newBytes;
    }
    encodeNil() {
      this.writeU8(192);
    }
    encodeBoolean(object) {
      if (object === false) {
        this.writeU8(194);
      } else {
        this.writeU8(195);
      }
    }
    encodeNumber(object) {
      if (!this.forceIntegerToFloat && Number.isSafeInteger(object)) {
        if (object >= 0) {
          if (object < 128) {
            this.writeU8(object);
          } else if (object < 256) {
            this.writeU8(204);
            this.writeU8(object);
          } else if (object < 65536) {
            this.writeU8(205);
            this.writeU16(object);
          } else if (object < 4294967296) {
            this.writeU8(206);
            this.writeU32(object);
          } else if (!this.useBigInt64) {
            this.writeU8(207);
            this.writeU64(object);
          } else {
            this.encodeNumberAsFloat(object);
          }
        } else {
          if (object >= -32) {
            this.writeU8(224 | object + 32);
          } else if (object >= -128) {
            this.writeU8(208);
            this.writeI8(object);
          } else if (object >= -32768) {
            this.writeU8(209);
            this.writeI16(object);
          } else if (object >= -2147483648) {
            this.writeU8(210);
            this.writeI32(object);
          } else if (!this.useBigInt64) {
            this.writeU8(211);
            this.writeI64(object);
          } else {
            this.encodeNumberAsFloat(object);
          }
        }
      } else {
        this.encodeNumberAsFloat(object);
      }
    }
    encodeNumberAsFloat(object) {
      if (this.forceFloat32) {
        this.writeU8(202);
        this.writeF32(object);
      } else {
        this.writeU8(203);
        this.writeF64(object);
      }
    }
    encodeBigInt64(object) {
      if (object >= BigInt(0)) {
        this.writeU8(207);
        this.writeBigUint64(object);
      } else {
        this.writeU8(211);
        this.writeBigInt64(object);
      }
    }
    writeStringHeader(byteLength) {
      if (byteLength < 32) {
        this.writeU8(160 + byteLength);
      } else if (byteLength < 256) {
        this.writeU8(217);
        this.writeU8(byteLength);
      } else if (byteLength < 65536) {
        this.writeU8(218);
        this.writeU16(byteLength);
      } else if (byteLength < 4294967296) {
        this.writeU8(219);
        this.writeU32(byteLength);
      } else {
        throw new Error(`Too long string: ${byteLength} bytes in UTF-8`);
      }
    }
    encodeString(object) {
      const maxHeaderSize = 1 + 4;
      const byteLength = utf8Count(object);
      this.ensureBufferSizeToWrite(maxHeaderSize + byteLength);
      this.writeStringHeader(byteLength);
      utf8Encode(object, this.bytes, this.pos);
      this.pos += byteLength;
    }
    encodeObject(object, depth) {
      const ext = this.extensionCodec.tryToEncode(object, this.context);
      if (ext != null) {
        this.encodeExtension(ext);
      } else if (Array.isArray(object)) {
        this.encodeArray(object, depth);
      } else if (ArrayBuffer.isView(object)) {
        this.encodeBinary(object);
      } else if (typeof object === "object") {
        this.encodeMap(object, depth);
      } else {
        throw new Error(`Unrecognized object: ${Object.prototype.toString.apply(object)}`);
      }
    }
    encodeBinary(object) {
      const size = object.byteLength;
      if (size < 256) {
        this.writeU8(196);
        this.writeU8(size);
      } else if (size < 65536) {
        this.writeU8(197);
        this.writeU16(size);
      } else if (size < 4294967296) {
        this.writeU8(198);
        this.writeU32(size);
      } else {
        throw new Error(`Too large binary: ${size}`);
      }
      const bytes = ensureUint8Array(object);
      this.writeU8a(bytes);
    }
    encodeArray(object, depth) {
      const size = object.length;
      if (size < 16) {
        this.writeU8(144 + size);
      } else if (size < 65536) {
        this.writeU8(220);
        this.writeU16(size);
      } else if (size < 4294967296) {
        this.writeU8(221);
        this.writeU32(size);
      } else {
        throw new Error(`Too large array: ${size}`);
      }
      for (const item of object) {
        this.doEncode(item, depth + 1);
      }
    }
    countWithoutUndefined(object, keys) {
      let count = 0;
      for (const key3 of keys) {
        if (object[key3] !== void 0) {
          count++;
        }
      }
      return count;
    }
    encodeMap(object, depth) {
      const keys = Object.keys(object);
      if (this.sortKeys) {
        keys.sort();
      }
      const size = this.ignoreUndefined ? this.countWithoutUndefined(object, keys) : keys.length;
      if (size < 16) {
        this.writeU8(128 + size);
      } else if (size < 65536) {
        this.writeU8(222);
        this.writeU16(size);
      } else if (size < 4294967296) {
        this.writeU8(223);
        this.writeU32(size);
      } else {
        throw new Error(`Too large map object: ${size}`);
      }
      for (const key3 of keys) {
        const value = object[key3];
        if (!(this.ignoreUndefined && value === void 0)) {
          this.encodeString(key3);
          this.doEncode(value, depth + 1);
        }
      }
    }
    encodeExtension(ext) {
      if (typeof ext.data === "function") {
        const data = ext.data(this.pos + 6);
        const size2 = data.length;
        if (size2 >= 4294967296) {
          throw new Error(`Too large extension object: ${size2}`);
        }
        this.writeU8(201);
        this.writeU32(size2);
        this.writeI8(ext.type);
        this.writeU8a(data);
        return;
      }
      const size = ext.data.length;
      if (size === 1) {
        this.writeU8(212);
      } else if (size === 2) {
        this.writeU8(213);
      } else if (size === 4) {
        this.writeU8(214);
      } else if (size === 8) {
        this.writeU8(215);
      } else if (size === 16) {
        this.writeU8(216);
      } else if (size < 256) {
        this.writeU8(199);
        this.writeU8(size);
      } else if (size < 65536) {
        this.writeU8(200);
        this.writeU16(size);
      } else if (size < 4294967296) {
        this.writeU8(201);
        this.writeU32(size);
      } else {
        throw new Error(`Too large extension object: ${size}`);
      }
      this.writeI8(ext.type);
      this.writeU8a(ext.data);
    }
    writeU8(value) {
      this.ensureBufferSizeToWrite(1);
      this.view.setUint8(this.pos, value);
      this.pos++;
    }
    writeU8a(values) {
      const size = values.length;
      this.ensureBufferSizeToWrite(size);
      this.bytes.set(values, this.pos);
      this.pos += size;
    }
    writeI8(value) {
      this.ensureBufferSizeToWrite(1);
      this.view.setInt8(this.pos, value);
      this.pos++;
    }
    writeU16(value) {
      this.ensureBufferSizeToWrite(2);
      this.view.setUint16(this.pos, value);
      this.pos += 2;
    }
    writeI16(value) {
      this.ensureBufferSizeToWrite(2);
      this.view.setInt16(this.pos, value);
      this.pos += 2;
    }
    writeU32(value) {
      this.ensureBufferSizeToWrite(4);
      this.view.setUint32(this.pos, value);
      this.pos += 4;
    }
    writeI32(value) {
      this.ensureBufferSizeToWrite(4);
      this.view.setInt32(this.pos, value);
      this.pos += 4;
    }
    writeF32(value) {
      this.ensureBufferSizeToWrite(4);
      this.view.setFloat32(this.pos, value);
      this.pos += 4;
    }
    writeF64(value) {
      this.ensureBufferSizeToWrite(8);
      this.view.setFloat64(this.pos, value);
      this.pos += 8;
    }
    writeU64(value) {
      this.ensureBufferSizeToWrite(8);
      setUint64(this.view, this.pos, value);
      this.pos += 8;
    }
    writeI64(value) {
      this.ensureBufferSizeToWrite(8);
      setInt64(this.view, this.pos, value);
      this.pos += 8;
    }
    writeBigUint64(value) {
      this.ensureBufferSizeToWrite(8);
      this.view.setBigUint64(this.pos, value);
      this.pos += 8;
    }
    writeBigInt64(value) {
      this.ensureBufferSizeToWrite(8);
      this.view.setBigInt64(this.pos, value);
      this.pos += 8;
    }
  };

  // node_modules/@msgpack/msgpack/dist.esm/encode.mjs
  function encode(value, options) {
    const encoder = new Encoder(options);
    return encoder.encodeSharedRef(value);
  }

  // node_modules/@msgpack/msgpack/dist.esm/utils/prettyByte.mjs
  function prettyByte(byte) {
    return `${byte < 0 ? "-" : ""}0x${Math.abs(byte).toString(16).padStart(2, "0")}`;
  }

  // node_modules/@msgpack/msgpack/dist.esm/CachedKeyDecoder.mjs
  var DEFAULT_MAX_KEY_LENGTH = 16;
  var DEFAULT_MAX_LENGTH_PER_KEY = 16;
  var CachedKeyDecoder = class {
    constructor(maxKeyLength = DEFAULT_MAX_KEY_LENGTH, maxLengthPerKey = DEFAULT_MAX_LENGTH_PER_KEY) {
      __publicField(this, "hit", 0);
      __publicField(this, "miss", 0);
      __publicField(this, "caches");
      __publicField(this, "maxKeyLength");
      __publicField(this, "maxLengthPerKey");
      this.maxKeyLength = maxKeyLength;
      this.maxLengthPerKey = maxLengthPerKey;
      this.caches = [];
      for (let i = 0; i < this.maxKeyLength; i++) {
        this.caches.push([]);
      }
    }
    canBeCached(byteLength) {
      return byteLength > 0 && byteLength <= this.maxKeyLength;
    }
    find(bytes, inputOffset, byteLength) {
      const records = this.caches[byteLength - 1];
      FIND_CHUNK: for (const record of records) {
        const recordBytes = record.bytes;
        for (let j = 0; j < byteLength; j++) {
          if (recordBytes[j] !== bytes[inputOffset + j]) {
            continue FIND_CHUNK;
          }
        }
        return record.str;
      }
      return null;
    }
    store(bytes, value) {
      const records = this.caches[bytes.length - 1];
      const record = { bytes, str: value };
      if (records.length >= this.maxLengthPerKey) {
        records[Math.random() * records.length | 0] = record;
      } else {
        records.push(record);
      }
    }
    decode(bytes, inputOffset, byteLength) {
      const cachedValue = this.find(bytes, inputOffset, byteLength);
      if (cachedValue != null) {
        this.hit++;
        return cachedValue;
      }
      this.miss++;
      const str = utf8DecodeJs(bytes, inputOffset, byteLength);
      const slicedCopyOfBytes = Uint8Array.prototype.slice.call(bytes, inputOffset, inputOffset + byteLength);
      this.store(slicedCopyOfBytes, str);
      return str;
    }
  };

  // node_modules/@msgpack/msgpack/dist.esm/Decoder.mjs
  var STATE_ARRAY = "array";
  var STATE_MAP_KEY = "map_key";
  var STATE_MAP_VALUE = "map_value";
  var mapKeyConverter = (key3) => {
    if (typeof key3 === "string" || typeof key3 === "number") {
      return key3;
    }
    throw new DecodeError("The type of key must be string or number but " + typeof key3);
  };
  var StackPool = class {
    constructor() {
      __publicField(this, "stack", []);
      __publicField(this, "stackHeadPosition", -1);
    }
    get length() {
      return this.stackHeadPosition + 1;
    }
    top() {
      return this.stack[this.stackHeadPosition];
    }
    pushArrayState(size) {
      const state = this.getUninitializedStateFromPool();
      state.type = STATE_ARRAY;
      state.position = 0;
      state.size = size;
      state.array = new Array(size);
    }
    pushMapState(size) {
      const state = this.getUninitializedStateFromPool();
      state.type = STATE_MAP_KEY;
      state.readCount = 0;
      state.size = size;
      state.map = {};
    }
    getUninitializedStateFromPool() {
      this.stackHeadPosition++;
      if (this.stackHeadPosition === this.stack.length) {
        const partialState = {
          type: void 0,
          size: 0,
          array: void 0,
          position: 0,
          readCount: 0,
          map: void 0,
          key: null
        };
        this.stack.push(partialState);
      }
      return this.stack[this.stackHeadPosition];
    }
    release(state) {
      const topStackState = this.stack[this.stackHeadPosition];
      if (topStackState !== state) {
        throw new Error("Invalid stack state. Released state is not on top of the stack.");
      }
      if (state.type === STATE_ARRAY) {
        const partialState = state;
        partialState.size = 0;
        partialState.array = void 0;
        partialState.position = 0;
        partialState.type = void 0;
      }
      if (state.type === STATE_MAP_KEY || state.type === STATE_MAP_VALUE) {
        const partialState = state;
        partialState.size = 0;
        partialState.map = void 0;
        partialState.readCount = 0;
        partialState.type = void 0;
      }
      this.stackHeadPosition--;
    }
    reset() {
      this.stack.length = 0;
      this.stackHeadPosition = -1;
    }
  };
  var HEAD_BYTE_REQUIRED = -1;
  var EMPTY_VIEW = new DataView(new ArrayBuffer(0));
  var EMPTY_BYTES = new Uint8Array(EMPTY_VIEW.buffer);
  try {
    EMPTY_VIEW.getInt8(0);
  } catch (e) {
    if (!(e instanceof RangeError)) {
      throw new Error("This module is not supported in the current JavaScript engine because DataView does not throw RangeError on out-of-bounds access");
    }
  }
  var MORE_DATA = new RangeError("Insufficient data");
  var sharedCachedKeyDecoder = new CachedKeyDecoder();
  var Decoder = class _Decoder {
    constructor(options) {
      __publicField(this, "extensionCodec");
      __publicField(this, "context");
      __publicField(this, "useBigInt64");
      __publicField(this, "rawStrings");
      __publicField(this, "maxStrLength");
      __publicField(this, "maxBinLength");
      __publicField(this, "maxArrayLength");
      __publicField(this, "maxMapLength");
      __publicField(this, "maxExtLength");
      __publicField(this, "keyDecoder");
      __publicField(this, "mapKeyConverter");
      __publicField(this, "totalPos", 0);
      __publicField(this, "pos", 0);
      __publicField(this, "view", EMPTY_VIEW);
      __publicField(this, "bytes", EMPTY_BYTES);
      __publicField(this, "headByte", HEAD_BYTE_REQUIRED);
      __publicField(this, "stack", new StackPool());
      __publicField(this, "entered", false);
      this.extensionCodec = options?.extensionCodec ?? ExtensionCodec.defaultCodec;
      this.context = options?.context;
      this.useBigInt64 = options?.useBigInt64 ?? false;
      this.rawStrings = options?.rawStrings ?? false;
      this.maxStrLength = options?.maxStrLength ?? UINT32_MAX;
      this.maxBinLength = options?.maxBinLength ?? UINT32_MAX;
      this.maxArrayLength = options?.maxArrayLength ?? UINT32_MAX;
      this.maxMapLength = options?.maxMapLength ?? UINT32_MAX;
      this.maxExtLength = options?.maxExtLength ?? UINT32_MAX;
      this.keyDecoder = options?.keyDecoder !== void 0 ? options.keyDecoder : sharedCachedKeyDecoder;
      this.mapKeyConverter = options?.mapKeyConverter ?? mapKeyConverter;
    }
    clone() {
      return new _Decoder({
        extensionCodec: this.extensionCodec,
        context: this.context,
        useBigInt64: this.useBigInt64,
        rawStrings: this.rawStrings,
        maxStrLength: this.maxStrLength,
        maxBinLength: this.maxBinLength,
        maxArrayLength: this.maxArrayLength,
        maxMapLength: this.maxMapLength,
        maxExtLength: this.maxExtLength,
        keyDecoder: this.keyDecoder
      });
    }
    reinitializeState() {
      this.totalPos = 0;
      this.headByte = HEAD_BYTE_REQUIRED;
      this.stack.reset();
    }
    setBuffer(buffer) {
      const bytes = ensureUint8Array(buffer);
      this.bytes = bytes;
      this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      this.pos = 0;
    }
    appendBuffer(buffer) {
      if (this.headByte === HEAD_BYTE_REQUIRED && !this.hasRemaining(1)) {
        this.setBuffer(buffer);
      } else {
        const remainingData = this.bytes.subarray(this.pos);
        const newData = ensureUint8Array(buffer);
        const newBuffer = new Uint8Array(remainingData.length + newData.length);
        newBuffer.set(remainingData);
        newBuffer.set(newData, remainingData.length);
        this.setBuffer(newBuffer);
      }
    }
    hasRemaining(size) {
      return this.view.byteLength - this.pos >= size;
    }
    createExtraByteError(posToShow) {
      const { view, pos } = this;
      return new RangeError(`Extra ${view.byteLength - pos} of ${view.byteLength} byte(s) found at buffer[${posToShow}]`);
    }
    /**
     * @throws {@link DecodeError}
     * @throws {@link RangeError}
     */
    decode(buffer) {
      if (this.entered) {
        const instance = this.clone();
        return instance.decode(buffer);
      }
      try {
        this.entered = true;
        this.reinitializeState();
        this.setBuffer(buffer);
        const object = this.doDecodeSync();
        if (this.hasRemaining(1)) {
          throw this.createExtraByteError(this.pos);
        }
        return object;
      } finally {
        this.entered = false;
      }
    }
    *decodeMulti(buffer) {
      if (this.entered) {
        const instance = this.clone();
        yield* instance.decodeMulti(buffer);
        return;
      }
      try {
        this.entered = true;
        this.reinitializeState();
        this.setBuffer(buffer);
        while (this.hasRemaining(1)) {
          yield this.doDecodeSync();
        }
      } finally {
        this.entered = false;
      }
    }
    async decodeAsync(stream) {
      if (this.entered) {
        const instance = this.clone();
        return instance.decodeAsync(stream);
      }
      try {
        this.entered = true;
        let decoded = false;
        let object;
        for await (const buffer of stream) {
          if (decoded) {
            this.entered = false;
            throw this.createExtraByteError(this.totalPos);
          }
          this.appendBuffer(buffer);
          try {
            object = this.doDecodeSync();
            decoded = true;
          } catch (e) {
            if (!(e instanceof RangeError)) {
              throw e;
            }
          }
          this.totalPos += this.pos;
        }
        if (decoded) {
          if (this.hasRemaining(1)) {
            throw this.createExtraByteError(this.totalPos);
          }
          return object;
        }
        const { headByte, pos, totalPos } = this;
        throw new RangeError(`Insufficient data in parsing ${prettyByte(headByte)} at ${totalPos} (${pos} in the current buffer)`);
      } finally {
        this.entered = false;
      }
    }
    decodeArrayStream(stream) {
      return this.decodeMultiAsync(stream, true);
    }
    decodeStream(stream) {
      return this.decodeMultiAsync(stream, false);
    }
    async *decodeMultiAsync(stream, isArray) {
      if (this.entered) {
        const instance = this.clone();
        yield* instance.decodeMultiAsync(stream, isArray);
        return;
      }
      try {
        this.entered = true;
        let isArrayHeaderRequired = isArray;
        let arrayItemsLeft = -1;
        for await (const buffer of stream) {
          if (isArray && arrayItemsLeft === 0) {
            throw this.createExtraByteError(this.totalPos);
          }
          this.appendBuffer(buffer);
          if (isArrayHeaderRequired) {
            arrayItemsLeft = this.readArraySize();
            isArrayHeaderRequired = false;
            this.complete();
          }
          try {
            while (true) {
              yield this.doDecodeSync();
              if (--arrayItemsLeft === 0) {
                break;
              }
            }
          } catch (e) {
            if (!(e instanceof RangeError)) {
              throw e;
            }
          }
          this.totalPos += this.pos;
        }
      } finally {
        this.entered = false;
      }
    }
    doDecodeSync() {
      DECODE: while (true) {
        const headByte = this.readHeadByte();
        let object;
        if (headByte >= 224) {
          object = headByte - 256;
        } else if (headByte < 192) {
          if (headByte < 128) {
            object = headByte;
          } else if (headByte < 144) {
            const size = headByte - 128;
            if (size !== 0) {
              this.pushMapState(size);
              this.complete();
              continue DECODE;
            } else {
              object = {};
            }
          } else if (headByte < 160) {
            const size = headByte - 144;
            if (size !== 0) {
              this.pushArrayState(size);
              this.complete();
              continue DECODE;
            } else {
              object = [];
            }
          } else {
            const byteLength = headByte - 160;
            object = this.decodeString(byteLength, 0);
          }
        } else if (headByte === 192) {
          object = null;
        } else if (headByte === 194) {
          object = false;
        } else if (headByte === 195) {
          object = true;
        } else if (headByte === 202) {
          object = this.readF32();
        } else if (headByte === 203) {
          object = this.readF64();
        } else if (headByte === 204) {
          object = this.readU8();
        } else if (headByte === 205) {
          object = this.readU16();
        } else if (headByte === 206) {
          object = this.readU32();
        } else if (headByte === 207) {
          if (this.useBigInt64) {
            object = this.readU64AsBigInt();
          } else {
            object = this.readU64();
          }
        } else if (headByte === 208) {
          object = this.readI8();
        } else if (headByte === 209) {
          object = this.readI16();
        } else if (headByte === 210) {
          object = this.readI32();
        } else if (headByte === 211) {
          if (this.useBigInt64) {
            object = this.readI64AsBigInt();
          } else {
            object = this.readI64();
          }
        } else if (headByte === 217) {
          const byteLength = this.lookU8();
          object = this.decodeString(byteLength, 1);
        } else if (headByte === 218) {
          const byteLength = this.lookU16();
          object = this.decodeString(byteLength, 2);
        } else if (headByte === 219) {
          const byteLength = this.lookU32();
          object = this.decodeString(byteLength, 4);
        } else if (headByte === 220) {
          const size = this.readU16();
          if (size !== 0) {
            this.pushArrayState(size);
            this.complete();
            continue DECODE;
          } else {
            object = [];
          }
        } else if (headByte === 221) {
          const size = this.readU32();
          if (size !== 0) {
            this.pushArrayState(size);
            this.complete();
            continue DECODE;
          } else {
            object = [];
          }
        } else if (headByte === 222) {
          const size = this.readU16();
          if (size !== 0) {
            this.pushMapState(size);
            this.complete();
            continue DECODE;
          } else {
            object = {};
          }
        } else if (headByte === 223) {
          const size = this.readU32();
          if (size !== 0) {
            this.pushMapState(size);
            this.complete();
            continue DECODE;
          } else {
            object = {};
          }
        } else if (headByte === 196) {
          const size = this.lookU8();
          object = this.decodeBinary(size, 1);
        } else if (headByte === 197) {
          const size = this.lookU16();
          object = this.decodeBinary(size, 2);
        } else if (headByte === 198) {
          const size = this.lookU32();
          object = this.decodeBinary(size, 4);
        } else if (headByte === 212) {
          object = this.decodeExtension(1, 0);
        } else if (headByte === 213) {
          object = this.decodeExtension(2, 0);
        } else if (headByte === 214) {
          object = this.decodeExtension(4, 0);
        } else if (headByte === 215) {
          object = this.decodeExtension(8, 0);
        } else if (headByte === 216) {
          object = this.decodeExtension(16, 0);
        } else if (headByte === 199) {
          const size = this.lookU8();
          object = this.decodeExtension(size, 1);
        } else if (headByte === 200) {
          const size = this.lookU16();
          object = this.decodeExtension(size, 2);
        } else if (headByte === 201) {
          const size = this.lookU32();
          object = this.decodeExtension(size, 4);
        } else {
          throw new DecodeError(`Unrecognized type byte: ${prettyByte(headByte)}`);
        }
        this.complete();
        const stack = this.stack;
        while (stack.length > 0) {
          const state = stack.top();
          if (state.type === STATE_ARRAY) {
            state.array[state.position] = object;
            state.position++;
            if (state.position === state.size) {
              object = state.array;
              stack.release(state);
            } else {
              continue DECODE;
            }
          } else if (state.type === STATE_MAP_KEY) {
            if (object === "__proto__") {
              throw new DecodeError("The key __proto__ is not allowed");
            }
            state.key = this.mapKeyConverter(object);
            state.type = STATE_MAP_VALUE;
            continue DECODE;
          } else {
            state.map[state.key] = object;
            state.readCount++;
            if (state.readCount === state.size) {
              object = state.map;
              stack.release(state);
            } else {
              state.key = null;
              state.type = STATE_MAP_KEY;
              continue DECODE;
            }
          }
        }
        return object;
      }
    }
    readHeadByte() {
      if (this.headByte === HEAD_BYTE_REQUIRED) {
        this.headByte = this.readU8();
      }
      return this.headByte;
    }
    complete() {
      this.headByte = HEAD_BYTE_REQUIRED;
    }
    readArraySize() {
      const headByte = this.readHeadByte();
      switch (headByte) {
        case 220:
          return this.readU16();
        case 221:
          return this.readU32();
        default: {
          if (headByte < 160) {
            return headByte - 144;
          } else {
            throw new DecodeError(`Unrecognized array type byte: ${prettyByte(headByte)}`);
          }
        }
      }
    }
    pushMapState(size) {
      if (size > this.maxMapLength) {
        throw new DecodeError(`Max length exceeded: map length (${size}) > maxMapLengthLength (${this.maxMapLength})`);
      }
      this.stack.pushMapState(size);
    }
    pushArrayState(size) {
      if (size > this.maxArrayLength) {
        throw new DecodeError(`Max length exceeded: array length (${size}) > maxArrayLength (${this.maxArrayLength})`);
      }
      this.stack.pushArrayState(size);
    }
    decodeString(byteLength, headerOffset) {
      if (!this.rawStrings || this.stateIsMapKey()) {
        return this.decodeUtf8String(byteLength, headerOffset);
      }
      return this.decodeBinary(byteLength, headerOffset);
    }
    /**
     * @throws {@link RangeError}
     */
    decodeUtf8String(byteLength, headerOffset) {
      if (byteLength > this.maxStrLength) {
        throw new DecodeError(`Max length exceeded: UTF-8 byte length (${byteLength}) > maxStrLength (${this.maxStrLength})`);
      }
      if (this.bytes.byteLength < this.pos + headerOffset + byteLength) {
        throw MORE_DATA;
      }
      const offset = this.pos + headerOffset;
      let object;
      if (this.stateIsMapKey() && this.keyDecoder?.canBeCached(byteLength)) {
        object = this.keyDecoder.decode(this.bytes, offset, byteLength);
      } else {
        object = utf8Decode(this.bytes, offset, byteLength);
      }
      this.pos += headerOffset + byteLength;
      return object;
    }
    stateIsMapKey() {
      if (this.stack.length > 0) {
        const state = this.stack.top();
        return state.type === STATE_MAP_KEY;
      }
      return false;
    }
    /**
     * @throws {@link RangeError}
     */
    decodeBinary(byteLength, headOffset) {
      if (byteLength > this.maxBinLength) {
        throw new DecodeError(`Max length exceeded: bin length (${byteLength}) > maxBinLength (${this.maxBinLength})`);
      }
      if (!this.hasRemaining(byteLength + headOffset)) {
        throw MORE_DATA;
      }
      const offset = this.pos + headOffset;
      const object = this.bytes.subarray(offset, offset + byteLength);
      this.pos += headOffset + byteLength;
      return object;
    }
    decodeExtension(size, headOffset) {
      if (size > this.maxExtLength) {
        throw new DecodeError(`Max length exceeded: ext length (${size}) > maxExtLength (${this.maxExtLength})`);
      }
      const extType = this.view.getInt8(this.pos + headOffset);
      const data = this.decodeBinary(
        size,
        headOffset + 1
        /* extType */
      );
      return this.extensionCodec.decode(data, extType, this.context);
    }
    lookU8() {
      return this.view.getUint8(this.pos);
    }
    lookU16() {
      return this.view.getUint16(this.pos);
    }
    lookU32() {
      return this.view.getUint32(this.pos);
    }
    readU8() {
      const value = this.view.getUint8(this.pos);
      this.pos++;
      return value;
    }
    readI8() {
      const value = this.view.getInt8(this.pos);
      this.pos++;
      return value;
    }
    readU16() {
      const value = this.view.getUint16(this.pos);
      this.pos += 2;
      return value;
    }
    readI16() {
      const value = this.view.getInt16(this.pos);
      this.pos += 2;
      return value;
    }
    readU32() {
      const value = this.view.getUint32(this.pos);
      this.pos += 4;
      return value;
    }
    readI32() {
      const value = this.view.getInt32(this.pos);
      this.pos += 4;
      return value;
    }
    readU64() {
      const value = getUint64(this.view, this.pos);
      this.pos += 8;
      return value;
    }
    readI64() {
      const value = getInt64(this.view, this.pos);
      this.pos += 8;
      return value;
    }
    readU64AsBigInt() {
      const value = this.view.getBigUint64(this.pos);
      this.pos += 8;
      return value;
    }
    readI64AsBigInt() {
      const value = this.view.getBigInt64(this.pos);
      this.pos += 8;
      return value;
    }
    readF32() {
      const value = this.view.getFloat32(this.pos);
      this.pos += 4;
      return value;
    }
    readF64() {
      const value = this.view.getFloat64(this.pos);
      this.pos += 8;
      return value;
    }
  };

  // node_modules/@msgpack/msgpack/dist.esm/decode.mjs
  function decode(buffer, options) {
    const decoder = new Decoder(options);
    return decoder.decode(buffer);
  }

  // src/following.js
  var PROTOCOL_VERSION = 1;
  var MATCH_TRAFFIC = /* @__PURE__ */ new Set([
    "command",
    "resign",
    "claim_timeout",
    "takeback_offer",
    "takeback_answer",
    "odds",
    "get_view",
    "unsubscribe"
  ]);
  var NOT_RESENT = /* @__PURE__ */ new Set(["authenticate", "subscribe", "unsubscribe"]);
  var FOLLOW_TIMEOUT_MS = 5e3;
  var REFOLLOW_AFTER_MS = 1e4;
  var RESUBSCRIBE_TRIES = 600;
  var RESUBSCRIBE_PAUSE_MS = 250;
  var pause = (ms) => new Promise((resolve) => {
    setTimeout(resolve, ms);
  });
  var LinkClosed = class extends Error {
    constructor(url) {
      super(`the connection to ${url} closed`);
      this.retryable = false;
    }
  };
  var NodeLink = class {
    constructor(following, url) {
      this.following = following;
      this.url = url;
      this.matches = /* @__PURE__ */ new Set();
      this.sent = /* @__PURE__ */ new Set();
      this.closed = false;
      this.socket = null;
      this.ready = null;
    }
    // Opens and signs in; rejects if either fails or takes longer than FOLLOW_TIMEOUT_MS.
    open(token) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => fail(new Error(`${this.url}: no answer`)),
          FOLLOW_TIMEOUT_MS
        );
        const fail = (error) => {
          clearTimeout(timer);
          if (!this.closed) this.following.failPending(this);
          this.close();
          reject(error);
        };
        let socket;
        try {
          socket = new WebSocket(this.url);
        } catch (error) {
          fail(error);
          return;
        }
        socket.binaryType = "arraybuffer";
        this.socket = socket;
        socket.onmessage = (message) => this.following.conn._receive(message.data);
        socket.onclose = () => {
          if (!this.closed) {
            this.closed = true;
            this.following.linkLost(this);
          }
          fail(new LinkClosed(this.url));
        };
        socket.onopen = () => {
          this.request("authenticate", { token }).then(() => {
            clearTimeout(timer);
            resolve(this);
          }, fail);
        };
      });
    }
    request(type, fields) {
      const { message, answer } = this.following.conn._track(type, fields);
      this.send(message);
      return answer;
    }
    send(message) {
      this.sent.add(message.id);
      if (this.socket?.readyState === WebSocket.OPEN) {
        this.socket.send(encode({ v: PROTOCOL_VERSION, ...message }));
      } else if (this.closed) {
        this.following.missed(message);
      }
    }
    close() {
      this.closed = true;
      this.socket?.close();
    }
  };
  var Following = class {
    constructor(conn) {
      this.conn = conn;
      this.enabled = new URLSearchParams(globalThis.location?.search ?? "").get("follow") !== "off";
      this.links = /* @__PURE__ */ new Map();
      this.routes = /* @__PURE__ */ new Map();
      this.unreachable = /* @__PURE__ */ new Map();
      this.moving = /* @__PURE__ */ new Set();
      this.follows = 0;
    }
    // The address the match's traffic goes to (null: the main connection).
    followedUrl(matchId) {
      return this.routes.get(matchId)?.url ?? null;
    }
    route(type, fields) {
      return MATCH_TRAFFIC.has(type) ? this.routes.get(fields.match_id) ?? null : null;
    }
    // Whether the request went over a live link (the main connection's resume skips it).
    onALink(id) {
      for (const link of this.links.values()) if (link.sent.has(id)) return true;
      return false;
    }
    answered(id) {
      for (const link of this.links.values()) link.sent.delete(id);
    }
    // A subscribe reply or a match_status push: follow its node_url, if any.
    toldWhere(matchId, answer) {
      const sub = this.conn.subscriptions.get(matchId);
      if (!this.enabled || !answer?.node_url || !sub || this.moving.has(matchId)) return;
      const url = new URL(answer.node_url, this.conn.url).href;
      if (this.followedUrl(matchId) === url) return;
      if (url === new URL(this.conn.url).href) {
        if (this.routes.has(matchId)) this._home(matchId);
        return;
      }
      this._follow(matchId, url);
    }
    // Take the match's subscription to `url`. `subscribed`: whether the main connection
    // has one now (else the server only told where: `subscribe` with `follow`). Resolves
    // to the subscribe reply it got (at `url`, or back on the main connection), or null
    // if nothing was done (the address is unreachable, or the page left the match).
    async _follow(matchId, url, subscribed = true) {
      if ((this.unreachable.get(url) ?? 0) > Date.now() || this.conn.closed) return null;
      this.moving.add(matchId);
      try {
        let link = this.links.get(url);
        if (!link || link.closed) {
          link = new NodeLink(this, url);
          this.links.set(url, link);
          link.ready = link.open(this.conn.token);
        }
        try {
          await link.ready;
        } catch (error) {
          if (this.links.get(url) === link) this.links.delete(url);
          console.info(`match ${matchId} not followed to ${url} (${error.message}): forwarded`);
          this.unreachable.set(url, Date.now() + REFOLLOW_AFTER_MS);
          return null;
        }
        if (subscribed) {
          try {
            await this.conn.request("unsubscribe", { match_id: matchId });
          } catch (error) {
          }
        }
        const sub = this.conn.subscriptions.get(matchId);
        if (!sub) return null;
        this.unroute(matchId);
        this.routes.set(matchId, link);
        link.matches.add(matchId);
        try {
          const reply = await link.request("subscribe", {
            match_id: matchId,
            after_seq: sub.lastSeq,
            spectate: sub.spectate,
            views: sub.views
          });
          this.follows += 1;
          return reply;
        } catch (error) {
          if (!link.closed) {
            console.info(`match ${matchId} not followed to ${url} (${error.message}): forwarded`);
            this.unreachable.set(url, Date.now() + REFOLLOW_AFTER_MS);
          }
          this.unroute(matchId);
          return await this._backToMain([matchId], []);
        }
      } finally {
        this.moving.delete(matchId);
      }
    }
    async _home(matchId) {
      this.moving.add(matchId);
      try {
        try {
          await this.conn.request("unsubscribe", { match_id: matchId });
        } catch (error) {
        }
        this.unroute(matchId);
        await this._backToMain([matchId], []);
      } finally {
        this.moving.delete(matchId);
      }
    }
    // The match's traffic goes back to the main connection (a link left with no match
    // is closed, and what it had not answered is sent on the main one).
    unroute(matchId) {
      const link = this.routes.get(matchId);
      if (!link) return;
      this.routes.delete(matchId);
      link.matches.delete(matchId);
      if (link.matches.size || link.closed) return;
      if (this.links.get(link.url) === link) this.links.delete(link.url);
      const again = this._unansweredOn(link);
      link.close();
      for (const message of again) this.conn._send(message);
    }
    _unansweredOn(link) {
      const again = [];
      for (const [id, entry] of this.conn.pending) {
        if (link.sent.has(id) && entry.message && !NOT_RESENT.has(entry.message.type)) {
          again.push(entry.message);
        }
      }
      return again;
    }
    // A request sent over a link already lost: sent on the main connection, or failed
    // if it is not sent again (a subscription there).
    missed(message) {
      const entry = this.conn.pending.get(message.id);
      if (!entry) return;
      if (NOT_RESENT.has(message.type)) {
        this.conn.pending.delete(message.id);
        entry.reject(new LinkClosed("a followed node"));
      } else {
        this.conn._send(message);
      }
    }
    // What a closed link will not send again (its sign-in, a subscription) fails now;
    // the rest is the caller's to send again.
    failPending(link) {
      for (const [id, entry] of [...this.conn.pending]) {
        if (link.sent.has(id) && (!entry.message || NOT_RESENT.has(entry.message.type))) {
          this.conn.pending.delete(id);
          entry.reject(new LinkClosed(link.url));
        }
      }
      link.sent.clear();
    }
    // A followed node's socket closed (it died or stopped): its matches are forwarded
    // again by the main connection's node.
    linkLost(link) {
      if (this.links.get(link.url) === link) this.links.delete(link.url);
      if (this.conn.closed) return;
      this.unreachable.set(link.url, Date.now() + REFOLLOW_AFTER_MS);
      const matchIds = [...link.matches].filter((m) => this.conn.subscriptions.has(m) && !this.moving.has(m));
      for (const matchId of link.matches) this.routes.delete(matchId);
      link.matches.clear();
      const again = this._unansweredOn(link);
      this.failPending(link);
      console.info(`connection to ${link.url} lost: ${matchIds.length} matches forwarded again`);
      this._backToMain(matchIds, again);
    }
    // Resubscribe on the main connection (again while the answer is retryable: a match
    // whose node stopped is `match_moved` until another takes it), then send again what
    // was unanswered, under the same ids.
    async _backToMain(matchIds, again) {
      let reply = null;
      for (const matchId of matchIds) {
        for (let i = 0; i < RESUBSCRIBE_TRIES; i += 1) {
          const sub = this.conn.subscriptions.get(matchId);
          if (!sub || this.conn.closed) break;
          try {
            reply = await this.conn.request("subscribe", {
              match_id: matchId,
              after_seq: sub.lastSeq,
              spectate: sub.spectate,
              views: sub.views
            });
            this.toldWhere(matchId, reply);
            break;
          } catch (error) {
            if (!error.retryable) break;
          }
          await pause(RESUBSCRIBE_PAUSE_MS);
        }
      }
      for (const message of again) this.conn._send(message);
      return reply;
    }
    closeAll() {
      for (const link of this.links.values()) link.close();
      this.links.clear();
      this.routes.clear();
    }
  };

  // src/connection.js
  var PROTOCOL_VERSION2 = 1;
  var BACKOFF_MS = [250, 500, 1e3, 2e3, 4e3];
  var ServerError = class extends Error {
    constructor(frame) {
      super(frame.message);
      this.code = frame.code;
      this.retryable = frame.retryable;
      this.details = frame.details || {};
    }
  };
  function randomPrefix() {
    const bytes = new Uint8Array(4);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  var Connection = class {
    constructor(url) {
      this.url = url;
      this.prefix = randomPrefix();
      this.counter = 0;
      this.pending = /* @__PURE__ */ new Map();
      this.subscriptions = /* @__PURE__ */ new Map();
      this.chats = /* @__PURE__ */ new Map();
      this.token = null;
      this.socket = null;
      this.attempt = 0;
      this.closed = false;
      this.onStatus = () => {
      };
      this.onSessionLost = () => {
      };
      this.following = new Following(this);
    }
    open() {
      this.closed = false;
      return this._connect();
    }
    close() {
      this.closed = true;
      this.following.closeAll();
      if (this.socket) this.socket.close();
    }
    get connected() {
      return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
    }
    _connect() {
      return new Promise((resolve) => {
        const socket = new WebSocket(this.url);
        socket.binaryType = "arraybuffer";
        this.socket = socket;
        this.onStatus("connecting");
        socket.onopen = async () => {
          this.attempt = 0;
          this.onStatus("online");
          await this._resume();
          resolve();
        };
        socket.onmessage = (message) => this._receive(message.data);
        socket.onclose = () => {
          if (this.socket !== socket) return;
          this.socket = null;
          this.onStatus("offline");
          resolve();
          if (!this.closed) this._reconnectLater();
        };
      });
    }
    _reconnectLater() {
      const delay = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
      this.attempt += 1;
      setTimeout(() => {
        if (!this.closed) this._connect();
      }, delay);
    }
    // After a (re)connection: sign in, resume streams, resend what was unanswered.
    // The server handles one connection's requests in order, so these go out first.
    async _resume() {
      const unanswered = [...this.pending.entries()].filter(([id]) => !this.following.onALink(id)).map(([, entry]) => entry);
      if (this.token) {
        const id = this._nextId();
        this._send({ type: "authenticate", id, token: this.token });
        this.pending.set(id, {
          message: null,
          resolve: () => {
          },
          reject: () => {
            this.token = null;
            this.onSessionLost();
          }
        });
        for (const [matchId, sub] of this.subscriptions) {
          if (!this.following.routes.has(matchId)) this._subscribeFrame(matchId, sub);
        }
        for (const chat of this.chats.values()) chat.onResume();
      }
      for (const entry of unanswered) {
        if (entry.message) this._send(entry.message);
      }
    }
    _subscribeFrame(matchId, sub) {
      const id = this._nextId();
      this.pending.set(id, {
        message: null,
        resolve: (reply) => this.following.toldWhere(matchId, reply),
        reject: () => {
        }
      });
      this._send({
        type: "subscribe",
        id,
        match_id: matchId,
        after_seq: sub.lastSeq,
        spectate: sub.spectate,
        views: sub.views
      });
    }
    _nextId() {
      this.counter += 1;
      return `${this.prefix}-${this.counter}`;
    }
    _send(message) {
      if (!this.connected) return false;
      this.socket.send(encode({ v: PROTOCOL_VERSION2, ...message }));
      return true;
    }
    // One request; resolves with the reply's result or rejects with a ServerError.
    // A followed match's request goes to its node's socket (following.js).
    request(type, fields = {}) {
      const { message, answer } = this._track(type, fields);
      const link = this.following.route(type, fields);
      if (link) link.send(message);
      else this._send(message);
      return answer;
    }
    // A request waiting for its answer (from whichever socket it comes).
    _track(type, fields) {
      const id = this._nextId();
      const message = { type, id, ...fields };
      const answer = new Promise((resolve, reject) => {
        this.pending.set(id, { message, resolve, reject });
      });
      return { message, answer };
    }
    // Subscribe to a match; `onPush(frame)` gets every push for it. Events are
    // de-duplicated by seq so a resumed stream never shows one twice.
    async subscribe(matchId, { spectate = false, views = true, onPush }) {
      const sub = { spectate, views, lastSeq: 0, onPush };
      this.subscriptions.set(matchId, sub);
      const follow = this.following.enabled ? { follow: true } : {};
      let reply = await this.request("subscribe", {
        match_id: matchId,
        after_seq: 0,
        spectate,
        views,
        ...follow
      });
      if (reply.subscribed === false) {
        const url = reply.node_url ? new URL(reply.node_url, this.url).href : null;
        const followed = url ? await this.following._follow(matchId, url, false) : null;
        if (followed) return followed;
        reply = await this.request("subscribe", {
          // (forwarded after all)
          match_id: matchId,
          after_seq: sub.lastSeq,
          spectate,
          views
        });
      }
      this.following.toldWhere(matchId, reply);
      return reply;
    }
    async unsubscribe(matchId) {
      if (!this.subscriptions.delete(matchId)) return;
      try {
        await this.request("unsubscribe", { match_id: matchId });
      } catch (error) {
      }
      this.following.unroute(matchId);
    }
    _receive(data) {
      let frame;
      try {
        frame = decode(new Uint8Array(data));
      } catch (error) {
        console.error("undecodable frame", error);
        return;
      }
      if (frame.type === "reply" || frame.type === "error" && frame.id !== null && frame.id !== void 0) {
        const entry = this.pending.get(frame.id);
        if (!entry) return;
        this.pending.delete(frame.id);
        this.following.answered(frame.id);
        if (frame.type === "reply") entry.resolve(frame.result);
        else entry.reject(new ServerError(frame));
        return;
      }
      if (frame.type === "error") {
        console.warn("server error", frame.code, frame.message);
        return;
      }
      if (frame.type === "chat_message" || frame.type === "chat_hidden") {
        this.chats.get(frame.match_id ?? "")?.onPush(frame);
        return;
      }
      const sub = this.subscriptions.get(frame.match_id);
      if (!sub) {
        this.onOtherPush?.(frame);
        return;
      }
      if (frame.type === "event") {
        if (frame.seq <= sub.lastSeq) return;
        sub.lastSeq = frame.seq;
      } else if (frame.type === "snapshot") {
        sub.lastSeq = frame.seq;
      }
      if (frame.type === "match_over" || frame.type === "match_status" && frame.status === "aborted") {
        this.subscriptions.delete(frame.match_id);
        this.following.unroute(frame.match_id);
      }
      sub.onPush(frame);
      if (frame.type === "match_status" && frame.node_url) {
        this.following.toldWhere(frame.match_id, frame);
      }
    }
  };

  // src/events.js
  var QUIET = /* @__PURE__ */ new Set(["pending_pushed", "pending_popped", "pending_replaced"]);
  var RESULT_VERB = {
    recoil: "recoils",
    fall: "falls",
    kill: "is killed",
    gruesome: "is killed gruesomely"
  };
  function formatEvent(event, ctx) {
    if (event === null || event === void 0) return { text: "(hidden)", kind: "hidden" };
    if (QUIET.has(event.type)) return null;
    const format = FORMATS[event.type];
    const data = event.data || {};
    if (format) {
      const text = format(data, ctx);
      if (text === null) return null;
      return { text, kind: KINDS[event.type] || "info" };
    }
    return { text: generic(event.type, data, ctx), kind: "info" };
  }
  var KINDS = {
    melee: "combat",
    shot: "combat",
    killed: "death",
    fled: "death",
    game_ended: "end",
    turn_passed: "turn",
    activated: "dice",
    morale_tested: "dice",
    held: "combat",
    activation_ended: "minor",
    takeback: "turn",
    group_ended: "minor",
    deployed: "minor"
  };
  var PLURALS = { die: "dice" };
  function plural(n, word) {
    if (n === 1) return `${n} ${word}`;
    return `${n} ${PLURALS[word] || (/(s|x|ch|sh)$/.test(word) ? `${word}es` : `${word}s`)}`;
  }
  function diceList(dice2) {
    return (dice2 || []).join(", ");
  }
  function dieAndBonus(die, total) {
    const bonus = total - die;
    return bonus >= 0 ? `${die}+${bonus}` : `${die}${bonus}`;
  }
  function modifierNote(modifiers) {
    const [mine, theirs] = modifiers || [[], []];
    const parts = [];
    if (mine && mine.length) parts.push(mine.join(", "));
    if (theirs && theirs.length) parts.push(`defender: ${theirs.join(", ")}`);
    return parts.length ? ` [${parts.join("; ")}]` : "";
  }
  function outcomeText(data, attacker, defender, ctx) {
    if (!data.loser || data.result === "none") return "no effect";
    const loser = data.loser === "defender" ? defender : attacker;
    const winner = data.loser === "defender" ? attacker : defender;
    const verb = RESULT_VERB[data.result] || data.result;
    const from = data.result === "recoil" ? ` from ${ctx.name(winner)}` : "";
    return `${ctx.name(loser)} ${verb}${from}`;
  }
  function qualityRoll(data, ctx = {}) {
    const auto = data.automatic ? ` + ${data.automatic} automatic` : "";
    return `rolled ${diceList(data.dice) || "nothing"}${auto}, needing ${data.target}+` + targetReason(data, ctx.figure?.(data.figure));
  }
  function targetReason(data, figure) {
    const quality = figure?.quality;
    const target = data.target;
    if (!Number.isInteger(quality) || !Number.isInteger(target)) return "";
    const named = (data.modifiers || []).map(([name, n]) => `${n > 0 ? "+" : ""}${n} ${name}`);
    const unnamed = quality - target - (data.modifiers || []).reduce((sum, [, n]) => sum + n, 0);
    if (unnamed) named.push(unnamed > 0 ? `+${unnamed} in its favour` : `${unnamed} against it`);
    return ` (${[`Quality ${quality}`, ...named].join(", ")})`;
  }
  var FORMATS = {
    list_submitted: (d, c) => `${c.seat(d.seat)} submitted a warband list` + (d.list ? ` (${d.list.name || "unnamed"}, kept secret until both are in)` : " (secret)"),
    scenario_rolled: (d) => `Scenario rolled: ${diceList(d.dice)}, ${scenarioName("sbh", d.scenario)}`,
    lists_revealed: (d, c) => "Warband lists revealed: " + Object.entries(d.lists || {}).map(([seat, list]) => {
      const points3 = (list.models || []).reduce((sum, m) => sum + (m.points || 0), 0);
      return `${c.seat(seat)}: ${list.name || "unnamed"}, ${plural(
        (list.models || []).length,
        "model"
      )}, ${points3} points`;
    }).join("; "),
    roles_rolled: (d, c) => `Roll-off for attacker and defender: ${rollOff(d.rolls, c)} — ${c.seat(d.winner)} chooses`,
    role_chosen: (d, c) => `${c.seat(d.seat)} chooses to be the ${d.role}`,
    terrain_laid: (d, c) => `${c.seat(d.seat)} lays out the terrain` + (d.generated ? " (generated from the match dice)" : "") + `: ${plural((d.terrain || []).length, "terrain hex")}, ${plural((d.edges || []).length, "wall or edge feature")}`,
    edge_chosen: (d, c) => `${c.seat(d.seat)} takes the ${d.edge} table edge`,
    deployed: (d, c) => `${c.name(d.figure)} deployed`,
    side_deployed: (d, c) => `${c.seat(d.seat)} has deployed`,
    initiative_rolled: (d, c) => `Initiative: ${rollOff(d.rolls, c)} — ${c.seat(d.winner)} goes first`,
    activated: (d, c) => {
      const count = (d.dice || []).length + (d.automatic || 0);
      const casting = d.scroll ? " (casting from the scroll)" : d.casting ? " (declaring a spell)" : "";
      let text = `${c.name(d.figure)} activates with ${plural(count, "die")}${casting}: ${qualityRoll(d, c)} — ${plural(d.successes, "action")}`;
      if (d.failures >= 2) text += `; ${d.failures} failures: turnover`;
      if (d.out_of_power) text += "; three failures: out of magical power";
      return text;
    },
    free_move_started: (d, c) => `${c.name(d.figure)} makes a free move`,
    moved: (d, c) => {
      let text = `${c.name(d.figure)} moves`;
      if (d.disengaged) text += " away (disengaging)";
      else if (d.cost) text += ` (${plural(d.cost, "action")})`;
      if (d.contact && d.contact.length) {
        text += ` into contact with ${d.contact.map((id) => c.name(id)).join(", ")}`;
      }
      return text;
    },
    actions_spent: (d, c) => `${c.name(d.figure)} spends ${plural(d.cost, "action")}` + (d.reason ? ` (${d.reason})` : ""),
    stood_up: (d, c) => `${c.name(d.figure)} stands up` + (d.reason ? ` (${d.reason})` : ""),
    broke_free: (d, c) => `${c.name(d.figure)} breaks free of the transfix`,
    activation_ended: (d, c) => `${c.name(d.figure)} ends its activation` + (d.turnover ? " — turnover" : ""),
    melee: (d, c) => {
      const [ad, dd] = d.dice || [0, 0];
      const [at, dt] = d.totals || [0, 0];
      const how = d.free_hack ? "gets a free hack at" : d.power ? "power-blows" : "attacks";
      return `${c.name(d.attacker)} ${how} ${c.name(d.defender)}: ${outcomeText(d, d.attacker, d.defender, c)} (${dieAndBonus(ad, at)} vs ${dieAndBonus(dd, dt)})${modifierNote(d.modifiers)}`;
    },
    shot: (d, c) => {
      const [ad, dd] = d.dice || [0, 0];
      const [at, dt] = d.totals || [0, 0];
      let how = d.aimed ? "takes an aimed shot at" : "shoots at";
      if (d.spell_power) how = `casts a bolt (power ${d.spell_power}) at`;
      if (d.volley) how = `leads a concentrated shooting (${d.volley.length} shooters) at`;
      const stray = d.aimed_at ? `${c.name(d.aimed_at)}, and hits ${c.name(d.target)}` : "";
      return `${c.name(d.shooter)} ${how} ${stray || c.name(d.target)}: ${outcomeText(d, d.shooter, d.target, c)} (${dieAndBonus(ad, at)} vs ${dieAndBonus(dd, dt)})${modifierNote(d.modifiers)}`;
    },
    stray_shot_rolled: (d, c) => `${c.name(d.shooter)} shoots into the melee around ${c.name(d.target)}: rolled ${diceList(d.dice)}` + (d.hits ? ` — the shot strays into ${c.name(d.hits)}` : " — on target"),
    missile_check: (d, c) => d.spent ? `${d.figure ? c.name(d.figure) : "A shooter"} runs out of missiles (rolled ${diceList(d.dice)})` : `${c.name(d.figure)} still has missiles (rolled ${diceList(d.dice)})`,
    fell: (d, c) => `${c.name(d.figure)} falls` + (d.reason ? ` (${d.reason})` : ""),
    recoiled: (d, c) => `${c.name(d.figure)} recoils away from ${c.name(d.away_from)}`,
    followed_up: (d, c) => `${c.name(d.figure)} follows up`,
    wounded: (d, c) => `${c.name(d.figure)} is wounded` + (d.reason ? ` (${d.reason})` : ""),
    killed: (d, c) => `${c.name(d.figure)} is killed${d.gruesome ? " gruesomely" : ""}` + (d.by ? ` by ${c.name(d.by)}` : ""),
    tailslap_rolled: (d, c) => `${c.name(d.by)}'s tail slaps ${c.name(d.figure)}: rolled ${diceList(d.dice)}`,
    poison_rolled: (d, c) => `${c.name(d.by)}'s poison on ${c.name(d.figure)}: rolled ${diceList(d.dice)}`,
    dead_outnumber: (d, c) => `${c.seat(d.seat)} has more dead than living: everyone tests morale`,
    fled: (d, c) => `${c.name(d.figure)} flees the battle` + (d.reason ? ` (${d.reason})` : ""),
    flee_moved: (d, c) => `${c.name(d.figure)} flees`,
    swarm_tightened: (d, c) => `The Swarm tightens its formation: ` + d.moves.map(([figure, q, r]) => `${c.name(figure)} to (${q}, ${r})`).join(", "),
    intercepted: (d, c) => `${c.name(d.by)} intercepts the fleeing ${c.name(d.figure)}`,
    morale_tested: (d, c) => `${c.name(d.figure)} tests morale (${d.reason}): ${qualityRoll(d, c)} — ${d.failures ? plural(d.failures, "failure") : "holds"}`,
    terror_tested: (d, c) => `${c.name(d.figure)} faces the terror of ${c.name(d.source)}: ${qualityRoll(d, c)} — ${d.passed ? "holds" : "fails"}`,
    terror_resisted: (d, c) => `${c.name(d.figure)} is no longer afraid of ${d.profile}`,
    skips_turn: (d, c) => `${c.name(d.figure)} skips its next turn`,
    held: (d, c) => {
      const what = d.kind === "entangle" ? "entangles" : `casts ${d.kind} (power ${d.power}) on`;
      return `${c.name(d.figure)} ${what} ${c.name(d.target)}: resists with ${diceList(d.dice) || "nothing"} needing ${d.target_number}+ — ${d.transfixed ? `${c.name(d.target)} is held` : "resisted"}`;
    },
    hero_rerolled: (d, c) => `${c.name(d.figure)} uses the Hero's re-roll: ${d.old} becomes ${d.new}`,
    commander_named: (d, c) => `${c.name(d.figure)} is now ${c.seat(d.seat)}'s overall commander`,
    group_ordered: (d, c) => `${c.name(d.leader)} orders a ${d.volley ? "concentrated shooting" : d.regroup ? "regroup" : "group activation"} of ${plural((d.members || []).length, "figure")}`,
    group_activated: (d, c) => `Group of ${plural((d.members || []).length, "figure")} ${d.leader ? `led by ${c.name(d.leader)} ` : ""}activates: rolled ${diceList(d.dice)}, needing ${d.target}+ — ${plural(d.successes, "action")} each` + (d.failures >= 2 ? `; ${d.failures} failures: turnover` : ""),
    group_member_started: (d, c) => `${c.name(d.figure)} acts for the group`,
    group_ended: () => "The group activation ends",
    volley_rolled: (d, c) => `Concentrated shooting at ${c.name(d.target)}: rolled ${diceList(d.dice)} needing ${d.target_number}+ — ${plural(d.successes, "success")}`,
    turn_passed: (d, c) => `Turn ${d.turn}: ${c.seat(d.to)} to play (${d.reason})`,
    game_ended: (d, c) => {
      const points3 = Object.entries(d.victory_points || {}).map(([seat, vp]) => `${c.seat(seat)} ${vp}`).join(", ");
      const who = d.winner ? `${c.seat(d.winner)} wins` : "A draw";
      return `Game over: ${who} (${reasonWords(d.reason, c.seat)})` + (points3 ? `. Victory points: ${points3}` : "");
    },
    healed: (d, c) => `${c.name(d.figure)} heals ${c.name(d.patient)}`,
    snapped_out: (d, c) => `${c.name(d.figure)} snaps out of its greed`,
    jumped: (d, c) => `${c.name(d.figure)} jumps (${qualityRoll(d, c)})`,
    draw_offered: (d, c) => `${c.seat(d.seat)} offers a draw`,
    takeback: (d, c) => `Takeback: ${c.seat(d.by)} takes back to step ${d.to_seq}, as ${c.seat(d.accepted_by)} agreed — play goes on from there (the steps after it no longer count; no dice are rolled again)`,
    draw_declined: (d, c) => d.reason === "played on" ? `${c.seat(d.seat)} plays on: the offer of a draw lapses` : `${c.seat(d.seat)} declines the draw`,
    climb_rolled: (d, c) => `${c.name(d.figure)} climbs the wall: ${qualityRoll(d, c)} — ` + (d.failures ? "fails" : "makes it"),
    slip_tested: (d, c) => `${c.name(d.figure)} keeps its footing at the ${d.moment}? ${qualityRoll(d, c)} — ${d.failures ? "slips" : "yes"}`,
    falling_damage_rolled: (d, c) => `${c.name(d.figure)} falls a ${d.height} height: ${qualityRoll(d, c)}`,
    greed_tested: (d, c) => `${c.name(d.figure)} resists its greed? ${qualityRoll(d, c)} — ` + (d.greedy ? "gives in" : "resists"),
    terrain_danger_tested: (d, c) => `${c.name(d.figure)} braves the dangerous ground: ${qualityRoll(d, c)}` + (d.lost ? " — lost" : ""),
    jumped_down: (d, c) => `${c.name(d.figure)} jumps down the ${d.height} cliff`,
    teleported: (d, c) => `${c.name(d.figure)} teleports`,
    teleport_mishap: (d, c) => `${c.name(d.figure)}'s teleport goes wrong`,
    marker_placed: (d, c) => `${c.seat(d.seat)} places an ambush marker`,
    marker_revealed: (d, c) => `An ambush marker is revealed: ${d.figure ? c.name(d.figure) : "a dummy"}`,
    token_placed: (d, c) => `${c.seat(d.seat)} places a treasure token at ${hexWords(d.to)}`,
    token_removed: (d, c) => `${c.name(d.figure)} searches the token at ${hexWords(d.at)} (rolled ${diceList(d.dice || [])}): nothing there, the token is removed`,
    place_nominated: (d, c) => `${c.seat(d.seat)} nominates feature ${d.feature + 1} as the Place of Power`,
    treasure_found: (d, c) => `${c.name(d.figure)} finds the treasure at ${hexWords(d.at)}`,
    treasure_picked_up: (d, c) => `${c.name(d.figure)} picks up the treasure`,
    treasure_escaped: (d, c) => `${c.name(d.figure)} carries the treasure off the table`,
    item_given: (d, c) => `${c.name(d.figure)} gives the magic item to ${c.name(d.to)}`,
    standard_destroyed: (d, c) => `${c.name(d.by)} destroys ${c.name(d.bearer)}'s standard`,
    strength_spent: (d, c) => `${c.name(d.figure)} spends ${plural(d.points, "Strength point")} of the belt (${d.left} left)`,
    volley_spell_short: (d, c) => `${c.name(d.figure)}'s spell (power ${d.power}) cannot reach ${c.name(d.target)}: it takes no part in the volley`,
    mutated: (d, c) => `${c.name(d.figure)} mutates and is transfixed for the rest of the turn`,
    resurrected: (d, c) => `${c.name(d.by)} raises ${c.name(d.figure)} from the dead as Undead`,
    turned_were: (d, c) => `${c.name(d.figure)} turns into its were form: ${d.form}`
  };
  function hexWords(h) {
    return Array.isArray(h) ? `[${h[0]}, ${h[1]}]` : "?";
  }
  function rollOff(rolls, ctx) {
    const [first, second] = ctx.seats || ["a", "b"];
    return (rolls || []).map(([a, b]) => `${ctx.seat(first)} ${a} vs ${ctx.seat(second)} ${b}`).join(", then ");
  }
  var FIGURE_KEYS = /* @__PURE__ */ new Set([
    "figure",
    "by",
    "target",
    "attacker",
    "defender",
    "shooter",
    "leader",
    "patient",
    "bearer",
    "source",
    "standard"
  ]);
  function generic(type, data, ctx) {
    const words2 = type.replace(/_/g, " ");
    const details = [];
    for (const [key3, value] of Object.entries(data)) {
      if (FIGURE_KEYS.has(key3) && typeof value === "string") {
        details.push(`${key3} ${ctx.name(value)}`);
      } else if (key3 === "seat" && typeof value === "string") {
        details.push(ctx.seat(value));
      } else if (key3 === "dice" && Array.isArray(value)) {
        details.push(`rolled ${diceList(value)}`);
      } else if (["number", "boolean"].includes(typeof value) || typeof value === "string" && value.length < 40) {
        details.push(`${key3.replace(/_/g, " ")} ${value}`);
      }
    }
    const head = words2.charAt(0).toUpperCase() + words2.slice(1);
    return details.length ? `${head}: ${details.join(", ")}` : head;
  }
  function reasonWords(reason, seat) {
    if (!reason) return "";
    return reason.replace(/^([a-z])(?= )/, (id) => seat(id));
  }
  function formatOdds(odds) {
    const merged = /* @__PURE__ */ new Map();
    for (const o of odds.outcomes || []) {
      const key3 = o.loser === null || o.result === "none" ? "none" : `${o.loser}:${o.result}`;
      merged.set(key3, (merged.get(key3) || 0) + o.probability);
    }
    const order = [
      "defender:gruesome",
      "defender:kill",
      "defender:fall",
      "defender:recoil",
      "none",
      "attacker:recoil",
      "attacker:fall",
      "attacker:kill",
      "attacker:gruesome"
    ];
    const label = {
      "defender:gruesome": "Gruesome kill",
      "defender:kill": "Kill",
      "defender:fall": "Fall",
      "defender:recoil": "Recoil",
      none: "nothing",
      "attacker:recoil": "you recoil",
      "attacker:fall": "you fall",
      "attacker:kill": "you are killed",
      "attacker:gruesome": "you are killed gruesomely"
    };
    const keys = [
      ...order.filter((k) => merged.has(k)),
      ...[...merged.keys()].filter((k) => !order.includes(k))
    ];
    return keys.map((k) => `${label[k] || k} ${percent(merged.get(k))}`).join(" · ");
  }
  function percent(p) {
    const value = p * 100;
    if (value > 0 && value < 1) return "<1%";
    return `${Math.round(value)}%`;
  }
  function formatModifiers(odds) {
    const [mine, theirs] = odds.modifiers || [[], []];
    const parts = [];
    if (mine && mine.length) parts.push(`you: ${mine.join(", ")}`);
    if (theirs && theirs.length) parts.push(`target: ${theirs.join(", ")}`);
    return parts.join("; ");
  }

  // src/chat.js
  var MATCH_ROOMS = { players: "Players", spectators: "Spectators" };
  var LOBBY_ROOMS = { lobby: "Lobby" };
  var MAX_LENGTH = 300;
  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== void 0) node.textContent = text;
    return node;
  }
  function button(label, action, title) {
    const node = element("button", "small chat-action", label);
    node.type = "button";
    node.dataset.chat = action;
    if (title) node.title = title;
    return node;
  }
  var ChatPanel = class {
    constructor(container, app2, matchId, rooms = MATCH_ROOMS) {
      this.box = container;
      this.app = app2;
      this.matchId = matchId;
      this.labels = rooms;
      this.room = Object.keys(rooms)[0];
      this.key = matchId ?? "";
      this.rooms = {};
      for (const room of Object.keys(rooms)) {
        this.rooms[room] = {
          messages: [],
          canWrite: false,
          whyNot: null,
          refused: null,
          unread: false
        };
      }
      this.muted = /* @__PURE__ */ new Set();
      this.moderator = false;
      this.mutedNames = /* @__PURE__ */ new Map();
    }
    show() {
      this.box.replaceChildren();
      this.box.append(element("h3", "", "Chat"));
      this.tabs = element("div", "chat-tabs");
      for (const [room, label] of Object.entries(this.labels)) {
        const tab = element("button", "small chat-tab", label);
        tab.type = "button";
        tab.dataset.room = room;
        this.tabs.append(tab);
      }
      this.note = element("p", "chat-note muted");
      this.log = element("ol", "chat-log");
      this.form = element("form", "chat-form");
      this.input = element("input");
      Object.assign(this.input, {
        name: "text",
        maxLength: MAX_LENGTH,
        autocomplete: "off",
        placeholder: "Write to the room"
      });
      const send = element("button", "small", "Send");
      send.type = "submit";
      this.form.append(this.input, send);
      this.error = element("p", "chat-error status error");
      if (Object.keys(this.labels).length > 1) this.box.append(this.tabs);
      this.box.append(this.note, this.log, this.form, this.error);
      this.box.addEventListener("click", (e) => this.click(e));
      this.form.addEventListener("submit", (e) => {
        e.preventDefault();
        this.send();
      });
      this.app.conn.chats.set(this.key, {
        onPush: (frame) => this.push(frame),
        onResume: () => this.reload()
      });
      this.render();
      return this.reload();
    }
    destroy() {
      this.app.conn.chats.delete(this.key);
      this.app.conn.request("chat_unfollow", { match_id: this.matchId }).catch(() => {
      });
    }
    // Both rooms' histories again (on show, after a reconnection, when the match ends:
    // the players may read the spectators' room from then on).
    async reload() {
      await Promise.all(Object.keys(this.labels).map((room) => this.load(room)));
      this.render();
    }
    async load(room) {
      const state = this.rooms[room];
      try {
        const reply = await this.app.conn.request(
          "chat_history",
          { match_id: this.matchId, room }
        );
        Object.assign(state, {
          messages: reply.messages,
          canWrite: reply.can_write,
          whyNot: reply.why_not,
          refused: null
        });
        this.muted = new Set(reply.muted);
        this.moderator = reply.moderator;
      } catch (error) {
        Object.assign(state, {
          messages: [],
          canWrite: false,
          whyNot: null,
          refused: error.message
        });
      }
    }
    push(frame) {
      const state = this.rooms[frame.room];
      if (!state) return;
      if (frame.type === "chat_hidden") {
        state.messages = state.messages.filter((m) => m.message_id !== frame.message_id);
      } else if (!this.muted.has(frame.author_id) && !state.messages.some((m) => m.message_id === frame.message_id)) {
        state.messages.push(frame);
        if (frame.room !== this.room) state.unread = true;
      }
      this.render();
    }
    async send() {
      const text = this.input.value;
      this.error.textContent = "";
      try {
        const message = await this.app.conn.request(
          "chat_send",
          { match_id: this.matchId, room: this.room, text }
        );
        this.input.value = "";
        this.push({ type: "chat_message", ...message });
      } catch (error) {
        this.error.textContent = error.message;
      }
    }
    click(e) {
      const tab = e.target.closest(".chat-tab");
      if (tab) {
        this.room = tab.dataset.room;
        this.rooms[this.room].unread = false;
        this.error.textContent = "";
        this.render();
        return;
      }
      const action = e.target.closest(".chat-action");
      if (!action) return;
      const item = action.closest("[data-message]");
      const id = item ? Number(item.dataset.message) : null;
      const act = {
        mute: () => this.mute(item.dataset.author, item.dataset.name),
        unmute: () => this.unmute(action.dataset.account),
        report: () => this.askReason(item),
        "send-report": () => this.report(item, id),
        hide: () => this.app.conn.request("chat_hide", { message_id: id })
      }[action.dataset.chat];
      if (!act) return;
      Promise.resolve().then(act).catch((error) => {
        this.error.textContent = error.message;
      });
    }
    async mute(accountId, name) {
      await this.app.conn.request("chat_mute", { account_id: accountId });
      this.muted.add(accountId);
      this.mutedNames.set(accountId, name);
      for (const state of Object.values(this.rooms)) {
        state.messages = state.messages.filter((m) => m.author_id !== accountId);
      }
      this.render();
    }
    async unmute(accountId) {
      await this.app.conn.request("chat_unmute", { account_id: accountId });
      this.muted.delete(accountId);
      this.mutedNames.delete(accountId);
      await this.reload();
    }
    askReason(item) {
      const actions = item.querySelector(".chat-actions");
      const reason = element("input", "chat-reason");
      Object.assign(reason, { maxLength: 200, placeholder: "Why? (for the moderators)" });
      actions.replaceChildren(reason, button("send report", "send-report"));
      reason.focus();
    }
    async report(item, id) {
      const reason = item.querySelector(".chat-reason").value;
      await this.app.conn.request("chat_report", { message_id: id, reason });
      item.querySelector(".chat-actions").replaceChildren(element("span", "muted", "reported"));
    }
    render() {
      const me = this.app.account?.account_id;
      for (const tab of this.tabs.querySelectorAll(".chat-tab")) {
        const state2 = this.rooms[tab.dataset.room];
        tab.classList.toggle("active", tab.dataset.room === this.room);
        tab.classList.toggle("unread", state2.unread);
      }
      const state = this.rooms[this.room];
      const items = state.messages.map((m) => {
        const item = element("li", "chat-line");
        item.dataset.message = String(m.message_id);
        item.dataset.author = m.author_id;
        item.dataset.name = m.author;
        const actions = element("span", "chat-actions");
        if (m.author_id !== me) {
          actions.append(
            button("mute", "mute", "Hide what this person writes, for you"),
            button("report", "report", "Report this message to the moderators")
          );
        }
        if (this.moderator) actions.append(button("hide", "hide", "Hide for everyone"));
        item.append(
          element("span", "chat-author", m.author),
          " ",
          element("span", "chat-text", m.text),
          " ",
          actions
        );
        return item;
      });
      if (state.refused) items.push(element("li", "muted chat-refused", state.refused));
      else if (!items.length) items.push(element("li", "muted", "No messages yet."));
      this.log.replaceChildren(...items);
      this.log.scrollTop = this.log.scrollHeight;
      if (!state.canWrite) this.form.remove();
      else if (!this.form.isConnected) this.log.after(this.form);
      this.note.replaceChildren();
      if (!state.canWrite && state.whyNot && !state.refused) this.note.textContent = state.whyNot;
      for (const [accountId, name] of this.mutedNames) {
        const line3 = element("span", "chat-muted", `You muted ${name}. `);
        const undo = button("unmute", "unmute");
        undo.dataset.account = accountId;
        line3.append(undo);
        this.note.append(line3);
      }
    }
  };

  // src/quick_pair.js
  var QuickPair = class {
    constructor(app2) {
      this.app = app2;
      this.seekId = null;
      this.withdrawn = null;
      app2.pushHandlers.set("seek_paired", (frame) => {
        if ([this.seekId, this.withdrawn].includes(frame.seek_id)) this.paired(frame);
      });
    }
    // The lobby page drawn anew: each form's "Find an opponent" button and status line;
    // forms: [{button, status, settings(form) -> the seek's fields}].
    bind(root, forms) {
      this.root = root;
      this.forms = forms;
      for (const place of forms) {
        $(root, place.button).addEventListener("click", (e) => this.seek(e.target.form, place));
      }
      root.addEventListener("click", (e) => {
        if (e.target.closest("button[data-action=cancel-seek]")) this.cancel();
      });
      this.show();
    }
    async seek(form, place) {
      if (this.seekId) return;
      this.place = place;
      try {
        const answer = await this.app.conn.request("seek", place.settings(form));
        if (answer.status === "paired") {
          this.paired(answer);
          return;
        }
        this.seekId = answer.seek_id;
        this.show();
      } catch (error) {
        this.show(error.message);
      }
    }
    async cancel() {
      const seekId = this.seekId;
      this.seekId = null;
      this.show();
      if (!seekId) return;
      this.withdrawn = seekId;
      try {
        await this.app.conn.request("cancel_seek", { seek_id: seekId });
        this.withdrawn = null;
      } catch (error) {
        if (error.code === "no_such_seek") this.show("Too late to stop: you have just been paired.");
        else this.show(error.message);
      }
    }
    paired(frame) {
      this.seekId = null;
      this.withdrawn = null;
      this.app.remember({ match_id: frame.match_id, seat: frame.seat });
      this.app.go(`#/match/${frame.match_id}`);
    }
    show(error = "") {
      const box = this.root?.querySelector((this.place || this.forms?.[0])?.status);
      if (!box || !box.isConnected) return;
      if (error) {
        box.innerHTML = `<span class="status error" role="alert">${escape(error)}</span>`;
      } else if (this.seekId) {
        box.innerHTML = '<span class="seeking">Looking for an opponent with these settings…</span> <button type="button" class="small" data-action="cancel-seek">Cancel</button>';
      } else {
        box.innerHTML = "";
      }
    }
  };

  // src/asoiaf_words.js
  var COINS = ["gold", "silver", "copper"];
  function modelNames(view) {
    return displayNames((view?.models || []).map((m) => ({
      id: m.uid,
      seat: m.seat,
      name: m.card
    })));
  }
  function modelWords(text, ctx, uid = null) {
    const models = ctx.view?.models || [];
    const cards = [...new Set(models.map((m) => m.card))].filter(Boolean).sort((x, y) => y.length - x.length);
    if (!cards.length) return String(text);
    const named = new RegExp(cards.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
    const said = String(text);
    const times = /* @__PURE__ */ new Map();
    for (const [card] of said.matchAll(named)) times.set(card, (times.get(card) || 0) + 1);
    const meant = uid || ctx.view?.active_model || null;
    return said.replace(named, (card) => {
      const holders = models.filter((m) => m.card === card);
      const one = holders.length === 1 ? holders[0] : times.get(card) === 1 && holders.find((m) => m.uid === meant);
      return one ? ctx.name(one.uid) : card;
    });
  }
  function promptWords(decision, ctx) {
    const options = decision.options || [];
    if (decision.text !== "Your turn.") {
      return modelWords(decision.text, ctx, options.find((o) => o.args?.model)?.args.model);
    }
    const active = ctx.view?.active_model;
    if (active) return `Act with ${ctx.name(active)}.`;
    const types = new Set(options.map((o) => o.type));
    const what = [
      ["activate", "activate a model"],
      ["place", "place a model not yet on the battlefield"],
      ["pass", "pass"]
    ].filter(([type]) => types.has(type)).map(([, words2]) => words2);
    if (!what.length) return "Choose what to do.";
    const said = what.length > 1 ? `${what.slice(0, -1).join(", ")} or ${what.at(-1)}` : what[0];
    return `${said[0].toUpperCase()}${said.slice(1)}.`;
  }
  function actingSeat(view) {
    const active = view?.active_model;
    return active && (view.models || []).find((m) => m.uid === active)?.seat || null;
  }
  function squareWords(square) {
    return square ? `square ${square[0] + 1}, ${square[1] + 1}` : "off the battlefield";
  }
  var LASTING_UNTIL = {
    activation: "this activation",
    turn: "this turn",
    round: "until the round ends",
    game: "for the game"
  };
  function lastingWords([, kind, which, by, until]) {
    const amount = `${by > 0 ? "+" : ""}${by}`;
    const when2 = LASTING_UNTIL[until] || `until ${until}`;
    if (kind === "roll") {
      return `${amount} to ${which === "any" ? "every roll" : `${which} rolls`} ${when2}`;
    }
    const what = which === "wounds" ? "maximum wounds" : String(which).replace(/_/g, " ");
    return `${what} ${amount} ${when2}`;
  }
  function coinWords(coins) {
    const parts = COINS.filter((c) => coins?.[c]).map((c) => `${coins[c]} ${c}`);
    return parts.length ? parts.join(", ") : "nothing";
  }
  var PHASE_WORDS = {
    roll_off: "roll-off",
    choice: "choosing zones and 1st player",
    agendas: "choosing agendas",
    deploy: "deployment",
    activations: "activations",
    over: "over"
  };
  var OPTION_WORDS = {
    roll_off: () => "Roll off",
    choose_zone: () => "Choose a deployment zone",
    choose_first_player: () => "Choose the 1st player",
    keep_agenda: () => "Keep an agenda",
    deploy: (s, ctx) => `Place ${ctx.name(s.args.model)}`,
    place: (s, ctx) => `Place ${ctx.name(s.args.model)} (late, 1 copper)`,
    activate: () => "Activate a model",
    pass: () => "Pass (2 copper)",
    end_activation: () => "End the activation",
    move: () => "Move",
    attack: (s, ctx) => `Attack: ${s.label}${against(s, ctx)}${picking(s, ctx)}`,
    charge: (s, ctx) => `Charge: ${s.label}${against(s, ctx)}${picking(s, ctx)}`,
    charge_terrain: () => "Charge the door",
    ability: (s) => `Ability: ${s.label}`,
    interact: () => "Take a plunder token",
    // "Baratheon Warden 3 opens the wooden door": the acting model, numbered as the board
    interact_door: (s, ctx) => modelWords(s.label, ctx),
    interact_corpse_pile: (s, ctx) => modelWords(s.label, ctx),
    idle: (s, ctx) => modelWords(s.label, ctx, s.args?.model),
    // "Baratheon Warden 3 stands idle"
    use_objective: (s) => `Objective: ${s.label}`,
    play_agenda: (s) => `Play the agenda ${s.label}`,
    // "with Lucky Charm"; a use of abilities picking models is labelled by their names
    defend: (s, ctx) => pickParams(s).length && !s.args?.equipment ? `Defend with ${s.label} (picking models)` : `${s.label ? `Defend ${s.label}` : "Defend"}${picking(s, ctx)}`,
    wounds_ability: (s) => `Use ${s.label}`,
    decline_wounds_ability: () => "No wounds ability",
    aftermath: (s) => `Aftermath: ${s.label}`,
    decline_aftermath: () => "No aftermath",
    remove: () => "Kill or capture",
    surge: () => "Surge forth",
    hold: () => "Stay where you are",
    use_motivation: () => "Use the motivation",
    decline_motivation: () => "Decline the motivation",
    start_ability: (s) => `At the start of the game: ${s.label}`,
    decline_start_ability: () => "Don't use it",
    use_equipment: (s) => `Discard ${s.label}`,
    // HEALING BALM, STRANGLER FLASK, before a will test
    decline_equipment: () => "Keep the token",
    choose_nemesis: () => "Choose a nemesis",
    dismount: () => "Dismount",
    // abilities waiting their turn (a trigger, a will test passed, the end phase)
    trigger_ability: (s) => `Use ${s.label}`,
    decline_trigger_ability: () => "Don't use it",
    will_ability: (s) => `Use ${s.label}`,
    decline_will_ability: () => "Don't use it",
    end_phase_ability: (s) => `Use ${s.label}`,
    decline_end_phase_ability: () => "Don't use it",
    // an action another model's ability granted (granted.py), spending no AP
    granted_move: () => "Move (granted)",
    granted_attack: (s, ctx) => `Attack (granted): ${s.label}${against(s, ctx)}`,
    granted_charge: (s, ctx) => `Charge (granted): ${s.label}${against(s, ctx)}`,
    granted_charge_terrain: () => "Charge the door (granted)",
    granted_interact: () => "Take a plunder token (granted)",
    granted_idle: () => "Stand idle (granted)",
    forfeit_action: () => "Forfeit the granted action"
  };
  function against(spec, ctx) {
    const targets = spec.params?.target;
    return Array.isArray(targets) && targets.length === 1 ? ` against ${ctx.name(targets[0])}` : "";
  }
  function picking(spec, ctx) {
    if (!pickParams(spec).length) return "";
    const param = spec.type === "defend" ? "abilities" : "improvements";
    const sets = spec.params[param] || [];
    const bought2 = sets.length === 1 ? `${valueWords(param, sets[0], ctx)}, ` : "";
    return ` (${bought2}picking models)`;
  }
  function spanWords(value, unit = "") {
    const [low, high] = String(value).split("-");
    return high === void 0 ? `${low}${unit}` : `${low}${unit} to ${high}${unit}`;
  }
  function optionWords(spec, ctx) {
    const words2 = OPTION_WORDS[spec.type];
    if (words2) return words2(spec, ctx);
    const plain = spec.type.replace(/_/g, " ");
    return `${plain[0].toUpperCase()}${plain.slice(1)}${spec.label ? `: ${spec.label}` : ""}`;
  }
  var isPick = (param) => /^pick_\d+$/.test(param);
  var pickNumber = (param) => Number(param.slice("pick_".length));
  var pickParams = (spec) => Object.keys(spec?.params || {}).filter(isPick);
  var modelsWords = (value, ctx) => Array.isArray(value) ? value.map((uid) => ctx.name(uid)).join(" and ") : ctx.name(value);
  function onPicked(d, ctx) {
    const one = d.target || d.targets;
    const picked = d.picks || (one ? [one] : []);
    return picked.length ? ` on ${picked.map((v) => modelsWords(v, ctx)).join(" and ")}` : "";
  }
  function valueWords(param, value, ctx) {
    if (["model", "target", "friend", "nemesis"].includes(param)) return ctx.name(value);
    if (param === "targets" || isPick(param)) return modelsWords(value, ctx);
    if (param === "square") return squareWords(value);
    if (param === "zone") return `the ${value} zone`;
    if (param === "first_player") return ctx.seat(value);
    if (param === "improvements") {
      return value.length ? `improvement${value.length > 1 ? "s" : ""} ${value.map((i) => i + 1).join(" + ")}` : "no improvement";
    }
    if (param === "abilities") {
      return value.length ? value.map(([name, chosen]) => chosen.length ? `${name} (improvement${chosen.length > 1 ? "s" : ""} ${chosen.map((i) => i + 1).join(" + ")})` : name).join(", ") : "no defence ability";
    }
    if (param === "removal") return value === "captured" ? "capture it" : "kill it";
    return String(value);
  }
  function paramWords(param) {
    if (isPick(param)) {
      const n = pickNumber(param);
      return `the ${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"} pick`;
    }
    return PARAM_WORDS[param] || param;
  }
  var PARAM_WORDS = {
    model: "which model",
    target: "the target",
    targets: "the models",
    friend: "which friendly model",
    square: "the square",
    improvements: "coins to spend",
    abilities: "defence abilities",
    nemesis: "the nemesis",
    zone: "the zone",
    first_player: "who goes first",
    agenda: "the agenda",
    removal: "kill or capture"
  };
  var dice = (faces) => faces?.length ? ` (rolled ${faces.join(", ")})` : "";
  var terrain = (d, faces = d.faces) => d.entered?.length ? ` It enters terrain at ${d.entered.map(([sq]) => squareWords(sq)).join(" and ")}${faces?.length ? `; defence${dice(faces)}` : ""}.` : "";
  var DOOR_VERBS = { Open: "opens", Close: "closes", Destroy: "breaks down" };
  var moving = (d) => d.square ? `, moving to ${squareWords(d.square)}` : "";
  var drawing = (d) => d.drawn ? `, drawing ${plural(d.drawn, "agenda card")}` : "";
  var granted = (d) => d.granted ? ", granted the action," : "";
  var discarding = (d) => d.equipment ? `, discarding ${d.equipment}` : "";
  var bought = (d) => d.bought_faces?.length ? ` ${plural(
    d.bought_faces.length,
    "bought hit"
  )}: defence${dice(d.bought_faces)}.` : "";
  var handed = (d, ctx, count) => d.passed ? `${ctx.name(d.target)} suffers the ${count === void 0 ? "wounds" : plural(count, "wound")}${d.by ? ` ${ctx.name(d.by)} dealt` : ""} instead` : "the wounds stay";
  var isRemoval = (d) => Boolean(d.killed?.length || d.captured?.length);
  var FORMATS2 = {
    rolled_off: (d, ctx) => `Roll-off: ${d.rolls.map(([a, b]) => `${a} against ${b}`).join(", then ")}; ${ctx.seat(d.winner)} wins and chooses first.`,
    zone_chosen: (d, ctx) => Object.entries(d.zones || {}).map(([seat, zone]) => `${ctx.seat(seat)} deploys in the ${zone} zone`).join("; ") + ".",
    first_player_chosen: (d, ctx) => `${ctx.seat(d.first_player)} is the 1st player.`,
    objectives_dealt: (d) => `${plural((d.cards || []).length, "objective card")} dealt face down.`,
    agendas_drawn: (d, ctx) => `${ctx.seat(d.seat)} draws 2 agendas${d.hand ? `: ${d.hand.join(" and ")}` : ""}.`,
    agenda_kept: (d, ctx) => `${ctx.seat(d.seat)} keeps an agenda${d.agenda ? `: ${d.agenda}` : " (hidden)"}.`,
    deployed: (d, ctx) => `${ctx.name(d.model)} is placed on ${squareWords(d.square)}.`,
    placed: (d, ctx) => `${ctx.name(d.model)} arrives late on ${squareWords(d.square)}.`,
    activated: (d, ctx) => `${ctx.name(d.model)} activates.`,
    passed: (d, ctx) => `${ctx.seat(d.seat)} passes.`,
    moved: (d, ctx) => `${ctx.name(d.model)} moves to ${squareWords(d.square)}.${terrain(d)}`,
    charged: (d, ctx) => `${ctx.name(d.model)} charges to ${squareWords(d.square)}${coinWords(d.spent) !== "nothing" ? `, spending ${coinWords(d.spent)}` : ""}.` + terrain(d),
    attack_rolled: (d, ctx) => `${ctx.name(d.attacker)} attacks ${ctx.name(d.target)}${coinWords(d.spent) !== "nothing" ? ` spending ${coinWords(d.spent)}` : ""}${discarding(d)}${d.powder_by ? `, blinded by ${ctx.name(d.powder_by)}` : ""}${dice(d.attack_faces)}: ${plural(d.hits, "hit")}.${bought(d)}`,
    defended: (d, ctx) => `${ctx.name(d.target)} defends${d.abilities?.length ? ` with ${d.abilities.map(([name]) => name).join(", ")}` : ""}${discarding(d)}${dice(d.defence_faces)}: ${plural(d.wounds, "wound")}.${bought(d)}`,
    wounds_ability_used: (d, ctx) => d.ability ? `${ctx.name(d.model)} uses ${d.ability}${d.will_face != null ? ` (rolled ${d.will_face})` : ""}${d.target ? `: ${handed(d, ctx)}` : ""}.` : null,
    aftermath_used: (d, ctx) => d.ability ? `Aftermath: ${d.ability}${onPicked(d, ctx)}${moving(d)}${dice(d.will_faces)}.` : null,
    // (the target and its killer or captor named in the told fields, when there)
    removed: (d) => isRemoval(d) ? d.equipment ? `${d.equipment} is discarded.` : null : d.removal === "captured" ? "The target is captured." : `The target is killed${d.equipment ? ` with ${d.equipment}` : ""}.`,
    surged: (d) => `The attacker surges forth to ${squareWords(d.square)}.${terrain(d)}`,
    surged_through: (d) => d.square ? `The attacker surges through to ${squareWords(d.square)}.` + terrain(d) : null,
    terrain_charged: (d, ctx) => `${ctx.name(d.model)}${granted(d)} charges the door${d.square ? ` from ${squareWords(d.square)}` : ""}${dice(d.faces)}${d.destroyed_into ? `: it is ${d.destroyed_into}` : ""}.${terrain(d, d.terrain_faces)}`,
    ability_used: (d, ctx) => `${ctx.name(d.model)} uses ${d.ability}${onPicked(d, ctx)}${dice(d.will_faces)}${drawing(d)}.`,
    door_used: (d, ctx) => `${ctx.name(d.model)} ${DOOR_VERBS[d.action] || "uses"} the door${d.square ? ` and steps to ${squareWords(d.square)}` : ""}.${terrain(d)}`,
    idled: (d, ctx) => `${ctx.name(d.model)} stands idle.`,
    wounds_ability_answered: (d, ctx) => d.ability ? `${ctx.name(d.model)} uses ${d.ability}${dice(d.will_faces)}: ${handed(d, ctx, d.dealt ?? d.lost)}.` : null,
    corpse_pile_tested: (d, ctx) => `${ctx.name(d.model)} tries to climb the corpse pile${dice(d.faces)}: ${d.passed ? "it can cross it this turn" : "it fails"}.`,
    plundered: (d, ctx) => `${ctx.name(d.model)}${granted(d)} takes a plunder token (${d.kind}).`,
    agenda_drawn: (d, ctx) => `${ctx.seat(d.seat)} draws an agenda${d.agenda ? `: ${d.agenda}` : ""}.`,
    agenda_played: (d, ctx) => `${ctx.seat(d.seat)} plays the agenda ${d.agenda}.`,
    // (`friend`: the chosen model's name in events before the Watchtower's actions)
    objective_used: (d, ctx) => `${ctx.name(d.model)} uses the objective ${d.card}${d.chosen ? ` on ${ctx.name(d.chosen)}` : d.friend ? ` for ${ctx.name(d.friend)}` : ""}${dice(d.will_faces)}.`,
    motivation_used: (d, ctx) => `${ctx.name(d.hero)} uses the motivation ${d.ability}${onPicked(d, ctx)}${moving(d)}${dice(d.faces)}.`,
    motivation_declined: (d, ctx) => `${ctx.name(d.hero)} declines the motivation ${d.ability}.`,
    activation_ended: (d, ctx) => `${ctx.name(d.model)} ends its activation.`,
    start_ability_used: (d, ctx) => d.ability ? `${ctx.name(d.model)} uses ${d.ability} at the start of the game${onPicked(d, ctx)}${d.square ? `, moving to ${squareWords(d.square)}` : ""}${dice(d.will_faces)}${drawing(d)}.` : null,
    will_test_declared: () => "A will test waits: an equipment token may be discarded first.",
    will_token_answered: (d, ctx) => d.used ? `${ctx.name(d.model)} discards ${d.equipment} before ${ctx.name(d.tested)}'s will test.` : `${ctx.name(d.model)} keeps ${d.equipment}.`,
    nemesis_chosen: (d, ctx) => `${ctx.name(d.model)} names ${ctx.name(d.nemesis)} its nemesis${d.ability ? ` (${d.ability})` : ""}.`,
    trigger_ability_used: (d, ctx) => d.ability ? `${ctx.name(d.model)} uses ${d.ability}${onPicked(d, ctx)}${d.trigger_model ? `, set off by ${ctx.name(d.trigger_model)}` : ""}${moving(d)}${dice(d.will_faces)}${drawing(d)}.` : null,
    will_ability_used: (d, ctx) => d.ability ? `A will test passed: ${d.ability} is used${onPicked(d, ctx)}${dice(d.will_faces)}${drawing(d)}.` : null,
    end_phase_ability_used: (d, ctx) => d.ability ? `${ctx.name(d.model)} uses ${d.ability}${onPicked(d, ctx)}${moving(d)}${dice(d.will_faces)}${drawing(d)}.` : null,
    equipment_used: (d, ctx) => `${ctx.name(d.model)} uses ${d.equipment}.`,
    attack_declared: (d, ctx) => `${ctx.name(d.attacker)}${granted(d)} ${d.charging ? "charges" : "attacks"} ${ctx.name(d.target)}${d.powder ? `: ${ctx.name(d.powder)} may throw Blinding Powder before the dice are rolled` : ""}.`,
    dismounted: (d, ctx) => `${ctx.name(d.model)} dismounts onto ${squareWords(d.square)}.`,
    granted_move: (d, ctx) => d.square ? `${ctx.name(d.model)} moves to ${squareWords(d.square)} (a granted move).${terrain(d)}` : `${ctx.name(d.model)} ${d.idle ? "stands its ground (a granted idle action)" : "forgoes the granted action"}.`,
    conceded: (d, ctx) => `${ctx.seat(d.seat)} concedes.`
  };
  var KINDS2 = {
    attack_rolled: "combat",
    defended: "combat",
    removed: "death",
    rolled_off: "dice",
    activated: "turn",
    passed: "turn",
    activation_ended: "minor",
    deployed: "minor",
    conceded: "end"
  };
  function toldWords(d, ctx) {
    const said = (d.killed || []).map((uid) => `${ctx.name(uid)} is killed${d.killed_by?.[uid] ? ` by ${ctx.name(d.killed_by[uid])}` : ""}.`);
    for (const [uid, captor] of d.captured || []) {
      said.push(`${ctx.name(uid)} is captured${captor ? ` by ${ctx.name(captor)}` : ""}.`);
    }
    for (const uid of d.freed || []) said.push(`${ctx.name(uid)} is freed, with 1 wound left.`);
    for (const uid of d.mount_died || []) said.push(`${ctx.name(uid)}'s mount dies.`);
    for (const uid of d.deceased || []) {
      said.push(`${ctx.name(uid)}'s card turns to its Deceased side.`);
    }
    for (const [uid, most, left] of d.max_wounds || []) {
      said.push(`${ctx.name(uid)}'s maximum wounds become ${most}: ${plural(left, "wound")} left.`);
    }
    return said.join(" ");
  }
  function formatAsoiafEvent(event, ctx) {
    if (event === null || event === void 0) return { text: "(hidden)", kind: "hidden" };
    const format = FORMATS2[event.type];
    if (!format) {
      return { text: `${event.type.replace(/_/g, " ")}.`, kind: "info" };
    }
    const d = event.data || {};
    const told = toldWords(d, ctx);
    const said = format(d, ctx);
    const text = [said, told].filter(Boolean).join(" ");
    if (!text) return null;
    return { text, kind: isRemoval(d) ? "death" : KINDS2[event.type] || "info" };
  }

  // src/asoiaf_picker.js
  function defaultKey(presets, seat) {
    const keys = presets.map((p) => p.key).sort();
    return keys[seat === "b" ? Math.min(1, keys.length - 1) : 0];
  }
  function warbandModelsWords(models) {
    const counts = /* @__PURE__ */ new Map();
    for (const m of models) {
      const words2 = typeof m === "string" ? m : `${m.card}${m.equipment ? ` with ${m.equipment}` : ""}`;
      counts.set(words2, (counts.get(words2) || 0) + 1);
    }
    return [...counts].map(([words2, n]) => n > 1 ? `${words2} ×${n}` : words2);
  }
  function optionLabel(p) {
    return `${p.name} (${p.faction})${p.problems.length ? " — not playable at this size" : ""}`;
  }
  var WarbandPicker = class {
    // select: the <select> to fill; detail: where the chosen warband's models and cost go
    constructor(app2, select, detail) {
      this.app = app2;
      this.select = select;
      this.detail = detail;
      this.presets = [];
      this.budget = null;
      select.addEventListener("change", () => this.describe());
    }
    // Fill the choices for `scenario`, preselecting `preferred` (a key) or the seat's default.
    async load(scenario, seat = "a", preferred = null) {
      const asked = this.asked = (this.asked || 0) + 1;
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
      if (asked !== this.asked) return;
      this.presets = found.presets || [];
      this.budget = found.budget;
      const chosen = this.presets.some((p) => p.key === preferred) ? preferred : defaultKey(this.presets, seat);
      this.select.innerHTML = this.presets.map((p) => `<option value="${escape(p.key)}"${p.problems.length ? " disabled" : ""}${p.key === chosen ? " selected" : ""}>${escape(optionLabel(p))}</option>`).join("");
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
      this.detail.innerHTML = `<p class="warband-cost">${escape(p.name)} costs ${escape(coinWords(p.spent))}${this.budget ? ` of ${escape(coinWords(this.budget))}` : ""}.</p><p class="warband-models">${escape(warbandModelsWords(p.models).join(", "))}</p>` + (p.problems.length ? `<p class="error">${escape(p.problems[0].message)}</p>` : "");
    }
  };

  // src/lobby_asoiaf.js
  function scenarioWords(s) {
    const coins = Object.entries(s.coins || {}).map(([coin, n]) => `${n} ${coin}`).join(", ");
    return `${s.name} (${s.size_name}: ${coins}; ${s.rounds} rounds)`;
  }
  function asoiafFormHtml(guest) {
    const options = '<option value="" disabled selected>Loading…</option>';
    return `
    <section class="card">
      <h2>Create an A Song of Ice &amp; Fire match</h2>
      <form id="asoiaf-form" class="grid-form">
        <label class="whole-row">Scenario <select name="scenario">${options}</select></label>
        <label>Your warband <select name="warband"></select></label>
        <label class="check"><input name="private" type="checkbox"> Private (invite code)</label>
        ${guest ? "" : `<label class="check" title="The result moves both players' ratings
          (never against the bot)"><input name="rated" type="checkbox"> Rated</label>`}
        <div class="warband-detail" id="asoiaf-warband-detail"></div>
        <p class="muted">Whoever joins chooses their own warband of the scenario's size.</p>
        <div class="form-actions"><button class="primary" type="submit">Create match</button>
          <button type="button" id="asoiaf-vs-bot">Play against the bot</button>
          <button type="button" id="asoiaf-quick-pair" title="Be paired with another player
            who wants this scenario; each plays the warband they bring">Find an opponent</button>
        </div>
        <p class="status" id="asoiaf-seek-status" aria-live="polite"></p>
        <p class="status error form-error" id="asoiaf-status" role="alert"></p>
      </form>
    </section>`;
  }
  function asoiafSettings(form, extra = {}) {
    const warband = form.warband.disabled ? "" : form.warband.value;
    return {
      system: "asoiaf",
      scenario: form.scenario.value || null,
      private: form.private.checked,
      rated: !extra.opponent && Boolean(form.rated?.checked),
      ...warband ? { warbands: { a: warband } } : {},
      ...extra
    };
  }
  function asoiafSeek(form) {
    const warband = form.warband.disabled ? "" : form.warband.value;
    return {
      system: "asoiaf",
      scenario: form.scenario.value || null,
      rated: Boolean(form.rated?.checked),
      ...warband ? { warband } : {}
    };
  }
  function bindAsoiafForm(root, app2) {
    const form = $(root, "#asoiaf-form");
    const picker = new WarbandPicker(app2, form.warband, $(root, "#asoiaf-warband-detail"));
    form.scenario.addEventListener("change", () => picker.load(
      form.scenario.value,
      "a",
      picker.value()
    ));
    return {
      picker,
      fill() {
        form.scenario.innerHTML = optionsHtml(scenariosOf("asoiaf").map((s) => [s.key, scenarioWords(s)]), escape);
        if (form.scenario.value) picker.load(form.scenario.value, "a");
      }
    };
  }
  function asoiafJoinHtml() {
    return '<div id="asoiaf-join-box"></div>';
  }
  var JOIN_FORM = `<form id="asoiaf-join" class="grid-form join-panel">
    <p class="join-title"></p>
    <label>Your warband <select name="warband"></select></label>
    <div class="warband-detail" id="asoiaf-join-detail"></div>
    <div class="form-actions"><button class="primary" type="submit">Join with this warband
      </button> <button type="button" class="cancel">Cancel</button></div>
  </form>`;
  var AsoiafJoin = class {
    // join(fields): the lobby's join request (match_id and warband)
    constructor(root, app2, join) {
      this.box = $(root, "#asoiaf-join-box");
      this.app = app2;
      this.join = join;
    }
    // `m`: the open list's entry. The joiner takes the free seat; the creator may have
    // named a warband for it, which is preselected. `code`: the invite code a private
    // match is joined by (it cannot be joined by its id).
    show(m, title, code = null) {
      const seat = m.open_seats?.[0] || "b";
      const options = m.setup?.options || {};
      this.box.innerHTML = JOIN_FORM;
      const form = $(this.box, "#asoiaf-join");
      const picker = new WarbandPicker(this.app, form.warband, $(this.box, "#asoiaf-join-detail"));
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        const warband = picker.value();
        this.join({
          ...code ? { invite_code: code } : { match_id: m.match_id },
          ...warband ? { warband } : {}
        });
      });
      $(form, ".cancel").addEventListener("click", () => {
        this.box.innerHTML = "";
      });
      form.dataset.match = m.match_id;
      $(form, ".join-title").textContent = `Join ${title}: choose your warband.`;
      picker.load(options.scenario || "learn_to_play", seat, options.warbands?.[seat]);
    }
  };
  function asoiafSetupWords(setup) {
    const key3 = setup?.options?.scenario || setup?.scenario || "learn_to_play";
    const size = scenarioOf("asoiaf", key3)?.size_name;
    return `A Song of Ice & Fire: ${scenarioName("asoiaf", key3)}${size ? ` (${size})` : ""}`;
  }

  // src/sns_builder.js
  var GROUPS = [
    ["weapon", "Weapons"],
    ["armour", "Armour"],
    ["ability", "Abilities"],
    ["type", "What it is"]
  ];
  var SnsBuilder = class extends ListBuilderCore {
    // hooks: catalog (the S&S `catalog` reply), checkList(list) -> Promise of the
    // verdict, use(list) (the accepted army), start (a list to begin from), title
    constructor(parent, hooks) {
      super(parent, hooks, {
        noun: "army",
        empty: "Add sample units, or design your own, on the left."
      });
      this.samples = new Map(this.catalog.samples.map((s) => [s.name, s]));
      this.items = new Map(this.catalog.items.map((i) => [i.name, i]));
      this.gold = this.catalog.scenarios?.[0]?.gold;
      this.name = hooks.start?.name || "My army";
      for (const entry of hooks.start?.units || []) this._count(entry, 1, false);
      this.draft = { name: "", types: "", kit: [] };
      this.draftVerdict = null;
    }
    open() {
      const armies = (this.catalog.armies || []).map((a) => `<option value="${escape(a.key)}">${escape(a.name)} (${a.figures} figures)</option>`);
      this._mount({
        kind: "sns-builder ",
        label: "Build an army",
        nameLabel: "Army name",
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
            <datalist id="sns-unit-types">${this.catalog.unit_types.map((t) => `<option value="${escape(t)}">`).join("")}</datalist>
            <label>Kit <select class="design-item">${this._itemOptions()}</select></label>
            <label class="design-level-box">Times <input class="design-level" type="number"
              min="1" max="9" value="1"></label>
            <label class="design-detail-box">Detail <input class="design-detail"></label>
            <button type="button" class="small" data-action="add-item">Add to the unit</button>
          </div>
          <div class="sns-draft"></div>
        </details>`
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
    _act(action, button2) {
      const row = Number(button2.closest("[data-row]")?.dataset.row);
      if (action === "add-sample") this._addSample(button2.closest("[data-sample]"));
      else if (action === "more") this._count(this.rows[row].entry, 1);
      else if (action === "less") this._count(this.rows[row].entry, -1);
      else if (action === "add-item") this._addItem();
      else if (action === "drop-item") {
        this.draft.kit.splice(Number(button2.dataset.index), 1);
        this._draftChanged();
      } else if (action === "add-own") this._addOwn();
      else if (action === "use") this._use();
    }
    // The design form's fields (selects on "change", text on "input": the core says why).
    _inputMore(target, typed, picked) {
      if (picked && target.classList.contains("design-item")) {
        this._itemPicked();
      } else if (typed && (target.classList.contains("design-name") || target.classList.contains("design-types"))) {
        this.draft.name = this.root.querySelector(".design-name").value;
        this.draft.types = this.root.querySelector(".design-types").value;
        this._draftChanged();
      }
    }
    _preset(key3) {
      const army = this.catalog.armies.find((a) => a.key === key3);
      return { name: army.name, entries: army.units.map((unit) => ({ unit })) };
    }
    _addSample(tr) {
      const sample = this.samples.get(tr.dataset.sample);
      const entry = { unit: sample.name };
      const picks = [...tr.querySelectorAll("select.sample-choice")].map((s) => s.value);
      if (picks.length) entry.choices = picks;
      this._count(entry, 1);
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
      this.draft.kit.push(item.name + (item.detail && detail ? ` (${detail})` : "") + (item.stacks && level > 1 ? ` x${level}` : ""));
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
      this._count(this._ownEntry(), 1);
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
        }).catch(() => void 0).finally(() => this.root && this._renderDraft());
      }, CHECK_DELAY_MS);
    }
    _use() {
      if (!this.verdict?.valid) return;
      this.hooks.use(this.list());
      this.close();
    }
    // -- drawing -------------------------------------------------------------------
    _itemOptions() {
      return GROUPS.map(([group, words2]) => `<optgroup label="${words2}">${this.catalog.items.filter((i) => i.group === group).map((i) => `<option value="${escape(i.name)}" title="${escape(i.printed)}">${escape(i.name)} (${i.cost >= 0 ? "+" : ""}${i.cost} gold${i.stacks ? " each" : ""})</option>`).join("")}</optgroup>`).join("");
    }
    _renderCatalog() {
      const shown = this.catalog.samples.filter((s) => !this.search || `${s.name} ${s.army} ${s.notes}`.toLowerCase().includes(this.search));
      const rows = shown.map((s) => {
        const choices = s.choices.map((options) => `<select class="sample-choice small" title="a printed choice">${options.map((o) => `<option>${escape(o)}</option>`).join("")}</select>`).join(" ");
        const printed = s.printed_cost !== s.cost ? ` <span class="tag" title="${escape(s.misprint || "")}">printed ${s.printed_cost}</span>` : "";
        return `<tr data-sample="${escape(s.name)}" class="sns-sample"><td>${escape(s.name)}<div class="muted">${escape(s.army)}</div></td><td class="rules">${escape(s.notes)}</td><td>${choices}</td><td class="points">${s.cost} gold${printed}</td><td><button class="small" data-action="add-sample">Add</button></td></tr>`;
      });
      this.root.querySelector(".sns-samples").innerHTML = catalogTable(
        ["Unit", "As printed", "Choice", "Price", ""],
        rows,
        "No sample unit matches."
      );
    }
    _renderDraft() {
      const box = this.root?.querySelector(".sns-draft");
      if (!box) return;
      const kit = this.draft.kit.map((text, i) => `<li>${escape(text)} <button class="small" data-action="drop-item" data-index="${i}" title="Take it off">×</button></li>`);
      const verdict = this.draftVerdict;
      const own = (verdict?.problems || []).filter((p) => p.model === 0);
      const price = verdict?.models?.[0]?.cost;
      const parts = [kit.length ? `<ul class="sns-draft-kit">${kit.join("")}</ul>` : '<p class="muted">Add kit items to the unit: its figure is 5 gold, each item its price.</p>'];
      if (kit.length) {
        parts.push(`<p class="sns-draft-price">${!verdict ? "Checking with the server…" : price == null ? "The server cannot price this unit (see below)." : `This unit: ${price} gold a figure`}</p>`);
      }
      if (own.length) parts.push(problemsList(own, false));
      parts.push(`<button type="button" class="small" data-action="add-own"${kit.length ? "" : " disabled"}>Add this unit to the army</button>`);
      box.innerHTML = parts.join("");
    }
    // A row of the list: the unit (its printed choices, or the kit of one's own).
    _row(r, i, model) {
      const how = r.entry.choices ? ` (${r.entry.choices.join(", ")})` : r.entry.kit ? ` — your own: ${r.entry.kit.join(", ")}` : "";
      return {
        attrs: `data-row="${i}"`,
        price: `${model?.cost ?? "?"} gold`,
        name: `${escape(r.entry.unit || r.entry.name)}<span class="muted">${escape(how)}</span>`
      };
    }
    _total(verdict, figures) {
      return `Total ${verdict.total} / ${verdict.gold} gold · ${verdict.left >= 0 ? `${verdict.left} left` : `${-verdict.left} over`} · ${figures} figures`;
    }
    _actionButton(verdict) {
      return `<button class="primary" data-action="use"${verdict?.valid ? "" : " disabled"}>${escape(this.hooks.useWords || "Use this army")}</button>`;
    }
  };

  // src/lobby_sns.js
  var BUILT = "built";
  var SEAT_ARMY = { a: "your army", b: "your opponent's army" };
  var built = /* @__PURE__ */ new WeakMap();
  function snsFormHtml(guest) {
    const select = (name, entries) => `<select name="${name}">${entries.map(([key3, label]) => `<option value="${key3}">${escape(label)}</option>`).join("")}</select>`;
    return `
    <section class="card">
      <h2>Create a Swords &amp; Sorcery match</h2>
      <form id="sns-form" class="grid-form">
        <div class="sns-army"><label>Your army <select name="army_a"><option value=""
          disabled selected>Loading…</option></select></label>
          <button type="button" class="small" data-build="a">Build an army…</button></div>
        <div class="sns-army"><label>Your opponent's army <select name="army_b"><option
          value="" disabled selected>Loading…</option></select></label>
          <button type="button" class="small" data-build="b">Build an army…</button></div>
        <label class="whole-row">Table <select name="layout"><option value="" disabled selected>Loading…
          </option></select></label>
        <label>Turns <input name="turns" type="number" min="1" max="50" value="12"></label>
        <label>Deployment ${select("deployment", [
      ["ranks", "in ranks (set for you)"],
      ["chosen", "chosen (place your figures)"]
    ])}</label>
        <label class="check"><input name="private" type="checkbox"> Private (invite code)</label>
        ${guest ? "" : `<label class="check" title="The result moves both players' ratings
          (never against the bot)"><input name="rated" type="checkbox"> Rated</label>`}
        <p class="muted">Against the bot, you play your army (ready-made or built); the
          bot plays a ready-made army of as many figures as one of the two chosen.</p>
        <div class="form-actions"><button class="primary" type="submit">Create match</button>
          <button type="button" id="sns-vs-bot">Play against the bot</button>
          <button type="button" id="sns-quick-pair" title="Be paired with another player who
            wants this table and turns, with an army of as many figures; each plays the army
            they bring">Find an opponent</button></div>
        <p class="status" id="sns-seek-status" aria-live="polite"></p>
        <p class="status error form-error" id="sns-status" role="alert"></p>
      </form>
    </section>`;
  }
  function fillSnsForm(root) {
    const form = $(root, "#sns-form");
    if (!form) return;
    form.layout.innerHTML = optionsHtml(layoutsOf().map((l) => [l.key, l.name]), escape);
    const armies = optionsHtml(armiesOf().map((a) => [a.key, `${a.name} (${a.figures} figures${a.key.endsWith("skirmish") ? ": a short battle" : ""})`]), escape);
    const defaults = defaultArmiesOf();
    for (const seat of ["a", "b"]) {
      form[`army_${seat}`].innerHTML = armies;
      if (defaults[seat]) form[`army_${seat}`].value = defaults[seat];
      const list = built.get(form)?.[seat];
      if (list) useBuilt(form, seat, list);
    }
  }
  function bindSnsForm(root, app2) {
    const form = $(root, "#sns-form");
    form.addEventListener("click", async (e) => {
      const seat = e.target.closest("button[data-build]")?.dataset.build;
      if (!seat) return;
      let catalog;
      try {
        catalog = await app2.catalog({}, "sns");
      } catch (error) {
        $(root, "#sns-status").textContent = `The units could not be loaded: ${error.message}`;
        return;
      }
      const whose = SEAT_ARMY[seat];
      new SnsBuilder(document.body, {
        catalog,
        start: built.get(form)?.[seat],
        title: `Build ${whose}`,
        useWords: `Use this as ${whose}`,
        checkList: (list) => app2.conn.request("check_list", { system: "sns", list, options: {} }),
        use: (list) => useBuilt(form, seat, list)
      }).open();
    });
  }
  function useBuilt(form, seat, list) {
    built.set(form, { ...built.get(form), [seat]: list });
    const select = form[`army_${seat}`];
    let option = select.querySelector(`option[value="${BUILT}"]`);
    if (!option) {
      option = document.createElement("option");
      option.value = BUILT;
      select.prepend(option);
    }
    option.textContent = `Built: ${list.name} (${list.units.length} figures)`;
    select.value = BUILT;
  }
  function chosenArmies(form) {
    const keys = { a: form.army_a.value, b: form.army_b.value };
    const defaults = defaultArmiesOf();
    if (!keys.a || !keys.b || keys.a === defaults.a && keys.b === defaults.b) return null;
    const byKey = new Map(armiesOf().map((a) => [a.key, a]));
    const list = (seat) => keys[seat] === BUILT ? built.get(form)[seat] : {
      name: byKey.get(keys[seat]).name,
      units: byKey.get(keys[seat]).units.map((unit) => ({ unit }))
    };
    return { a: list("a"), b: list("b") };
  }
  function snsSettings(form, extra = {}) {
    const options = { last_turn: Number(form.turns.value), deployment: form.deployment.value };
    if (form.layout.value) options.layout = form.layout.value;
    const armies = chosenArmies(form);
    if (armies) options.armies = armies;
    return {
      system: "sns",
      options,
      private: form.private.checked,
      rated: !extra.opponent && Boolean(form.rated?.checked),
      ...extra
    };
  }
  function snsSeek(form) {
    const options = { last_turn: Number(form.turns.value), deployment: form.deployment.value };
    if (form.layout.value) options.layout = form.layout.value;
    const key3 = form.army_a.value;
    const warband = key3 === BUILT ? built.get(form).a : key3 || null;
    return {
      system: "sns",
      options,
      rated: Boolean(form.rated?.checked),
      ...warband ? { warband } : {}
    };
  }
  function snsSetupWords(setup) {
    const o = { ...setup?.options || {}, ...setup || {} };
    const armies = o.armies ? Object.values(o.armies).map((a) => `${a.name} (${a.units.length})`).join(" against ") : "Medieval Men against Orcs";
    return `Swords & Sorcery: ${armies}, ${o.last_turn || 12} turns`;
  }

  // src/clocks.js
  var TICK_MS = 200;
  function formatClock(ms) {
    const total = Math.max(0, ms);
    if (total >= 864e5) {
      const days = Math.floor(total / 864e5);
      const hours = Math.floor(total % 864e5 / 36e5);
      return `${days} day${days === 1 ? "" : "s"} ${hours} h`;
    }
    const seconds = Math.floor(total / 1e3);
    const h = Math.floor(seconds / 3600);
    const m = Math.floor(seconds % 3600 / 60);
    const s = seconds % 60;
    const pad = (n) => String(n).padStart(2, "0");
    if (h) return `${h}:${pad(m)}:${pad(s)}`;
    if (total < 1e4) return `${m}:${pad(s)}.${Math.floor(total % 1e3 / 100)}`;
    return `${m}:${pad(s)}`;
  }
  function timeControlWords(control) {
    if (control?.kind === "live") {
      const reserve = control.initial >= 60 ? `${control.initial / 60} min` : `${control.initial} s`;
      return `${reserve} + ${control.increment} s`;
    }
    if (control?.kind === "correspondence") {
      return `${control.days} day${control.days === 1 ? "" : "s"} a decision`;
    }
    return "";
  }
  function isLow(ms, control) {
    if (control?.kind === "correspondence") return ms < 36e5;
    const reserve = (control?.initial || 0) * 1e3;
    return ms < Math.min(3e4, Math.max(5e3, reserve / 10));
  }
  var ClockPanel = class {
    // hooks: claim() -> Promise (claim_timeout), nameOf(seat) -> the player's name
    constructor(element2, hooks) {
      this.element = element2;
      this.hooks = hooks;
      this.clock = null;
      this.seat = null;
      this.over = false;
      this.element.addEventListener("click", (e) => {
        if (e.target.closest("button[data-action=claim-timeout]")) {
          this.hooks.claim().catch((error) => this.showError(error.message));
        }
      });
    }
    // A clock from a prompt or view (null: an untimed match shows nothing).
    update(clock, seat) {
      this.clock = clock || null;
      this.seat = seat;
      this.at = performance.now();
      this.error = null;
      this.render();
      if (this.clock && !this.timer) this.timer = setInterval(() => this.render(), TICK_MS);
    }
    // The match ended: the clocks stop where they are.
    stop() {
      this.over = true;
      if (this.clock) this.clock = { ...this.clock, left: this.leftNow(), running: [] };
      this.destroy();
      this.render();
    }
    destroy() {
      clearInterval(this.timer);
      this.timer = null;
    }
    leftNow() {
      const elapsed = performance.now() - this.at;
      const left = {};
      for (const [seat, ms] of Object.entries(this.clock.left)) {
        left[seat] = this.clock.running.includes(seat) ? Math.max(0, ms - elapsed) : ms;
      }
      return left;
    }
    showError(text) {
      this.error = text;
      this.render();
    }
    render() {
      const clock = this.clock;
      this.element.hidden = !clock;
      if (!clock) return;
      const left = this.leftNow();
      const seats = Object.keys(left).sort();
      const parts = seats.map((seat) => {
        const running = clock.running.includes(seat);
        const classes = [
          "clock",
          running ? "running" : "stopped",
          isLow(left[seat], clock.control) ? "low" : "",
          left[seat] <= 0 ? "flagged" : "",
          seat === this.seat ? "mine" : ""
        ].filter(Boolean).join(" ");
        return `<span class="${classes}" data-clock="${escape(seat)}"><span class="clock-name">${escape(this.hooks.nameOf(seat))}</span> <span class="clock-time">${escape(formatClock(left[seat]))}</span>${running ? ' <span class="clock-runs" title="this clock is running">▶</span>' : ""}</span>`;
      });
      const opponentOut = this.seat && !this.over && clock.control?.auto === false && seats.some((seat) => seat !== this.seat && left[seat] <= 0);
      if (opponentOut) {
        parts.push('<button class="primary small" data-action="claim-timeout">Claim the win on time</button>');
      }
      if (this.error) parts.push(`<span class="status error" role="alert">${escape(this.error)}</span>`);
      const html = parts.join(" ");
      if (this.element.dataset.html !== html) {
        this.element.innerHTML = html;
        this.element.dataset.html = html;
      }
    }
  };

  // src/lobby_words.js
  var STATUS_WORDS2 = {
    open: "waiting for an opponent",
    active: "being played",
    finished: "finished",
    aborted: "called off"
  };
  function opponents(m) {
    const names = Object.entries(m.players || {}).filter(([seat]) => seat !== m.seat).map(([, name]) => name);
    return names.length ? names.join(", ") : "nobody yet";
  }
  function whoseTurn(m) {
    if (m.status === "open") return "waiting for an opponent to join";
    if (m.status !== "active") return "—";
    if (!m.waiting) return "not running right now";
    if (m.waiting.includes(m.seat)) return "your turn";
    const names = m.waiting.map((seat) => playerName(seat, m.players));
    return names.length ? `waiting for ${names.join(" and ")}` : "—";
  }
  function playersWords(m) {
    return Object.keys(m.players || {}).sort().map((seat) => playerName(seat, m.players)).join(" vs ");
  }
  function resultWords(m) {
    const r = m.result;
    if (!r) return m.status === "aborted" ? "no result" : "—";
    const name = (seat) => seat === m.seat ? "you" : playerName(seat, m.players);
    const reason = r.reason ? ` (${reasonWords(r.reason, name)})` : "";
    if (!r.winner) return `no winner${reason}`;
    return `${r.winner === m.seat ? "you" : name(r.winner)} won${reason}`;
  }
  function settingsWords(m) {
    const clock = timeControlWords(m.time_control);
    const setup = m.system === "asoiaf" ? asoiafSetupWords(m.setup) : m.system === "sns" ? snsSetupWords(m.setup) : describeSetup(m.setup);
    const words2 = clock ? `${setup}, ${clock}` : setup;
    if (m.takebacks === void 0 || m.takebacks === !m.rated) return words2;
    return `${words2}, ${m.takebacks ? "takebacks allowed" : "no takebacks"}`;
  }

  // src/lobby.js
  var CLOCKS = [
    ["none", "no clock", null],
    ["live-5", "5 min + 5 s", { kind: "live", initial: 300, increment: 5 }],
    ["live-10", "10 min + 10 s", { kind: "live", initial: 600, increment: 10 }],
    ["live-20", "20 min + 20 s", { kind: "live", initial: 1200, increment: 20 }],
    ["post-1", "1 day a decision", { kind: "correspondence", days: 1 }],
    ["post-3", "3 days a decision", { kind: "correspondence", days: 3 }]
  ];
  var PACES = [
    ["normal", "normal (a second a move)"],
    ["slow", "slow (2.5 s a move)"],
    ["instant", "instant"]
  ];
  var Lobby = class {
    constructor(root, app2) {
      this.root = root;
      this.app = app2;
      this.timer = null;
    }
    // The forms are drawn at once and their scenario lists filled once the server's
    // catalogs (scenarios.js) are in.
    show() {
      const scenarios = '<option value="" disabled selected>Loading…</option>';
      this.root.innerHTML = `
      <div class="lobby">
        <section class="card">
          <h2>Create a Song of Blades and Heroes match</h2>
          <form id="create-form" class="grid-form">
            <label>Scenario <select name="scenario">${scenarios}</select></label>
            <label>Points <select name="points">
              <option>200</option><option selected>300</option><option>400</option>
              <option>500</option></select></label>
            <label>Board <select name="board">
              <option value="24" selected>24×24 hexes (60 cm table)</option>
              <option value="36">36×36 hexes (90 cm table)</option>
              <option value="48">48×48 hexes</option></select></label>
            <label>Turn limit (0: none) <input name="turns" type="number" min="0" value="0">
            </label>
            <label>Clock <select name="clock">${CLOCKS.map(([key3, label]) => `<option value="${key3}">${escape(label)}</option>`).join("")}</select></label>
            <label class="check"><input name="private" type="checkbox"> Private (invite code)
            </label>
            ${this.app.account?.guest ? "" : `<label class="check" title="The result moves both
              players' ratings (never against the bot)"><input name="rated" type="checkbox">
              Rated</label>`}
            <label title="A player may ask to take moves back; the opponent must agree">
              Takebacks <select name="takebacks"><option value="">casual matches only</option>
              <option value="yes">allowed</option><option value="no">not allowed</option>
              </select></label>
            <label>Bot's pace <select name="pace">${PACES.map(([key3, label]) => `<option value="${key3}">${escape(label)}</option>`).join("")}</select></label>
            <div class="form-actions">
              <button class="primary" type="submit">Create match</button>
              <button type="button" id="vs-bot">Play against the bot</button>
              <button type="button" id="quick-pair" title="Be paired with another player who
                wants the same match">Find an opponent</button>
            </div>
            <p class="status" id="seek-status" aria-live="polite"></p>
            <p class="status error form-error" id="create-status" role="alert"></p>
          </form>
        </section>
        ${asoiafFormHtml(this.app.account?.guest)}
        ${snsFormHtml(this.app.account?.guest)}
        <section class="card">
          <h2>Join or watch</h2>
          <form id="invite-form" class="inline-form">
            <label>Invite code <input name="code" size="10" placeholder="e.g. 3F9A0C1E"></label>
            <button type="submit">Join</button>
          </form>
          <p class="status error form-error" id="join-status" role="alert"></p>
          <form id="watch-form" class="inline-form">
            <label>Match id <input name="match" size="18"></label>
            <button type="submit">Watch</button>
          </form>
          <p class="status error form-error" id="watch-status" role="alert"></p>
        </section>
        <section class="card wide chat-card lobby-chat"></section>
        <section class="card wide">
          <h2>Open matches <button id="refresh" class="small">Refresh</button></h2>
          <p class="status error form-error" id="open-status" role="alert"></p>
          ${asoiafJoinHtml()}
          <div id="open-matches" class="table-box"><p class="muted">Loading…</p></div>
        </section>
        <section class="card wide">
          <h2>Being played now</h2>
          <div id="live-matches" class="table-box"><p class="muted">Loading…</p></div>
        </section>
        <section class="card wide">
          <h2>Your matches</h2>
          <p class="status error form-error" id="mine-status" role="alert"></p>
          <div id="my-matches" class="table-box"><p class="muted">Loading…</p></div>
        </section>
      </div>`;
      $(this.root, "#create-form").addEventListener("submit", (e) => {
        e.preventDefault();
        this.create(e.target);
      });
      $(this.root, "#asoiaf-form").addEventListener("submit", (e) => {
        e.preventDefault();
        this.create(e.target, {}, asoiafSettings(e.target), "#asoiaf-status");
      });
      this.fillForms(bindAsoiafForm(this.root, this.app));
      this.asoiafJoin = new AsoiafJoin(
        this.root,
        this.app,
        (fields) => this.join(fields, "#open-status")
      );
      $(this.root, "#sns-form").addEventListener("submit", (e) => {
        e.preventDefault();
        this.create(e.target, {}, snsSettings(e.target), "#sns-status");
      });
      bindSnsForm(this.root, this.app);
      $(this.root, "#sns-vs-bot").addEventListener("click", (e) => {
        this.create(
          e.target.form,
          {},
          snsSettings(e.target.form, { opponent: "bot" }),
          "#sns-status"
        );
      });
      $(this.root, "#asoiaf-vs-bot").addEventListener("click", (e) => {
        this.create(
          e.target.form,
          {},
          asoiafSettings(e.target.form, { opponent: "bot" }),
          "#asoiaf-status"
        );
      });
      $(this.root, "#vs-bot").addEventListener("click", (e) => {
        this.create(e.target.form, {
          opponent: "bot",
          bot_pace: e.target.form.pace.value,
          rated: false
        });
      });
      this.app.quickPair = this.app.quickPair || new QuickPair(this.app);
      this.app.quickPair.bind(this.root, [
        { button: "#quick-pair", status: "#seek-status", settings: (form) => this.settings(form) },
        { button: "#asoiaf-quick-pair", status: "#asoiaf-seek-status", settings: asoiafSeek },
        { button: "#sns-quick-pair", status: "#sns-seek-status", settings: snsSeek }
      ]);
      $(this.root, "#invite-form").addEventListener("submit", (e) => {
        e.preventDefault();
        const code = e.target.code.value.trim();
        if (code) this.joinByCode(code);
        else this.status("Type the invite code you were given.", "#join-status");
      });
      $(this.root, "#watch-form").addEventListener("submit", (e) => {
        e.preventDefault();
        const id = e.target.match.value.trim();
        if (id) this.app.go(`#/watch/${id}`);
        else this.status("Type the id of the match to watch.", "#watch-status");
      });
      $(this.root, "#refresh").addEventListener("click", () => this.refresh());
      this.root.addEventListener("click", (e) => {
        const button2 = e.target.closest("button[data-join], button[data-watch]");
        if (!button2) return;
        const asoiaf = this.openAsoiaf?.get(button2.dataset.join);
        if (asoiaf) this.asoiafJoin.show(asoiaf, settingsWords(asoiaf));
        else if (button2.dataset.join) this.join({ match_id: button2.dataset.join }, "#open-status");
        else this.app.go(`#/watch/${button2.dataset.watch}`);
      });
      this.chat = new ChatPanel($(this.root, ".lobby-chat"), this.app, null, LOBBY_ROOMS);
      this.chat.show();
      this.refresh();
      this.timer = setInterval(() => this.refresh(), 5e3);
    }
    async fillForms(asoiafForm) {
      await this.app.scenarios;
      if (!scenariosOf("sbh").length) await (this.app.scenarios = loadScenarios(this.app));
      const form = $(this.root, "#create-form");
      if (!form) return;
      form.scenario.innerHTML = optionsHtml(
        scenariosOf("sbh").map((s) => [s.key, s.name]),
        escape
      );
      asoiafForm.fill();
      fillSnsForm(this.root);
    }
    hide() {
      clearInterval(this.timer);
      this.chat?.destroy();
    }
    // An error is shown beside the control that caused it; the others are cleared.
    status(text, where) {
      for (const line3 of this.root.querySelectorAll(".form-error")) {
        line3.textContent = line3.matches(where) ? text : "";
      }
    }
    async refresh() {
      let listed;
      try {
        listed = await this.listBoth("list_open");
      } catch (error) {
        this.status(error.message, "#open-status");
        return;
      }
      const box = $(this.root, "#open-matches");
      if (!box) return;
      this.openAsoiaf = new Map(listed.matches.filter((m) => m.system === "asoiaf").map((m) => [m.match_id, m]));
      const rows = listed.matches.map((m) => {
        const players = escape(playersWords(m));
        const seated = this.app.myMatches().some((x) => x.match_id === m.match_id);
        return `<tr data-match="${escape(m.match_id)}"><td><code>${escape(m.match_id)}</code></td>
        <td>${players}</td><td>${escape(settingsWords(m))}</td>
        <td>${escape(when(m.created_at))}</td>
        <td>${seated ? `<a href="#/match/${escape(m.match_id)}">open</a>` : `<button class="primary small" data-join="${escape(m.match_id)}">Join</button>`}
        <button class="small" data-watch="${escape(m.match_id)}">Watch</button></td></tr>`;
      });
      box.innerHTML = rows.length ? `<table><thead><tr><th>Match</th><th>Players</th><th>Settings</th><th>Created</th>
         <th></th></tr></thead><tbody>${rows.join("")}</tbody></table>` : '<p class="muted">No open matches. Create one!</p>';
      this.refreshLive();
      this.renderMine();
    }
    async refreshLive() {
      let live;
      try {
        live = await this.listBoth("list_live");
      } catch (error) {
        return;
      }
      const box = $(this.root, "#live-matches");
      if (!box) return;
      const rows = live.matches.map((m) => {
        const players = escape(playersWords(m));
        return `<tr data-live="${escape(m.match_id)}"><td><code>${escape(m.match_id)}</code></td>
        <td>${players}</td><td>${escape(settingsWords(m))}</td>
        <td>${m.seq ?? ""}</td>
        <td><button class="small" data-watch="${escape(m.match_id)}">Watch</button></td></tr>`;
      });
      box.innerHTML = rows.length ? `<table><thead><tr><th>Match</th><th>Players</th><th>Settings</th><th>Events</th>
         <th></th></tr></thead><tbody>${rows.join("")}</tbody></table>` : '<p class="muted">No match is being played right now.</p>';
    }
    // "Your matches": the server's list of the matches this account holds a seat in
    // (list_mine), or, from an older server, the ones this browser remembers.
    async renderMine() {
      let mine = null;
      try {
        mine = (await this.app.conn.request("list_mine", {})).matches;
      } catch (error) {
        if (!["unknown_type", "invalid_message"].includes(error.code)) {
          this.status(error.message, "#mine-status");
        }
      }
      const box = $(this.root, "#my-matches");
      if (!box) return;
      if (mine === null) {
        box.innerHTML = this.app.myMatches().length ? `<ul>${this.app.myMatches().map((m) => `<li><a href="#/match/${escape(m.match_id)}"><code>${escape(m.match_id)}</code></a> — ${escape(settingsWords(m))}</li>`).join("")}</ul>` : '<p class="muted">None yet.</p>';
        return;
      }
      const rows = mine.map((m) => {
        const id = escape(m.match_id);
        const replay = m.status === "finished" ? ` <a class="button small" href="#/replay/${id}">Replay</a>` : "";
        const yours = m.status === "active" && m.waiting?.includes(m.seat);
        return `<tr data-mine="${id}" data-status="${escape(m.status)}"${yours ? ' class="your-turn"' : ""}><td><a href="#/match/${id}"><code>${id}</code></a>${replay}</td><td class="mine-status">${escape(STATUS_WORDS2[m.status] || m.status)}${m.invite_code ? `, invite code <code>${escape(m.invite_code)}</code>` : ""}</td><td class="mine-opponent">${escape(opponents(m))}</td><td class="mine-turn">${escape(whoseTurn(m))}</td><td class="mine-result">${escape(resultWords(m))}</td><td>${escape(settingsWords(m))}</td></tr>`;
      });
      box.innerHTML = rows.length ? `<table><thead><tr><th>Match</th><th>Status</th><th>Opponent</th><th>Turn</th>
         <th>Result</th><th>Settings</th></tr></thead><tbody>${rows.join("")}</tbody></table>` : '<p class="muted">None yet.</p>';
    }
    // The match the create form chooses, as create_match (and seek) take it.
    settings(form) {
      const turns = Number(form.turns.value) || 0;
      return {
        system: "sbh",
        scenario: form.scenario.value || null,
        // (none: the server's default)
        points_limit: Number(form.points.value),
        board_size: Number(form.board.value),
        options: turns ? { turn_limit: turns } : {},
        time_control: CLOCKS.find(([key3]) => key3 === form.clock.value)?.[2] || null,
        rated: Boolean(form.rated?.checked)
      };
    }
    async create(form, extra = {}, settings = null, where = "#create-status") {
      try {
        const created = await this.app.conn.request("create_match", settings || {
          ...this.settings(form),
          private: form.private.checked,
          takebacks: form.takebacks.value ? form.takebacks.value === "yes" : null,
          ...extra
        });
        this.app.remember(created);
        this.app.go(`#/match/${created.match_id}`);
      } catch (error) {
        this.status(error.message, where);
      }
    }
    // The open (or live) matches of every rules system.
    async listBoth(type) {
      const lists = await Promise.all(["sbh", "asoiaf", "sns"].map((system) => this.app.conn.request(type, { system }).catch(() => ({ matches: [] }))));
      return { matches: lists.flatMap((found) => found.matches) };
    }
    // An invite code's match is looked at first: an ASOIAF joiner chooses a warband of
    // its scenario's size, as from the open list; others (or a code the list does not
    // know, for join's own error) join at once.
    async joinByCode(code) {
      let found = [];
      try {
        found = (await this.app.conn.request("list_open", { invite_code: code })).matches;
      } catch (error) {
        found = [];
      }
      const m = found[0];
      if (m?.system === "asoiaf") {
        this.status("", "#join-status");
        this.asoiafJoin.show(m, settingsWords(m), code);
        this.asoiafJoin.box.scrollIntoView?.({ block: "nearest" });
      } else {
        this.join({ invite_code: code }, "#join-status");
      }
    }
    async join(fields, where) {
      try {
        const joined = await this.app.conn.request("join", fields);
        this.app.remember(joined);
        this.app.go(`#/match/${joined.match_id}`);
      } catch (error) {
        this.status(error.message, where);
      }
    }
  };

  // src/login.js
  function renderLogin(root, app2) {
    root.innerHTML = `
    <section class="card narrow" id="login">
      <h2>Play warband</h2>
      <form id="guest-form">
        <h3>As a guest</h3>
        <label>Display name <input name="name" maxlength="32" placeholder="optional"></label>
        <button class="primary" type="submit">Play as guest</button>
      </form>
      <form id="account-form">
        <h3>With an account</h3>
        <label>Username <input name="username" autocomplete="username"></label>
        <label>Password <input name="password" type="password" autocomplete="current-password">
        </label>
        <button class="primary" type="submit" name="login">Log in</button>
        <button type="button" id="register">Register</button>
      </form>
      <p class="status" id="login-status"></p>
    </section>`;
    const status = $(root, "#login-status");
    const attempt = async (work) => {
      status.textContent = "";
      try {
        await work();
      } catch (error) {
        status.textContent = error.message;
      }
    };
    $(root, "#guest-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const name = e.target.name.value.trim() || null;
      attempt(() => app2.signIn("guest", { name }));
    });
    const account = $(root, "#account-form");
    account.addEventListener("submit", (e) => {
      e.preventDefault();
      attempt(() => app2.signIn("login", {
        username: account.username.value.trim(),
        password: account.password.value
      }));
    });
    $(root, "#register").addEventListener("click", () => attempt(() => app2.signIn("register", {
      username: account.username.value.trim(),
      password: account.password.value
    })));
  }

  // src/match_roster.js
  function legendHtml(view, { replay = false } = {}) {
    const present = /* @__PURE__ */ new Set(["open", ...(view?.board?.terrain || []).map((t) => t[2])]);
    const edgesPresent = new Set((view?.board?.edges || []).map((e) => e[2]));
    const kinds = Object.entries(KIND_STYLES).filter(([kind]) => !view || present.has(kind)).map(([kind, style]) => `<span class="legend-item" data-legend="${kind}"><svg viewBox="0 0 2 2" width="18" height="18"><rect width="2" height="2" fill="${style.fill}"/>${style.pattern ? `<rect width="2" height="2" fill="url(#pat-${style.pattern})"/>` : ""}</svg>${escape(style.label)}</span>`);
    const edges2 = Object.entries(EDGE_STYLES).filter(([kind]) => !view || edgesPresent.has(kind)).map(([kind, style]) => `<span class="legend-item" data-legend="${kind}"><svg viewBox="0 0 2 2" width="18" height="18"><line x1="0" y1="1" x2="2" y2="1" stroke="${style.stroke}" stroke-width="${style.width * 2}"${style.dash ? ` stroke-dasharray="${style.dash.split(" ").map((v) => v * 2).join(" ")}"` : ""}/></svg>${escape(style.label)}</span>`);
    const states = [
      '<span class="legend-item">✓ activated this turn</span>',
      replay ? "" : '<span class="legend-item">arrows: what was done since your last decision (red: attacks, with the dice; numbers: the order)</span>',
      '<span class="legend-item">flat dashed token: fallen</span>',
      '<span class="legend-item">purple dashed ring: transfixed</span>',
      '<span class="legend-item">gold ring: acting now</span>'
    ];
    return kinds.join("") + edges2.join("") + objectLegend(view).join("") + states.join("");
  }
  function rosterHtml(view, names, players, warbands, activeId) {
    var _a;
    const figures = view?.figures || [];
    if (!figures.length) return '<h3>Warbands</h3><p class="muted">Not revealed yet.</p>';
    const bySeat = {};
    for (const f of figures) (bySeat[_a = f.seat] || (bySeat[_a] = [])).push(f);
    const tokens = tokenLabels(figures, names);
    const out = ["<h3>Warbands</h3>"];
    for (const seat of Object.keys(bySeat).sort()) {
      out.push(`<h4 style="color:${SEAT_COLOURS[seat] || "#333"}">${escape(seatName(seat, players, warbands))}</h4><ul class="roster-list">`);
      for (const f of bySeat[seat]) {
        const states = [];
        if (f.status !== "ready") states.push(f.status);
        else if (!f.pos) states.push("not deployed");
        if (f.fallen) states.push("fallen");
        if (f.transfixed) states.push("transfixed");
        if (showsActivated(f, view)) states.push("activated");
        if (f.wounds) states.push(`${f.wounds} wound${f.wounds > 1 ? "s" : ""}`);
        if (f.out_of_power) states.push("out of power");
        if (f.out_of_missiles) states.push("out of missiles");
        const cls = [f.status !== "ready" ? "gone" : "", f.id === activeId ? "acting" : ""].join(" ");
        out.push(`<li class="${cls}" data-roster="${escape(f.id)}"><span class="token" style="background:${SEAT_COLOURS[f.seat] || "#555"}">${escape(tokens.get(f.id))}</span> <span class="who">${escape(names.get(f.id) || f.name)}</span> <span class="stats">Q${f.quality}+ C${f.combat}</span>${states.length ? ` <span class="states">${escape(states.join(", "))}</span>` : ""}</li>`);
      }
      out.push("</ul>");
    }
    return out.join("");
  }

  // src/sns_words.js
  var PHASE_WORDS2 = {
    start: "the start",
    deploy: "deployment",
    spell_swap: "choosing spells",
    fast_move: "fast movement",
    slow_move: "slow movement",
    ranged: "ranged attacks",
    flyers: "the flyers' declaration (engage or stay aloft)",
    polearm: "polearm attacks",
    hth: "hand to hand",
    rally: "rally",
    over: "over"
  };
  function figureNames(view, whose = null) {
    const figures = (view?.figures || []).map((f) => ({ id: f.uid, seat: f.seat, name: f.name }));
    return whose ? ownedNames(figures, whose) : displayNames(figures);
  }
  var inchWords = (units) => `${(units / 10).toFixed(units % 10 ? 1 : 0)}"`;
  var placeWords = (p) => `${inchWords(p[0])} across, ${inchWords(p[1])} down`;
  var COMPASS = [
    "north",
    "north-east",
    "east",
    "south-east",
    "south",
    "south-west",
    "west",
    "north-west"
  ];
  var facingWords = (b) => `facing ${COMPASS[Math.round(b / 45) % 8]} (${b}°)`;
  var RESULT_WORDS = {
    killed: "killed",
    mortally_wounded: "mortally wounded",
    wounded_disarmed_knocked_down: "wounded, disarmed and knocked down",
    wounded_knocked_down: "wounded and knocked down",
    wounded_disarmed: "wounded and disarmed",
    wounded: "wounded",
    stunned: "stunned",
    immobilized: "immobilized",
    miss: "missed"
  };
  var resultWords2 = (r) => RESULT_WORDS[r] || String(r).replace(/_/g, " ");
  var PLACE_KINDS = {
    wall: "a wall",
    remove: "clear the terrain",
    boulder: "a boulder",
    mud: "a patch of mud"
  };
  var PARAM_WORDS2 = {
    to: "where to go",
    path: "where to go",
    facing: "a facing",
    target: "the target",
    point: "where to aim",
    card: "a spell card",
    place: "where it goes",
    piece: "which piece"
  };
  function valueWords2(param, value, ctx) {
    if (param === "target") return ctx.name(value);
    if (param === "facing") return facingWords(value);
    if ((param === "to" || param === "point") && Array.isArray(value)) return placeWords(value);
    if (param === "path" && Array.isArray(value)) return `to ${placeWords(value.at(-1))}`;
    if (param === "place" && Array.isArray(value)) {
      const run = value.length > 3 ? `, running ${COMPASS[Math.round(value[3] / 45) % 8]}${value[3] % 45 ? ` (${value[3]}°)` : ""}` : "";
      return `${PLACE_KINDS[value[0]] || value[0]} at ${placeWords(value.slice(1, 3))}${run}`;
    }
    return String(value);
  }
  function promptWords2(decision) {
    return String(decision.text).replace(/^Turn \d+: /, "");
  }
  function optionWords2(spec, ctx) {
    if (spec.type === "end_phase" || spec.type === "start") return spec.label;
    const who = spec.args?.figure ? ctx.name(spec.args.figure) : "";
    const raw = spec.label || spec.type.replace(/_/g, " ");
    const name = spec.args?.figure ? ctx.rawName(spec.args.figure) : "";
    return name && raw.startsWith(name) ? `${who}${raw.slice(name.length)}` : raw;
  }
  var mods = (m) => m?.length ? ` [${m.map(([v, t]) => `${v > 0 ? "+" : ""}${v} ${t}`).join("; ")}]` : "";
  function attackWords(d, ctx) {
    const by = d.attacker ? ctx.name(d.attacker) : d.area || d.spell || "The attack";
    const what = d.spell || d.weapon || d.area || "";
    let out = `${by}${what && d.attacker ? ` (${what})` : ""} attacks ${ctx.name(d.target)}: rolled ${d.roll}${mods(d.modifiers)}, `;
    if (!d.hit) return `${out}a miss.`;
    if (d.net) return `${out}a hit: netted, immobilized for ${d.net} turns.`;
    out += `a hit; damage roll ${d.damage_roll}${mods(d.damage_modifiers)}: ${resultWords2(d.result)}`;
    if (d.mortal_turns) out += ` (dies in ${d.mortal_turns} turns)`;
    if (d.knock) out += ", knocked down";
    return `${out}.`;
  }
  var FORMATS3 = {
    phase_began: (d) => `Turn ${d.turn}: ${PHASE_WORDS2[d.phase] || d.phase} begins.`,
    rolled_off: (d, ctx) => `Roll-off for ${PHASE_WORDS2[d.phase] || d.phase}: ${(d.rolls || []).map(([a, b]) => `${ctx.seat("a")} ${a}, ${ctx.seat("b")} ${b}`).join("; then ")}; ${ctx.seat(d.first)} goes first.`,
    side_done: (d, ctx) => `${ctx.seat(d.seat)} is done for this phase.`,
    moved: (d, ctx) => `${ctx.name(d.figure)} ${d.retreat ? `retreats (rolled ${d.roll})` : d.doubled ? "runs" : "moves"} to ${placeWords(d.path.at(-1))}, ${facingWords(d.facing)}${d.charged?.length ? `, charging ${d.charged.map(ctx.name).join(" and ")}` : ""}.`,
    retreat_failed: (d, ctx) => `${ctx.name(d.figure)} fails to retreat (rolled ${d.roll}).`,
    held: (d, ctx) => d.spears_set ? `${ctx.name(d.figure)} sets its spear.` : `${ctx.name(d.figure)} holds${d.facing !== void 0 ? `, ${facingWords(d.facing)}` : ""}.`,
    deployed: (d, ctx) => `${ctx.name(d.figure)} is placed at ${placeWords(d.to)}, ${facingWords(d.facing)}.`,
    declared: (d, ctx) => `${ctx.name(d.figure)} declares ${d.spell ? `${d.spell} on` : "an attack on"} ${ctx.name(d.target)}.`,
    flyer_declared: (d, ctx) => d.engages ? `${ctx.name(d.figure)} engages in hand to hand.` : `${ctx.name(d.figure)} stays aloft (no hand to hand with nonflyers this turn).`,
    attacked: attackWords,
    burned: (d, ctx) => `${d.wall} burns ${ctx.name(d.figure)}: rolled ${d.roll}, ${d.hit ? `${resultWords2(d.result)}` : "no harm"}.`,
    climb_began: (d, ctx) => `${ctx.name(d.figure)} starts climbing${d.ladder ? ` with ${ctx.name(d.ladder)}'s ladders` : ""} (over on turn ${d.arrives}).`,
    climb_ended: (d, ctx) => `${ctx.name(d.figure)} is over the wall.`,
    breathed: (d, ctx) => `${ctx.name(d.figure)} breathes fire, ${facingWords(d.facing)}.`,
    detonated: (d, ctx) => `${ctx.name(d.figure)}'s bomb goes off.`,
    spells_dealt: (d, ctx) => `${ctx.name(d.figure)} draws ${d.cards ? d.cards.join(", ") : `${d.count} spell cards`}.`,
    spell_swapped: (d, ctx) => `${ctx.name(d.figure)} discards ${d.discarded || "a spell"} and draws ${d.cards ? d.cards.join(", ") : "another"}.`,
    spells_kept: (d, ctx) => `${ctx.name(d.figure)} keeps its spells.`,
    spell_cast: (d, ctx) => `${ctx.name(d.figure)} casts ${d.spell}${d.target ? ` on ${ctx.name(d.target)}` : ""}${d.point ? ` at ${placeWords(d.point)}` : ""}.`,
    spell_effect: (d, ctx) => `${d.spell} on ${ctx.name(d.figure)}: ${d.saved ? `resisted (save roll ${d.save_roll})` : `${d.effect.replace(/_/g, " ")}${d.last ? ` until the end of turn ${d.last}` : ""}`}.`,
    dispelled: (d, ctx) => `The spells on ${ctx.name(d.figure)} are dispelled.`,
    healed: (d, ctx) => `${ctx.name(d.figure)} is healed.`,
    resurrected: (d, ctx) => `${ctx.name(d.figure)} rises again with 1 hit.`,
    animated: (d, ctx) => `${ctx.name(d.figure)} rises as undead for ${ctx.seat(d.seat)}.`,
    teleported: (d, ctx) => `${ctx.name(d.figure)} is teleported to ${placeWords(d.to)}.`,
    petrified: (d, ctx) => `${ctx.name(d.figure)} is turned to stone.`,
    charmed: (d, ctx) => `${ctx.name(d.figure)} is charmed and fights for ${ctx.seat(d.seat)}.`,
    charm_save: (d, ctx) => `${ctx.name(d.figure)} tries to break the charm: rolled ${d.roll}, ${d.saved ? "free" : "still charmed"}.`,
    terrain_changed: () => "The table changes.",
    morale_checked: (d, ctx) => `${ctx.name(d.figure)} checks morale (${(d.triggers || []).join(", ")}): rolled ${d.roll}${mods(d.modifiers)}, ${d.routs ? "routs" : "stands"}.`,
    routed_move: (d, ctx) => `${ctx.name(d.figure)} flees${d.fled ? " off the table" : ` to ${placeWords(d.path.at(-1))}`}.`,
    rallied: (d, ctx) => `${ctx.name(d.leader)} rallies (rolled ${d.roll}): ${d.rallied?.length ? `${d.rallied.map(ctx.name).join(", ")} rally` : "nobody rallies"}.`,
    turn_ended: (d) => `Turn ${d.turn} ends.`,
    game_over: (d, ctx) => `The battle is over: ${d.winner ? `${ctx.seat(d.winner)} wins` : "a draw"} (${String(d.reason).replace(/^([ab]) /, (_, s) => `${ctx.seat(s)} `)}); casualties' gold ${Object.entries(d.scores || {}).map(([s, v]) => `${ctx.seat(s)} ${v}`).join(", ")}.`
  };
  var KINDS3 = {
    attacked: "combat",
    burned: "combat",
    morale_checked: "morale",
    routed_move: "morale",
    rallied: "morale",
    game_over: "result"
  };
  function formatSnsEvent(event, ctx) {
    if (event === null || event === void 0) return { text: "(hidden)", kind: "hidden" };
    const format = FORMATS3[event.type];
    let text = `${event.type.replace(/_/g, " ")}.`;
    try {
      if (format) text = format(event.data || {}, ctx);
    } catch {
    }
    return { text, kind: KINDS3[event.type] || "info" };
  }
  function oddsHtml(odds, escape2) {
    const rows = odds.outcomes.map((o) => `<tr><td>${escape2(resultWords2(o.result))}</td><td>${(o.probability * 100).toFixed(1)}%</td><td>${o.ways} of 144</td></tr>`);
    return `<table class="odds-table"><thead><tr><th>Outcome</th><th>Chance</th><th>Ways</th></tr></thead><tbody>${rows.join("")}</tbody></table><p class="muted">Attack ${escape2(mods(odds.modifiers) || "no modifiers")}; damage ${escape2(mods(
      odds.damage_modifiers
    ) || "no modifiers")}</p>`;
  }

  // src/phases.js
  var SBH = {
    lists: "warband lists",
    roles: "attacker and defender",
    terrain: "terrain",
    scenario: "scenario set-up",
    edge: "table edges",
    deploy: "deployment",
    play: "battle",
    over: "over"
  };
  var BY_SYSTEM = { sbh: SBH, asoiaf: PHASE_WORDS, sns: PHASE_WORDS2 };
  function phaseWords(system, phase) {
    if (!phase) return "";
    const words2 = BY_SYSTEM[system || "sbh"]?.[phase];
    return words2 || String(phase).replace(/_/g, " ");
  }

  // src/match_head.js
  function matchLayout(title) {
    return `
    <div class="match">
      <div class="match-head card">
        <div class="title">${title}</div>
        <div class="match-info"></div>
        <button class="to-prompt primary" data-action="to-prompt">Your turn: see what to do ↓</button>
        <div class="clocks" hidden></div>
        <div class="match-actions"></div>
        <div class="takeback-bar offer-bar" aria-live="polite" hidden></div>
      </div>
      <div class="match-body">
        <div class="board-column card">
          <div class="board-tools">
            <button class="small" data-zoom="in" title="Zoom in">+</button>
            <button class="small" data-zoom="out" title="Zoom out">−</button>
            <button class="small" data-zoom="fit" title="Show the whole board">fit</button>
            <label class="check"><input type="checkbox" class="names-toggle" checked> names</label>
            <span class="trail-tools"></span>
            <span class="hover-info muted"></span>
          </div>
          <div class="board"></div>
          <details class="legend" open><summary>Legend</summary><div class="legend-body"></div>
          </details>
        </div>
        <div class="side-column">
          <section class="card prompt" aria-live="polite"></section>
          <section class="card log-card"><h3>Dice and events</h3><ol class="log"></ol></section>
          <section class="card chat-card"></section>
          <section class="card roster"></section>
        </div>
      </div>
    </div>`;
  }
  function renderMatchHead(screen) {
    const info = $(screen.root, ".match-info");
    const actions = $(screen.root, ".match-actions");
    if (!info) return;
    const v = screen.view;
    const bits = [];
    bits.push(screen.seat ? `You are ${escape(seatName(screen.seat, screen.players || {}, screen.warbands))}` : "You are watching");
    bits.push(`status: <span class="match-status">${escape(screen.status)}</span>`);
    if (v && screen.table) {
      bits.push(...screen.table.headBits(v));
    } else if (v) {
      bits.push(`phase: ${escape(phaseWords("sbh", v.phase))}`);
      if (v.turn) bits.push(`turn ${v.turn}`);
      if (v.phase === "play" && v.active_seat) {
        bits.push(`active: ${escape(screen.seatWords(v.active_seat))}`);
      }
      const vp = Object.entries(v.victory_points || {}).map(([s, p]) => `${screen.seatWords(s)} ${p}`).join(" · ");
      if (vp) bits.push(`victory points ${escape(vp)}`);
      bits.push(escape(describeSetup({ options: v.options, board_size: v.board?.width })));
    } else if (screen.setup) {
      bits.push(escape(describeSetup(screen.setup)));
    }
    if (screen.invite) bits.push(`invite code <code class="invite">${escape(screen.invite)}</code>`);
    if (screen.status === "open") bits.push("<strong>waiting for an opponent to join</strong>");
    if (screen.result) bits.push(`result: <strong class="match-result">${escape(screen.resultText())}</strong>`);
    const rated = ratingChangeText(screen.ratings, screen.seat);
    if (rated) bits.push(`<span class="rating-change">${escape(rated)}</span>`);
    info.innerHTML = bits.join(" · ");
    let buttons = "";
    if (screen.seat && screen.status === "active") {
      buttons = '<button data-action="offer-draw" title="Your opponent is asked to accept or decline">Offer a draw</button> <button data-action="take-back" title="Your opponent is asked to let you take back your last move">Ask to take back</button> <button class="danger" data-action="resign">Concede</button>';
    } else if (screen.seat && screen.status === "open") {
      buttons = '<button data-action="leave">Leave</button>';
    } else if (screen.status === "finished") {
      buttons = `<a class="button" href="#/replay/${escape(screen.matchId)}">Open the replay</a>`;
      if (screen.seat) {
        buttons += ' <button data-action="rematch" title="The same match again, seats swapped">Rematch</button>';
      }
    }
    if (actions.dataset.html !== buttons) {
      actions.innerHTML = buttons;
      actions.dataset.html = buttons;
    }
  }

  // src/asoiaf_board.js
  var PAD = 0.6;
  var KIND_FILL = { ".": "#e9e4c9", x: "#c9dcae", o: "#9c9484", "#": "#5f5a50" };
  var KIND_LABELS = {
    ".": "OPEN",
    x: "OPEN-X (blocks sight)",
    o: "BLOCKED",
    "#": "BLOCKED-X (blocks sight)"
  };
  var TERRAIN_FILL = {
    river: "#6fa8dc",
    high_ground: "#b58b4c",
    bonfire: "#e8743b",
    dead_leaves: "#a0522d",
    ditch_with_stakes: "#7a5230",
    big_corpse_pile: "#6b4e4e",
    large_tree: "#2f6b2f",
    rocks: "#777",
    bush: "#4f8a3a",
    moat: "#3d6e9c"
  };
  var ZONE_FILL = { gold: "#d4a017", silver: "#8e9aa6" };
  var OPENING_STYLE = {
    "door:closed": ["#7a4b1e", ""],
    "door:barred": ["#5a1010", ""],
    "door:open": ["#c08a4a", "0.15 0.1"],
    "door:broken": ["#999", "0.08 0.08"],
    "window:intact": ["#4aa3df", ""],
    "window:broken": ["#4aa3df", "0.08 0.08"]
  };
  var squareKey = (sq) => `${sq[0]},${sq[1]}`;
  function sideLine([ax, ay, bx, by]) {
    if (ax !== bx) {
      const x = Math.max(ax, bx);
      return [x, ay, x, ay + 1];
    }
    const y = Math.max(ay, by);
    return [ax, y, ax + 1, y];
  }
  function line2([x1, y1, x2, y2], stroke, width, dash, extra = "") {
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"${dash ? ` stroke-dasharray="${dash}"` : ""}${extra}/>`;
  }
  var AsoiafBoard = class {
    constructor(container, handlers) {
      this.container = container;
      this.handlers = handlers;
      this.zoom = 1;
      this.showNames = true;
      container.addEventListener("click", (e) => this._click(e));
      container.addEventListener("mouseover", (e) => this.handlers.onHover?.(this._target(e)));
      container.addEventListener("mouseleave", () => this.handlers.onHover?.(null));
      window.addEventListener("resize", () => this._size());
    }
    _target(e) {
      const model = e.target.closest("[data-model]");
      if (model) return { model: model.dataset.model, square: model.dataset.square };
      const square = e.target.closest("[data-square]");
      return square ? { square: square.dataset.square } : null;
    }
    // A model standing on a highlighted square (a large model on one of its four)
    // chooses the square unless the model itself is a choice.
    _click(e) {
      const target = this._target(e);
      if (!target) return;
      if (target.model && !this.marks.models.has(target.model)) {
        const square = this._pointSquare(e) || target.square;
        if (square && this.marks.squares.has(square)) {
          this.handlers.onSquare?.(square);
          return;
        }
      }
      if (target.model) this.handlers.onModel?.(target.model);
      else this.handlers.onSquare?.(target.square);
    }
    _pointSquare(e) {
      const svg = this.container.querySelector("svg");
      const ctm = svg?.getScreenCTM?.();
      if (!ctm) return null;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
      return `${Math.floor(p.x)},${Math.floor(p.y)}`;
    }
    setZoom(zoom) {
      this.zoom = Math.max(1, Math.min(5, zoom));
      this._size();
    }
    _size() {
      fitBoard(this.container, this.aspect, this.zoom);
    }
    // marks: {squares: Set("x,y"), models: Set(uid), chosen: Set(uid), active: uid, names: Map}
    render(view, marks) {
      this.marks = marks;
      const field = view?.battlefield;
      if (!field) {
        this.container.innerHTML = '<p class="muted">The battlefield appears when the match starts.</p>';
        return;
      }
      const { width, height } = field;
      this.aspect = (height + 2 * PAD) / (width + 2 * PAD);
      const out = [`<svg class="asoiaf-board" viewBox="${-PAD} ${-PAD} ${width + 2 * PAD} ${height + 2 * PAD}" xmlns="http://www.w3.org/2000/svg">`];
      out.push(this._squares(field, marks));
      out.push(this._zones(field));
      out.push(this._grid(field));
      out.push(this._walls(field));
      out.push(this._tokens(view, field));
      out.push(this._models(view, marks));
      out.push("</svg>");
      this.container.innerHTML = out.join("");
      this._size();
    }
    _squares(field, marks) {
      const out = [];
      field.rows.forEach((row, y) => {
        [...row].forEach((kind, x) => {
          const key3 = `${x},${y}`;
          const legal = marks.squares.has(key3);
          out.push(`<rect class="square${legal ? " legal-square" : ""}" data-square="${key3}" data-kind="${escape(kind)}" x="${x}" y="${y}" width="1" height="1" fill="${KIND_FILL[kind] || KIND_FILL["."]}"/>`);
          if (kind === "x" || kind === "#") {
            out.push(line2(
              [x + 0.25, y + 0.25, x + 0.75, y + 0.75],
              "#333",
              0.05,
              "",
              ' pointer-events="none"'
            ));
            out.push(line2(
              [x + 0.75, y + 0.25, x + 0.25, y + 0.75],
              "#333",
              0.05,
              "",
              ' pointer-events="none"'
            ));
          } else if (kind === "o") {
            out.push(`<circle cx="${x + 0.5}" cy="${y + 0.5}" r="0.08" fill="#333" pointer-events="none"/>`);
          }
        });
      });
      return out.join("");
    }
    _zones(field) {
      const out = [];
      for (const [colour, squares] of Object.entries(field.deployment || {})) {
        for (const [x, y] of squares) {
          out.push(`<rect class="deploy-zone" data-zone="${colour}" x="${x + 0.04}" y="${y + 0.04}" width="0.92" height="0.92" fill="none" stroke="${ZONE_FILL[colour]}" stroke-width="0.06" pointer-events="none"/>`);
        }
      }
      for (const zone of field.zones || []) {
        for (const [x, y] of zone.squares) {
          out.push(`<rect class="terrain-zone" data-terrain="${escape(zone.terrain)}" x="${x}" y="${y}" width="1" height="1" fill="${TERRAIN_FILL[zone.terrain] || "#888"}" fill-opacity="0.45" pointer-events="none"/>`);
        }
      }
      return out.join("");
    }
    _grid(field) {
      const out = [];
      for (let x = 0; x <= field.width; x += 1) {
        const tile = x % field.tile === 0;
        out.push(line2([x, 0, x, field.height], tile ? "#444" : "#0003", tile ? 0.05 : 0.02));
      }
      for (let y = 0; y <= field.height; y += 1) {
        const tile = y % field.tile === 0;
        out.push(line2([0, y, field.width, y], tile ? "#444" : "#0003", tile ? 0.05 : 0.02));
      }
      for (let x = 0; x < field.width; x += 1) {
        out.push(`<text class="grid-number" x="${x + 0.5}" y="${-0.15}" font-size="0.35" text-anchor="middle">${x + 1}</text>`);
      }
      for (let y = 0; y < field.height; y += 1) {
        out.push(`<text class="grid-number" x="${-0.3}" y="${y + 0.62}" font-size="0.35" text-anchor="middle">${y + 1}</text>`);
      }
      return `<g pointer-events="none">${out.join("")}</g>`;
    }
    _walls(field) {
      const out = (field.walls || []).map((side) => line2(
        sideLine(side),
        "#222",
        0.14,
        "",
        ' class="wall"'
      ));
      (field.openings || []).forEach(([ax, ay, bx, by, kind, state], index) => {
        const [stroke, dash] = OPENING_STYLE[`${kind}:${state}`] || ["#000", ""];
        out.push(line2(
          sideLine([ax, ay, bx, by]),
          stroke,
          0.2,
          dash,
          ` class="opening" data-opening="${index}" data-kind="${kind}" data-state="${state}" pointer-events="none"`
        ));
      });
      return `<g pointer-events="none">${out.join("")}</g>`;
    }
    _tokens(view, field) {
      const out = [];
      for (const objective of view.objectives || []) {
        const [x, y] = objective.square;
        out.push(`<g class="objective" pointer-events="none"><circle cx="${x + 0.5}" cy="${y + 0.5}" r="0.38" fill="#fff8" stroke="#7a2" stroke-width="0.07"/><text x="${x + 0.5}" y="${y + 0.62}" font-size="0.35" text-anchor="middle">${objective.card ? "★" : "O"}</text></g>`);
      }
      const taken = new Set((view.plundered || []).map(squareKey));
      for (const [x, y, kind] of field.plunder || []) {
        if (taken.has(`${x},${y}`)) continue;
        out.push(`<g class="plunder" data-plunder="${kind}" pointer-events="none"><rect x="${x + 0.22}" y="${y + 0.22}" width="0.56" height="0.56" rx="0.1" fill="${kind === "coin" ? "#e6c229" : "#b48ad6"}" stroke="#333" stroke-width="0.04"/><text x="${x + 0.5}" y="${y + 0.64}" font-size="0.38" text-anchor="middle">${kind === "coin" ? "$" : "?"}</text></g>`);
      }
      return out.join("");
    }
    _models(view, marks) {
      const out = [];
      for (const m of view.models || []) {
        if (!m.square || m.removed) continue;
        const size = m.large ? 2 : 1;
        const [x, y] = m.square;
        const name = marks.names.get(m.uid) || m.card;
        const classes = [
          "model",
          marks.models.has(m.uid) ? "legal" : "",
          marks.chosen.has(m.uid) ? "chosen" : "",
          m.uid === marks.active ? "active" : "",
          m.activated ? "activated" : ""
        ].filter(Boolean).join(" ");
        const states = [...m.conditions, m.captive ? "captor" : ""].filter(Boolean).join(" ");
        const cx = x + size / 2;
        const cy = y + size / 2;
        const r = size * 0.4;
        const token = m.equipment ? `, ${m.equipment}${m.equipment_spent ? " (spent)" : ""}` : "";
        out.push(`<g class="${classes}" data-model="${escape(m.uid)}" data-seat="${m.seat}" data-square="${x},${y}" data-states="${escape(states)}" data-large="${m.large}"><title>${escape(name)} — ${escape(squareWords(m.square))}${escape(token)}</title>`);
        const ring = (grow, style) => m.large ? `<rect x="${x + 0.15 - grow}" y="${y + 0.15 - grow}" width="${1.7 + 2 * grow}" height="${1.7 + 2 * grow}" rx="0.4" fill="none" ${style}/>` : `<circle cx="${cx}" cy="${cy}" r="${r + grow}" fill="none" ${style}/>`;
        if (m.uid === marks.active) out.push(ring(0.09, 'stroke="#f5b700" stroke-width="0.12"'));
        if (marks.models.has(m.uid)) {
          out.push(ring(0.07, 'class="legal-ring" stroke="#1a7f37" stroke-width="0.1" stroke-dasharray="0.15 0.08"'));
        }
        const shape = m.large ? `<rect class="body" x="${x + 0.15}" y="${y + 0.15}" width="1.7" height="1.7" rx="0.35"` : `<circle class="body" cx="${cx}" cy="${cy}" r="${r}"`;
        out.push(`${shape} fill="${SEAT_COLOURS[m.seat] || "#555"}" stroke="#111" stroke-width="0.05"${m.activated ? ' fill-opacity="0.55"' : ""}/>`);
        out.push(`<text x="${cx}" y="${cy + 0.1 * size}" font-size="${0.32 * size}" text-anchor="middle" fill="#fff" pointer-events="none">${escape(tokenText(name))}</text>`);
        out.push(`<text class="wounds" x="${x + size - 0.08}" y="${y + size - 0.06}" font-size="0.28" text-anchor="end" fill="#b00" stroke="#fff" stroke-width="0.02" pointer-events="none">${m.wounds_left}♥</text>`);
        let badge = 0;
        for (const [flag, letter, colour] of [
          [m.conditions.includes("shaken"), "S", "#d97706"],
          [m.conditions.includes("routed"), "R", "#7c3aed"],
          [Boolean(m.captive), "⛓", "#333"]
        ]) {
          if (!flag) continue;
          out.push(`<circle cx="${x + 0.16 + badge * 0.3}" cy="${y + 0.16}" r="0.14" fill="${colour}" pointer-events="none"/><text x="${x + 0.16 + badge * 0.3}" y="${y + 0.25}" font-size="0.22" text-anchor="middle" fill="#fff" pointer-events="none">${letter}</text>`);
          badge += 1;
        }
        if (m.equipment) out.push(equipmentMark(m, x, y + size));
        if (m.activated) {
          out.push(`<text x="${x + size - 0.12}" y="${y + 0.3}" font-size="0.26" text-anchor="end" pointer-events="none">✓</text>`);
        }
        out.push("</g>");
      }
      return out.join("");
    }
  };
  function equipmentMark(m, x, bottom) {
    const cx = x + 0.17;
    const cy = bottom - 0.17;
    const spent = Boolean(m.equipment_spent);
    return `<g class="equipment" data-equipment="${spent ? "spent" : "ready"}" pointer-events="none"><circle cx="${cx}" cy="${cy}" r="0.13" fill="${spent ? "#bbb" : "#e6c229"}" stroke="#333" stroke-width="0.03"/><text x="${cx}" y="${cy + 0.07}" font-size="0.18" text-anchor="middle" fill="${spent ? "#666" : "#222"}">E</text>${spent ? `<line x1="${cx - 0.13}" y1="${cy + 0.13}" x2="${cx + 0.13}" y2="${cy - 0.13}" stroke="#b00" stroke-width="0.05"/>` : ""}</g>`;
  }

  // src/option_panel.js
  var OptionPanel = class {
    // hooks: send(type, args) -> Promise, odds(type, args) -> Promise, changed(),
    // turn({mine, waiting, seq}), ctx() -> {name(uid), seat(seat), ...}
    constructor(panel, hooks, words2) {
      this.panel = panel;
      this.hooks = hooks;
      this.words = words2;
      this.prompt = null;
      this.selected = null;
      this.chosen = {};
      this.busy = false;
      this.error = null;
      this.oddsShown = null;
      this.oddsCache = /* @__PURE__ */ new Map();
      panel.addEventListener("click", (e) => this._click(e));
      panel.addEventListener("mouseover", (e) => this._hoverButton(e));
    }
    setContext({ prompt, view, seat, players = {}, warbands = {}, finished = null }) {
      const fresh3 = prompt !== this.prompt;
      Object.assign(this, { prompt, view, seat, players, warbands, finished });
      if (fresh3) this._fresh();
      this.render();
    }
    // A new prompt: nothing picked, no refusal, no odds of the last one.
    _fresh() {
      this.busy = false;
      this.error = null;
      this.oddsShown = null;
      this.oddsCache.clear();
      this.reset(false);
    }
    get decision() {
      return this.finished ? null : this.prompt?.decision || null;
    }
    get options() {
      return this.decision?.options || [];
    }
    get spec() {
      return this.selected === null ? null : this.options[this.selected] || null;
    }
    orderedParams(spec) {
      return this.words.orderedParams(spec);
    }
    optionWords(spec, ctx) {
      return this.words.optionWords(spec, ctx);
    }
    valueWords(param, value, ctx) {
      return this.words.valueWords(param, value, ctx);
    }
    get pendingParam() {
      const spec = this.spec;
      return spec ? this.orderedParams(spec).find((p) => !(p in this.chosen)) || null : null;
    }
    _choose(param, value) {
      this.chosen[param] = value;
      this.error = null;
      if (!this.pendingParam) this._send();
      else this.render();
      this.hooks.changed();
    }
    _send() {
      sendOption(this, this.spec);
    }
    showError(text) {
      this.error = text;
      this.render();
    }
    // -- odds -------------------------------------------------------------------------
    // The odds of the picked option against `target`, asked once per prompt; the
    // subclass says what to ask (_oddsAsked) and how to show the reply (_oddsHtml).
    // `extra`: args beyond the target (a pick being hovered), for the subclass.
    showOdds(target, extra = {}) {
      const asked = target && this._oddsAsked(target, extra);
      if (!asked) return;
      const key3 = JSON.stringify(asked);
      if (this.oddsShown?.key === key3) return;
      if (!this.oddsCache.has(key3)) this.oddsCache.set(key3, this.hooks.odds(asked.type, asked.args));
      const seq = this.prompt?.seq;
      this.oddsCache.get(key3).then((odds) => {
        if (this.prompt?.seq !== seq) return;
        this.oddsShown = { key: key3, odds, html: this._oddsHtml(odds, asked) };
        this._oddsArrived();
      }).catch((error) => {
        const html = this._oddsRefusedHtml(error);
        if (!html || this.prompt?.seq !== seq) {
          this.oddsCache.delete(key3);
          return;
        }
        this.oddsShown = { key: key3, odds: null, html };
        this._fillOdds();
      });
    }
    // A refused odds request said in words (null: show nothing, ask again later).
    _oddsRefusedHtml() {
      return null;
    }
    _oddsArrived() {
      this._fillOdds();
    }
    // A target's button hovered: its odds.
    _hoverButton(e) {
      const button2 = e.target.closest("button[data-param=target]");
      if (button2) this.showOdds(this.spec?.params.target[Number(button2.dataset.value)]);
    }
    _fillOdds() {
      const box = this.panel.querySelector(".odds");
      if (!box) return;
      box.hidden = !this.oddsShown;
      box.innerHTML = this.oddsShown?.html || "";
    }
    // -- drawing ------------------------------------------------------------------------
    // "Your turn: <what to do>" in every system's voice (SBH's: prompt_words.js); the
    // system's words may say the rules' question their own way (`promptWords`).
    _header(ctx) {
      if (this.finished) {
        return `<div class="prompt-head over">Match over: ${escape(this.finished)}</div>`;
      }
      if (this.decision) {
        const text = this.words.promptWords?.(this.decision, ctx) ?? this.decision.text;
        const acting = this.words.actingSeat?.(ctx.view);
        const during = acting && acting !== this.seat ? `<div class="mid-turn">During ${escape(playerName(acting, this.players, this.warbands))}'s turn: the rules ask you now</div>` : "";
        return `<div class="prompt-head mine${during ? " mid-turn-head" : ""}" data-mine="true"><span class="your-turn">Your turn:</span> <span class="prompt-text">${escape(text)}</span>${during}</div>`;
      }
      const waiting = (this.prompt?.waiting || []).filter((s) => s !== this.seat).map((s) => playerName(s, this.players, this.warbands));
      return `<div class="prompt-head theirs">${waiting.length ? `Waiting for ${escape(waiting.join(" and "))}…` : "Nothing to decide now."}</div>`;
    }
    // The options to pick from, each a button (those `shown` lets through).
    _optionsHtml(ctx, shown = () => true) {
      const rows = this.options.map((spec, i) => shown(spec) ? `<div class="option" data-type="${escape(spec.type)}"${spec.args?.figure ? ` data-figure="${escape(
        spec.args.figure
      )}"` : ""}><button class="do" data-action="pick" data-spec="${i}">${escape(this.optionWords(spec, ctx))}</button></div>` : "");
      return `<div class="options">${rows.join("")}</div>`;
    }
    // The picked option with the values chosen so far (not those it came with).
    _chosenHtml(spec, ctx) {
      const done = Object.entries(this.chosen).filter(([p]) => !(p in (spec.args || {}))).map(([p, v]) => this.valueWords(p, v, ctx));
      return `<div class="option chosen-option" data-type="${escape(spec.type)}"><strong>${escape(this.optionWords(spec, ctx))}</strong>${done.length ? ` — ${escape(done.join(", "))}` : ""}</div>`;
    }
    // Nothing picked: the options (a subclass may add a line above them).
    _listHtml(ctx) {
      return this._optionsHtml(ctx);
    }
    // Whether the picked option may be put back (one that is the only one stays).
    _cancellable() {
      return true;
    }
    render() {
      const ctx = { view: this.view, ...this.hooks.ctx() };
      const parts = [this._header(ctx)];
      if (this.decision) {
        if (this.error) parts.push(`<p class="prompt-error" role="alert">${escape(this.error)}</p>`);
        if (this.busy) {
          parts.push('<p class="muted">Sending…</p>');
        } else if (this.selected === null) {
          parts.push(this._listHtml(ctx));
        } else {
          parts.push(this._chosenHtml(this.spec, ctx));
          parts.push(this._choices(this.spec, this.pendingParam, ctx));
          if (this._cancellable()) {
            parts.push('<button class="cancel" data-action="cancel">Cancel</button>');
          }
        }
      }
      parts.push('<div class="odds" hidden></div>');
      this.panel.innerHTML = parts.join("");
      Object.assign(this.panel.dataset, {
        seq: this.prompt ? this.prompt.seq : "",
        mine: this.decision ? "true" : "false",
        busy: this.busy ? "true" : "false",
        pending: this.pendingParam || "",
        option: this.spec?.type || ""
      });
      this._fillOdds();
      tellTurn(this, Boolean(this.decision), playerName);
    }
    // -- the panel's clicks ---------------------------------------------------------------
    _click(e) {
      const button2 = e.target.closest("button");
      if (!button2 || this.busy) return;
      this.error = null;
      const action = button2.dataset.action;
      if (action && this._action(action, button2)) return;
      if (action === "cancel") {
        this.reset();
        this.hooks.changed();
      } else if (action === "pick") {
        this._select(Number(button2.dataset.spec));
        if (!this.pendingParam) this._send();
        else this.render();
        this.hooks.changed();
      } else if (button2.dataset.param) {
        this._choose(button2.dataset.param, this._buttonValue(button2.dataset.param, button2));
      }
    }
    // A subclass's own button (true: done).
    _action() {
      return false;
    }
    // A value button's value: the listed value it stands for.
    _buttonValue(param, button2) {
      return this.spec.params[param][Number(button2.dataset.value)];
    }
  };

  // src/asoiaf_prompt.js
  var PARAM_ORDER = [
    "model",
    "target",
    "targets",
    "friend",
    "square",
    "improvements",
    "abilities",
    "zone",
    "first_player",
    "agenda",
    "removal"
  ];
  var MODEL_PARAMS = /* @__PURE__ */ new Set(["model", "target", "friend"]);
  var modelParam = (param) => MODEL_PARAMS.has(param) || isPick(param);
  var ODDS_TYPES = /* @__PURE__ */ new Set(["attack", "charge"]);
  var percent2 = (p) => `${(p * 100).toFixed(p < 0.1 && p > 0 ? 1 : 0)}%`;
  var same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  function orderedParams(spec) {
    const names = Object.keys(spec.params || {});
    const picks = names.filter(isPick).sort((a, b) => pickNumber(a) - pickNumber(b));
    const known = PARAM_ORDER.filter((p) => names.includes(p));
    const at = known.filter((p) => ["model", "target", "targets", "friend"].includes(p)).length;
    return [
      ...known.slice(0, at),
      ...picks,
      ...known.slice(at),
      ...names.filter((p) => !PARAM_ORDER.includes(p) && !isPick(p))
    ];
  }
  function distributionText(rows) {
    return rows.map(([value, p]) => `${value}: ${percent2(p)}`).join(" · ");
  }
  function diceWords(c, defence) {
    const against2 = c.defence !== void 0 && String(c.defence) !== String(defence) ? `, against defence ${spanWords(c.defence, "+")}` : "";
    const ranged = [c.dice, c.value, c.defence].some((v) => typeof v === "string") ? " (as the will test goes)" : "";
    return `${spanWords(c.dice)} d10 on ${spanWords(c.value, "+")}${against2}${ranged}`;
  }
  function oddsHtml2(odds, ctx) {
    const rows = odds.choices.map((c) => `<tr data-improvements="${escape(JSON.stringify(
      c.improvements
    ))}"><td>${escape(valueWords("improvements", c.improvements, ctx))}</td><td>${escape(coinWords(c.cost))}</td><td class="odds-dice">${escape(diceWords(
      c,
      odds.defence
    ))}</td><td class="odds-hits">${escape(distributionText(c.hits))}</td><td class="odds-wounds">${escape(distributionText(c.wounds))}</td><td>${c.mean_wounds.toFixed(2)}</td></tr>`);
    return `<p><strong>${escape(odds.mode)}</strong> against ${escape(ctx.name(odds.target))} (defence ${odds.defence}+, ${odds.wounds_left} wounds left; the defender spends nothing)</p><table class="odds-table"><thead><tr><th>Coins bought</th><th>Cost</th><th>Dice</th><th>Hits</th><th>Wounds after defence</th><th>Mean wounds</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
  }
  var AsoiafPrompt = class extends OptionPanel {
    constructor(panel, hooks) {
      super(panel, hooks, { orderedParams, optionWords, valueWords, promptWords, actingSeat });
    }
    reset(draw = true) {
      this.selected = null;
      this.chosen = {};
      if (this.options.length === 1 && Object.values(this.options[0].params || {}).some((values) => values.length > 1)) {
        this._select(0);
      }
      if (draw) this.render();
    }
    _select(index) {
      this.selected = index;
      this.chosen = {};
      this._autoChoose();
    }
    // parameters with a single value are chosen without asking
    _autoChoose() {
      const spec = this.spec;
      for (const param of orderedParams(spec)) {
        if (!(param in this.chosen) && spec.params[param].length === 1) {
          this.chosen[param] = spec.params[param][0];
        }
      }
    }
    // What the board highlights: the pending parameter's squares or models; with
    // no option picked, whatever one click on the board can choose.
    marks() {
      const squares = /* @__PURE__ */ new Set();
      const models = /* @__PURE__ */ new Set();
      const add = (param, values) => {
        for (const v of values) {
          if (param === "square") squares.add(`${v[0]},${v[1]}`);
          else if (modelParam(param) && typeof v === "string") models.add(v);
        }
      };
      if (this.decision && !this.busy) {
        const param = this.pendingParam;
        if (param) add(param, this.spec.params[param]);
        else if (this.selected === null) {
          for (const spec of this.options) {
            const first = orderedParams(spec)[0];
            if (first) add(first, spec.params[first]);
          }
        }
      }
      const chosen = new Set(Object.entries(this.chosen).filter(([p]) => modelParam(p)).flatMap(([, v]) => Array.isArray(v) ? v : [v]));
      return { squares, models, chosen };
    }
    // A click on the board: the pending parameter's value, or the one option
    // whose first parameter takes it.
    chooseSquare(key3) {
      const square = key3.split(",").map(Number);
      this._boardChoice("square", (v) => same(v, square));
    }
    chooseModel(uid) {
      this._boardChoice(null, (v) => v === uid);
    }
    _boardChoice(kind, matches) {
      if (!this.decision || this.busy) return;
      const accepts = (param2) => kind ? param2 === kind : modelParam(param2);
      const param = this.pendingParam;
      if (param) {
        const value = this.spec.params[param].find(matches);
        if (accepts(param) && value !== void 0) this._choose(param, value);
        return;
      }
      if (this.selected !== null) return;
      const fits = this.options.map((spec2, index2) => ({ spec: spec2, index: index2 })).filter(({ spec: spec2 }) => {
        const first2 = orderedParams(spec2)[0];
        return first2 && accepts(first2) && spec2.params[first2].some(matches);
      });
      if (fits.length !== 1) {
        if (fits.length > 1) this.showError("Several actions can use that: choose one first.");
        return;
      }
      const { spec, index } = fits[0];
      this._select(index);
      const first = orderedParams(spec)[0];
      this._choose(first, spec.params[first].find(matches));
    }
    _choose(param, value) {
      if (param === "target") this.showOdds(value);
      super._choose(param, value);
      if ((param === "square" || isPick(param)) && this.chosen.target && this.pendingParam) {
        this.showOdds(this.chosen.target);
      }
    }
    // -- odds -------------------------------------------------------------------------
    _oddsAsked(target, extra = {}) {
      const spec = this.spec;
      if (!spec || !ODDS_TYPES.has(spec.type) || !spec.params.target?.includes(target)) {
        return null;
      }
      const args = { ...spec.args, target };
      if (spec.type === "charge" && this.chosen.square) args.square = this.chosen.square;
      const picks = pickParams(spec);
      if (picks.length) {
        args.improvements = this.chosen.improvements ?? spec.params.improvements?.[0];
        for (const p of picks) {
          if (p in extra) args[p] = extra[p];
          else if (p in this.chosen) args[p] = this.chosen[p];
        }
      }
      return { type: spec.type, args };
    }
    _oddsRefusedHtml(error) {
      return error?.code === "no_odds" ? `<p class="odds-none">No odds yet: ${escape(error.message)}</p>` : null;
    }
    _oddsHtml(odds) {
      return oddsHtml2(odds, this.hooks.ctx());
    }
    _oddsArrived() {
      if (this.pendingParam === "improvements") this.render();
      else this._fillOdds();
    }
    hoverModel(uid) {
      const pending = this.pendingParam;
      if (pending === "target") this.showOdds(uid);
      else if (isPick(pending) && this.spec.params[pending].includes(uid)) {
        this.showOdds(this.chosen.target, { [pending]: uid });
      }
    }
    // A target's or a pick's button hovered: its odds.
    _hoverButton(e) {
      super._hoverButton(e);
      const button2 = e.target.closest("button[data-param]");
      const param = button2?.dataset.param;
      if (param && isPick(param) && this.chosen.target) {
        this.showOdds(
          this.chosen.target,
          { [param]: this.spec.params[param][Number(button2.dataset.value)] }
        );
      }
    }
    // -- drawing ------------------------------------------------------------------------
    _choices(spec, param, ctx) {
      const values = spec.params[param];
      const out = [`<p class="hint">Choose ${escape(paramWords(param))}${param === "square" ? " on the battlefield (highlighted)" : ""}:</p>`];
      if (param === "square" && values.length > 8) return out.join("");
      const odds = param === "improvements" && this.oddsShown?.odds;
      out.push('<div class="choices">');
      values.forEach((value, i) => {
        let words2 = valueWords(param, value, ctx);
        const row = odds && odds.choices.find((c) => same(c.improvements, value));
        if (row) words2 += ` — ${coinWords(row.cost)}, ${row.dice} dice, mean wounds ${row.mean_wounds.toFixed(2)}`;
        out.push(`<button class="choice" data-param="${escape(param)}" data-value="${i}">${escape(words2)}</button>`);
      });
      out.push("</div>");
      return out.join("");
    }
    _cancellable() {
      return this.options.length > 1;
    }
  };

  // src/asoiaf_roster.js
  var COIN_MARKS = { gold: "●", silver: "◆", copper: "★" };
  function asoiafRosterHtml(v, names, seatTitle) {
    if (!v?.models) return '<h3>Warbands</h3><p class="muted">Not revealed yet.</p>';
    const out = ["<h3>Warbands</h3>"];
    if (v.agenda_hand?.length) {
      out.push(`<p class="agenda-hand">Your agendas drawn (keep one): ${v.agenda_hand.map(escape).join(", ")}</p>`);
    }
    for (const seat of Object.keys(v.coins || {}).sort()) {
      const coins = v.coins[seat];
      out.push(`<h4 style="color:${SEAT_COLOURS[seat] || "#333"}">${escape(seatTitle(seat))}${v.zones?.[seat] ? ` — ${v.zones[seat]} zone` : ""}${v.first_player === seat ? " — 1st player" : ""}</h4>`);
      out.push(`<p class="coins" data-coins="${seat}">${COINS.map((c) => `<span class="coin ${c}" data-coin="${c}">${COIN_MARKS[c]} ${coins[c]} ${c}</span>`).join(" ")} · ${v.vp?.[seat] ?? 0} VP</p>`);
      const agendas = v.agendas?.[seat] || [];
      if (agendas.length) {
        out.push(`<p class="agendas" data-agendas="${seat}">Agenda${agendas.length > 1 ? "s" : ""}: ${agendas.map((a) => escape(a || "hidden")).join(", ")}</p>`);
      }
      out.push('<ul class="roster-list">');
      for (const m of v.models.filter((x) => x.seat === seat)) {
        const states = [];
        if (m.removed) states.push(m.removed);
        else if (!m.square) states.push("not placed");
        if (m.uid === v.active_model) states.push(`active, ${m.ap} AP left`);
        else if (m.activated) states.push("activated");
        states.push(...m.conditions);
        states.push(...(v.lasting || []).filter((c) => c[0] === m.uid).map(lastingWords));
        if (m.captive) states.push(`holds ${names.get(m.captive) || m.captive} captive`);
        if (m.equipment) states.push(`${m.equipment}${m.equipment_spent ? " (spent)" : ""}`);
        out.push(`<li class="${m.removed ? "gone" : ""}${m.uid === v.active_model ? " acting" : ""}" data-roster="${escape(m.uid)}"${m.equipment ? ` data-equipment="${m.equipment_spent ? "spent" : "ready"}"` : ""}><span class="token" style="background:${SEAT_COLOURS[seat] || "#555"}"></span> <span class="who">${escape(names.get(m.uid))}</span> <span class="stats">${m.wounds_left}♥</span>${states.length ? ` <span class="states">${escape(states.join(", "))}</span>` : ""}</li>`);
      }
      out.push("</ul>");
    }
    out.push(tableTokensHtml(v));
    return out.join("");
  }
  function tableTokensHtml(v) {
    const out = [];
    const objectives = v.objectives || [];
    const revealed = objectives.filter((o) => o.card);
    if (objectives.length) {
      out.push(`<h4>Objectives</h4><p class="objective-count">${revealed.length} of ${objectives.length} revealed${objectives.length > revealed.length ? `, ${objectives.length - revealed.length} face down` : ""}</p>`);
    }
    if (revealed.length) {
      out.push(`<ul class="objectives-revealed">${revealed.map((o) => `<li>${escape(o.card)} (${escape(squareWords(o.square))})</li>`).join("")}</ul>`);
    }
    const plunder = v.battlefield?.plunder || [];
    if (plunder.length) {
      const taken = v.plundered || [];
      out.push(`<p class="plunder-count">Plunder tokens taken: ${taken.length} of ${plunder.length}${taken.length ? ` (${taken.map((sq) => escape(squareWords(sq))).join(", ")})` : ""}</p>`);
    }
    return out.join("");
  }

  // src/asoiaf_table.js
  function fresh(element2) {
    const copy = element2.cloneNode(false);
    element2.replaceWith(copy);
    return copy;
  }
  function asoiafLegendHtml(view) {
    const field = view?.battlefield;
    const item = (swatch, label) => `<span class="legend-item"><svg viewBox="0 0 2 2" width="18" height="18">${swatch}</svg>${escape(label)}</span>`;
    const kinds = new Set((field?.rows || []).join(""));
    const out = Object.entries(KIND_LABELS).filter(([k]) => kinds.has(k)).map(([k, label]) => item(`<rect width="2" height="2" fill="${KIND_FILL[k]}"/>`, label));
    for (const terrain2 of new Set((field?.zones || []).map((z) => z.terrain))) {
      out.push(item(`<rect width="2" height="2" fill="${TERRAIN_FILL[terrain2] || "#888"}" fill-opacity="0.6"/>`, terrain2.replace(/_/g, " ")));
    }
    out.push(item('<rect x="0.2" y="0.2" width="1.6" height="1.6" fill="none" stroke="#d4a017" stroke-width="0.2"/>', "gold deployment zone"));
    out.push(item('<rect x="0.2" y="0.2" width="1.6" height="1.6" fill="none" stroke="#8e9aa6" stroke-width="0.2"/>', "silver deployment zone"));
    out.push('<span class="legend-item">walls: thick black; doors brown (dashed: open), windows blue</span>', '<span class="legend-item">O objective (★ revealed), $ / ? plunder tokens</span>', '<span class="legend-item">♥ wounds left, S shaken, R routed, ⛓ holds a captive, ✓ activated, gold ring: active</span>');
    return out.join("");
  }
  var AsoiafTable = class {
    constructor(screen) {
      this.screen = screen;
      const root = screen.root;
      screen.boardBox = fresh(root.querySelector(".board"));
      root.querySelector(".trail-tools").style.display = "none";
      root.querySelector(".names-toggle")?.closest("label")?.style.setProperty("display", "none");
      this.catalog = /* @__PURE__ */ new Map();
      screen.app.catalog({}, "asoiaf").then((found) => {
        for (const card of found.models || []) this.catalog.set(card.name, card);
      }).catch(() => {
      });
      this.board = new AsoiafBoard(screen.boardBox, {
        onSquare: (key3) => this.prompt.chooseSquare(key3),
        onModel: (uid) => this.prompt.chooseModel(uid),
        onHover: (target) => this.hover(target)
      });
      this.prompt = new AsoiafPrompt(fresh(root.querySelector(".prompt")), {
        send: (type, args) => screen.app.conn.request("command", {
          match_id: screen.matchId,
          command: type,
          args,
          at_seq: screen.prompt.seq
        }),
        odds: (type, args) => screen.app.odds(screen.matchId, type, args),
        changed: () => this.draw(),
        turn: (turn) => screen.app.turn?.(turn),
        ctx: () => this.context()
      });
    }
    get view() {
      return this.screen.view;
    }
    get names() {
      return modelNames(this.view);
    }
    // Words for the log and the prompt: a name both sides have says whose it is.
    context() {
      const names = this.names;
      const seats = new Map((this.view?.models || []).map((m) => [m.uid, m.seat]));
      const shared = new Set([...names].filter(([uid, name]) => [...names].some(([other, same2]) => same2 === name && seats.get(other) !== seats.get(uid))).map(([uid]) => uid));
      const seat = (s) => this.screen.seatWords(s);
      return { name: (uid) => shared.has(uid) ? `${names.get(uid)} (${seat(seats.get(uid))})` : names.get(uid) || uid, seat };
    }
    formatEvent(event) {
      return formatAsoiafEvent(event, this.context());
    }
    setContext(context) {
      this.prompt.setContext(context);
      this.draw();
    }
    draw() {
      const marks = {
        ...this.prompt.marks(),
        active: this.view?.active_model || null,
        names: this.names
      };
      this.board.render(this.view, marks);
      const legend = asoiafLegendHtml(this.view);
      const box = this.screen.root.querySelector(".legend-body");
      if (box && box.dataset.html !== legend) {
        box.innerHTML = legend;
        box.dataset.html = legend;
      }
    }
    headBits(v) {
      const bits = [
        `${escape(v.battlefield?.name || v.scenario)}`,
        `round ${v.round} of ${v.rounds}`,
        `phase: ${escape(PHASE_WORDS[v.phase] || v.phase)}`
      ];
      const vp = Object.entries(v.vp || {}).map(([s, p]) => `${escape(this.screen.seatWords(s))} ${p}`).join(" · ");
      if (vp) bits.push(`victory points ${vp}`);
      const active = (v.models || []).find((m) => m.uid === v.active_model);
      if (active) {
        bits.push(`acting: <span class="active-model">${escape(this.context().name(active.uid))}, ${active.ap} AP left</span>`);
      }
      return bits;
    }
    // The side panel: coins, models and this seat's secrets (the view holds only its own).
    roster() {
      const screen = this.screen;
      return asoiafRosterHtml(
        this.view,
        this.names,
        (seat) => seatName(seat, screen.players || {}, screen.warbands)
      );
    }
    hover(target) {
      const line3 = this.screen.root.querySelector(".hover-info");
      if (!line3) return;
      if (!target || !this.view?.battlefield) {
        line3.textContent = "";
        return;
      }
      if (target.model) {
        const m = this.view.models.find((x2) => x2.uid === target.model);
        const card = this.catalog.get(m?.card);
        const stats = card ? ` — defence ${card.defence}+, will ${card.will}+, ${card.attacks.map((a) => `${a.name} ${a.dice}d10 on ${a.value}+`).join("; ")}` : "";
        line3.textContent = `${this.names.get(m.uid)}: ${m.card}, ${m.wounds_left} wounds left${m.conditions.length ? ` (${m.conditions.join(", ")})` : ""}${stats}`;
        this.prompt.hoverModel(target.model);
        return;
      }
      const [x, y] = target.square.split(",").map(Number);
      const field = this.view.battlefield;
      const kind = field.rows[y]?.[x];
      const zone = (field.zones || []).find((z) => z.squares.some((s) => squareKey(s) === target.square));
      const objective = (this.view.objectives || []).find((o) => squareKey(o.square) === target.square);
      line3.textContent = `${squareWords([x, y])}: ${KIND_LABELS[kind] || kind}${zone ? `, ${zone.terrain.replace(/_/g, " ")}` : ""}${objective ? `, objective${objective.card ? ` ${objective.card}` : " (face down)"}` : ""}`;
    }
  };

  // src/sns_geometry.js
  var sns_geometry_exports = {};
  __export(sns_geometry_exports, {
    INCH: () => INCH,
    aimedCone: () => aimedCone,
    bearingTo: () => bearingTo,
    bearingVector: () => bearingVector,
    climbRefusal: () => climbRefusal,
    climbSlices: () => climbSlices,
    conePath: () => conePath,
    coneTouches: () => coneTouches,
    describedRefusal: () => describedRefusal,
    discTouches: () => discTouches,
    inchesBetween: () => inchesBetween,
    insidePolygon: () => insidePolygon,
    intBearingVector: () => intBearingVector,
    moveCost: () => moveCost,
    placePointRefusal: () => placePointRefusal,
    placementRefusal: () => placementRefusal,
    pointRefusal: () => pointRefusal,
    reachOutline: () => reachOutline,
    slicesPath: () => slicesPath,
    squareCorners: () => squareCorners,
    straightRefusal: () => straightRefusal,
    terrainChangeBlocker: () => terrainChangeBlocker,
    terrainChangeCorners: () => terrainChangeCorners,
    terrainChangeRefusal: () => terrainChangeRefusal,
    terrainChangeRemoves: () => terrainChangeRemoves,
    wallCorners: () => wallCorners,
    wedgePath: () => wedgePath
  });
  var INCH = 10;
  var CONTACT_GAP = 1;
  function bearingVector(b) {
    const r = b * Math.PI / 180;
    return [Math.sin(r), -Math.cos(r)];
  }
  function bearingTo(from, to) {
    const dx = to[0] - from[0];
    const dy = to[1] - from[1];
    if (dx === 0 && dy === 0) return null;
    return (Math.round(Math.atan2(dx, -dy) * 180 / Math.PI) % 360 + 360) % 360;
  }
  function segPointDist2(a, b, p) {
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    let t = len2 ? ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2 : 0;
    t = Math.max(0, Math.min(1, t));
    const x = a[0] + t * dx - p[0];
    const y = a[1] + t * dy - p[1];
    return x * x + y * y;
  }
  function cross(o, a, b) {
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  }
  function segmentsCross(a, b, c, d) {
    const d1 = cross(c, d, a);
    const d2 = cross(c, d, b);
    const d3 = cross(a, b, c);
    const d4 = cross(a, b, d);
    return d1 > 0 !== d2 > 0 && d3 > 0 !== d4 > 0 && d1 && d2 && d3 && d4;
  }
  function segSegDist2(a, b, c, d) {
    if (segmentsCross(a, b, c, d)) return 0;
    return Math.min(
      segPointDist2(a, b, c),
      segPointDist2(a, b, d),
      segPointDist2(c, d, a),
      segPointDist2(c, d, b)
    );
  }
  function edges(corners2) {
    return corners2.map((c, i) => [c, corners2[(i + 1) % corners2.length]]);
  }
  function insidePolygon(corners2, p) {
    let inside = false;
    for (const [c, d] of edges(corners2)) {
      if (c[1] > p[1] !== d[1] > p[1] && p[0] < c[0] + (p[1] - c[1]) * (d[0] - c[0]) / (d[1] - c[1])) inside = !inside;
    }
    return inside;
  }
  function sweepHits(corners2, a, b, r) {
    if (insidePolygon(corners2, a)) return true;
    return edges(corners2).some(([c, d]) => segSegDist2(a, b, c, d) < r * r);
  }
  function roughFraction(a, b, terrain2) {
    const rough = terrain2.filter((p) => p.movement === "rough");
    if (!rough.length) return 0;
    const cuts = /* @__PURE__ */ new Set([0, 1]);
    for (const piece of rough) {
      for (const [c, d] of edges(piece.corners)) {
        const ab = [b[0] - a[0], b[1] - a[1]];
        const cd = [d[0] - c[0], d[1] - c[1]];
        const den = ab[0] * cd[1] - ab[1] * cd[0];
        if (!den) continue;
        const t = ((c[0] - a[0]) * cd[1] - (c[1] - a[1]) * cd[0]) / den;
        const u = ((c[0] - a[0]) * ab[1] - (c[1] - a[1]) * ab[0]) / den;
        if (t > 0 && t < 1 && u >= 0 && u <= 1) cuts.add(t);
      }
    }
    const ts = [...cuts].sort((x, y) => x - y);
    let inside = 0;
    for (let i = 1; i < ts.length; i += 1) {
      const mid = (ts[i - 1] + ts[i]) / 2;
      const p = [a[0] + mid * (b[0] - a[0]), a[1] + mid * (b[1] - a[1])];
      if (rough.some((piece) => insidePolygon(piece.corners, p))) inside += ts[i] - ts[i - 1];
    }
    return inside;
  }
  function moveCost(a, b, terrain2) {
    return Math.hypot(b[0] - a[0], b[1] - a[1]) * (1 + roughFraction(a, b, terrain2));
  }
  function straightRefusal(desc, p, ends = true) {
    const r = desc.radius;
    const [w, h] = desc.table;
    const a = desc.from;
    if (p[0] < r || p[0] > w - r || p[1] < r || p[1] > h - r) return "off the table";
    for (const piece of desc.terrain) {
      if ((piece.movement === "impassable" || piece.movement === "wall") && sweepHits(piece.corners, a, p, r)) return `${piece.name} is in the way`;
    }
    for (const [x, y, er] of desc.enemies) {
      if (segPointDist2(a, p, [x, y]) < (r + er) ** 2 - 1e-6) return "an enemy is in the way";
    }
    if (moveCost(a, p, desc.terrain) > desc.allowance + 1e-6) return "too far";
    if (!ends) return null;
    for (const [x, y, fr] of desc.friends) {
      if ((p[0] - x) ** 2 + (p[1] - y) ** 2 < (r + fr) ** 2) return "on a friend's base";
    }
    for (const [x, y, er] of desc.leave_contact || []) {
      if (Math.hypot(p[0] - x, p[1] - y) - r - er <= CONTACT_GAP) return "still in contact";
    }
    return null;
  }
  function rayReach(desc, bearing) {
    const [vx, vy] = bearingVector(bearing);
    const at = (d) => [desc.from[0] + vx * d, desc.from[1] + vy * d];
    let lo = 0;
    let hi = desc.allowance;
    if (!straightRefusal(desc, at(hi), false)) return hi;
    for (let i = 0; i < 14; i += 1) {
      const mid = (lo + hi) / 2;
      if (straightRefusal(desc, at(mid), false)) hi = mid;
      else lo = mid;
    }
    return lo;
  }
  function reachOutline(desc, step = 3) {
    const points3 = [];
    for (let b = 0; b < 360; b += step) {
      const d = rayReach(desc, b);
      const [vx, vy] = bearingVector(b);
      points3.push([desc.from[0] + vx * d, desc.from[1] + vy * d]);
    }
    return points3;
  }
  function placementRefusal(desc, p) {
    const r = desc.radius;
    const [top, bottom] = desc.rows;
    if (p[1] < top + r || p[1] > bottom - r || p[0] < r || p[0] > desc.table[0] - r) {
      return top === 0 && bottom === desc.table[1] ? "off the table" : "outside your deployment strip";
    }
    for (const [x, y, or] of desc.others) {
      if ((p[0] - x) ** 2 + (p[1] - y) ** 2 < (r + or) ** 2) return "on another base";
    }
    for (const piece of desc.solid) {
      if (sweepHits(piece.corners, p, p, r)) return `in ${piece.name}`;
    }
    return null;
  }
  function pointRefusal(desc, p) {
    const [w, h] = desc.table;
    if (p[0] < 0 || p[0] > w || p[1] < 0 || p[1] > h) return "off the table";
    const reach = desc.reach + desc.radius;
    if ((p[0] - desc.from[0]) ** 2 + (p[1] - desc.from[1]) ** 2 > reach * reach) {
      return "out of the spell's range";
    }
    return null;
  }
  function crosses(corners2, a, b) {
    if (insidePolygon(corners2, a) || insidePolygon(corners2, b)) return true;
    return edges(corners2).some(([c, d]) => segSegDist2(a, b, c, d) <= 1e-9);
  }
  function climbRefusal(desc, p) {
    const r = desc.radius;
    const a = desc.from;
    if ((p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2 > desc.reach ** 2) return "too far";
    if (p[0] < r || p[0] > desc.table[0] - r || p[1] < r || p[1] > desc.table[1] - r) {
      return "off the table";
    }
    for (const [x, y, or] of desc.others) {
      if ((p[0] - x) ** 2 + (p[1] - y) ** 2 < (r + or) ** 2) return "on another base";
    }
    for (const piece of [...desc.climbable, ...desc.solid]) {
      if (sweepHits(piece.corners, p, p, r)) return `in ${piece.name}`;
    }
    const blocked = desc.solid.find((piece) => crosses(piece.corners, a, p));
    if (blocked) return `${blocked.name} is in the way`;
    if (!desc.climbable.some((piece) => crosses(piece.corners, a, p))) return "not over the wall";
    return null;
  }
  function climbSlices(desc, step = 2, probe = 0.5) {
    const slices = [];
    for (let b = 0; b < 360; b += step) {
      const [vx, vy] = bearingVector(b);
      let near = null;
      for (let d = 0; d <= desc.reach + 1e-9; d += probe) {
        const ok = !climbRefusal(desc, [desc.from[0] + vx * d, desc.from[1] + vy * d]);
        if (ok && near === null) near = d;
        if (!ok && near !== null) {
          slices.push([b, near, d - probe]);
          near = null;
        }
      }
      if (near !== null) slices.push([b, near, desc.reach]);
    }
    return slices;
  }
  function slicesPath(from, slices, step = 2) {
    const at = (b, d) => {
      const [vx, vy] = bearingVector(b);
      return `${(from[0] + vx * d).toFixed(2)},${(from[1] + vy * d).toFixed(2)}`;
    };
    return slices.map(([b, near, far]) => `M${at(b - step / 2, near)} L${at(b - step / 2, far)} L${at(b + step / 2, far)} L${at(b + step / 2, near)} Z`).join(" ");
  }
  function describedRefusal(desc, p) {
    if (desc.shape === "reachable" || desc.shape === "path") return straightRefusal(desc, p);
    if (desc.shape === "placement") return placementRefusal(desc, p);
    if (desc.shape === "point") return pointRefusal(desc, p);
    if (desc.shape === "climb") return climbRefusal(desc, p);
    if (desc.shape === "terrain_change") return placePointRefusal(desc, p);
    return "not a place";
  }
  function wedgePath(x, y, r, from, to) {
    const [ax, ay] = bearingVector(from);
    const [bx, by] = bearingVector(to);
    const large = (to - from + 360) % 360 > 180 ? 1 : 0;
    return `M${x},${y} L${x + ax * r},${y + ay * r} A${r},${r} 0 ${large} 1 ${x + bx * r},${y + by * r} Z`;
  }
  function inchesBetween(a, b) {
    return `${(Math.hypot(b[0] - a[0], b[1] - a[1]) / INCH).toFixed(1)}"`;
  }
  function aimedCone(figure, bearing, cone) {
    const [vx, vy] = bearingVector(bearing);
    return {
      apex: [figure.x + vx * figure.radius, figure.y + vy * figure.radius],
      bearing,
      length: cone.length,
      half: cone.degrees / 2
    };
  }
  function conePath(c) {
    return wedgePath(
      c.apex[0],
      c.apex[1],
      c.length,
      (c.bearing - c.half + 360) % 360,
      (c.bearing + c.half) % 360
    );
  }
  function coneTouches(c, p, r) {
    const dx = p[0] - c.apex[0];
    const dy = p[1] - c.apex[1];
    const d = Math.hypot(dx, dy);
    if (d === 0) return true;
    const bearing = Math.atan2(dx, -dy) * 180 / Math.PI;
    const off = Math.abs(((bearing - c.bearing) % 360 + 540) % 360 - 180);
    if (off <= c.half && d <= c.length + r) return true;
    return [-c.half, c.half].some((side) => {
      const [vx, vy] = bearingVector(c.bearing + side);
      const end = [c.apex[0] + vx * c.length, c.apex[1] + vy * c.length];
      return segPointDist2(c.apex, end, p) <= r * r;
    });
  }
  var SINE = Array.from({ length: 91 }, (_, d) => Math.round(Math.sin(d * Math.PI / 180) * 1e6));
  var SCALE = 1e6;
  function intSin(d) {
    const a = (d % 360 + 360) % 360;
    if (a <= 90) return SINE[a];
    if (a <= 180) return SINE[180 - a];
    if (a <= 270) return -SINE[a - 180];
    return -SINE[360 - a];
  }
  function intBearingVector(b) {
    return [intSin(b), -intSin(b + 90)];
  }
  var floorDiv = (a, b) => Math.floor(a / b);
  function wallCorners(p, facing, length, thickness) {
    const [dx, dy] = intBearingVector(facing);
    const half = floorDiv(length, 2);
    const a = [p[0] - floorDiv(dx * half, SCALE), p[1] - floorDiv(dy * half, SCALE)];
    const b = [p[0] + floorDiv(dx * half, SCALE), p[1] + floorDiv(dy * half, SCALE)];
    const n = [floorDiv(-dy * thickness, SCALE), floorDiv(dx * thickness, SCALE)];
    return [a, b, [b[0] + n[0], b[1] + n[1]], [a[0] + n[0], a[1] + n[1]]];
  }
  function squareCorners(c, side) {
    const h = floorDiv(side, 2);
    return [[c[0] - h, c[1] - h], [c[0] + h, c[1] - h], [c[0] + h, c[1] + h], [c[0] - h, c[1] + h]];
  }
  function nearerThan(a, b, p, r) {
    const ab = [b[0] - a[0], b[1] - a[1]];
    const ap = [p[0] - a[0], p[1] - a[1]];
    const dot = ab[0] * ap[0] + ab[1] * ap[1];
    const len2 = ab[0] * ab[0] + ab[1] * ab[1];
    const ap2 = ap[0] * ap[0] + ap[1] * ap[1];
    if (dot <= 0 || len2 === 0) return ap2 < r * r;
    if (dot >= len2) return (p[0] - b[0]) ** 2 + (p[1] - b[1]) ** 2 < r * r;
    return ap2 * len2 - dot * dot < r * r * len2;
  }
  function discTouches(corners2, p, r) {
    return insidePolygon(corners2, p) || edges(corners2).some(([c, d]) => nearerThan(c, d, p, r));
  }
  function terrainChangeCorners(desc, value) {
    const [kind, x, y] = value;
    if (kind === "wall") return wallCorners([x, y], value[3], desc.wall.length, desc.wall.thickness);
    if (kind === "boulder" || kind === "mud") return squareCorners([x, y], desc[kind].side);
    return null;
  }
  function terrainChangeBlocker(desc, value) {
    if (!desc.clear.includes(value[0])) return null;
    const corners2 = terrainChangeCorners(desc, value);
    return desc.bases.find((b) => discTouches(corners2, b.at, b.radius)) || null;
  }
  function terrainChangeRemoves(desc, p) {
    return desc.remove.terrain.filter((piece) => discTouches(piece.corners, p, desc.remove.radius));
  }
  var PIECE_WORDS = { wall: "wall", boulder: "boulder", mud: "patch of mud" };
  function terrainChangeRefusal(desc, value) {
    const [kind, x, y] = value;
    const whole = (v) => Number.isInteger(v);
    if (!desc.kinds.includes(kind) || value.length !== (kind === "wall" ? 4 : 3) || !value.slice(1).every(whole) || kind === "wall" && !(value[3] >= 0 && value[3] < 360)) return "not a place this spell offers";
    const far = pointRefusal(desc, [x, y]);
    if (far) return far;
    const on = terrainChangeBlocker(desc, value);
    return on ? `the ${PIECE_WORDS[kind]} would stand on ${on.name}` : null;
  }
  function placePointRefusal(desc, p) {
    const far = pointRefusal(desc, p);
    if (far || desc.kinds.some((k) => !desc.clear.includes(k))) return far;
    const on = desc.bases.find((b) => (p[0] - b.at[0]) ** 2 + (p[1] - b.at[1]) ** 2 < b.radius ** 2);
    return on ? `the ${PIECE_WORDS[desc.kinds[0]]} would stand on ${on.name}` : null;
  }

  // src/sns_place.js
  var RUNS = [0, 45, 90, 135, 180, 225, 270, 315];
  var KIND_WORDS = {
    wall: "a wall",
    remove: "clear the terrain",
    boulder: "a boulder",
    mud: "a patch of mud"
  };
  var CLICK_WORDS = {
    wall: "Click the wall's centre (then which way it runs)",
    remove: "Click the centre of the circle to clear (every piece reaching into it goes)",
    boulder: "Click where the boulder goes (clear of every base)",
    mud: "Click where the patch of mud goes"
  };
  var PlaceChoice = class {
    constructor(spec) {
      this.desc = spec.described?.place || null;
      this.kinds = this.desc?.kinds || [...new Set(spec.params.place.map((v) => v[0]))];
      this.kind = this.kinds.length === 1 ? this.kinds[0] : null;
      this.at = null;
    }
    // What the board draws: the place so far (the piece follows the pointer).
    get marks() {
      return this.desc ? { desc: this.desc, kind: this.kind, at: this.at } : null;
    }
    refusal(value) {
      return this.desc ? terrainChangeRefusal(this.desc, value) : null;
    }
    // A click on the table: {value} once the place is whole, {error}, or {} (a step done).
    click(p) {
      if (!this.kind) return { error: "First choose what the spell does (a button below)." };
      if (this.kind === "wall" && this.at) {
        const bearing = bearingTo(this.at, p);
        return bearing === null ? {} : this.run(bearing);
      }
      if (this.kind !== "wall") {
        const value = [this.kind, p[0], p[1]];
        const why2 = this.refusal(value);
        return why2 ? { error: `That cannot go there: ${why2}.` } : { value };
      }
      const why = this.desc ? placePointRefusal(this.desc, p) : null;
      if (why) return { error: `The wall cannot stand there: ${why}.` };
      this.at = p;
      return {};
    }
    // The wall's length along `bearing`, from the point chosen.
    run(bearing) {
      const value = ["wall", this.at[0], this.at[1], bearing];
      const why = this.refusal(value);
      return why ? { error: `The wall cannot run that way: ${why}. Try another bearing.` } : { value };
    }
    // The panel's lines for the step now (`words(value)`: a place in words).
    html(spec, words2) {
      const button2 = (attrs, label, refused) => `<button class="choice${refused ? " refused" : ""}" ${attrs}${refused ? ` title="${escape(refused)}"` : ""}>${escape(label)}</button>`;
      if (!this.kind) {
        return '<p class="hint" data-click="place">What does the spell do?</p><div class="choices">' + this.kinds.map((k) => button2(
          `data-action="place-kind" data-kind="${escape(k)}"`,
          KIND_WORDS[k] || k
        )).join("") + '</div><p class="hint">or choose a suggested place:</p>' + this._listed(spec, words2);
      }
      if (this.kind === "wall" && this.at) {
        return `<p class="hint" data-click="place-run">The wall is centred at the point chosen: click on the table toward where its length runs (red: it would stand on a base), or:</p><div class="choices">` + RUNS.map((b) => {
          const value = ["wall", this.at[0], this.at[1], b];
          return button2(
            `data-action="place-run" data-bearing="${b}"`,
            words2(value),
            this.refusal(value)
          );
        }).join("") + '<button class="choice" data-action="replace">Choose another point</button></div>';
      }
      return `<p class="hint" data-click="place">${escape(CLICK_WORDS[this.kind] || "Click where it goes")}, inside the purple circle.</p>` + (this.kinds.length > 1 ? '<div class="choices"><button class="choice" data-action="place-kind" data-kind="">Choose another change</button></div>' : `<p class="hint">or choose a suggested place:</p>${this._listed(spec, words2)}`);
    }
    _listed(spec, words2) {
      return `<div class="choices">${spec.params.place.map((value, i) => `<button class="choice" data-param="place" data-value="${i}" data-listed="1">${escape(words2(value))}</button>`).join("")}</div>`;
    }
  };
  var points = (list) => list.map(([x, y]) => `${x},${y}`).join(" ");
  function placePreviewSvg(place, point, bearing) {
    const { desc, kind, at } = place || {};
    const aimed = kind === "wall" && at && bearing !== void 0 && bearing !== null;
    if (!desc || !kind || !(point || aimed)) return "";
    if (kind === "remove") {
      if (pointRefusal(desc, point)) return "";
      const gone = terrainChangeRemoves(desc, point);
      return `<g class="place-preview" data-kind="remove" data-removes="${escape(gone.map((p) => p.name).join(","))}"><circle cx="${point[0]}" cy="${point[1]}" r="${desc.remove.radius}" fill="#c0392b" fill-opacity="0.12" stroke="#c0392b" stroke-dasharray="2 1.5"/>` + gone.map((p) => `<polygon class="to-remove" points="${points(p.corners)}" fill="none" stroke="#c0392b" stroke-width="1.4"/>`).join("") + "</g>";
    }
    let value;
    if (kind === "wall" && at) {
      const b = aimed ? bearing : bearingTo(at, point);
      if (b === null) return "";
      value = ["wall", at[0], at[1], b];
    } else if (kind === "wall") {
      return `<circle class="place-preview" data-kind="wall-centre" cx="${point[0]}" cy="${point[1]}" r="${desc.wall.length / 2}" fill="none" stroke="#4b4036" stroke-dasharray="2 2" stroke-width="0.5"/>`;
    } else {
      value = [kind, point[0], point[1]];
    }
    const refused = terrainChangeRefusal(desc, value);
    return `<polygon class="place-preview" data-kind="${kind}" data-refused="${refused ? 1 : 0}" points="${points(terrainChangeCorners(desc, value))}" fill="${refused ? "#e74c3c" : "#4b4036"}" fill-opacity="0.55" stroke="${refused ? "#c0392b" : "#222"}" stroke-width="0.6"><title>` + escape(refused || "") + "</title></polygon>";
  }

  // src/sns_board.js
  var PAD2 = 6;
  var TERRAIN_FILL2 = {
    open: "#dfe8c8",
    rough: "#8fb36a",
    impassable: "#7d7468",
    wall: "#4b4036"
  };
  var TERRAIN_WORDS = {
    open: "open ground",
    rough: "rough ground (half speed)",
    impassable: "impassable (move around)",
    wall: "wall (climbed only)"
  };
  function points2(list) {
    return list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
  }
  var SnsBoard = class {
    constructor(container, handlers) {
      this.container = container;
      this.handlers = handlers;
      this.zoom = 1;
      this.marks = {};
      this.outlines = /* @__PURE__ */ new WeakMap();
      container.addEventListener("click", (e) => this._click(e));
      container.addEventListener("mousemove", (e) => this._move(e));
      container.addEventListener("mouseleave", () => this.handlers.onHover?.(null));
      container.addEventListener("mousedown", (e) => this._dragStart(e));
      window.addEventListener("mouseup", (e) => this._dragEnd(e));
      window.addEventListener("resize", () => this._size());
    }
    setZoom(zoom) {
      this.zoom = Math.max(1, Math.min(zoom, 4));
      this._size();
    }
    _size() {
      fitBoard(this.container, this.aspect, this.zoom);
    }
    // The table point under the pointer, in units (whole numbers).
    tablePoint(e) {
      const svg = this.container.querySelector("svg");
      const matrix = svg?.getScreenCTM();
      if (!matrix) return null;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
      return [Math.round(p.x), Math.round(p.y)];
    }
    _dragStart(e) {
      const base = e.target.closest("[data-figure]");
      if (!base || base.dataset.figure !== this.marks.drag) return;
      e.preventDefault();
      this.dragging = { from: this.tablePoint(e) };
    }
    _dragEnd(e) {
      const drag = this.dragging;
      this.dragging = null;
      if (!drag) return;
      const p = this.tablePoint(e);
      if (!p || Math.hypot(p[0] - drag.from[0], p[1] - drag.from[1]) < 3) return;
      this.dropped = { at: p, time: performance.now() };
      this.handlers.onPoint?.(p);
    }
    _click(e) {
      const dropped = this.dropped;
      this.dropped = null;
      const here = this.tablePoint(e);
      if (dropped && here && performance.now() - dropped.time < 500 && Math.hypot(here[0] - dropped.at[0], here[1] - dropped.at[1]) < 3) return;
      const base = e.target.closest("[data-figure]");
      if (base && this.marks.targets?.has(base.dataset.figure)) {
        this.handlers.onFigure?.(base.dataset.figure);
        return;
      }
      const aimedAt = this.marks.cone && base && this._figure(base.dataset.figure);
      if (aimedAt) {
        this.handlers.onPoint?.([aimedAt.x, aimedAt.y]);
        return;
      }
      const p = this.tablePoint(e);
      if (p) this.handlers.onPoint?.(p);
    }
    _move(e) {
      const base = e.target.closest("[data-figure]");
      const p = this.tablePoint(e);
      this.handlers.onHover?.(base ? { figure: base.dataset.figure, point: p } : { point: p });
    }
    _figure(uid) {
      return (this.view?.figures || []).find((x) => x.uid === uid) || null;
    }
    // A breath or cone spell's cone toward the hovered figure (its centre), the
    // pointer, or a hovered facing button's bearing; the bases it reaches ringed.
    _coneSvg(target) {
      const aim = this.marks.cone;
      const from = aim && this._figure(aim.figure);
      if (!from || !target) return "";
      const over = target.figure && target.figure !== from.uid && this._figure(target.figure);
      const toward2 = over ? [over.x, over.y] : target.point;
      const bearing = target.bearing ?? (toward2 ? bearingTo([from.x, from.y], toward2) : null);
      if (bearing === null || bearing === void 0) return "";
      const cone = aimedCone(from, bearing, aim);
      const caught = (this.view.figures || []).filter((f) => f.uid !== from.uid && f.on_table !== false && !f.dead && !f.fled && coneTouches(cone, [f.x, f.y], f.radius));
      return `<path class="cone" data-bearing="${bearing}" d="${conePath(cone)}" fill="#3498db" fill-opacity="0.3" stroke="#1f6fa5" stroke-width="0.6"/>` + caught.map((f) => `<circle class="in-cone" data-figure="${escape(f.uid)}" cx="${f.x}" cy="${f.y}" r="${f.radius + 1.5}" fill="none" stroke="#1f6fa5" stroke-width="1"/>`).join("");
    }
    outline(desc) {
      if (!this.outlines.has(desc)) {
        this.outlines.set(desc, desc.shape === "climb" ? climbSlices(desc) : reachOutline(desc));
      }
      return this.outlines.get(desc);
    }
    render(view, marks = {}) {
      this.view = view;
      this.marks = marks;
      const table2 = view?.table;
      if (!table2) {
        this.container.innerHTML = '<p class="muted">The table appears when the match starts.</p>';
        return;
      }
      const { width, height } = table2;
      this.aspect = (height + 2 * PAD2) / (width + 2 * PAD2);
      const out = [
        `<svg class="sns-board" viewBox="${-PAD2} ${-PAD2} ${width + 2 * PAD2} ${height + 2 * PAD2}" xmlns="http://www.w3.org/2000/svg">`,
        `<rect class="table" x="0" y="0" width="${width}" height="${height}" fill="${TERRAIN_FILL2.open}" stroke="#555" stroke-width="1"/>`
      ];
      for (let x = 60; x < width; x += 60) {
        out.push(`<line x1="${x}" y1="0" x2="${x}" y2="${height}" stroke="#0002" stroke-width="0.5"/>`);
      }
      for (let y = 60; y < height; y += 60) {
        out.push(`<line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="#0002" stroke-width="0.5"/>`);
      }
      for (const piece of table2.terrain || []) {
        out.push(`<polygon class="terrain" data-terrain="${escape(piece.name)}" points="${points2(
          piece.corners
        )}" fill="${TERRAIN_FILL2[piece.movement] || "#999"}" fill-opacity="0.85" stroke="#333" stroke-width="0.6"><title>${escape(`${piece.name}: ${TERRAIN_WORDS[piece.movement] || piece.movement}`)}</title></polygon>`);
      }
      out.push(this._areaSvg(marks.area));
      for (const f of view.figures || []) {
        if (f.on_table === false || f.dead || f.fled) continue;
        out.push(this._figureSvg(f, marks));
      }
      if (marks.waypoints?.length > 1) {
        out.push(`<polyline class="waypoints" points="${points2(marks.waypoints)}" fill="none" stroke="#111" stroke-width="0.8" stroke-dasharray="2 1"/>`);
      }
      out.push(this._chosenSvg(marks));
      out.push('<g class="overlay" pointer-events="none"></g></svg>');
      this.container.innerHTML = out.join("");
      this._size();
      this.hover(this.hovered || null);
    }
    _areaSvg(desc) {
      if (!desc) return "";
      if (desc.shape === "reachable" || desc.shape === "path") {
        const holes = desc.friends.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r + desc.radius}" fill="#fff" fill-opacity="0.5"/>`).join("");
        return `<g class="offered-area" data-shape="${desc.shape}"><polygon points="${points2(
          this.outline(desc)
        )}" fill="#f2c94c" fill-opacity="0.35" stroke="#b8860b" stroke-width="1" stroke-dasharray="3 2"/>${holes}</g>`;
      }
      if (desc.shape === "placement") {
        const [top, bottom] = desc.rows;
        return `<rect class="offered-area" data-shape="placement" x="${desc.radius}" y="${top + desc.radius}" width="${desc.table[0] - 2 * desc.radius}" height="${bottom - top - 2 * desc.radius}" fill="#f2c94c" fill-opacity="0.35" stroke="#b8860b" stroke-dasharray="3 2"/>`;
      }
      if (desc.shape === "climb") {
        const slices = this.outline(desc);
        return `<g class="offered-area" data-shape="climb" data-slices="${slices.length}"><circle cx="${desc.from[0]}" cy="${desc.from[1]}" r="${desc.reach}" fill="none" stroke="#b8860b" stroke-width="0.5" stroke-dasharray="2 2"/><path class="far-side" d="${slicesPath(desc.from, slices)}" fill="#f2c94c" fill-opacity="0.6" stroke="none"/></g>`;
      }
      if (desc.shape === "spell_range") {
        return `<circle class="offered-area" data-shape="spell_range" cx="${desc.from[0]}" cy="${desc.from[1]}" r="${desc.reach}" fill="#9b59b6" fill-opacity="0.12" stroke="#8e44ad" stroke-dasharray="3 2"/>`;
      }
      return "";
    }
    _figureSvg(f, marks) {
      const colour = SEAT_COLOURS[f.seat] || "#666";
      const [vx, vy] = bearingVector(f.facing);
      const r = f.radius;
      const name = marks.names?.get(f.uid) || f.name;
      const legal = marks.targets?.has(f.uid);
      const acting = marks.acting === f.uid;
      const classes = [
        "figure",
        legal ? "legal" : "",
        acting ? "acting" : "",
        f.routing ? "routing" : ""
      ].filter(Boolean).join(" ");
      const state = [
        f.wounds ? `${f.wounds} wound${f.wounds > 1 ? "s" : ""}` : "",
        f.routing ? "routing" : "",
        f.knocked_down ? "knocked down" : "",
        f.stunned ? "stunned" : "",
        f.mortal ? "mortally wounded" : ""
      ].filter(Boolean).join(", ");
      return `<g class="${classes}" data-figure="${escape(f.uid)}" data-seat="${escape(f.seat)}" data-name="${escape(name)}"><title>${escape(`${name}${state ? ` (${state})` : ""}`)}</title><circle cx="${f.x}" cy="${f.y}" r="${r}" fill="${colour}" fill-opacity="${f.routing ? 0.45 : 0.85}" stroke="${legal ? "#f5b700" : acting ? "#fff" : "#222"}" stroke-width="${legal || acting ? 1.6 : 0.6}"/><line x1="${f.x}" y1="${f.y}" x2="${f.x + vx * r * 1.35}" y2="${f.y + vy * r * 1.35}" stroke="#fff" stroke-width="1.1" stroke-linecap="round"/><text x="${f.x}" y="${f.y + r + 4.5}" font-size="4" text-anchor="middle" fill="#111">${escape(tokenText(name))}${f.wounds ? ` ${"•".repeat(f.wounds)}` : ""}</text></g>`;
    }
    // The chosen destination (a ghost base) and, while a facing is asked, its dial.
    _chosenSvg(marks) {
      const c = marks.chosen;
      const at = marks.place?.at;
      if (at) {
        return `<circle class="place-centre" cx="${at[0]}" cy="${at[1]}" r="1.5" fill="#111"/>`;
      }
      if (!c) return "";
      return `<g class="chosen-place"><circle cx="${c.at[0]}" cy="${c.at[1]}" r="${c.radius}" fill="none" stroke="#111" stroke-dasharray="2 1.5" stroke-width="0.8"/>` + (marks.askFacing ? `<circle class="facing-dial" cx="${c.at[0]}" cy="${c.at[1]}" r="${c.radius + 20}" fill="none" stroke="#1117" stroke-width="0.5"/>` : "") + "</g>";
    }
    // The hover layer: arcs, move and ranges of a figure; a spell's area; the facing.
    hover(target) {
      this.hovered = target;
      const layer = this.container.querySelector("g.overlay");
      if (!layer) return;
      const out = [];
      const f = target?.figure && (this.view?.figures || []).find((x) => x.uid === target.figure);
      if (f && !this.marks.cone) {
        const R = f.radius + 3 * INCH;
        const arcs = [
          ["front", f.facing - 90, f.facing + 90, "#2ecc71"],
          ["side", f.facing + 90, f.facing + 135, "#f1c40f"],
          ["side", f.facing - 135, f.facing - 90, "#f1c40f"],
          ["rear", f.facing + 135, f.facing + 225, "#e74c3c"]
        ];
        for (const [name, from, to, colour] of arcs) {
          out.push(`<path class="arc arc-${name}" d="${wedgePath(
            f.x,
            f.y,
            R,
            (from + 360) % 360,
            (to + 360) % 360
          )}" fill="${colour}" fill-opacity="0.22" stroke="${colour}" stroke-width="0.4"/>`);
        }
        out.push(`<circle class="move-range" cx="${f.x}" cy="${f.y}" r="${f.move_inches * INCH}" fill="none" stroke="#2c3e50" stroke-dasharray="4 2" stroke-width="0.5"/>`);
        if (f.ranged) {
          for (const [band, times] of [["short", 1], ["long", 2]]) {
            out.push(`<circle class="range range-${band}" cx="${f.x}" cy="${f.y}" r="${f.radius + f.ranged.range * INCH * times}" fill="none" stroke="#8e44ad" stroke-width="0.5" stroke-dasharray="${band === "short" ? "" : "1 2"}"/>`);
          }
        }
      }
      out.push(this._coneSvg(target));
      out.push(placePreviewSvg(this.marks.place, target?.point, target?.bearing));
      const spell = this.marks.spellArea;
      if (spell && target?.point) {
        out.push(`<circle class="spell-area" cx="${target.point[0]}" cy="${target.point[1]}" r="${spell.radius}" fill="#e67e22" fill-opacity="0.3" stroke="#d35400"/>`);
      }
      const dragged = this.dragging && (this.view?.figures || []).find((x) => x.uid === this.marks.drag);
      if (dragged && target?.point) {
        out.push(`<circle class="drag-ghost" cx="${target.point[0]}" cy="${target.point[1]}" r="${dragged.radius}" fill="${SEAT_COLOURS[dragged.seat]}" fill-opacity="0.4"/>`);
      }
      const c = this.marks.chosen;
      if (c && this.marks.askFacing && target?.point) {
        out.push(`<line class="facing-pointer" x1="${c.at[0]}" y1="${c.at[1]}" x2="${target.point[0]}" y2="${target.point[1]}" stroke="#111" stroke-width="0.8"/>`);
      }
      layer.innerHTML = out.join("");
    }
  };

  // src/sns_prompt.js
  var PARAM_ORDER2 = ["target", "to", "path", "point", "place", "piece", "card", "facing"];
  var PLACE_PARAMS = /* @__PURE__ */ new Set(["to", "path", "point"]);
  var inchesLeft = (units) => `${(units / INCH).toFixed(1)}"`;
  var ODDS_TYPES2 = /* @__PURE__ */ new Set(["shoot", "attack"]);
  var COMPASS2 = [0, 45, 90, 135, 180, 225, 270, 315];
  function orderedParams2(spec) {
    const names = Object.keys(spec.params || {});
    return [
      ...PARAM_ORDER2.filter((p) => names.includes(p)),
      ...names.filter((p) => !PARAM_ORDER2.includes(p))
    ];
  }
  var SnsPrompt = class extends OptionPanel {
    // hooks (option_panel.js), and aim(bearing): a facing button hovered (its cone drawn)
    constructor(panel, hooks) {
      super(panel, hooks, { orderedParams: orderedParams2, optionWords: optionWords2, valueWords: valueWords2, promptWords: promptWords2 });
      this.figure = null;
      this.waypoints = [];
      this.place = null;
    }
    _fresh() {
      this.figure = null;
      super._fresh();
    }
    reset(draw = true) {
      this.selected = null;
      this.chosen = {};
      this.waypoints = [];
      this.place = null;
      if (draw) this.render();
    }
    _select(index) {
      this.selected = index;
      this.chosen = {};
      this.waypoints = [];
      const spec = this.spec;
      this.place = spec.params.place ? new PlaceChoice(spec) : null;
      for (const param of orderedParams2(spec)) {
        if (!spec.described?.[param] && spec.params[param].length === 1) {
          this.chosen[param] = spec.params[param][0];
        }
      }
    }
    _figureOf(uid) {
      return (this.view?.figures || []).find((f) => f.uid === uid) || null;
    }
    // Where the figure will stand once its place is chosen (for facing and ghosts).
    _standsAt() {
      const spec = this.spec;
      const place = this.chosen.to || this.chosen.path?.at(-1);
      const f = this._figureOf(spec?.args?.figure);
      return place || (f ? [f.x, f.y] : null);
    }
    // What the board shows: the pending place's area, clickable targets, the ghost.
    marks() {
      const targets = /* @__PURE__ */ new Set();
      const out = {
        targets,
        area: null,
        chosen: null,
        askFacing: false,
        spellArea: null,
        acting: this.spec?.args?.figure || this.figure
      };
      if (!this.decision || this.busy) return out;
      const spec = this.spec;
      const param = this.pendingParam;
      if (!spec) {
        for (const s of this.options) if (s.args?.figure) targets.add(s.args.figure);
        return out;
      }
      if (param === "target") for (const v of spec.params.target) targets.add(v);
      if (param && spec.described?.[param]) out.area = spec.described[param];
      if (param === "path") {
        out.area = this._leg(spec.described.path);
        out.waypoints = this.waypoints;
      }
      if (param === "point" || param === "place") out.area = this._spellRange(spec);
      if (param === "place") out.place = this.place.marks;
      const cone = param === "facing" && spec.described?.facing?.cone;
      const caster = cone && this._figureOf(spec.args?.figure);
      if (caster) out.cone = { figure: caster.uid, ...cone };
      if (spec.type === "cast") {
        const card = this.view?.spells?.[spec.args.spell];
        if (card?.radius && !spec.params.place) out.spellArea = { radius: card.radius * INCH };
      }
      const f = this._figureOf(spec.args?.figure);
      if (f && out.area && (param === "to" || param === "path")) out.drag = f.uid;
      const at = this._standsAt();
      if (f && at && ("to" in this.chosen || "path" in this.chosen || param === "facing")) {
        out.chosen = { at, radius: f.radius };
        out.askFacing = param === "facing";
      }
      return out;
    }
    _spellRange(spec) {
      const desc = spec.described?.point || spec.described?.place;
      if (desc?.reach) {
        return { shape: "spell_range", from: desc.from, reach: desc.reach + desc.radius };
      }
      const f = this._figureOf(spec.args?.figure);
      const card = this.view?.spells?.[spec.args?.spell];
      if (!f || !card?.range) return null;
      return { shape: "spell_range", from: [f.x, f.y], reach: card.range * INCH + f.radius };
    }
    // -- the table's clicks -----------------------------------------------------------
    chooseFigure(uid) {
      if (!this.decision || this.busy) return;
      const param = this.pendingParam;
      if (param === "target" && this.spec.params.target.includes(uid)) {
        this._choose("target", uid);
        return;
      }
      if (this.selected === null) {
        this.figure = this.options.some((s) => s.args?.figure === uid) ? uid : null;
        this.render();
        this.hooks.changed();
      }
    }
    choosePoint(p) {
      if (!this.decision || this.busy) return;
      const spec = this.spec;
      const param = this.pendingParam;
      if (!spec || !param) return;
      if (param === "facing") {
        const bearing = bearingTo(this._standsAt(), p);
        if (bearing !== null) this._choose("facing", bearing);
        return;
      }
      if (param === "place") {
        this._placeClicked(this.place.click(p));
        return;
      }
      if (!PLACE_PARAMS.has(param)) return;
      const desc = spec.described?.[param];
      if (param === "path") {
        this._addWaypoint(desc, p);
        return;
      }
      if (desc) {
        const why = describedRefusal(desc, p);
        if (why) {
          this.showError(`You cannot go there: ${why}. Click inside the highlighted area.`);
          return;
        }
        this._choose(param, param === "path" ? [desc.from, p] : p);
      } else if (param === "point") {
        const range = this._spellRange(spec);
        if (range && Math.hypot(p[0] - range.from[0], p[1] - range.from[1]) > range.reach) {
          this.showError("That is out of the spell's range: click inside the purple circle.");
          return;
        }
        this._choose("point", p);
      }
    }
    // -- a table-changing spell's place (Stone Wall, Fire Wall, Alter Terrain) --------
    // A step of sns_place.js's PlaceChoice: the place whole (sent), refused, or on.
    _placeClicked({ value, error }) {
      if (error) this.showError(error);
      else if (value) this._choose("place", value);
      else {
        this.error = null;
        this.render();
        this.hooks.changed();
      }
    }
    // -- a path of straight legs round obstacles (move_path, run_path) -----------------
    // The next leg's area: from the last waypoint, with what the path has left.
    _leg(desc) {
      const from = this.waypoints.at(-1) || desc.from;
      let spent = 0;
      const points3 = this.waypoints.length ? this.waypoints : [desc.from];
      for (let i = 1; i < points3.length; i += 1) {
        spent += moveCost(points3[i - 1], points3[i], desc.terrain);
      }
      return { ...desc, from, allowance: Math.max(0, desc.allowance - spent) };
    }
    _addWaypoint(desc, p) {
      if (!this.waypoints.length) this.waypoints = [desc.from];
      const why = straightRefusal(this._leg(desc), p, false);
      if (why) {
        this.showError(`That leg cannot go there: ${why}. Click inside the highlighted area.`);
        return;
      }
      this.waypoints.push(p);
      this.error = null;
      if (this.waypoints.length - 1 >= desc.max_waypoints + 1) this._finishPath();
      else this.render();
      this.hooks.changed();
    }
    _finishPath() {
      const desc = this.spec.described.path;
      const end = this.waypoints.at(-1);
      const why = this.waypoints.length > 1 && straightRefusal({
        ...desc,
        from: this.waypoints.at(-2),
        allowance: Infinity
      }, end);
      if (this.waypoints.length < 2 || why) {
        this.showError(why ? `The path cannot end there: ${why}.` : "Click at least one point.");
        return;
      }
      this._choose("path", this.waypoints.map((q) => [...q]));
    }
    // -- odds ---------------------------------------------------------------------------
    _oddsAsked(target) {
      const spec = this.spec;
      if (!spec || !ODDS_TYPES2.has(spec.type) || !spec.params.target?.includes(target)) return null;
      return { type: spec.type, args: { figure: spec.args.figure, target } };
    }
    _oddsHtml(odds, asked) {
      const ctx = this.hooks.ctx();
      return `<p><strong>${escape(ctx.name(asked.args.figure))}</strong> against ${escape(ctx.name(asked.args.target))}</p>${oddsHtml(odds, escape)}`;
    }
    hoverFigure(uid) {
      if (this.pendingParam === "target") this.showOdds(uid);
    }
    _hoverButton(e) {
      super._hoverButton(e);
      const facing = e.target.closest("button[data-param=facing]");
      if (facing) this.hooks.aim?.(JSON.parse(facing.dataset.value));
      const run = e.target.closest("button[data-action=place-run]");
      if (run) this.hooks.aim?.(Number(run.dataset.bearing));
    }
    // -- drawing ------------------------------------------------------------------------
    _choices(spec, param, ctx) {
      const desc = spec.described?.[param];
      const words2 = PARAM_WORDS2[param] || param.replace(/_/g, " ");
      const out = [];
      const buttons = (values, label) => values.map((value) => `<button class="choice" data-param="${escape(param)}" data-value="${escape(JSON.stringify(value))}">${escape(label(value))}</button>`).join("");
      const listed = () => `<div class="choices">${spec.params[param].map((value, i) => `<button class="choice" data-param="${escape(param)}" data-value="${i}" data-listed="1">${escape(valueWords2(param, value, ctx))}</button>`).join("")}</div>`;
      if (param === "facing") {
        out.push('<p class="hint">Choose a facing: click on the table where the figure should look, or:</p>');
        const toward2 = desc?.toward;
        out.push(`<div class="choices">${toward2 !== null && toward2 !== void 0 ? buttons(
          [toward2],
          (b) => `Face the nearest enemy (${b}°)`
        ) : ""}${buttons(COMPASS2, facingWords)}</div>`);
      } else if (param === "path") {
        const legs = this.waypoints.length ? this.waypoints.length - 1 : 0;
        out.push(`<p class="hint" data-click="path">Click the path's points on the table, one leg at a time, each inside the highlighted area (${legs} so far; ${inchesLeft(this._leg(desc).allowance)} left).</p>`);
        if (legs) {
          out.push('<div class="choices"><button class="choice" data-action="finish-path">End the path here</button><button class="choice" data-action="undo-point">Take back the last point</button></div>');
        }
      } else if (param === "place") {
        out.push(this.place.html(spec, (v) => valueWords2("place", v, ctx)));
      } else if (desc || param === "point") {
        out.push(`<p class="hint" data-click="${escape(param)}">Choose ${escape(words2)}: click inside the highlighted ${param === "point" ? "circle" : "area"} on the table.</p>`);
        if (desc?.shape === "climb") out.push(listed());
      } else {
        out.push(`<p class="hint">Choose ${escape(words2)}${param === "target" ? " (click its base, or a button)" : ""}:</p>`);
        out.push(listed());
      }
      return out.join("");
    }
    // Nothing picked: the options, only the clicked figure's once one is clicked.
    _listHtml(ctx) {
      const hint = this.figure ? `<p class="hint">${escape(ctx.name(this.figure))}: <button class="cancel" data-action="all">Show every figure</button></p>` : "";
      return hint + this._optionsHtml(ctx, (spec) => !this.figure || !spec.args?.figure || spec.args.figure === this.figure);
    }
    _action(action, button2) {
      if (action === "all") {
        this.figure = null;
        this.reset();
        this.hooks.changed();
      } else if (action === "finish-path") {
        this._finishPath();
      } else if (action === "replace") {
        this.place.at = null;
        this._placeClicked({});
      } else if (action === "place-kind") {
        this.place.kind = button2.dataset.kind || null;
        this._placeClicked({});
      } else if (action === "place-run") {
        this._placeClicked(this.place.run(Number(button2.dataset.bearing)));
      } else if (action === "undo-point") {
        this.waypoints.pop();
        if (this.waypoints.length === 1) this.waypoints = [];
        this.render();
        this.hooks.changed();
      } else {
        return false;
      }
      return true;
    }
    // A listed value's button stands for its index; a facing's for the bearing itself.
    _buttonValue(param, button2) {
      return button2.dataset.listed ? super._buttonValue(param, button2) : JSON.parse(button2.dataset.value);
    }
  };

  // src/sns_table.js
  function fresh2(element2) {
    const copy = element2.cloneNode(false);
    element2.replaceWith(copy);
    return copy;
  }
  function snsLegendHtml(view) {
    const item = (swatch, label) => `<span class="legend-item"><svg viewBox="0 0 2 2" width="18" height="18">${swatch}</svg>${escape(label)}</span>`;
    const kinds = new Set((view?.table?.terrain || []).map((p) => p.movement));
    const out = [...kinds].map((k) => item(
      `<rect width="2" height="2" fill="${TERRAIN_FILL2[k]}"/>`,
      TERRAIN_WORDS[k] || k
    ));
    out.push(item(
      '<rect width="2" height="2" fill="#f2c94c" fill-opacity="0.5"/>',
      "where the chosen figure may go (click inside)"
    ));
    out.push('<span class="legend-item">hover a figure: green front, yellow sides, red rear; dashed circle its move, purple its short (solid) and long (dotted) range; grid 6"</span>');
    return out.join("");
  }
  function snsRosterHtml(v, seatWords) {
    if (!v?.figures) return "";
    const names = figureNames(v);
    const side = (seat) => {
      const rows = v.figures.filter((f) => f.seat === seat).map((f) => {
        const state = f.dead ? "dead" : f.fled ? "fled" : [
          f.wounds ? `${f.wounds} wounds` : "",
          f.routing ? "routing" : "",
          f.mortal ? "mortally wounded" : "",
          f.knocked_down ? "knocked down" : "",
          f.stunned ? "stunned" : ""
        ].filter(Boolean).join(", ") || "ready";
        const cards = Array.isArray(v.hands?.[f.uid]) ? ` — spells: ${v.hands[f.uid].join(", ")}` : Number.isInteger(v.hands?.[f.uid]) ? ` — ${v.hands[f.uid]} spell cards` : "";
        return `<li data-figure="${escape(f.uid)}" class="${f.dead || f.fled ? "gone" : ""}">${escape(names.get(f.uid))} (${f.cost} gold): ${escape(state)}${escape(cards)}</li>`;
      });
      return `<h3>${escape(seatWords(seat))} — ${escape(v.armies?.[seat] || "")}</h3><ul class="sns-roster">${rows.join("")}</ul>`;
    };
    return side("a") + side("b");
  }
  var SnsTable = class {
    constructor(screen) {
      this.screen = screen;
      const root = screen.root;
      screen.boardBox = fresh2(root.querySelector(".board"));
      root.querySelector(".trail-tools").style.display = "none";
      root.querySelector(".names-toggle")?.closest("label")?.style.setProperty("display", "none");
      this.board = new SnsBoard(screen.boardBox, {
        onPoint: (p) => this.prompt.choosePoint(p),
        onFigure: (uid) => this.prompt.chooseFigure(uid),
        onHover: (target) => this.hover(target)
      });
      screen.boardBox.addEventListener("click", (e) => {
        const base = e.target.closest("[data-figure]");
        if (base && !this.board.marks.targets?.has(base.dataset.figure)) {
          this.prompt.chooseFigure(base.dataset.figure);
        }
      });
      this.prompt = new SnsPrompt(fresh2(root.querySelector(".prompt")), {
        send: (type, args) => screen.app.conn.request("command", {
          match_id: screen.matchId,
          command: type,
          args,
          at_seq: screen.prompt.seq
        }),
        odds: (type, args) => screen.app.odds(screen.matchId, type, args),
        changed: () => this.draw(),
        aim: (bearing) => this.board.hover({ bearing }),
        turn: (turn) => screen.app.turn?.(turn),
        ctx: () => this.context()
      });
    }
    get view() {
      return this.screen.view;
    }
    context() {
      const names = figureNames(this.view, (s) => this.screen.seatWords(s));
      const raw = new Map((this.view?.figures || []).map((f) => [f.uid, f.name]));
      const seat = (s) => this.screen.seatWords(s);
      return { name: (uid) => names.get(uid) || uid, rawName: (uid) => raw.get(uid) || "", seat };
    }
    formatEvent(event) {
      return formatSnsEvent(event, this.context());
    }
    setContext(context) {
      this.prompt.setContext(context);
      this.draw();
    }
    draw() {
      this.board.render(this.view, { ...this.prompt.marks(), names: figureNames(this.view) });
      const legend = snsLegendHtml(this.view);
      const box = this.screen.root.querySelector(".legend-body");
      if (box && box.dataset.html !== legend) {
        box.innerHTML = legend;
        box.dataset.html = legend;
      }
    }
    headBits(v) {
      const bits = [
        `turn ${v.turn} of ${v.last_turn}`,
        `phase: ${escape(PHASE_WORDS2[v.phase] || v.phase)}`
      ];
      if (["fast_move", "slow_move", "ranged"].includes(v.phase) && v.acting) {
        bits.push(`acting: ${escape(this.screen.seatWords(v.acting))}`);
      }
      return bits;
    }
    roster() {
      const screen = this.screen;
      return snsRosterHtml(this.view, (seat) => seatName(
        seat,
        screen.players || {},
        screen.warbands
      ));
    }
    hover(target) {
      this.board.hover(target);
      const line3 = this.screen.root.querySelector(".hover-info");
      if (target?.figure) this.prompt.hoverFigure(target.figure);
      if (!line3) return;
      const f = target?.figure && this.view?.figures?.find((x) => x.uid === target.figure);
      if (f) {
        const ranged = f.ranged ? `, ${f.ranged.weapon} ${f.ranged.range}" (long ${f.ranged.range * 2}")` : "";
        line3.textContent = `${this.context().name(f.uid)}: ${f.kit.join(", ")}; move ${f.move_inches}"${ranged}; ${facingWords(f.facing)}`;
        return;
      }
      if (!target?.point) {
        line3.textContent = "";
        return;
      }
      const desc = this.prompt.marks().area;
      let words2 = placeWords(target.point);
      if (desc?.from && desc.shape !== "spell_range") {
        const why = describedRefusal(desc, target.point);
        words2 += ` — ${inchesBetween(desc.from, target.point)} away${why ? `: ${why}` : ""}`;
      }
      line3.textContent = words2;
    }
  };

  // src/systems.js
  var SYSTEM_TABLES = { asoiaf: AsoiafTable, sns: SnsTable };
  function tableFor(system) {
    return SYSTEM_TABLES[system] || null;
  }

  // src/deploy_plan.js
  function deployable(candidates) {
    const out = /* @__PURE__ */ new Map();
    for (const c of candidates) {
      if (c.spec.type !== "deploy") continue;
      const figures = c.spec.params?.figure;
      const hexes = c.spec.params?.to;
      if (!Array.isArray(figures) || !Array.isArray(hexes) || !hexes.length) continue;
      for (const figure of figures) if (!out.has(figure)) out.set(figure, { candidate: c, hexes });
    }
    return out;
  }
  var key2 = ([q, r]) => `${q},${r}`;
  function axialDistance([q1, r1], [q2, r2]) {
    const dq = q1 - q2;
    const dr = r1 - r2;
    return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  }
  function byNearnessToMiddle(hexes) {
    const mid = [0, 1].map((i) => hexes.reduce((sum, h) => sum + h[i], 0) / hexes.length);
    return [...hexes].sort((a, b) => axialDistance(a, mid) - axialDistance(b, mid) || a[1] - b[1] || a[0] - b[0]);
  }
  var DeploymentPlan = class {
    constructor() {
      this.positions = null;
      this.zones = /* @__PURE__ */ new Map();
      this.selected = null;
    }
    get active() {
      return this.positions !== null;
    }
    // Each figure the prompt may place on a distinct hex nearest its zone's middle.
    start(candidates) {
      const options = deployable(candidates);
      this.positions = /* @__PURE__ */ new Map();
      this.zones = /* @__PURE__ */ new Map();
      this.selected = null;
      const taken = /* @__PURE__ */ new Set();
      for (const [figure, { hexes }] of options) {
        this.zones.set(figure, hexes);
        const hex = byNearnessToMiddle(hexes).find((h) => !taken.has(key2(h)));
        if (!hex) continue;
        taken.add(key2(hex));
        this.positions.set(figure, hex);
      }
      return this.positions.size > 0;
    }
    clear() {
      this.positions = null;
      this.zones = /* @__PURE__ */ new Map();
      this.selected = null;
    }
    // The view with the planned figures standing where the plan puts them.
    draftView(view) {
      if (!this.active || !view) return view;
      return {
        ...view,
        figures: (view.figures || []).map((f) => !f.pos && this.positions.has(f.id) ? { ...f, pos: this.positions.get(f.id), planned: true } : f)
      };
    }
    // What the board highlights: the planned figures (clickable) and, once one is
    // selected, the free hexes of its zone.
    marks(colour) {
      const hexes = /* @__PURE__ */ new Map();
      const figures = /* @__PURE__ */ new Map();
      if (!this.active) return { hexes, figures };
      for (const id of this.positions.keys()) figures.set(id, id === this.selected ? "#f2b705" : colour);
      if (this.selected) {
        const used = new Set([...this.positions.values()].map(key2));
        for (const h of this.zones.get(this.selected) || []) {
          if (!used.has(key2(h))) hexes.set(key2(h), colour);
        }
      }
      return { hexes, figures };
    }
    // A click on a planned figure: select it, or swap it with the one selected.
    chooseFigure(id) {
      if (!this.active || !this.positions.has(id)) return false;
      if (this.selected && this.selected !== id) {
        const here = this.positions.get(this.selected);
        const there = this.positions.get(id);
        const fits = (figure, hex) => (this.zones.get(figure) || []).some((h) => key2(h) === key2(hex));
        if (fits(this.selected, there) && fits(id, here)) {
          this.positions.set(this.selected, there);
          this.positions.set(id, here);
          this.selected = null;
          return true;
        }
      }
      this.selected = this.selected === id ? null : id;
      return true;
    }
    // A click on a hex: the selected figure goes there if it is free and in its zone.
    chooseHex(hexKey2) {
      if (!this.active || !this.selected) return false;
      const hex = (this.zones.get(this.selected) || []).find((h) => key2(h) === hexKey2);
      if (!hex || [...this.positions.values()].some((h) => key2(h) === hexKey2)) return false;
      this.positions.set(this.selected, hex);
      this.selected = null;
      return true;
    }
    // The next deploy to send for the plan: {candidate, args}, or null when the
    // prompt places none of the planned figures any more (a figure placed is no
    // longer offered, so each is sent once). A planned hex the prompt
    // no longer offers (a Swarm base must touch one already placed) gives way to the
    // offered hex nearest it.
    next(candidates) {
      if (!this.active) return null;
      const options = deployable(candidates);
      for (const [figure, planned] of this.positions) {
        const option = options.get(figure);
        if (!option) continue;
        const to = option.hexes.find((h) => key2(h) === key2(planned)) || [...option.hexes].sort((a, b) => axialDistance(a, planned) - axialDistance(b, planned))[0];
        return { candidate: option.candidate, args: { figure, to } };
      }
      return null;
    }
  };

  // src/odds_box.js
  var ODDS_COMMANDS = /* @__PURE__ */ new Set(["attack", "shoot", "cast_bolt"]);
  var OddsBox = class {
    constructor(ui) {
      this.ui = ui;
      this.cache = /* @__PURE__ */ new Map();
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
      const button2 = e.target.closest("button[data-param]");
      if (!button2) return;
      const c = this.ui.candidates.find((x) => x.index === Number(button2.dataset.spec));
      if (!c || !ODDS_COMMANDS.has(c.spec.type)) return;
      const name = button2.dataset.param;
      const value = c.spec.params[name][Number(button2.dataset.value)];
      const target = this.ui._boardParam(c);
      if (target) return;
      this._requestOdds(c, { [name]: value });
    }
    _requestOdds(candidate, extra) {
      const ui = this.ui;
      const args = ui._args(candidate, extra);
      for (const [name, values] of Object.entries(candidate.spec.params || {})) {
        if (!(name in args)) [args[name]] = values;
      }
      const key3 = `${ui.prompt.seq}|${candidate.spec.type}|${JSON.stringify(args)}`;
      const label = `${candidate.spec.type} ${ui.names.get(args.target) || args.target || ""}`;
      if (this.cache.has(key3)) {
        this._showOdds(this.cache.get(key3), label);
        return;
      }
      const seq = ui.prompt.seq;
      ui.hooks.odds(candidate.spec.type, args).then((odds) => {
        this.cache.set(key3, odds);
        if (ui.prompt?.seq === seq) this._showOdds(odds, label);
      }).catch(() => {
        this.cache.set(key3, null);
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
      const mods2 = formatModifiers(odds);
      box.hidden = false;
      box.innerHTML = `<strong>Odds (${escape(label.trim())}):</strong> ${escape(formatOdds(odds))}` + (mods2 ? `<div class="muted">${escape(mods2)}</div>` : "");
    }
  };

  // src/prompt_words.js
  var PURPOSE = {
    to: "where it goes",
    target: "its target",
    interceptor: "who intercepts",
    hacker: "who strikes",
    patient: "whom to heal",
    figure: "which figure",
    leader: "who leads",
    member: "who acts next"
  };
  var CLICK = {
    hex: "a highlighted hex",
    figure: "a highlighted figure",
    area: "a hex of a highlighted feature, or its button"
  };
  function clickHint(kind, name) {
    const purpose = PURPOSE[name];
    return `click ${CLICK[kind]}${purpose ? `: ${purpose}` : ""}`;
  }
  function plural2(n, one, many = `${one}s`) {
    return `${n} ${n === 1 ? one : many}`;
  }
  function questionText(text, view, names = null) {
    const figures = view?.figures || [];
    return figureWords(
      text,
      figures,
      names || displayNames(figures),
      view?.activation?.figure || null
    );
  }
  function headerHtml(ui) {
    const p = ui.prompt;
    const name = (seat) => playerName(seat, ui.players, ui.warbands);
    if (ui.finished) {
      return `<div class="prompt-head over">Match over — ${escape(ui.finished)}</div>`;
    }
    if (!p) return '<div class="prompt-head">Waiting for the match…</div>';
    const waiting = (p.waiting || []).map(name);
    if (ui.decision) {
      const others = (p.waiting || []).filter((s) => s !== ui.seat);
      const also = others.length ? ` <span class="muted">(also waiting for ${escape(others.map(name).join(" and "))})</span>` : "";
      const active = ui.view?.phase === "play" ? ui.view.active_seat : null;
      const during = active && active !== ui.seat ? `<div class="mid-turn">During ${escape(name(active))}'s turn: the rules ask you now</div>` : "";
      return `<div class="prompt-head mine${during ? " mid-turn-head" : ""}" data-mine="true"><span class="your-turn">Your turn:</span> <span class="prompt-text">${escape(questionText(ui.decision.text, ui.view, ui.names))}</span>${also}${during}</div>`;
    }
    if (!waiting.length) return '<div class="prompt-head">Nobody has to act.</div>';
    return `<div class="prompt-head theirs" data-mine="false">Waiting for <span class="waiting-for">${escape(waiting.join(" and "))}</span>…</div>`;
  }

  // src/prompt_sets.js
  function isSetParam(values, pieces) {
    return values.length > 1 && values.every((v) => Array.isArray(v) && v.length && v.every((id) => typeof id === "string" && pieces.has(id)));
  }
  function members(values, view) {
    const held = new Set(values.flat());
    return (view?.figures || []).map((f) => f.id).filter((id) => held.has(id));
  }
  function matchingSet(values, ticked) {
    return values.find((set) => set.length === ticked.length && ticked.every((id) => set.includes(id)));
  }
  function canTick(values, ticked, id) {
    const wanted = [...ticked, id];
    return values.some((set) => wanted.every((x) => set.includes(x)));
  }
  function setParamHtml(ui, c, name, values) {
    const ticked = c.members?.[name] || [];
    const out = [`<span class="param sets" data-param-name="${escape(name)}">`];
    for (const id of members(values, ui.view)) {
      const on = ticked.includes(id);
      const off = !on && !canTick(values, ticked, id);
      out.push(`<button class="value toggle${on ? " on" : ""}" aria-pressed="${on}" data-action="set-toggle" data-set="${escape(name)}" data-spec="${c.index}" data-member="${escape(id)}"${off ? " disabled" : ""}>${escape(ui.names.get(id) || id)}</button>`);
    }
    const ready = matchingSet(values, ticked) !== void 0;
    out.push(`<button class="value done" data-action="set-done" data-set="${escape(name)}" data-spec="${c.index}"${ready ? "" : " disabled"}>Done (${ticked.length} chosen)</button>`);
    out.push(`<span class="hint">— tick the figures: only a set the rules allow can be sent${ticked.length && !ready ? "; tick more" : ""}</span></span>`);
    return out.join("");
  }
  function toggleMember(ui, index, name, id) {
    const c = ui.candidates.find((x) => x.index === index);
    if (!c) return;
    const was = c.members?.[name] || [];
    const ticked = was.includes(id) ? was.filter((x) => x !== id) : [...was, id];
    ui.candidates = [{ ...c, members: { ...c.members, [name]: ticked } }];
    ui.render();
    ui.hooks.changed();
  }
  function finishSet(ui, index, name) {
    const c = ui.candidates.find((x) => x.index === index);
    const set = c && matchingSet(c.spec.params[name], c.members?.[name] || []);
    if (!set) return;
    ui.candidates = [{ ...c, chosen: { ...c.chosen, [name]: set } }];
    ui._afterChoice();
  }
  function ticking(ui) {
    if (ui.candidates.length !== 1) return null;
    const c = ui.candidates[0];
    const name = Object.keys(c.members || {}).find((n) => !(n in c.chosen));
    return name ? { c, name, values: c.spec.params[name], ticked: c.members[name] } : null;
  }
  function setMarks(ui, figures) {
    const t = ticking(ui);
    if (!t) return;
    for (const id of members(t.values, ui.view)) {
      if (t.ticked.includes(id) || canTick(t.values, t.ticked, id)) figures.set(id, ui.colour(t.c));
    }
  }
  function tickOnBoard(ui, id) {
    const t = ticking(ui);
    if (!t || !(t.ticked.includes(id) || canTick(t.values, t.ticked, id))) return false;
    toggleMember(ui, t.c.index, t.name, id);
    return true;
  }

  // src/prompt_rows.js
  var BOOLEAN_LABELS = {
    power: ["normal attack", "Power Blow"],
    aimed: ["normal shot", "Aimed Shot"],
    cast: ["no spell", "declare a spell"],
    reroll: ["keep the die", "re-roll"],
    special: ["normal", "use Lethal/Assassin"]
  };
  function hexWords2([q, r]) {
    return `column ${q + Math.floor(r / 2)}, row ${r}`;
  }
  function isHex(value) {
    return Array.isArray(value) && value.length === 2 && value.every(Number.isInteger);
  }
  function isPlacement(value) {
    return Array.isArray(value) && value.length === 3 && typeof value[0] === "string" && Number.isInteger(value[1]) && Number.isInteger(value[2]);
  }
  function isVolley(name, value) {
    return name === "volley" && Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && Array.isArray(value[1]);
  }
  function valueLabel(ui, name, value) {
    if (name === "dice" && Number.isInteger(value)) return value === 1 ? "1 die" : `${value} dice`;
    if (isVolley(name, value)) {
      const shooters = value[1].map((id) => ui.names.get(id) || id).join(", ");
      return `${shooters} at ${ui.names.get(value[0]) || value[0]}`;
    }
    if (name === "feature" && ui.view?.features?.[value]) {
      const f = ui.view.features[value];
      return `feature ${value + 1} (${f.kind.replace(/_/g, " ")}, ${plural2(f.hexes.length, "hex", "hexes")})`;
    }
    if (typeof value === "boolean") {
      const words2 = name.replace(/_/g, " ");
      const labels = BOOLEAN_LABELS[name] || [`no ${words2}`, words2];
      return labels[value ? 1 : 0];
    }
    if (isHex(value)) return hexWords2(value);
    const names = ui.names;
    if (typeof value === "string") return names.get(value) || value;
    if (Array.isArray(value)) {
      return value.map((v) => {
        if (typeof v === "string") return names.get(v) || v;
        if (isPlacement(v)) return `${names.get(v[0]) || v[0]} to ${hexWords2([v[1], v[2]])}`;
        if (Array.isArray(v) && v.every((x) => typeof x === "string")) {
          return `(${v.map((x) => names.get(x) || x).join(", ")})`;
        }
        return JSON.stringify(v);
      }).join(", ");
    }
    return String(value);
  }
  function optionRow(ui, c) {
    const spec = c.spec;
    const colour = ui.colour(c);
    const params = Object.entries(spec.params || {});
    const out = [`<div class="option" data-spec="${c.index}" data-type="${escape(spec.type)}">`];
    out.push(`<span class="swatch" style="background:${colour}"></span>`);
    if (spec.type === "submit_list") {
      return `${out.join("")}${ui.lists.row(c, ui.view)}${refusal(ui, c)}</div>`;
    }
    if (spec.type === "lay_terrain") {
      return `${out.join("")}${ui.terrain.row(c.index, spec.label)}${refusal(ui, c)}</div>`;
    }
    const unsupported = params.filter(([n, v]) => ui.paramKind(v, n) === "placeholder");
    if (unsupported.length) {
      out.push(`<span class="label disabled">${escape(spec.label)}</span> <span class="muted">(not available in the browser)</span></div>`);
      return out.join("");
    }
    const complete = ui._complete(c);
    const cls = spec.type === "concede" ? "danger" : "primary";
    if (complete) {
      const text = ui.confirming === c.index ? `Really ${spec.label.toLowerCase()}?` : spec.label;
      out.push(`<button class="do ${cls}" data-action="do" data-spec="${c.index}">${escape(text)}</button>`);
    } else {
      out.push(`<span class="label">${escape(spec.label)}</span>`);
    }
    const given = ui._given(spec);
    const chosen = Object.entries(c.chosen).filter(([n]) => !(n in given)).map(([n, v]) => valueLabel(ui, n, v));
    if (chosen.length) out.push(` <span class="chosen">(${escape(chosen.join("; "))})</span>`);
    const board = ui._boardParam(c);
    for (const [name, values] of params) {
      if (name in c.chosen) continue;
      const kind = ui.paramKind(values, name);
      if (kind === "hex" || kind === "figure") continue;
      if (kind === "sets") {
        out.push(setParamHtml(ui, c, name, values));
        continue;
      }
      out.push(`<span class="param" data-param-name="${escape(name)}">`);
      values.forEach((value, i) => {
        out.push(`<button class="value" data-param="${escape(name)}" data-spec="${c.index}" data-value="${i}">${escape(valueLabel(ui, name, value))}</button>`);
      });
      out.push("</span>");
    }
    for (const [name, values] of Object.entries(spec.subsets || {})) {
      if (name in c.chosen) continue;
      const ticked = c.ticked?.[name] || [];
      out.push(`<span class="param subset" data-param-name="${escape(name)}">`);
      values.forEach((value, i) => {
        const on = ticked.includes(i);
        out.push(`<button class="value toggle${on ? " on" : ""}" aria-pressed="${on}" data-subset="${escape(name)}" data-spec="${c.index}" data-value="${i}">${escape(valueLabel(ui, name, value))}</button>`);
      });
      out.push(`<button class="value done" data-action="subset-done" data-subset="${escape(name)}" data-spec="${c.index}"${ticked.length ? "" : " disabled"}>Done (${ticked.length} chosen)</button></span>`);
    }
    if (board) out.push(` <span class="hint">— ${escape(clickHint(board.kind, board.name))}</span>`);
    out.push(refusal(ui, c));
    out.push("</div>");
    return out.join("");
  }
  function refusal(ui, c) {
    if (!ui.error || ui.error.index !== c.index) return "";
    return `<p class="prompt-error" role="alert">Refused: ${escape(ui.error.text)}</p>`;
  }

  // src/prompt_panel.js
  function renderPanel(ui) {
    const parts = [ui._header()];
    if (ui.decision && !ui.finished) {
      if (ui.busy) {
        parts.push('<p class="muted">Sending…</p>');
      } else {
        const narrowed = ui.candidates.length < (ui.decision.options || []).length || ui.candidates.some((c) => Object.keys(c.chosen).length > Object.keys(ui._given(c.spec)).length || [...Object.values(c.ticked || {}), ...Object.values(c.members || {})].some((t) => t.length));
        if (ui.error?.index === null) {
          parts.push(`<p class="prompt-error" role="alert">${escape(ui.error.text)}</p>`);
        }
        if (ui._placingSpec() && !ui.placing && !ui.plan.active) {
          parts.push('<button class="place-rest" data-action="place-rest">Place the rest</button> <span class="muted">each figure left on a hex of your zone, to adjust</span>');
        } else if (ui.plan.active && !ui.placing) {
          parts.push('<div class="plan"><button class="primary plan-confirm" data-action="plan-confirm">Confirm placement</button> <button class="plan-cancel" data-action="plan-cancel">Cancel</button> <span class="hint">— to move a figure, click it, then a free hex of your zone (or another figure, to swap them)</span></div>');
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
  function panelClick(ui, e) {
    const button2 = e.target.closest("button");
    if (!button2 || ui.busy) return;
    const action = button2.dataset.action;
    if (ui.error) ui.error = null;
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
    const index = Number(button2.dataset.spec);
    const c = ui.candidates.find((x) => x.index === index);
    if (!c) return;
    if (action === "do") {
      ui._submit(c);
    } else if (action?.startsWith("terrain-")) {
      ui._terrainAction(c, action, button2.dataset.tool);
    } else if (action === "set-toggle") {
      toggleMember(ui, index, button2.dataset.set, button2.dataset.member);
    } else if (action === "set-done") {
      finishSet(ui, index, button2.dataset.set);
    } else if (action === "subset-done") {
      ui._finishSubset(index, button2.dataset.subset);
    } else if (button2.dataset.subset) {
      ui._toggle(index, button2.dataset.subset, Number(button2.dataset.value));
    } else if (ui.lists.click(button2, ui.panel, ui.view)) {
    } else if (button2.dataset.param) {
      ui._choose(index, button2.dataset.param, Number(button2.dataset.value));
    }
  }

  // src/terrain_editor.js
  var ACROSS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
  var NEAR_A_SIDE = 0.55;
  var AREA_TOOLS = Object.keys(KIND_STYLES).filter((kind) => kind !== "open");
  var SIDE_TOOLS = Object.keys(EDGE_STYLES);
  function sideKey(a, b) {
    const [x, y] = [`${a[0]},${a[1]}`, `${b[0]},${b[1]}`].sort();
    return `${x}|${y}`;
  }
  function sideAt(q, r, point) {
    const [x, y] = centre(q, r);
    const angle = Math.atan2(point[1] - y, point[0] - x) * 180 / Math.PI;
    const index = (Math.round(angle / 60) % 6 + 6) % 6;
    const [dq, dr] = ACROSS[index];
    return { near: Math.hypot(point[0] - x, point[1] - y) >= NEAR_A_SIDE, across: [q + dq, r + dr] };
  }
  var TerrainEditor = class {
    constructor() {
      this.open = false;
      this.tool = "woods";
      this.clear();
    }
    clear() {
      this.hexes = /* @__PURE__ */ new Map();
      this.sides = /* @__PURE__ */ new Map();
    }
    // A click on hex `key` at `point` (board units; null when not known).
    paint(key3, point) {
      const [q, r] = key3.split(",").map(Number);
      const side = point ? sideAt(q, r, point) : null;
      if (SIDE_TOOLS.includes(this.tool)) {
        if (!side) return;
        const id = sideKey([q, r], side.across);
        if (this.sides.get(id)?.[2] === this.tool) this.sides.delete(id);
        else this.sides.set(id, [[q, r], side.across, this.tool]);
      } else if (this.tool === "erase") {
        const id = side?.near ? sideKey([q, r], side.across) : null;
        if (id && this.sides.has(id)) this.sides.delete(id);
        else this.hexes.delete(key3);
      } else if (this.hexes.get(key3) === this.tool) {
        this.hexes.delete(key3);
      } else {
        this.hexes.set(key3, this.tool);
      }
    }
    args() {
      const terrain2 = [...this.hexes].map(([key3, kind]) => [...key3.split(",").map(Number), kind]);
      return { terrain: terrain2, edges: [...this.sides.values()] };
    }
    // The view with the draft in place of the board's lay-out (the board is bare
    // until the defender lays it out).
    draftView(view) {
      if (!this.open || !view?.board) return view;
      const { terrain: terrain2, edges: edges2 } = this.args();
      return { ...view, board: { ...view.board, terrain: terrain2, edges: edges2 } };
    }
    // The prompt row of `lay_terrain`, for candidate index `index`.
    row(index, label) {
      if (!this.open) {
        return `<button class="value" data-action="terrain-open" data-spec="${index}">${escape(label)}</button>`;
      }
      const tool = (kind, text) => `<button class="value toggle${this.tool === kind ? " on" : ""}" aria-pressed="${this.tool === kind}" data-action="terrain-tool" data-tool="${kind}" data-spec="${index}">${escape(text)}</button>`;
      const areas = AREA_TOOLS.map((kind) => tool(kind, KIND_STYLES[kind].label.split(" (")[0]));
      const sides = SIDE_TOOLS.map((kind) => tool(kind, EDGE_STYLES[kind].label.split(" (")[0]));
      const { terrain: terrain2, edges: edges2 } = this.args();
      return `<div class="terrain-editor" data-spec="${index}"><span class="label">${escape(label)}</span><div class="param" data-param-name="hexes">${areas.join("")}</div><div class="param" data-param-name="sides">${sides.join("")}${tool("erase", "Erase")}</div><p class="hint">Click hexes to paint them (again to clear). With a wall, hedge or cliff, click inside a hex near the side it stands on (a cliff drops from the hex clicked). The server checks the lay-out against the scenario.</p><p class="muted terrain-count">${terrain2.length} hexes, ${edges2.length} sides</p><button class="do primary" data-action="terrain-send" data-spec="${index}"${terrain2.length || edges2.length ? "" : " disabled"}>Send this lay-out</button> <button class="value" data-action="terrain-clear" data-spec="${index}">Clear</button> <button class="value" data-action="terrain-close" data-spec="${index}">Close</button></div>`;
    }
  };

  // src/prompt.js
  var PALETTE = [
    "#1f9d55",
    "#d97706",
    "#0891b2",
    "#db2777",
    "#65a30d",
    "#a16207",
    "#475569",
    "#0d9488"
  ];
  function isPlaceholder(values) {
    return values.length === 1 && typeof values[0] === "string" && /^<.*>$/.test(values[0]);
  }
  var PromptUI = class {
    // hooks: send(type, args) -> Promise, odds(type, args) -> Promise (rejects if
    // unavailable), changed() (board highlights need redrawing), catalog(options)
    // and checkList(list, options) -> Promise (for lists.js), status(text), and
    // optionally turn({mine, waiting}) (whose turn it is, for the tab title and sound)
    constructor(panel, hooks) {
      this.panel = panel;
      this.hooks = hooks;
      this.prompt = null;
      this.view = null;
      this.seat = null;
      this.candidates = [];
      this.busy = false;
      this.odds = new OddsBox(this);
      this.terrain = new TerrainEditor();
      this.plan = new DeploymentPlan();
      this.confirming = null;
      this.lists = new ListChooser({
        catalog: (options) => hooks.catalog(options),
        checkList: (list, options) => hooks.checkList(list, options),
        submit: (list) => this.submitList(list),
        status: (text) => this.showError(text),
        rerender: () => this.render()
      });
      panel.addEventListener("click", (e) => this._click(e));
      panel.addEventListener("mouseover", (e) => this.odds.hoverButton(e));
    }
    // -- state --------------------------------------------------------------------
    setContext({ prompt, view, seat, players = {}, warbands = {}, finished = null }) {
      const fresh3 = prompt !== this.prompt;
      this.prompt = prompt;
      this.view = view;
      this.seat = seat;
      this.players = players;
      this.warbands = warbands;
      this.finished = finished;
      if (fresh3) {
        this.busy = false;
        this.confirming = null;
        this.error = null;
        this.odds.shown = null;
        this.reset(false);
        if (!this._listCandidate()) this.lists.closeBuilder();
        if (!deployable(this.candidates).size) this.plan.clear();
        if (!this.candidates.some((c) => c.spec.type === "lay_terrain")) {
          this.terrain.open = false;
          this.terrain.clear();
        }
      }
      this.render();
      if (fresh3) this._placeNext();
    }
    get decision() {
      return this.prompt?.decision || null;
    }
    // (a kind both sides have says whose it is: names.js)
    get names() {
      return ownedNames(
        this.view?.figures || [],
        (seat) => playerName(seat, this.players, this.warbands)
      );
    }
    reset(redraw = true) {
      const options = this.decision?.options || [];
      this.candidates = options.map((spec, index) => ({ index, spec, chosen: this._given(spec) }));
      this.confirming = null;
      if (redraw) {
        this.render();
        this.hooks.changed();
      }
    }
    _pieces() {
      const onBoard = /* @__PURE__ */ new Set();
      for (const f of this.view?.figures || []) if (f.pos) onBoard.add(f.id);
      for (const m of this.view?.markers || []) onBoard.add(m.marker);
      const all = /* @__PURE__ */ new Set([
        ...(this.view?.figures || []).map((f) => f.id),
        ...(this.view?.markers || []).map((m) => m.marker)
      ]);
      return { onBoard, all };
    }
    // "hex", "figure" (pieces, some on the board), "area" (terrain features of the
    // view, by number), "sets" (sets of pieces: prompt_sets.js), "placeholder" or "choice"
    paramKind(values, name = "") {
      if (values.length && values.every(isHex)) return "hex";
      if (isPlaceholder(values)) return "placeholder";
      const features = this.view?.features || [];
      if (name === "feature" && values.length && values.every((v) => Number.isInteger(v) && features[v])) {
        return "area";
      }
      const { onBoard, all } = this._pieces();
      if (isSetParam(values, all)) return "sets";
      if (values.length && values.every((v) => typeof v === "string" && all.has(v)) && values.some((v) => onBoard.has(v))) {
        return "figure";
      }
      return "choice";
    }
    // Params with a single possible value need no question (power: [false] when
    // one action is left); those chosen on the board are still clicked there.
    _given(spec) {
      const chosen = {};
      for (const [name, values] of Object.entries(spec.params || {})) {
        if (values.length === 1 && this.paramKind(values, name) === "choice") [chosen[name]] = values;
      }
      for (const [name, values] of Object.entries(spec.subsets || {})) {
        if (values.length === 1) chosen[name] = [...values];
      }
      return chosen;
    }
    _boardParam(candidate) {
      for (const [name, values] of Object.entries(candidate.spec.params || {})) {
        if (name in candidate.chosen) continue;
        const kind = this.paramKind(values, name);
        if (["hex", "figure", "area"].includes(kind)) return { name, values, kind };
      }
      return null;
    }
    _complete(candidate) {
      return [
        ...Object.keys(candidate.spec.params || {}),
        ...Object.keys(candidate.spec.subsets || {})
      ].every((n) => n in candidate.chosen);
    }
    colour(candidate) {
      return PALETTE[candidate.index % PALETTE.length];
    }
    // What the board highlights: {hexes: Map(key -> colour), figures: Map(id -> colour)}
    marks() {
      const hexes = /* @__PURE__ */ new Map();
      const figures = /* @__PURE__ */ new Map();
      if (!this.decision || this.busy || this.terrain.open) return { hexes, figures };
      if (this.plan.active) return this.plan.marks(PALETTE[0]);
      const { onBoard } = this._pieces();
      setMarks(this, figures);
      for (const c of this.candidates) {
        const param = this._boardParam(c);
        if (!param) continue;
        for (const value of param.values) {
          if (param.kind === "hex" || param.kind === "area") {
            const cells = param.kind === "hex" ? [value] : this.view.features[value].hexes;
            for (const [q, r] of cells) if (!hexes.has(`${q},${r}`)) hexes.set(`${q},${r}`, this.colour(c));
          } else if (onBoard.has(value) && !figures.has(value)) {
            figures.set(value, this.colour(c));
          }
        }
      }
      return { hexes, figures };
    }
    // -- choosing -------------------------------------------------------------------
    // `point`: where in the hex (board units), for the terrain editor's sides
    chooseHex(key3, point = null) {
      if (this.terrain.open && this.decision && !this.busy) {
        this.terrain.paint(key3, point);
        this.render();
        this.hooks.changed();
        return true;
      }
      if (this.plan.active) return this._planChanged(!this.busy && this.plan.chooseHex(key3));
      return this._chooseOnBoard("hex", (v) => `${v[0]},${v[1]}` === key3) || this._chooseOnBoard("area", (v) => this.view.features[v].hexes.some(([q, r]) => `${q},${r}` === key3));
    }
    chooseFigure(id) {
      if (this.plan.active) return this._planChanged(!this.busy && this.plan.chooseFigure(id));
      if (this.decision && !this.busy && tickOnBoard(this, id)) return true;
      return this._chooseOnBoard("figure", (v) => v === id);
    }
    _planChanged(changed) {
      if (changed) {
        this.render();
        this.hooks.changed();
      }
      return changed;
    }
    _chooseOnBoard(kind, matches) {
      if (!this.decision || this.busy) return false;
      const next = [];
      for (const c of this.candidates) {
        const param = this._boardParam(c);
        if (!param || param.kind !== kind) continue;
        const value = param.values.find(matches);
        if (value !== void 0) next.push({ ...c, chosen: { ...c.chosen, [param.name]: value } });
      }
      if (!next.length) return false;
      this.candidates = next;
      this._afterChoice();
      return true;
    }
    _choose(index, name, valueIndex) {
      const c = this.candidates.find((x) => x.index === index);
      if (!c) return;
      const value = c.spec.params[name][valueIndex];
      this.candidates = [{ ...c, chosen: { ...c.chosen, [name]: value } }];
      this._afterChoice();
    }
    // A subset's value ticked on or off (kept as indices, in the order ticked).
    _toggle(index, name, valueIndex) {
      const c = this.candidates.find((x) => x.index === index);
      if (!c) return;
      const ticked = (c.ticked?.[name] || []).filter((i) => i !== valueIndex);
      if (ticked.length === (c.ticked?.[name] || []).length) ticked.push(valueIndex);
      this.candidates = [{ ...c, ticked: { ...c.ticked, [name]: ticked } }];
      this.render();
      this.hooks.changed();
    }
    _finishSubset(index, name) {
      const c = this.candidates.find((x) => x.index === index);
      const ticked = c?.ticked?.[name] || [];
      if (!ticked.length) return;
      const values = ticked.map((i) => c.spec.subsets[name][i]);
      this.candidates = [{ ...c, chosen: { ...c.chosen, [name]: values } }];
      this._afterChoice();
    }
    _afterChoice() {
      const ready = this.candidates.filter((c) => this._complete(c));
      if (this.candidates.length === 1 && ready.length === 1) {
        this._submit(ready[0]);
        return;
      }
      this.render();
      this.hooks.changed();
    }
    _args(candidate, extra = {}) {
      return { ...candidate.spec.args || {}, ...candidate.chosen, ...extra };
    }
    async _submit(candidate, extra = {}) {
      if (candidate.spec.type === "concede" && this.confirming !== candidate.index) {
        this.confirming = candidate.index;
        this.render();
        return;
      }
      const prompt = this.prompt;
      this.busy = true;
      this.render();
      this.hooks.changed();
      try {
        await this.hooks.send(candidate.spec.type, this._args(candidate, extra));
        return null;
      } catch (error) {
        if (this.prompt === prompt) {
          this.busy = false;
          this.placing = false;
          this.reset(false);
          if (error.code !== "stale_prompt") this.error = { index: candidate.index, text: error.message };
          this.render();
          this.hooks.changed();
        }
        return error;
      }
    }
    // An error beside the controls of the panel (a list refused, say), until the next
    // prompt or click.
    showError(text) {
      this.error = { index: null, text };
      this.render();
    }
    // "Place the rest": a plan of every figure left on a hex of its zone, shown on
    // the board to adjust (deploy_plan.js); confirmed, each goes in one command after
    // another (each a prompt of its own). It stops when nothing is left to place, at a
    // refusal (the plan stays, to mend), or when the prompt asks something else.
    _placingSpec() {
      if (!this.decision || this.finished) return null;
      return deployable(this.candidates).size ? this.candidates.find((c) => c.spec.type === "deploy") : null;
    }
    _placeNext() {
      if (!this.placing || this.busy) return;
      const next = this._placingSpec() ? this.plan.next(this.candidates) : null;
      if (!next) {
        this.placing = false;
        this.plan.clear();
        this.render();
        this.hooks.changed();
        return;
      }
      this._submit({ ...next.candidate, chosen: {} }, next.args);
    }
    _terrainAction(candidate, action, tool) {
      const editor = this.terrain;
      if (action === "terrain-send") {
        this._submit({ ...candidate, chosen: {} }, editor.args());
        return;
      }
      if (action === "terrain-open") editor.open = true;
      else if (action === "terrain-close") editor.open = false;
      else if (action === "terrain-clear") editor.clear();
      else if (action === "terrain-tool") editor.tool = tool;
      this.render();
      this.hooks.changed();
    }
    _listCandidate() {
      return this.candidates.find((c) => c.spec.type === "submit_list") || null;
    }
    // Send a warband list (from lists.js) with a fresh salt; resolves to null once
    // sent, or to the refusal.
    submitList(list) {
      const c = this._listCandidate();
      if (!c || this.busy) {
        return Promise.resolve(new Error("Your warband list is not asked for now."));
      }
      return this._submit({ ...c, chosen: {} }, { list, salt: randomSalt() });
    }
    // Hovering a figure that an attack/shoot/bolt would target: the server's odds.
    hoverFigure(id) {
      this.odds.hoverFigure(id);
    }
    // -- drawing the panel (prompt_panel.js) -------------------------------------------
    _header() {
      return headerHtml(this);
    }
    render() {
      renderPanel(this);
    }
    // Whose turn it is, for the tab title and the sound (main.js), told when it changes.
    _tellTurn() {
      tellTurn(this, Boolean(this.decision && !this.finished), playerName);
    }
    _click(e) {
      panelClick(this, e);
    }
  };

  // src/takeback.js
  function effectiveEvents(events) {
    const kept = [];
    for (const item of events) {
      if (item.event?.type !== "takeback") kept.push(item);
      else while (kept.length && kept.at(-1).seq > item.event.data.to_seq) kept.pop();
    }
    return kept;
  }
  var TakebackBar = class {
    // `box`: the bar's element; `send(type, fields)`: a request for this match;
    // `seatWords(seat)`: a seat by its player's name.
    constructor(box, { send, seatWords }) {
      this.box = box;
      this.send = send;
      this.seatWords = seatWords;
      box.addEventListener("click", (e) => {
        const button2 = e.target.closest("button");
        if (button2?.dataset.takeback) this.answer(button2.dataset.takeback === "accept");
      });
    }
    // Ask for the last move back; the bar says we wait, or why not.
    async ask() {
      try {
        const reply = await this.send("takeback_offer", {});
        this.say(`You asked to take back to step ${reply.to_seq}; waiting for your opponent.`);
      } catch (error) {
        this.say(error.message, "error");
      }
    }
    async answer(accept) {
      this.clear();
      try {
        await this.send("takeback_answer", { accept });
      } catch (error) {
        this.say(error.message, "error");
      }
    }
    // A push of the match: takeback_offered / takeback_declined, or anything else.
    push(frame, mySeat) {
      if (frame.type === "takeback_offered") {
        if (frame.seat === mySeat) return;
        this.say(`${this.seatWords(frame.seat)} asks to take back to step ${frame.to_seq}.`);
        this.box.append(
          this.button("accept", "Accept", "primary small"),
          " ",
          this.button("decline", "Decline", "small")
        );
      } else if (frame.type === "takeback_declined") {
        if (frame.seat !== mySeat) {
          this.say(`${this.seatWords(frame.seat)} declined to take back to step ${frame.to_seq}.`);
        }
      } else if (frame.type === "event") {
        this.clear();
      }
    }
    say(text, kind = "") {
      const line3 = document.createElement("span");
      line3.className = `takeback-words ${kind}`;
      line3.textContent = text;
      this.box.replaceChildren(line3);
      this.box.hidden = false;
    }
    button(answer, label, className) {
      const button2 = document.createElement("button");
      button2.className = className;
      button2.dataset.takeback = answer;
      button2.textContent = label;
      return button2;
    }
    clear() {
      this.box.replaceChildren();
      this.box.hidden = true;
    }
  };

  // src/trail.js
  var STARTS = /* @__PURE__ */ new Set(["activated", "group_activated", "group_ordered"]);
  var ATTACKS = { melee: ["attacker", "defender"], shot: ["shooter", "target"] };
  function newStep(event, seq) {
    const d = event?.data || {};
    return {
      figure: d.figure || d.leader || null,
      first: seq,
      last: seq,
      seqs: [],
      moves: [],
      attacks: [],
      rolls: [],
      fallen: [],
      killed: []
    };
  }
  function isHex2(value) {
    return Array.isArray(value) && value.length === 2 && value.every(Number.isInteger);
  }
  function activationSteps(events, since) {
    const pos = /* @__PURE__ */ new Map();
    const steps = [];
    let step = null;
    for (const { seq, event } of events) {
      const d = event?.data || {};
      const type = event?.type;
      const live = seq > since;
      if (live && (STARTS.has(type) || type === "turn_passed")) step = null;
      if (live && (STARTS.has(type) || !step && !["turn_passed", "deployed"].includes(type))) {
        step = newStep(event, seq);
        steps.push(step);
      }
      if (live && step) {
        step.last = seq;
        step.seqs.push(seq);
      }
      if (typeof d.figure === "string" && isHex2(d.to)) {
        if (live && step && type !== "deployed") step.moves.push({ figure: d.figure, from: pos.get(d.figure) || null, to: d.to });
        pos.set(d.figure, d.to);
      }
      for (const [figure, q, r] of type === "swarm_tightened" ? d.moves || [] : []) {
        if (live && step) step.moves.push({ figure, from: pos.get(figure) || null, to: [q, r] });
        pos.set(figure, [q, r]);
      }
      if (type === "marker_revealed" && d.figure && isHex2(d.at)) pos.set(d.figure, d.at);
      if (!live || !step) continue;
      if (ATTACKS[type]) {
        const [a, b] = ATTACKS[type];
        step.attacks.push({
          kind: type,
          attacker: d[a],
          defender: d[b],
          from: pos.get(d[a]) || null,
          to: pos.get(d[b]) || null,
          dice: d.dice || [],
          totals: d.totals || [],
          loser: d.loser || null,
          result: d.result || null
        });
      }
      if ((type === "activated" || type === "group_activated") && Array.isArray(d.dice)) {
        const who = d.figure || d.leader;
        step.rolls.push({ figure: who, at: pos.get(who) || null, dice: d.dice, target: d.target });
      }
      if (type === "killed" || type === "fled") {
        step.killed.push({ figure: d.figure, at: pos.get(d.figure) || null });
      }
    }
    return steps.filter((s) => s.moves.length || s.attacks.length || s.rolls.length || s.killed.length);
  }
  function trailStart(events, lastDecision, seat) {
    if (lastDecision !== null && lastDecision !== void 0) return lastDecision;
    const turns = events.filter(({ event }) => event?.type === "turn_passed");
    if (seat) {
      const theirs = turns.filter(({ event }) => event.data?.to !== seat).pop();
      const mine = turns.filter(({ event }) => event.data?.to === seat).pop();
      if (theirs) return theirs.seq - 1;
      if (mine) return mine.seq - 1;
      return 0;
    }
    return turns.length > 1 ? turns[turns.length - 2].seq - 1 : 0;
  }

  // src/trail_control.js
  var KEPT_VIEWS = 400;
  var TrailControl = class {
    // hooks: changed() (redraw the board), log() -> the log's <ol>, name(id) -> words
    constructor(box, hooks) {
      this.box = box;
      this.hooks = hooks;
      this.lastDecision = null;
      this.steps = [];
      this.current = null;
      this.views = [];
      this.events = [];
      this.seat = null;
      box.addEventListener("click", (e) => this._click(e));
      this._keys = (e) => this._key(e);
      document.addEventListener("keydown", this._keys);
      this._render();
    }
    stop() {
      document.removeEventListener("keydown", this._keys);
    }
    decided(seq) {
      this.lastDecision = seq;
      this.current = null;
      this.views = this.views.filter((v) => v.seq >= seq).slice(-KEPT_VIEWS);
      this.update(this.events, this.seat);
    }
    noteView(seq, view) {
      this.views.push({ seq, view });
      if (this.views.length > KEPT_VIEWS) this.views.shift();
    }
    // Recomputed once for a burst of events (a subscription's history, a bot's turn).
    update(events, seat) {
      this.events = events;
      this.seat = seat;
      if (this._pending) return;
      this._pending = setTimeout(() => {
        this._pending = null;
        const since = trailStart(this.events, this.lastDecision, this.seat);
        this.steps = activationSteps(this.events, since);
        if (this.current !== null && this.current >= this.steps.length) this.current = null;
        this._render();
        this.hooks.changed();
      }, 20);
    }
    marks() {
      return { steps: this.steps, current: this.current };
    }
    // The view after the step being looked at (null: now, or not kept).
    pastView() {
      if (this.current === null) return null;
      const last = this.steps[this.current].last;
      const next = this.steps[this.current + 1]?.first ?? Infinity;
      const after = this.views.filter((v) => v.seq >= last && v.seq < next);
      return after.length ? after[0].view : null;
    }
    go(where) {
      const n = this.steps.length;
      if (!n) return;
      if (where === "now") this.current = null;
      else if (where === "prev") this.current = this.current === null ? n - 1 : Math.max(0, this.current - 1);
      else if (where === "next" && this.current !== null) {
        this.current = this.current + 1 >= n ? null : this.current + 1;
      }
      this._render();
      this.hooks.changed();
    }
    // Back to now if looking back (true), else false.
    back() {
      if (this.current === null) return false;
      this.go("now");
      return true;
    }
    _click(e) {
      const button2 = e.target.closest("button[data-trail]");
      if (button2) this.go(button2.dataset.trail);
    }
    _key(e) {
      if (e.target.closest?.("input, select, textarea") || e.altKey || e.ctrlKey || e.metaKey) return;
      const where = { ArrowLeft: "prev", ArrowRight: "next", Escape: "now" }[e.key];
      if (where && this.steps.length && this.box.isConnected) {
        e.preventDefault();
        this.go(where);
      }
    }
    _render() {
      const n = this.steps.length;
      const who = this.seat ? "since your last decision" : "this turn and the last";
      let label = n ? `${n} activation${n === 1 ? "" : "s"} ${who}` : `nothing yet ${who}`;
      if (this.current !== null) {
        const step = this.steps[this.current];
        const name = step.figure ? this.hooks.name(step.figure) : "";
        label = `${this.current + 1} of ${n}${name ? `: ${name}` : ""}`;
      }
      const off = (cond) => cond ? " disabled" : "";
      this.box.innerHTML = `<button class="small" data-trail="prev" title="Previous activation (←)"${off(!n || this.current === 0)}>⟨</button><span class="trail-label">${escape(label)}</span><button class="small" data-trail="next" title="Next activation (→)"${off(this.current === null)}>⟩</button><button class="small" data-trail="now" title="Back to now (Esc)"${off(this.current === null)}>now</button>`;
      this.box.dataset.steps = String(n);
      this.box.dataset.current = this.current === null ? "now" : String(this.current + 1);
      this.markLog();
    }
    // The log lines since the decision, and those of the step looked at.
    markLog() {
      const log = this.hooks.log();
      if (!log) return;
      const recent = new Set(this.steps.flatMap((s) => s.seqs));
      const current = new Set(this.current === null ? [] : this.steps[this.current].seqs);
      let first = null;
      for (const li of log.children) {
        const seq = Number(li.dataset.seq);
        li.classList.toggle("trail-recent", recent.has(seq));
        li.classList.toggle("trail-current", current.has(seq));
        if (current.has(seq) && !first) first = li;
      }
      first?.scrollIntoView({ block: "nearest" });
    }
  };

  // src/match.js
  var MatchScreen = class {
    constructor(root, app2, matchId, { spectate = false } = {}) {
      this.root = root;
      this.app = app2;
      this.matchId = matchId;
      this.spectate = spectate;
      this.events = [];
      this.view = null;
      this.prompt = null;
      this.seat = null;
      this.status = "connecting";
      this.result = null;
      this.warbands = {};
      this.namesKey = "";
      this.table = null;
    }
    // The match's rules system is known (subscribe reply, view): its table, once.
    useSystem(system) {
      const Table = tableFor(system);
      if (!Table || this.table) return;
      this.table = new Table(this);
      this.renderAll();
    }
    async show() {
      const mine = this.app.myMatches().find((m) => m.match_id === this.matchId);
      this.root.innerHTML = matchLayout(`${this.spectate ? "Watching" : "Match"} <code class="match-id">${escape(this.matchId)}</code>`);
      this.invite = mine?.invite_code || null;
      this.setup = mine?.setup || null;
      this.boardBox = $(this.root, ".board");
      this.board = new Board(this.boardBox, {
        // a click on the board while looking back brings it to now, never a choice
        onHex: (key3, point) => this.trail.back() || this.promptUI.chooseHex(key3, point),
        onFigure: (id) => this.trail.back() || this.promptUI.chooseFigure(id),
        onHover: (target) => this.hover(target)
      });
      this.clocks = new ClockPanel($(this.root, ".clocks"), {
        claim: () => this.app.conn.request("claim_timeout", { match_id: this.matchId }),
        nameOf: (seat) => this.seatWords(seat)
      });
      this.takebacks = new TakebackBar($(this.root, ".takeback-bar"), {
        send: (type, fields) => this.app.conn.request(type, { match_id: this.matchId, ...fields }),
        seatWords: (seat) => this.seatWords(seat)
      });
      this.promptUI = new PromptUI($(this.root, ".prompt"), {
        send: (type, args) => this.decided() && this.app.conn.request("command", {
          match_id: this.matchId,
          command: type,
          args,
          at_seq: this.prompt.seq
        }),
        odds: (type, args) => this.app.odds(this.matchId, type, args),
        changed: () => this.drawBoard(),
        catalog: (options) => this.app.catalog(options),
        checkList: (list, options) => this.app.conn.request("check_list", {
          system: "sbh",
          list,
          options
        }),
        status: (text) => this.promptUI.showError(text),
        turn: (turn) => this.app.turn?.(turn)
      });
      this.trail = new TrailControl($(this.root, ".trail-tools"), {
        changed: () => this.drawBoard(),
        log: () => $(this.root, ".log"),
        name: (id) => this.wordNames.get(id) || id
      });
      this.chat = new ChatPanel($(this.root, ".chat-card"), this.app, this.matchId);
      this.chat.show();
      this.root.addEventListener("click", (e) => this.click(e));
      $(this.root, ".names-toggle").addEventListener("change", (e) => {
        this.board.showNames = e.target.checked;
        this.drawBoard();
      });
      this.renderAll();
      try {
        const reply = await this.app.conn.subscribe(this.matchId, {
          spectate: this.spectate,
          views: true,
          onPush: (frame) => this.push(frame)
        });
        this.status = reply.status;
        this.players = reply.players || {};
        this.useSystem(reply.system);
        this.seat = reply.seat ?? (reply.status === "open" && !this.spectate && mine ? mine.seat : null);
        this.renderHead();
        this.renderPrompt();
        this.renderLog();
        if (reply.status === "finished" && !this.view) await this.loadFinalView();
      } catch (error) {
        this.status = "error";
        $(this.root, ".match-info").textContent = error.message;
      }
    }
    async loadFinalView() {
      const reply = await this.app.conn.request("get_view", { match_id: this.matchId });
      if (this.view) return;
      this.view = reply.view;
      this.viewSeq = reply.seq;
      this.useSystem(reply.view?.system);
      this.renderAll();
    }
    hide() {
      this.trail?.stop();
      this.app.turn?.(null);
      this.clocks?.destroy();
      this.chat?.destroy();
      this.promptUI?.lists.closeBuilder();
      this.app.conn.unsubscribe(this.matchId);
    }
    click(e) {
      const button2 = e.target.closest("button");
      if (!button2) return;
      if (button2.dataset.zoom) {
        const zoom = button2.dataset.zoom;
        const board = this.table?.board || this.board;
        board.setZoom(zoom === "fit" ? 1 : board.zoom * (zoom === "in" ? 1.25 : 0.8));
      } else if (button2.dataset.action === "to-prompt") {
        $(this.root, ".prompt").scrollIntoView({ block: "start" });
      } else if (button2.dataset.action === "resign") {
        if (button2.dataset.confirm !== "yes") {
          button2.dataset.confirm = "yes";
          button2.textContent = "Really concede?";
          return;
        }
        this.app.conn.request("resign", { match_id: this.matchId }).catch((error) => this.actionError(error.message));
      } else if (button2.dataset.action === "take-back") {
        this.takebacks.ask();
      } else if (button2.dataset.action === "offer-draw") {
        this.app.conn.request("command", {
          match_id: this.matchId,
          command: "offer_draw",
          args: {}
        }).catch((error) => this.actionError(error.message));
      } else if (button2.dataset.action === "rematch") {
        button2.disabled = true;
        this.app.rematches.ask(this.matchId).then((refused) => {
          button2.disabled = false;
          if (refused) this.actionError(refused);
        });
      } else if (button2.dataset.action === "leave") {
        this.app.conn.request("leave", { match_id: this.matchId }).then(() => this.app.go("#/lobby")).catch((error) => this.actionError(error.message));
      }
    }
    // An error beside the button that caused it (resign, leave).
    actionError(text) {
      const actions = $(this.root, ".match-actions");
      actions.querySelector(".action-error")?.remove();
      actions.insertAdjacentHTML("beforeend", `<p class="status error action-error" role="alert">${escape(text)}</p>`);
    }
    // A seat by its player's name (its warband's, or "Player 1", before one is known).
    seatWords(seat) {
      return playerName(seat, this.players || {}, this.warbands);
    }
    push(frame) {
      this.takebacks.push(frame, this.seat);
      switch (frame.type) {
        case "event":
          this.events.push({ seq: frame.seq, event: frame.event });
          this.noteEvent(frame.event);
          this.appendLog(frame.seq, frame.event);
          if (!this.table) this.trail.update(effectiveEvents(this.events), this.seat);
          break;
        case "prompt":
          this.prompt = frame;
          if (frame.clock) this.clocks.update(frame.clock, this.seat);
          this.renderPrompt();
          this.renderHead();
          break;
        case "view":
        case "snapshot":
          this.view = frame.view;
          this.viewSeq = frame.seq;
          this.useSystem(frame.view?.system);
          if (!this.table) this.trail.noteView(frame.seq, frame.view);
          this.renderAll();
          break;
        case "match_status":
          this.status = frame.status;
          if (frame.seat !== void 0) this.seat = frame.seat;
          if (frame.players) this.players = frame.players;
          this.useSystem(frame.system);
          this.renderHead();
          break;
        case "match_over":
          this.status = "finished";
          this.result = frame.result;
          this.ratings = frame.ratings || null;
          this.clocks.stop();
          this.chat.reload();
          this.renderHead();
          this.renderPrompt();
          break;
        default:
          break;
      }
    }
    // A command is sent: what happens next is "since the last decision".
    decided() {
      this.trail.decided(this.events.at(-1)?.seq ?? 0);
      return true;
    }
    noteEvent(event) {
      if (event?.type === "lists_revealed") {
        for (const [seat, list] of Object.entries(event.data.lists || {})) {
          this.warbands[seat] = list.name;
        }
      }
    }
    get names() {
      return displayNames(this.view?.figures || []);
    }
    // Names for the log and the hover line: a kind both sides have says whose it is.
    get wordNames() {
      return ownedNames(this.view?.figures || [], (seat) => this.seatWords(seat), this.names);
    }
    logContext() {
      const names = this.wordNames;
      const figures = new Map((this.view?.figures || []).map((f) => [f.id, f]));
      return {
        name: (id) => names.get(id) || id,
        seat: (seat) => this.seatWords(seat),
        figure: (id) => figures.get(id)
      };
    }
    logLine(seq, event, ctx) {
      const line3 = this.table ? this.table.formatEvent(event) : formatEvent(event, ctx);
      if (!line3) return "";
      return `<li class="log-${line3.kind}" data-seq="${seq}" data-type="${escape(event?.type || "hidden")}"><span class="seq">${seq}</span> ${escape(line3.text)}</li>`;
    }
    appendLog(seq, event) {
      const log = $(this.root, ".log");
      if (!log) return;
      const html = this.logLine(seq, event, this.logContext());
      if (html) {
        log.insertAdjacentHTML("beforeend", html);
        log.parentElement.scrollTop = log.parentElement.scrollHeight;
      }
    }
    renderLog() {
      const ctx = this.logContext();
      const log = $(this.root, ".log");
      log.innerHTML = this.events.map(({ seq, event }) => this.logLine(seq, event, ctx)).join("");
      this.trail.markLog();
      log.parentElement.scrollTop = log.parentElement.scrollHeight;
    }
    renderAll() {
      const key3 = (this.view?.figures || this.view?.models || []).map((f) => `${f.id || f.uid}:${f.name || f.card}`).join("|") + `|${["a", "b"].map((seat) => this.seatWords(seat)).join("|")}`;
      if (key3 !== this.namesKey) {
        this.namesKey = key3;
        this.renderLog();
      }
      this.renderHead();
      this.renderPrompt();
      this.renderRoster();
    }
    renderPrompt() {
      if (this.table) {
        this.table.setContext({
          prompt: this.prompt,
          view: this.view,
          seat: this.seat,
          players: this.players || {},
          warbands: this.warbands,
          finished: this.result ? this.resultText() : null
        });
        return;
      }
      this.promptUI.setContext({
        prompt: this.prompt,
        view: this.view,
        seat: this.seat,
        players: this.players || {},
        warbands: this.warbands,
        finished: this.result ? this.resultText() : null
      });
      this.drawBoard();
    }
    resultText() {
      const r = this.result || {};
      const reason = reasonWords(r.reason, (seat) => this.seatWords(seat));
      if (!r.winner) return `no winner${reason ? ` (${reason})` : ""}`;
      const who = r.winner === this.seat ? "you win" : `${this.seatWords(r.winner)} wins`;
      return `${who}${reason ? ` (${reason})` : ""}`;
    }
    drawBoard() {
      if (this.table) {
        this.table.draw();
        return;
      }
      const marks = this.promptUI.marks();
      marks.active = this.view?.activation?.figure || null;
      let view = this.promptUI.plan.draftView(this.promptUI.terrain.draftView(this.view));
      marks.trail = this.trail.marks();
      const past = this.trail.pastView();
      if (past) {
        view = past;
        marks.hexes = /* @__PURE__ */ new Map();
        marks.figures = /* @__PURE__ */ new Map();
        marks.active = null;
      }
      this.board.render(view, marks);
      this.boardBox.classList.toggle("in-the-past", !!past);
      const legend = legendHtml(view);
      const box = $(this.root, ".legend-body");
      if (box.dataset.html !== legend) {
        box.innerHTML = legend;
        box.dataset.html = legend;
      }
    }
    renderRoster() {
      if (this.table) {
        $(this.root, ".roster").innerHTML = this.table.roster();
        return;
      }
      $(this.root, ".roster").innerHTML = rosterHtml(
        this.view,
        this.names,
        this.players || {},
        this.warbands,
        this.view?.activation?.figure
      );
    }
    renderHead() {
      renderMatchHead(this);
    }
    hover(target) {
      const line3 = $(this.root, ".hover-info");
      if (!target) {
        line3.textContent = "";
        this.promptUI.hoverFigure(null);
        return;
      }
      if (target.figure) {
        const fig = (this.view?.figures || []).find((f) => f.id === target.figure);
        if (fig) {
          line3.textContent = `${this.wordNames.get(fig.id)}: ${fig.name}, Q${fig.quality}+ C${fig.combat}${fig.rules.length ? ` (${fig.rules.join(", ")})` : ""}`;
        } else {
          const marker = (this.view?.markers || []).find((m) => m.marker === target.figure);
          if (marker) line3.textContent = objectsAt(this.view, marker.at.join(","), this.wordNames).join("");
        }
        this.promptUI.hoverFigure(target.figure);
      } else {
        const [q, r] = target.hex.split(",").map(Number);
        const kind = (this.view?.board?.terrain || []).find(([a, b]) => a === q && b === r)?.[2] || "open";
        const objects = objectsAt(this.view, target.hex, this.wordNames);
        line3.textContent = `${hexWords2([q, r])}: ${KIND_STYLES[kind]?.label || kind}${objects.length ? ` — ${objects.join(", ")}` : ""}`;
        this.promptUI.hoverFigure(null);
      }
    }
  };

  // src/replay_steps.js
  var STEP_EVENTS = {
    sbh: {
      activation: /* @__PURE__ */ new Set(["activated", "group_activated"]),
      turn: /* @__PURE__ */ new Set(["initiative_rolled", "turn_passed"]),
      // (turn 1 starts at initiative)
      quiet: /* @__PURE__ */ new Set(["pending_pushed", "pending_popped", "pending_replaced"])
    },
    // (a round has no event of its own: the roll-off starts round 1's set-up)
    asoiaf: {
      activation: /* @__PURE__ */ new Set(["activated", "placed", "passed"]),
      turn: /* @__PURE__ */ new Set(["rolled_off"]),
      quiet: /* @__PURE__ */ new Set()
    },
    // (an S&S "activation" is a phase: each begins with its own event)
    sns: {
      activation: /* @__PURE__ */ new Set(["phase_began"]),
      turn: /* @__PURE__ */ new Set(["turn_ended"]),
      quiet: /* @__PURE__ */ new Set(["side_done"])
    }
  };
  var NONE = { activation: /* @__PURE__ */ new Set(), turn: /* @__PURE__ */ new Set(), quiet: /* @__PURE__ */ new Set() };
  var Steps = class {
    // events: the replay's [{seq, event}], in order
    constructor(system, events) {
      this.kinds = STEP_EVENTS[system] || NONE;
      this.events = events;
      this.last = events.length ? events[events.length - 1].seq : 0;
      const starts = (set) => events.filter((e) => set.has(e.event?.type)).map((e) => e.seq);
      this.activations = starts(this.kinds.activation);
      this.turns = starts(this.kinds.turn);
      this.quiet = new Set(events.filter((e) => this.kinds.quiet.has(e.event?.type)).map((e) => e.seq));
    }
    // The next (or previous) event that shows something.
    event(from, direction) {
      let seq = from + direction;
      while (seq > 0 && seq < this.last && this.quiet.has(seq)) seq += direction;
      return Math.max(0, Math.min(this.last, seq));
    }
    // The next (or previous) start of an activation or a turn: forward, the first
    // after `from` (or the end); back, the last before it (or the start).
    activation(from, direction) {
      return this._jump(this.activations, from, direction);
    }
    turn(from, direction) {
      return this._jump(this.turns, from, direction);
    }
    _jump(starts, from, direction) {
      if (direction > 0) return starts.find((s) => s > from) ?? this.last;
      return [...starts].reverse().find((s) => s < from) ?? 0;
    }
    // The turn number at `seq` (0 before the first turn starts), from the turn events.
    turnAt(seq) {
      let turn = 0;
      for (const e of this.events) {
        if (e.seq > seq) break;
        if (this.kinds.turn.has(e.event?.type)) turn = e.event.data?.turn ?? turn + 1;
      }
      return turn;
    }
  };

  // src/replay_summary.js
  var SIDE_COLOURS = { a: "#2563eb", b: "#dc2626" };
  function successChance(target) {
    const faces = [2, 3, 4, 5, 6].filter((d) => d === 6 || d >= target).length;
    return faces / 6;
  }
  function diceLuck(events, seatOf) {
    const out = {};
    const side = (seat) => out[seat] ?? (out[seat] = {
      dice: 0,
      expected: 0,
      actual: 0,
      opposed: 0,
      opposedSum: 0
    });
    for (const { event } of events) {
      const d = event?.data;
      if (!d || !Array.isArray(d.dice)) continue;
      if (Number.isInteger(d.target) && d.figure && Number.isInteger(d.successes)) {
        const s = side(seatOf(d.figure));
        s.dice += d.dice.length;
        s.expected += d.dice.length * successChance(d.target);
        s.actual += d.successes - (d.automatic || 0);
      } else if ((event.type === "melee" || event.type === "shot") && d.dice.length === 2) {
        const [first, second] = event.type === "melee" ? [d.attacker, d.defender] : [d.shooter, d.target];
        [first, second].forEach((id, i) => {
          const s = side(seatOf(id));
          s.opposed += 1;
          s.opposedSum += d.dice[i] - 3.5;
        });
      }
    }
    return out;
  }
  function casualties(events, seatOf) {
    const out = [];
    let lastAttack = null;
    for (const { event } of events) {
      const type = event?.type;
      if (!type) continue;
      if (type === "melee") lastAttack = "killed in melee";
      else if (type === "shot" || type === "volley_rolled" || type === "stray_shot_rolled") {
        lastAttack = "shot";
      } else if (/bolt|spell/.test(type)) lastAttack = "killed by magic";
      else if (type === "falling_damage_rolled" || type === "fell") lastAttack = "killed by a fall";
      if (type === "killed") {
        out.push({ seat: seatOf(event.data.figure), cause: lastAttack || "killed" });
      } else if (type === "fled") {
        out.push({ seat: seatOf(event.data.figure), cause: `fled (${event.data.reason})` });
      } else if (type === "turn_passed") {
        lastAttack = null;
      }
    }
    return out;
  }
  function lineChart(title, series, width = 320, height = 130) {
    const seats = Object.keys(series).sort();
    const values = seats.flatMap((s) => series[s]);
    if (!values.length) return "";
    const turns = Math.max(...seats.map((s) => series[s].length));
    const high = Math.max(1, ...values);
    const pad = 26;
    const x = (i) => pad + i * (width - pad - 10) / Math.max(1, turns - 1);
    const y = (v) => 10 + (high - v) * (height - 34) / high;
    const lines = seats.map((seat) => {
      const points3 = series[seat].map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
      const dots = series[seat].map((v, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2.5" fill="${SIDE_COLOURS[seat] || "#555"}" data-seat="${escape(seat)}" data-turn="${i + 1}" data-value="${v}"/>`).join("");
      return `<polyline points="${points3.join(" ")}" fill="none" stroke-width="2" stroke="${SIDE_COLOURS[seat] || "#555"}"/>${dots}`;
    }).join("");
    return `<figure class="summary-chart"><figcaption>${escape(title)}</figcaption><svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${escape(title)}"><text x="2" y="14" class="axis">${high}</text><text x="2" y="${height - 22}" class="axis">0</text><text x="${pad}" y="${height - 4}" class="axis">turn 1</text><text x="${width - 40}" y="${height - 4}" class="axis">turn ${turns}</text>${lines}</svg></figure>`;
  }
  function summaryHtml({ events, perTurn, seatOf, name }) {
    const seats = [...new Set(perTurn.flatMap(({ view }) => (view?.figures || []).map((f) => f.seat)))].sort();
    const standing = {};
    const points3 = {};
    for (const seat of seats) {
      standing[seat] = perTurn.map(({ view }) => (view?.figures || []).filter((f) => f.seat === seat && f.status === "ready" && f.pos).length);
      points3[seat] = perTurn.map(({ view }) => view?.victory_points?.[seat] ?? 0);
    }
    const scored = Object.values(points3).some((series) => series.some((v) => v));
    const lost = casualties(events, seatOf);
    const causes = seats.map((seat) => {
      const mine = lost.filter((c) => c.seat === seat);
      const counted = {};
      for (const c of mine) counted[c.cause] = (counted[c.cause] || 0) + 1;
      const items = Object.entries(counted).map(([cause, n]) => `<li data-cause="${escape(cause)}" data-count="${n}">${n} ${escape(cause)}</li>`).join("");
      return `<div class="casualties" data-seat="${escape(seat)}"><h4>${escape(name(seat))}: ${mine.length} lost</h4><ul>${items || "<li>none</li>"}</ul></div>`;
    }).join("");
    const luck = diceLuck(events, seatOf);
    const luckRows = seats.map((seat) => {
      const l = luck[seat] || { dice: 0, expected: 0, actual: 0, opposed: 0, opposedSum: 0 };
      const quality = l.actual - l.expected;
      const sign = (v) => `${v >= 0 ? "+" : ""}${v.toFixed(1)}`;
      return `<tr data-seat="${escape(seat)}" data-luck="${quality.toFixed(2)}"><td>${escape(name(seat))}</td><td>${l.actual} of ${l.dice} dice succeeded, ${l.expected.toFixed(1)} expected: ${sign(quality)}</td><td>${l.opposed} opposed dice, ${sign(l.opposedSum)} against the average</td></tr>`;
    }).join("");
    return `<div class="replay-summary"><h3>Summary</h3><div class="charts">` + (scored ? lineChart("Victory points at the end of each turn", points3) : "") + lineChart("Figures standing at the end of each turn", standing) + `</div><h4>Casualties by cause</h4><div class="casualty-list">${causes}</div><h4>Dice luck</h4><table class="luck"><thead><tr><th>Side</th><th>Quality rolls</th><th>Combat rolls</th></tr></thead><tbody>${luckRows}</tbody></table></div>`;
  }

  // src/asoiaf_summary.js
  function asoiafSummaryHtml(s, name) {
    const seats = Object.keys(s.vp || {}).sort();
    const sources = (s.sources || []).filter((src) => seats.some((seat) => s.vp[seat].by_source[src]));
    const rows = sources.map((src) => `<tr data-source="${escape(src)}"><td>${escape(src)}</td>` + seats.map((seat) => `<td data-seat="${escape(seat)}">${s.vp[seat].by_source[src] || 0}</td>`).join("") + "</tr>").join("");
    const head = seats.map((seat) => `<th>${escape(name(seat))}</th>`).join("");
    const totals = seats.map((seat) => `<td data-seat="${escape(seat)}" data-total="${s.vp[seat].total}"><strong>${s.vp[seat].total}</strong></td>`).join("");
    const lost = seats.map((seat) => {
      const l = s.lost[seat];
      return `<li data-lost="${escape(seat)}" data-killed="${l.killed}" data-captured="${l.captured}">${escape(name(seat))} lost ${l.killed + l.captured} of ${l.models} models: ${l.killed} killed, ${l.captured} captured</li>`;
    }).join("");
    const r = s.result;
    const result = !r ? "no result" : r.winner ? `${name(r.winner)} won (${reasonWords(r.reason, name)})` : `a draw (${reasonWords(r.reason, name)})`;
    return `<div class="replay-summary asoiaf-summary"><h3>Summary</h3><p class="summary-result">${escape(result)}, after ${s.rounds_played} of ${s.rounds} rounds.</p><h4>Victory points by source</h4><table class="vp-sources"><thead><tr><th>Source</th>${head}</tr></thead><tbody>${rows || `<tr><td colspan="${seats.length + 1}">No VP scored.</td></tr>`}<tr class="vp-total"><td>Total</td>${totals}</tr></tbody></table><h4>Models lost</h4><ul class="models-lost">${lost}</ul></div>`;
  }

  // src/replay.js
  var PLAY_MS = 700;
  var SPEEDS = [0.5, 1, 2, 4];
  var KEYS = {
    ArrowLeft: ["event", -1],
    ArrowRight: ["event", 1],
    ArrowUp: ["activation", -1],
    ArrowDown: ["activation", 1],
    PageUp: ["turn", -1],
    PageDown: ["turn", 1],
    Home: ["start", 0],
    End: ["end", 0]
  };
  var ReplayViewer = class {
    constructor(root, app2, matchId) {
      this.root = root;
      this.app = app2;
      this.matchId = matchId;
      this.step = 0;
      this.views = /* @__PURE__ */ new Map();
      this.timer = null;
      this.wanted = 0;
      this.speed = 1;
      this.onKey = (e) => this.key(e);
    }
    async show() {
      const go = (by, direction, label, title) => `<button data-by="${by}" data-direction="${direction}" title="${title}">${label}</button>`;
      this.root.innerHTML = `
      <div class="match replay">
        <div class="match-head card">
          <div class="title">Replay <code class="match-id">${escape(this.matchId)}</code></div>
          <div class="match-info">Loading…</div>
        </div>
        <div class="replay-controls card">
          ${go("start", 0, "« Start", "To the start (Home)")}
          ${go("turn", -1, "‹‹ Turn", "To the previous turn (Page Up)")}
          ${go("activation", -1, "‹ Activation", "To the previous activation (↑)")}
          ${go("event", -1, "‹ Event", "One event back (←)")}
          <button data-go="play" class="play primary" title="Play or pause (space)">▶ Play</button>
          ${go("event", 1, "Event ›", "One event on (→)")}
          ${go("activation", 1, "Activation ›", "To the next activation (↓)")}
          ${go("turn", 1, "Turn ››", "To the next turn (Page Down)")}
          ${go("end", 0, "End »", "To the end (End)")}
          <label>Speed <select class="speed">${SPEEDS.map((v) => `<option value="${v}"${v === 1 ? " selected" : ""}>${v}×</option>`).join("")}</select></label>
          <input type="range" class="scrubber" min="0" max="0" value="0" aria-label="Step">
          <span class="step-label">step 0 / 0</span>
          <button data-go="summary" class="small" title="Shows how the match ended">
            Summary (shows the result)</button>
          <p class="muted keys">Keys: ← → an event, ↑ ↓ an activation, Page Up / Page Down a
            turn, Home / End, space to play.</p>
        </div>
        <div class="match-body">
          <div class="board-column card"><div class="board"></div>
            <details class="legend" open><summary>Legend</summary>
            <div class="legend-body"></div></details></div>
          <div class="side-column">
            <section class="card now"></section>
            <section class="card summary-card" hidden></section>
            <section class="card roster"></section>
            <section class="card log-card"><h3>Dice and events</h3><ol class="log"></ol></section>
            <section class="card chat-card"></section>
          </div>
        </div>
      </div>`;
      this.board = new Board($(this.root, ".board"), { onHover: () => {
      } });
      this.chat = new ChatPanel($(this.root, ".chat-card"), this.app, this.matchId);
      this.chat.show();
      try {
        this.doc = await this.app.conn.request("get_replay", { match_id: this.matchId });
      } catch (error) {
        $(this.root, ".match-info").textContent = error.message;
        return;
      }
      this.events = this.doc.events || [];
      this.steps = new Steps(this.doc.system, this.events);
      this.last = this.steps.last;
      this.warbands = {};
      for (const { event } of this.events) {
        if (event?.type === "lists_revealed") {
          for (const [seat, list] of Object.entries(event.data.lists || {})) {
            this.warbands[seat] = list.name;
          }
        }
      }
      this.final = await this.viewAt(this.last);
      this.names = displayNames(this.final?.figures || []);
      this.seats = new Map((this.final?.figures || []).map((f) => [f.id, f.seat]));
      if (this.doc.system === "asoiaf") this.asoiaf();
      if (this.doc.system === "sns") this.sns();
      this.words = this.wordNames();
      $(this.root, ".legend-body").innerHTML = this.legend(this.final);
      const scrubber = $(this.root, ".scrubber");
      scrubber.max = String(this.last);
      scrubber.addEventListener("input", () => this.seek(Number(scrubber.value)));
      $(this.root, ".speed").addEventListener("change", (e) => this.setSpeed(Number(e.target.value)));
      this.root.addEventListener("click", (e) => this.click(e));
      document.addEventListener("keydown", this.onKey);
      this.lines = this.logLines();
      await this.seek(0);
    }
    // A Song of Ice & Fire's replay: its square battlefield, names, roster and words.
    asoiaf() {
      const box = $(this.root, ".board");
      const fresh3 = box.cloneNode(false);
      box.replaceWith(fresh3);
      this.board = new AsoiafBoard(fresh3, {});
      this.names = modelNames(this.final);
      this.seats = new Map((this.final?.models || []).map((m) => [m.uid, m.seat]));
      this.legend = asoiafLegendHtml;
      this.format = formatAsoiafEvent;
      this.drawView = (view) => {
        this.board.render(view, {
          squares: /* @__PURE__ */ new Set(),
          models: /* @__PURE__ */ new Set(),
          chosen: /* @__PURE__ */ new Set(),
          active: view?.active_model || null,
          names: this.names
        });
        $(this.root, ".roster").innerHTML = asoiafRosterHtml(
          view,
          this.names,
          (seat) => this.seatWords(seat)
        );
      };
    }
    // Swords & Sorcery's replay: its measured table, names, roster and words.
    sns() {
      const box = $(this.root, ".board");
      const fresh3 = box.cloneNode(false);
      box.replaceWith(fresh3);
      this.board = new SnsBoard(fresh3, {});
      this.names = figureNames(this.final);
      this.legend = snsLegendHtml;
      this.format = formatSnsEvent;
      this.drawView = (view) => {
        this.board.render(view, { names: figureNames(view) });
        $(this.root, ".roster").innerHTML = snsRosterHtml(view, (seat) => this.seatWords(seat));
      };
    }
    legend(view) {
      return legendHtml(view, { replay: true });
    }
    format(event, ctx) {
      return formatEvent(event, ctx);
    }
    drawView(view) {
      this.board.render(view, { active: view?.activation?.figure || null });
      $(this.root, ".roster").innerHTML = rosterHtml(
        view,
        this.names,
        this.players(),
        this.warbands,
        view?.activation?.figure
      );
    }
    hide() {
      this.pause();
      this.chat?.destroy();
      document.removeEventListener("keydown", this.onKey);
    }
    players() {
      return this.doc?.players || {};
    }
    seatWords(seat) {
      return seatName(seat, this.players(), this.warbands);
    }
    // Names for the log: a kind both sides have also says whose it is (names.js).
    wordNames() {
      const v = this.final || {};
      const figures = v.models ? v.models.map((m) => ({ id: m.uid, seat: m.seat, name: m.card })) : (v.figures || []).map((f) => ({ id: f.id || f.uid, seat: f.seat, name: f.name }));
      return ownedNames(
        figures,
        (seat) => playerName(seat, this.players(), this.warbands),
        this.names
      );
    }
    context() {
      return { name: (id) => this.words.get(id) || id, seat: (seat) => this.seatWords(seat) };
    }
    // The match's head: who played what; the result only once the end is reached.
    renderInfo(atEnd) {
      const d = this.doc;
      const players = Object.keys(d.players || {}).sort().map((seat) => escape(this.seatWords(seat))).join(" vs ");
      const r = d.result || {};
      const reason = reasonWords(r.reason, (seat) => this.seatWords(seat));
      const result = r.winner ? `${this.seatWords(r.winner)} won${reason ? ` (${reason})` : ""}` : `no winner${reason ? ` (${reason})` : ""}`;
      const setup = d.system === "asoiaf" ? asoiafSetupWords(d.setup) : d.system === "sns" ? snsSetupWords(d.setup) : describeSetup(d.setup);
      $(this.root, ".match-info").innerHTML = `${players} · ${escape(setup)} · ` + (atEnd ? `<span class="result">${escape(result)}</span>` : '<span class="muted">the result shows at the end</span>') + ` · finished ${escape(when(d.finished_at))} · seed <code title="SHA-256 commitment ${escape(d.seed_commitment)}">${escape(String(d.seed).slice(0, 12))}…</code>`;
    }
    // Every log line, built once; the log shows those up to the step.
    logLines() {
      const ctx = this.context();
      const lines = [];
      for (const { seq, event } of this.events) {
        const line3 = this.format(event, ctx);
        if (!line3) continue;
        lines.push({ seq, html: `<li class="log-${line3.kind}" data-seq="${seq}" data-type="${escape(event?.type || "hidden")}"><span class="seq">${seq}</span> ${escape(line3.text)}</li>` });
      }
      return lines;
    }
    click(e) {
      const button2 = e.target.closest("button[data-by], button[data-go]");
      if (button2?.dataset.go === "play") {
        if (this.timer) this.pause();
        else this.play();
      } else if (button2?.dataset.go === "summary") {
        this.showSummary();
      } else if (button2) {
        this.pause();
        this.go(button2.dataset.by, Number(button2.dataset.direction));
      } else {
        const line3 = e.target.closest(".log li[data-seq]");
        if (line3) {
          this.pause();
          this.seek(Number(line3.dataset.seq));
        }
      }
    }
    key(e) {
      if (e.target.closest?.("input, select, textarea")) return;
      if (e.key === " ") {
        e.preventDefault();
        if (this.timer) this.pause();
        else this.play();
        return;
      }
      const move = KEYS[e.key];
      if (!move) return;
      e.preventDefault();
      this.pause();
      this.go(...move);
    }
    go(by, direction) {
      if (by === "start") return this.seek(0);
      if (by === "end") return this.seek(this.last);
      return this.seek(this.steps[by](this.step, direction));
    }
    setSpeed(speed) {
      this.speed = speed;
      if (this.timer) {
        this.pause();
        this.play();
      }
    }
    play() {
      if (this.step >= this.last) this.seek(0);
      $(this.root, ".play").textContent = "⏸ Pause";
      this.timer = setInterval(() => {
        if (this.step >= this.last) {
          this.pause();
          return;
        }
        this.seek(this.steps.event(this.step, 1));
      }, PLAY_MS / this.speed);
    }
    pause() {
      clearInterval(this.timer);
      this.timer = null;
      const button2 = this.root && this.root.querySelector(".play");
      if (button2) button2.textContent = "▶ Play";
    }
    async viewAt(seq) {
      if (this.views.has(seq)) return this.views.get(seq);
      const reply = await this.app.conn.request("get_view", { match_id: this.matchId, at_seq: seq });
      this.views.set(seq, reply.view);
      return reply.view;
    }
    async seek(seq) {
      this.wanted = seq;
      this.step = seq;
      const turn = this.steps.turnAt(seq);
      $(this.root, ".scrubber").value = String(seq);
      $(this.root, ".step-label").textContent = `${turn ? `turn ${turn} · ` : ""}step ${seq} / ${this.last}`;
      this.renderLog(seq);
      this.renderInfo(this.revealed || seq === this.last);
      let view;
      try {
        view = await this.viewAt(seq);
      } catch (error) {
        this.app.status(error.message, "error");
        return;
      }
      if (this.wanted !== seq) return;
      this.drawView(view);
      const record = this.events.find((e) => e.seq === seq);
      const line3 = record ? this.format(record.event, this.context()) : null;
      $(this.root, ".now").innerHTML = `<h3>Step ${seq} of ${this.last}</h3><p>${seq === 0 ? "Before the first event." : escape(line3?.text || record?.event?.type || "")}</p><p class="muted">${view?.rounds ? `Round ${view.round} of ${view.rounds}` : `Turn ${view?.turn ?? 0}`} · phase: ${escape(phaseWords(this.doc.system, view?.phase))}</p>`;
      this.root.querySelector(".replay").dataset.step = String(seq);
      if (seq === this.last) this.showSummary();
    }
    // The log up to the step (nothing after it is in the page), newest in view.
    renderLog(seq) {
      const shown = this.lines.filter((l) => l.seq <= seq);
      const log = $(this.root, ".log");
      log.innerHTML = shown.map((l) => l.html).join("");
      const current = log.querySelector(`li[data-seq="${seq}"]`) || log.lastElementChild;
      current?.classList.add("current");
      const box = this.root.querySelector(".log-card");
      if (current && box) box.scrollTop = current.offsetTop - box.clientHeight / 2;
    }
    // The match in pictures: the views at the end of each turn (fetched once, cached):
    // turn k ends just before turn k + 1 starts, the last at the end.
    async showSummary() {
      const card = $(this.root, ".summary-card");
      if (card.dataset.done) {
        card.hidden = false;
        return;
      }
      card.hidden = false;
      card.innerHTML = '<p class="muted">Summing up…</p>';
      if (this.doc.system === "asoiaf") {
        try {
          const found = await this.app.conn.request("get_summary", { match_id: this.matchId });
          card.innerHTML = asoiafSummaryHtml(found.summary, (seat) => this.seatWords(seat));
        } catch (error) {
          card.innerHTML = `<p class="error">The summary could not be made: ${escape(error.message)}</p>`;
          return;
        }
        card.dataset.done = "yes";
        this.revealed = true;
        this.renderInfo(true);
        return;
      }
      const kept = effectiveEvents(this.events);
      const turns = kept.filter((e) => this.steps.kinds.turn.has(e.event?.type)).map((e) => e.seq);
      const ends = [...turns.slice(1).map((s) => s - 1), this.last];
      const perTurn = [];
      for (const [index, seq] of ends.entries()) {
        perTurn.push({ turn: index + 1, view: await this.viewAt(seq) });
      }
      card.innerHTML = summaryHtml({
        events: kept,
        perTurn,
        seatOf: (id) => this.seats.get(id) || String(id).slice(0, 1),
        name: (seat) => this.seatWords(seat)
      });
      card.dataset.done = "yes";
      this.revealed = true;
      this.renderInfo(true);
    }
  };

  // src/replay_list.js
  async function renderReplayList(root, app2) {
    root.innerHTML = `<section class="card wide"><h2>Finished matches</h2>
    <div id="replay-list"><p class="muted">Loading…</p></div></section>`;
    let listed;
    try {
      listed = await app2.conn.request("list_replays", { system: "sbh", limit: 100 });
    } catch (error) {
      $(root, "#replay-list").textContent = error.message;
      return;
    }
    const rows = listed.replays.map((r) => {
      const players = Object.entries(r.players || {}).map(([seat, name]) => `${seat.toUpperCase()}: ${escape(name)}`).join(", ");
      const result = r.result?.winner ? `${r.result.winner.toUpperCase()} won (${r.result.reason})` : `no winner${r.result?.reason ? ` (${r.result.reason})` : ""}`;
      return `<tr data-replay="${escape(r.match_id)}"><td><code>${escape(r.match_id)}</code></td>
      <td>${players}</td><td>${escape(result)}</td><td>${escape(when(r.finished_at))}</td>
      <td><a class="button small" href="#/replay/${escape(r.match_id)}">Replay</a></td></tr>`;
    });
    $(root, "#replay-list").innerHTML = rows.length ? `<table><thead><tr><th>Match</th><th>Players</th><th>Result</th><th>Finished</th><th></th>
       </tr></thead><tbody>${rows.join("")}</tbody></table>` : '<p class="muted">No finished matches yet.</p>';
  }

  // src/turn_signal.js
  var SOUND_KEY = "warband.turnSound";
  var BASE_TITLE = "warband";
  var TurnSignal = class {
    constructor(doc = document) {
      this.doc = doc;
      this.mine = false;
      this.audio = null;
    }
    get sound() {
      return localStorage.getItem(SOUND_KEY) === "on";
    }
    // Called from a click (browsers let a page make sound only after one).
    setSound(on) {
      localStorage.setItem(SOUND_KEY, on ? "on" : "off");
      if (on) this.beep();
    }
    // turn: {mine, waiting: [names]} from the prompt panel, or null (no match shown)
    update(turn) {
      const mine = Boolean(turn?.mine);
      if (!turn) this.doc.title = BASE_TITLE;
      else if (mine) this.doc.title = `Your turn — ${BASE_TITLE}`;
      else if (turn.waiting.length) this.doc.title = `Waiting for ${turn.waiting.join(" and ")} — ${BASE_TITLE}`;
      else this.doc.title = BASE_TITLE;
      if (mine && !this.mine && this.sound) this.beep();
      this.mine = mine;
      this.doc.body.dataset.turn = !turn ? "" : mine ? "mine" : "theirs";
    }
    beep() {
      this.beeps = (this.beeps || 0) + 1;
      try {
        this.audio || (this.audio = new AudioContext());
        const osc = this.audio.createOscillator();
        const gain = this.audio.createGain();
        osc.frequency.value = 660;
        gain.gain.setValueAtTime(0.15, this.audio.currentTime);
        gain.gain.exponentialRampToValueAtTime(1e-3, this.audio.currentTime + 0.35);
        osc.connect(gain).connect(this.audio.destination);
        osc.start();
        osc.stop(this.audio.currentTime + 0.35);
      } catch (error) {
      }
    }
  };

  // src/main.js
  var TOKEN_KEY = "warband.token";
  var MATCHES_KEY = "warband.matches";
  var App = class {
    constructor() {
      this.root = $(document, "#screen");
      const scheme = location.protocol === "https:" ? "wss:" : "ws:";
      this.conn = new Connection(`${scheme}//${location.host}/ws`);
      this.conn.onStatus = (status) => this.connectionStatus(status);
      this.conn.onSessionLost = () => {
        localStorage.removeItem(TOKEN_KEY);
        this.account = null;
        this.route();
      };
      this.account = null;
      this.screen = null;
      this.catalogs = /* @__PURE__ */ new Map();
      this.oddsAvailable = true;
      this.turnSignal = new TurnSignal();
      this.rematches = new RematchOffers(this);
      this.pushHandlers = /* @__PURE__ */ new Map([["rematch_offered", (f) => this.rematches.offered(f)]]);
      this.conn.onOtherPush = (frame) => this.pushHandlers.get(frame.type)?.(frame);
      window.addEventListener("hashchange", () => this.route());
      document.addEventListener("click", (e) => {
        if (e.target.closest("#logout")) this.logout();
      });
      document.addEventListener("change", (e) => {
        if (e.target.id === "turn-sound") this.turnSignal.setSound(e.target.checked);
      });
    }
    async start() {
      await this.conn.open();
      const token = localStorage.getItem(TOKEN_KEY);
      if (token) {
        try {
          this.account = await this.conn.request("authenticate", { token });
          this.conn.token = token;
        } catch (error) {
          localStorage.removeItem(TOKEN_KEY);
        }
      }
      this.route();
      this.started = true;
    }
    connectionStatus(status) {
      const badge = $(document, "#connection");
      if (!badge) return;
      badge.textContent = status;
      badge.className = `connection ${status}`;
    }
    status(text, kind = "info") {
      const line3 = $(document, "#status");
      if (!line3) return;
      line3.textContent = text;
      line3.className = `status ${kind}`;
      clearTimeout(this.statusTimer);
      this.statusTimer = setTimeout(() => {
        line3.textContent = "";
      }, 8e3);
    }
    async signIn(type, fields) {
      const session = await this.conn.request(type, fields);
      localStorage.setItem(TOKEN_KEY, session.token);
      this.conn.token = session.token;
      this.account = session;
      if (!location.hash || location.hash === "#/login") this.go("#/lobby");
      else this.route();
    }
    async logout() {
      try {
        await this.conn.request("logout");
      } catch (error) {
      }
      localStorage.removeItem(TOKEN_KEY);
      this.conn.token = null;
      this.account = null;
      this.go("#/login");
    }
    // Matches this browser holds a seat in, so a reload finds them again.
    myMatches() {
      try {
        const all = JSON.parse(localStorage.getItem(MATCHES_KEY) || "{}");
        return all[this.account?.account_id] || [];
      } catch (error) {
        return [];
      }
    }
    remember(reply) {
      const all = JSON.parse(localStorage.getItem(MATCHES_KEY) || "{}");
      const mine = (all[this.account.account_id] || []).filter((m) => m.match_id !== reply.match_id);
      mine.unshift({
        match_id: reply.match_id,
        seat: reply.seat,
        invite_code: reply.invite_code || null,
        setup: reply.setup || null
      });
      all[this.account.account_id] = mine.slice(0, 20);
      localStorage.setItem(MATCHES_KEY, JSON.stringify(all));
    }
    // The server's warband catalog (priced profiles, ready-made lists) for these
    // match options; fetched once per options, and again after a failure.
    catalog(options = {}, system = "sbh") {
      const key3 = JSON.stringify([system, options]);
      if (!this.catalogs.has(key3)) {
        const asked = this.conn.request("catalog", { system, options });
        asked.catch(() => this.catalogs.delete(key3));
        this.catalogs.set(key3, asked);
      }
      return this.catalogs.get(key3);
    }
    // Outcome probabilities from the server; rejects when unavailable (then no odds shown).
    async odds(matchId, command, args) {
      if (!this.oddsAvailable) throw new Error("odds unavailable");
      try {
        return await this.conn.request("odds", { match_id: matchId, command, args });
      } catch (error) {
        if (["unknown_type", "invalid_message"].includes(error.code)) this.oddsAvailable = false;
        throw error;
      }
    }
    // Whose turn it is in the match on screen (null: none shown): title and sound.
    turn(turn) {
      this.turnSignal.update(turn);
    }
    go(hash) {
      if (location.hash === hash) this.route();
      else location.hash = hash;
    }
    renderUser() {
      const box = $(document, "#user");
      box.innerHTML = this.account ? `${escape(this.account.name)}${this.account.guest ? " (guest)" : ""} <label class="check turn-sound" title="A short tone when it becomes your turn"><input type="checkbox" id="turn-sound"${this.turnSignal.sound ? " checked" : ""}> sound<span class="wide"> on my turn</span></label> <button id="logout" class="small">Sign out</button>` : "";
      $(document, "#nav").hidden = !this.account;
    }
    route() {
      if (this.screen?.hide) this.screen.hide();
      this.screen = null;
      const fresh3 = this.root.cloneNode(false);
      this.root.replaceWith(fresh3);
      this.root = fresh3;
      this.renderUser();
      if (!this.account) {
        renderLogin(this.root, this);
        return;
      }
      this.scenarios = this.scenarios || loadScenarios(this);
      const [, page, id] = (location.hash || "#/lobby").split("/");
      if (page === "match" && id) {
        this.screen = new MatchScreen(this.root, this, id);
        this.screen.show();
      } else if (page === "watch" && id) {
        this.screen = new MatchScreen(this.root, this, id, { spectate: true });
        this.screen.show();
      } else if (page === "events") {
        renderEventList(this.root, this);
      } else if (page === "event" && id) {
        this.screen = new EventScreen(this.root, this, id);
        this.screen.show();
      } else if (page === "ratings") {
        renderRatings(this.root, this);
      } else if (page === "replays") {
        renderReplayList(this.root, this);
      } else if (page === "replay" && id) {
        this.screen = new ReplayViewer(this.root, this, id);
        this.screen.show();
      } else {
        this.screen = new Lobby(this.root, this);
        this.screen.show();
      }
    }
  };
  var app = new App();
  window.warband = app;
  window.warbandLib = {
    Board,
    formatEvent,
    formatOdds,
    legendHtml,
    MatchScreen,
    objectsAt,
    PromptUI,
    questionText,
    AsoiafBoard,
    AsoiafPrompt,
    asoiafRosterHtml,
    formatAsoiafEvent,
    SnsBoard,
    SnsPrompt,
    formatSnsEvent,
    snsGeometry: sns_geometry_exports
  };
  app.start();
})();
