// A live match, played or watched: the board, the prompt, the roster and the
// log, kept up to date from the subscription's pushes (event, prompt, view,
// snapshot, match_status, match_over).

import { Board } from "./board.js";
import { ChatPanel } from "./chat.js";
import { ClockPanel } from "./clocks.js";
import { $, escape } from "./dom.js";
import { formatEvent, reasonWords } from "./events.js";
import { displayNames, ownedNames, playerName } from "./names.js";
import { objectsAt } from "./objectives.js";
import { legendHtml, rosterHtml } from "./match_roster.js";
import { matchLayout, renderMatchHead } from "./match_head.js";
import { tableFor } from "./systems.js";
import { PromptUI } from "./prompt.js";
import { hexWords } from "./prompt_rows.js";
import { effectiveEvents, TakebackBar } from "./takeback.js";
import { KIND_STYLES } from "./terrain.js";
import { TrailControl } from "./trail_control.js";

export class MatchScreen {
  constructor(root, app, matchId, { spectate = false } = {}) {
    this.root = root;
    this.app = app;
    this.matchId = matchId;
    this.spectate = spectate;
    this.events = []; // [{seq, event}]
    this.view = null;
    this.prompt = null;
    this.seat = null;
    this.status = "connecting";
    this.result = null;
    this.warbands = {};
    this.namesKey = "";
    this.table = null; // another system's board, prompt and roster (systems.js); null: SBH
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
    this.root.innerHTML = matchLayout(`${this.spectate ? "Watching" : "Match"} `
      + `<code class="match-id">${escape(this.matchId)}</code>`);
    this.invite = mine?.invite_code || null;
    this.setup = mine?.setup || null; // known before the first view when we created it
    this.boardBox = $(this.root, ".board");
    this.board = new Board(this.boardBox, {
      // a click on the board while looking back brings it to now, never a choice
      onHex: (key, point) => this.trail.back() || this.promptUI.chooseHex(key, point),
      onFigure: (id) => this.trail.back() || this.promptUI.chooseFigure(id),
      onHover: (target) => this.hover(target),
    });
    this.clocks = new ClockPanel($(this.root, ".clocks"), {
      claim: () => this.app.conn.request("claim_timeout", { match_id: this.matchId }),
      nameOf: (seat) => this.seatWords(seat),
    });
    this.takebacks = new TakebackBar($(this.root, ".takeback-bar"), {
      send: (type, fields) => this.app.conn.request(type, { match_id: this.matchId, ...fields }),
      seatWords: (seat) => this.seatWords(seat),
    });
    this.promptUI = new PromptUI($(this.root, ".prompt"), {
      send: (type, args) => this.decided() && this.app.conn.request("command", {
        match_id: this.matchId, command: type, args, at_seq: this.prompt.seq,
      }),
      odds: (type, args) => this.app.odds(this.matchId, type, args),
      changed: () => this.drawBoard(),
      catalog: (options) => this.app.catalog(options),
      checkList: (list, options) => this.app.conn.request("check_list", {
        system: "sbh", list, options,
      }),
      status: (text) => this.promptUI.showError(text),
      turn: (turn) => this.app.turn?.(turn),
    });
    this.trail = new TrailControl($(this.root, ".trail-tools"), {
      changed: () => this.drawBoard(), log: () => $(this.root, ".log"),
      name: (id) => this.wordNames.get(id) || id,
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
        spectate: this.spectate, views: true, onPush: (frame) => this.push(frame),
      });
      this.status = reply.status;
      this.players = reply.players || {};
      this.useSystem(reply.system);
      // an open match does not say whose seat we hold yet: we know from create/join
      this.seat = reply.seat ?? (reply.status === "open" && !this.spectate && mine ? mine.seat
        : null);
      this.renderHead();
      this.renderPrompt();
      this.renderLog(); // (its lines name the players, known now)
      // a finished match pushes its events and match_over but no view: ask for its last one
      if (reply.status === "finished" && !this.view) await this.loadFinalView();
    } catch (error) {
      this.status = "error";
      $(this.root, ".match-info").textContent = error.message;
    }
  }

  async loadFinalView() {
    const reply = await this.app.conn.request("get_view", { match_id: this.matchId });
    if (this.view) return; // (a push brought one meanwhile)
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
    const button = e.target.closest("button");
    if (!button) return;
    if (button.dataset.zoom) {
      const zoom = button.dataset.zoom;
      const board = this.table?.board || this.board;
      board.setZoom(zoom === "fit" ? 1 : board.zoom * (zoom === "in" ? 1.25 : 0.8));
    } else if (button.dataset.action === "to-prompt") { // (a phone: the prompt is below the board)
      $(this.root, ".prompt").scrollIntoView({ block: "start" });
    } else if (button.dataset.action === "resign") {
      if (button.dataset.confirm !== "yes") {
        button.dataset.confirm = "yes";
        button.textContent = "Really concede?";
        return;
      }
      this.app.conn.request("resign", { match_id: this.matchId })
        .catch((error) => this.actionError(error.message));
    } else if (button.dataset.action === "take-back") {
      this.takebacks.ask();
    } else if (button.dataset.action === "offer-draw") {
      this.app.conn.request("command", { match_id: this.matchId, command: "offer_draw",
        args: {} }).catch((error) => this.actionError(error.message));
    } else if (button.dataset.action === "rematch") {
      button.disabled = true;
      this.app.rematches.ask(this.matchId).then((refused) => {
        button.disabled = false;
        if (refused) this.actionError(refused);
      });
    } else if (button.dataset.action === "leave") {
      this.app.conn.request("leave", { match_id: this.matchId })
        .then(() => this.app.go("#/lobby"))
        .catch((error) => this.actionError(error.message));
    }
  }

  // An error beside the button that caused it (resign, leave).
  actionError(text) {
    const actions = $(this.root, ".match-actions");
    actions.querySelector(".action-error")?.remove();
    actions.insertAdjacentHTML("beforeend", `<p class="status error action-error" role="alert">`
      + `${escape(text)}</p>`);
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
        // (the trail follows the moves that still count: none taken back)
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
        if (frame.seat !== undefined) this.seat = frame.seat;
        if (frame.players) this.players = frame.players;
        this.useSystem(frame.system);
        this.renderHead();
        break;
      case "match_over":
        this.status = "finished";
        this.result = frame.result;
        this.ratings = frame.ratings || null;
        this.clocks.stop();
        this.chat.reload(); // (the players may read the spectators' room now)
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
      figure: (id) => figures.get(id),
    };
  }

  logLine(seq, event, ctx) {
    const line = this.table ? this.table.formatEvent(event) : formatEvent(event, ctx);
    if (!line) return "";
    return `<li class="log-${line.kind}" data-seq="${seq}" data-type="${escape(event?.type || "hidden")}">`
      + `<span class="seq">${seq}</span> ${escape(line.text)}</li>`;
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
    const key = (this.view?.figures || this.view?.models || [])
      .map((f) => `${f.id || f.uid}:${f.name || f.card}`).join("|")
      + `|${["a", "b"].map((seat) => this.seatWords(seat)).join("|")}`;
    if (key !== this.namesKey) {
      this.namesKey = key; // names changed (lists revealed, players known): reword the log
      this.renderLog();
    }
    this.renderHead();
    this.renderPrompt();
    this.renderRoster();
  }

  renderPrompt() {
    if (this.table) {
      this.table.setContext({ prompt: this.prompt, view: this.view, seat: this.seat,
        players: this.players || {}, warbands: this.warbands,
        finished: this.result ? this.resultText() : null });
      return;
    }
    this.promptUI.setContext({
      prompt: this.prompt, view: this.view, seat: this.seat, players: this.players || {},
      warbands: this.warbands,
      finished: this.result ? this.resultText() : null,
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
    // (a lay-out being drawn; figures planned by "Place the rest")
    let view = this.promptUI.plan.draftView(this.promptUI.terrain.draftView(this.view));
    marks.trail = this.trail.marks();
    const past = this.trail.pastView();
    if (past) {
      view = past; // stepping back: the board as it was after that step
      marks.hexes = new Map();
      marks.figures = new Map();
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
    $(this.root, ".roster").innerHTML = rosterHtml(this.view, this.names, this.players || {},
                                                   this.warbands,
      this.view?.activation?.figure);
  }

  renderHead() {
    renderMatchHead(this);
  }

  hover(target) {
    const line = $(this.root, ".hover-info");
    if (!target) {
      line.textContent = "";
      this.promptUI.hoverFigure(null);
      return;
    }
    if (target.figure) {
      const fig = (this.view?.figures || []).find((f) => f.id === target.figure);
      if (fig) {
        line.textContent = `${this.wordNames.get(fig.id)}: ${fig.name}, Q${fig.quality}+ C${fig.combat}`
          + `${fig.rules.length ? ` (${fig.rules.join(", ")})` : ""}`;
      } else {
        const marker = (this.view?.markers || []).find((m) => m.marker === target.figure);
        if (marker) line.textContent = objectsAt(this.view, marker.at.join(","), this.wordNames).join("");
      }
      this.promptUI.hoverFigure(target.figure);
    } else {
      const [q, r] = target.hex.split(",").map(Number);
      const kind = (this.view?.board?.terrain || []).find(([a, b]) => a === q && b === r)?.[2]
        || "open";
      const objects = objectsAt(this.view, target.hex, this.wordNames);
      line.textContent = `${hexWords([q, r])}: `
        + `${KIND_STYLES[kind]?.label || kind}${objects.length ? ` — ${objects.join(", ")}` : ""}`;
      this.promptUI.hoverFigure(null);
    }
  }
}
