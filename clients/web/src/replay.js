// The replay viewer of a finished match (the list is replay_list.js). The event
// list comes from `get_replay`; the board at step k is `get_view` with
// `at_seq: k` (the state after event k), fetched on demand and cached. Steps go by
// event, activation or turn (replay_steps.js), by buttons or keys; the log holds only
// what has happened by the step shown, and the result (with the summary in pictures,
// replay_summary.js) waits for the end, so nothing is spoiled.

import { AsoiafBoard } from "./asoiaf_board.js";
import { asoiafRosterHtml } from "./asoiaf_roster.js";
import { asoiafLegendHtml } from "./asoiaf_table.js";
import { formatAsoiafEvent, modelNames } from "./asoiaf_words.js";
import { Board } from "./board.js";
import { ChatPanel } from "./chat.js";
import { $, describeSetup, escape, when } from "./dom.js";
import { formatEvent, reasonWords } from "./events.js";
import { legendHtml, rosterHtml } from "./match_roster.js";
import { asoiafSetupWords } from "./lobby_asoiaf.js";
import { snsSetupWords } from "./lobby_sns.js";
import { SnsBoard } from "./sns_board.js";
import { snsLegendHtml, snsRosterHtml } from "./sns_table.js";
import { figureNames, formatSnsEvent } from "./sns_words.js";
import { displayNames, ownedNames, playerName, seatName } from "./names.js";
import { phaseWords } from "./phases.js";
import { Steps } from "./replay_steps.js";
import { effectiveEvents } from "./takeback.js";
import { summaryHtml } from "./replay_summary.js";
import { asoiafSummaryHtml } from "./asoiaf_summary.js";

const PLAY_MS = 700; // between steps at 1x
const SPEEDS = [0.5, 1, 2, 4];
// key -> [what to step by, direction]
const KEYS = {
  ArrowLeft: ["event", -1], ArrowRight: ["event", 1], ArrowUp: ["activation", -1],
  ArrowDown: ["activation", 1], PageUp: ["turn", -1], PageDown: ["turn", 1],
  Home: ["start", 0], End: ["end", 0],
};

export class ReplayViewer {
  constructor(root, app, matchId) {
    this.root = root;
    this.app = app;
    this.matchId = matchId;
    this.step = 0;
    this.views = new Map(); // seq -> view
    this.timer = null;
    this.wanted = 0;
    this.speed = 1;
    this.onKey = (e) => this.key(e);
  }

  async show() {
    const go = (by, direction, label, title) => `<button data-by="${by}" `
      + `data-direction="${direction}" title="${title}">${label}</button>`;
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
          <label>Speed <select class="speed">${SPEEDS.map((v) => `<option value="${v}"`
            + `${v === 1 ? " selected" : ""}>${v}×</option>`).join("")}</select></label>
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
    this.board = new Board($(this.root, ".board"), { onHover: () => {} });
    this.chat = new ChatPanel($(this.root, ".chat-card"), this.app, this.matchId); // (kept
    this.chat.show(); // with the match: both rooms, as it ended)
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
    const fresh = box.cloneNode(false);
    box.replaceWith(fresh);
    this.board = new AsoiafBoard(fresh, {});
    this.names = modelNames(this.final);
    this.seats = new Map((this.final?.models || []).map((m) => [m.uid, m.seat]));
    this.legend = asoiafLegendHtml;
    this.format = formatAsoiafEvent;
    this.drawView = (view) => {
      this.board.render(view, { squares: new Set(), models: new Set(), chosen: new Set(),
        active: view?.active_model || null, names: this.names });
      $(this.root, ".roster").innerHTML = asoiafRosterHtml(view, this.names,
        (seat) => this.seatWords(seat));
    };
  }

  // Swords & Sorcery's replay: its measured table, names, roster and words.
  sns() {
    const box = $(this.root, ".board");
    const fresh = box.cloneNode(false);
    box.replaceWith(fresh);
    this.board = new SnsBoard(fresh, {});
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
    $(this.root, ".roster").innerHTML = rosterHtml(view, this.names, this.players(),
      this.warbands, view?.activation?.figure);
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
    const figures = v.models ? v.models.map((m) => ({ id: m.uid, seat: m.seat, name: m.card }))
      : (v.figures || []).map((f) => ({ id: f.id || f.uid, seat: f.seat, name: f.name }));
    return ownedNames(figures, (seat) => playerName(seat, this.players(), this.warbands),
      this.names);
  }

