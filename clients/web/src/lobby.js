// The lobby: open matches, creating an SBH match, joining one (publicly or by invite
// code), watching any match by id. Signing in is login.js; how a listed match is put
// in words, lobby_words.js.

import { ChatPanel, LOBBY_ROOMS } from "./chat.js";
import { QuickPair } from "./quick_pair.js";
import { $, escape, when } from "./dom.js";
import { loadScenarios, optionsHtml, scenariosOf } from "./scenarios.js";
import { AsoiafJoin, asoiafFormHtml, asoiafJoinHtml, asoiafSeek, asoiafSettings,
  bindAsoiafForm } from "./lobby_asoiaf.js";
import { bindSnsForm, fillSnsForm, snsFormHtml, snsSeek, snsSettings } from "./lobby_sns.js";
import { opponents, playersWords, resultWords, settingsWords, STATUS_WORDS,
  whoseTurn } from "./lobby_words.js";

// The clocks a new match may have (create_match's time_control).
const CLOCKS = [["none", "no clock", null],
  ["live-5", "5 min + 5 s", { kind: "live", initial: 300, increment: 5 }],
  ["live-10", "10 min + 10 s", { kind: "live", initial: 600, increment: 10 }],
  ["live-20", "20 min + 20 s", { kind: "live", initial: 1200, increment: 20 }],
  ["post-1", "1 day a decision", { kind: "correspondence", days: 1 }],
  ["post-3", "3 days a decision", { kind: "correspondence", days: 3 }]];

// The house bot's pace (create_match's bot_pace): a pause before each of its moves.
const PACES = [["normal", "normal (a second a move)"], ["slow", "slow (2.5 s a move)"],
  ["instant", "instant"]];

