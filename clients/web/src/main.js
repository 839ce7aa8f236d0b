// The warband browser client: one connection, a session token kept in
// localStorage, and screens chosen by the location hash:
//   #/lobby  #/match/ID  #/watch/ID  #/replays  #/replay/ID  (and the sign-in page)

import { RematchOffers } from "./rematch.js";
import { renderRatings } from "./ratings.js";
import { EventScreen, renderEventList } from "./tournaments.js";
import { Board } from "./board.js";
import { Connection } from "./connection.js";
import { $, escape } from "./dom.js";
import { formatEvent, formatOdds } from "./events.js";
import { Lobby } from "./lobby.js";
import { renderLogin } from "./login.js";
import { MatchScreen } from "./match.js";
import { legendHtml } from "./match_roster.js";
import { objectsAt } from "./objectives.js";
import { PromptUI } from "./prompt.js";
import { questionText } from "./prompt_words.js";
import { ReplayViewer } from "./replay.js";
import { AsoiafBoard } from "./asoiaf_board.js";
import { AsoiafPrompt } from "./asoiaf_prompt.js";
import { asoiafRosterHtml } from "./asoiaf_roster.js";
import { formatAsoiafEvent } from "./asoiaf_words.js";
import { SnsBoard } from "./sns_board.js";
import { SnsPrompt } from "./sns_prompt.js";
import { formatSnsEvent } from "./sns_words.js";
import * as snsGeometry from "./sns_geometry.js";
import { renderReplayList } from "./replay_list.js";
import { TurnSignal } from "./turn_signal.js";
import { loadScenarios } from "./scenarios.js";

const TOKEN_KEY = "warband.token";
const MATCHES_KEY = "warband.matches";

class App {
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
    this.catalogs = new Map(); // JSON(options) -> Promise of the server's catalog reply
    this.oddsAvailable = true;
    this.turnSignal = new TurnSignal();
    this.rematches = new RematchOffers(this);
    // pushes that belong to no match being watched: the seek paired, a rematch offered
    this.pushHandlers = new Map([["rematch_offered", (f) => this.rematches.offered(f)]]);
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
    this.started = true; // (browser tests replace the page only after this: see wait_for_library)
  }

  connectionStatus(status) {
    const badge = $(document, "#connection");
    if (!badge) return; // (a page whose document was replaced: the browser tests' pieces)
    badge.textContent = status;
    badge.className = `connection ${status}`;
  }

  status(text, kind = "info") {
    const line = $(document, "#status");
    if (!line) return;
    line.textContent = text;
    line.className = `status ${kind}`;
    clearTimeout(this.statusTimer);
    this.statusTimer = setTimeout(() => {
      line.textContent = "";
    }, 8000);
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
      // signed out already
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
    mine.unshift({ match_id: reply.match_id, seat: reply.seat,
      invite_code: reply.invite_code || null, setup: reply.setup || null });
    all[this.account.account_id] = mine.slice(0, 20);
    localStorage.setItem(MATCHES_KEY, JSON.stringify(all));
  }

  // The server's warband catalog (priced profiles, ready-made lists) for these
  // match options; fetched once per options, and again after a failure.
  catalog(options = {}, system = "sbh") {
    const key = JSON.stringify([system, options]);
    if (!this.catalogs.has(key)) {
      const asked = this.conn.request("catalog", { system, options });
      asked.catch(() => this.catalogs.delete(key));
      this.catalogs.set(key, asked);
    }
    return this.catalogs.get(key);
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
    box.innerHTML = this.account
      ? `${escape(this.account.name)}${this.account.guest ? " (guest)" : ""} `
        + '<label class="check turn-sound" title="A short tone when it becomes your turn">'
        + `<input type="checkbox" id="turn-sound"${this.turnSignal.sound ? " checked" : ""}> `
        + 'sound<span class="wide"> on my turn</span></label> '
        + '<button id="logout" class="small">Sign out</button>'
      : "";
    $(document, "#nav").hidden = !this.account;
  }

  route() {
    if (this.screen?.hide) this.screen.hide();
    this.screen = null;
    // a fresh element for each screen: no event listener outlives its screen
    const fresh = this.root.cloneNode(false);
    this.root.replaceWith(fresh);
    this.root = fresh;
    this.renderUser();
    if (!this.account) {
      renderLogin(this.root, this);
      return;
    }
    this.scenarios = this.scenarios || loadScenarios(this); // (once a session)
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
}

const app = new App();
window.warband = app; // for debugging from the console
// for tests of drawing, wording and the prompt panel
window.warbandLib = { Board, formatEvent, formatOdds, legendHtml, MatchScreen, objectsAt,
  PromptUI, questionText, AsoiafBoard, AsoiafPrompt, asoiafRosterHtml, formatAsoiafEvent,
  SnsBoard, SnsPrompt, formatSnsEvent, snsGeometry };
app.start();