  context() {
    return { name: (id) => this.words.get(id) || id, seat: (seat) => this.seatWords(seat) };
  }

  // The match's head: who played what; the result only once the end is reached.
  renderInfo(atEnd) {
    const d = this.doc;
    const players = Object.keys(d.players || {}).sort()
      .map((seat) => escape(this.seatWords(seat))).join(" vs ");
    const r = d.result || {};
    const reason = reasonWords(r.reason, (seat) => this.seatWords(seat)); // ("a conceded")
    const result = r.winner ? `${this.seatWords(r.winner)} won${reason ? ` (${reason})` : ""}`
      : `no winner${reason ? ` (${reason})` : ""}`;
    const setup = d.system === "asoiaf" ? asoiafSetupWords(d.setup)
      : d.system === "sns" ? snsSetupWords(d.setup) : describeSetup(d.setup);
    $(this.root, ".match-info").innerHTML = `${players} · ${escape(setup)} · `
      + (atEnd ? `<span class="result">${escape(result)}</span>`
        : '<span class="muted">the result shows at the end</span>')
      + ` · finished ${escape(when(d.finished_at))} · seed <code title="SHA-256 commitment `
      + `${escape(d.seed_commitment)}">${escape(String(d.seed).slice(0, 12))}…</code>`;
  }

  // Every log line, built once; the log shows those up to the step.
  logLines() {
    const ctx = this.context();
    const lines = [];
    for (const { seq, event } of this.events) {
      const line = this.format(event, ctx);
      if (!line) continue;
      lines.push({ seq, html: `<li class="log-${line.kind}" data-seq="${seq}" `
        + `data-type="${escape(event?.type || "hidden")}"><span class="seq">${seq}</span> `
        + `${escape(line.text)}</li>` });
    }
    return lines;
  }

  click(e) {
    const button = e.target.closest("button[data-by], button[data-go]");
    if (button?.dataset.go === "play") {
      if (this.timer) this.pause();
      else this.play();
    } else if (button?.dataset.go === "summary") {
      this.showSummary();
    } else if (button) {
      this.pause();
      this.go(button.dataset.by, Number(button.dataset.direction));
    } else {
      const line = e.target.closest(".log li[data-seq]");
      if (line) {
        this.pause();
        this.seek(Number(line.dataset.seq));
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
    const button = this.root && this.root.querySelector(".play");
    if (button) button.textContent = "▶ Play";
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
    $(this.root, ".step-label").textContent = `${turn ? `turn ${turn} · ` : ""}`
      + `step ${seq} / ${this.last}`;
    this.renderLog(seq);
    this.renderInfo(this.revealed || seq === this.last);
    let view;
    try {
      view = await this.viewAt(seq);
    } catch (error) {
      this.app.status(error.message, "error");
      return;
    }
    if (this.wanted !== seq) return; // a later seek overtook this one
    this.drawView(view);
    const record = this.events.find((e) => e.seq === seq);
    const line = record ? this.format(record.event, this.context()) : null;
    $(this.root, ".now").innerHTML = `<h3>Step ${seq} of ${this.last}</h3>`
      + `<p>${seq === 0 ? "Before the first event." : escape(line?.text || record?.event?.type || "")}</p>`
      + `<p class="muted">${view?.rounds ? `Round ${view.round} of ${view.rounds}`
        : `Turn ${view?.turn ?? 0}`} · phase: ${escape(phaseWords(this.doc.system, view?.phase))}</p>`;
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
    if (this.doc.system === "asoiaf") { // (the server sums up: get_summary)
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
    // (the moves that still count: a turn taken back and played again is counted once)
    const kept = effectiveEvents(this.events);
    const turns = kept.filter((e) => this.steps.kinds.turn.has(e.event?.type)).map((e) => e.seq);
    const ends = [...turns.slice(1).map((s) => s - 1), this.last];
    const perTurn = [];
    for (const [index, seq] of ends.entries()) {
      perTurn.push({ turn: index + 1, view: await this.viewAt(seq) });
    }
    card.innerHTML = summaryHtml({ events: kept, perTurn,
      seatOf: (id) => this.seats.get(id) || String(id).slice(0, 1),
      name: (seat) => this.seatWords(seat) });
    card.dataset.done = "yes";
    this.revealed = true; // (asked for: the result stays in the head from now on)
    this.renderInfo(true);
  }
}