export class Lobby {
  constructor(root, app) {
    this.root = root;
    this.app = app;
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
            <label>Clock <select name="clock">${CLOCKS.map(([key, label]) =>
              `<option value="${key}">${escape(label)}</option>`).join("")}</select></label>
            <label class="check"><input name="private" type="checkbox"> Private (invite code)
            </label>
            ${this.app.account?.guest ? "" : `<label class="check" title="The result moves both
              players' ratings (never against the bot)"><input name="rated" type="checkbox">
              Rated</label>`}
            <label title="A player may ask to take moves back; the opponent must agree">
              Takebacks <select name="takebacks"><option value="">casual matches only</option>
              <option value="yes">allowed</option><option value="no">not allowed</option>
              </select></label>
            <label>Bot's pace <select name="pace">${PACES.map(([key, label]) =>
              `<option value="${key}">${escape(label)}</option>`).join("")}</select></label>
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
    this.asoiafJoin = new AsoiafJoin(this.root, this.app,
      (fields) => this.join(fields, "#open-status"));
    $(this.root, "#sns-form").addEventListener("submit", (e) => {
      e.preventDefault();
      this.create(e.target, {}, snsSettings(e.target), "#sns-status");
    });
    bindSnsForm(this.root, this.app);
    $(this.root, "#sns-vs-bot").addEventListener("click", (e) => {
      // the house bot (clients/bots/sns_house.py) takes seat b with a ready-made army
      this.create(e.target.form, {}, snsSettings(e.target.form, { opponent: "bot" }),
        "#sns-status");
    });
    $(this.root, "#asoiaf-vs-bot").addEventListener("click", (e) => {
      // the house bot (clients/bots/asoiaf_house.py) takes the other seat at once
      this.create(e.target.form, {}, asoiafSettings(e.target.form, { opponent: "bot" }),
        "#asoiaf-status");
    });
    $(this.root, "#vs-bot").addEventListener("click", (e) => {
      // the house bot takes the other seat, at the pace chosen
      this.create(e.target.form, { opponent: "bot", bot_pace: e.target.form.pace.value,
        rated: false }); // (never rated against the bot)
    });
    this.app.quickPair = this.app.quickPair || new QuickPair(this.app);
    this.app.quickPair.bind(this.root, [
      { button: "#quick-pair", status: "#seek-status", settings: (form) => this.settings(form) },
      { button: "#asoiaf-quick-pair", status: "#asoiaf-seek-status", settings: asoiafSeek },
      { button: "#sns-quick-pair", status: "#sns-seek-status", settings: snsSeek },
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
      const button = e.target.closest("button[data-join], button[data-watch]");
      if (!button) return;
      const asoiaf = this.openAsoiaf?.get(button.dataset.join);
      if (asoiaf) this.asoiafJoin.show(asoiaf, settingsWords(asoiaf)); // a warband first
      else if (button.dataset.join) this.join({ match_id: button.dataset.join }, "#open-status");
      else this.app.go(`#/watch/${button.dataset.watch}`);
    });
    this.chat = new ChatPanel($(this.root, ".lobby-chat"), this.app, null, LOBBY_ROOMS);
    this.chat.show();
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 5000);
  }

  async fillForms(asoiafForm) {
    await this.app.scenarios;
    if (!scenariosOf("sbh").length) await (this.app.scenarios = loadScenarios(this.app));
    const form = $(this.root, "#create-form");
    if (!form) return; // (the lobby was left meanwhile)
    form.scenario.innerHTML = optionsHtml(scenariosOf("sbh").map((s) => [s.key, s.name]),
      escape);
    asoiafForm.fill();
    fillSnsForm(this.root);
  }

  hide() {
    clearInterval(this.timer);
    this.chat?.destroy();
  }

  // An error is shown beside the control that caused it; the others are cleared.
  status(text, where) {
    for (const line of this.root.querySelectorAll(".form-error")) {
      line.textContent = line.matches(where) ? text : "";
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
    this.openAsoiaf = new Map(listed.matches.filter((m) => m.system === "asoiaf")
      .map((m) => [m.match_id, m]));
    const rows = listed.matches.map((m) => {
      const players = escape(playersWords(m));
      const seated = this.app.myMatches().some((x) => x.match_id === m.match_id);
      return `<tr data-match="${escape(m.match_id)}"><td><code>${escape(m.match_id)}</code></td>
        <td>${players}</td><td>${escape(settingsWords(m))}</td>
        <td>${escape(when(m.created_at))}</td>
        <td>${seated ? `<a href="#/match/${escape(m.match_id)}">open</a>`
          : `<button class="primary small" data-join="${escape(m.match_id)}">Join</button>`}
        <button class="small" data-watch="${escape(m.match_id)}">Watch</button></td></tr>`;
    });
    box.innerHTML = rows.length
      ? `<table><thead><tr><th>Match</th><th>Players</th><th>Settings</th><th>Created</th>
         <th></th></tr></thead><tbody>${rows.join("")}</tbody></table>`
      : '<p class="muted">No open matches. Create one!</p>';
    this.refreshLive();
    this.renderMine();
  }

  async refreshLive() {
    let live;
    try {
      live = await this.listBoth("list_live");
    } catch (error) {
      return;  // (an older server: no list of live matches)
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
    box.innerHTML = rows.length
      ? `<table><thead><tr><th>Match</th><th>Players</th><th>Settings</th><th>Events</th>
         <th></th></tr></thead><tbody>${rows.join("")}</tbody></table>`
      : '<p class="muted">No match is being played right now.</p>';
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
      box.innerHTML = this.app.myMatches().length
        ? `<ul>${this.app.myMatches().map((m) => `<li><a href="#/match/${escape(m.match_id)}">`
          + `<code>${escape(m.match_id)}</code></a> — ${escape(settingsWords(m))}</li>`)
          .join("")}</ul>`
        : '<p class="muted">None yet.</p>';
      return;
    }
    const rows = mine.map((m) => {
      const id = escape(m.match_id);
      const replay = m.status === "finished"
        ? ` <a class="button small" href="#/replay/${id}">Replay</a>` : "";
      const yours = m.status === "active" && m.waiting?.includes(m.seat);
      return `<tr data-mine="${id}" data-status="${escape(m.status)}"${yours ? ' class="your-turn"' : ""}>`
        + `<td><a href="#/match/${id}"><code>${id}</code></a>${replay}</td>`
        + `<td class="mine-status">${escape(STATUS_WORDS[m.status] || m.status)}`
        + `${m.invite_code ? `, invite code <code>${escape(m.invite_code)}</code>` : ""}</td>`
        + `<td class="mine-opponent">${escape(opponents(m))}</td>`
        + `<td class="mine-turn">${escape(whoseTurn(m))}</td>`
        + `<td class="mine-result">${escape(resultWords(m))}</td>`
        + `<td>${escape(settingsWords(m))}</td></tr>`;
    });
    box.innerHTML = rows.length
      ? `<table><thead><tr><th>Match</th><th>Status</th><th>Opponent</th><th>Turn</th>
         <th>Result</th><th>Settings</th></tr></thead><tbody>${rows.join("")}</tbody></table>`
      : '<p class="muted">None yet.</p>';
  }

  // The match the create form chooses, as create_match (and seek) take it.
  settings(form) {
    const turns = Number(form.turns.value) || 0;
    return {
      system: "sbh", scenario: form.scenario.value || null, // (none: the server's default)
      points_limit: Number(form.points.value),
      board_size: Number(form.board.value), options: turns ? { turn_limit: turns } : {},
      time_control: CLOCKS.find(([key]) => key === form.clock.value)?.[2] || null,
      rated: Boolean(form.rated?.checked),
    };
  }

  async create(form, extra = {}, settings = null, where = "#create-status") {
    try {
      const created = await this.app.conn.request("create_match", settings || {
        ...this.settings(form), private: form.private.checked,
        takebacks: form.takebacks.value ? form.takebacks.value === "yes" : null, ...extra,
      });
      this.app.remember(created);
      this.app.go(`#/match/${created.match_id}`);
    } catch (error) {
      this.status(error.message, where);
    }
  }

  // The open (or live) matches of every rules system.
  async listBoth(type) {
    const lists = await Promise.all(["sbh", "asoiaf", "sns"].map((system) =>
      this.app.conn.request(type, { system }).catch(() => ({ matches: [] }))));
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
      found = [];  // (an older server: join says what is wrong, if anything)
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
}
