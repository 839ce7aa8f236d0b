// A Song of Ice & Fire's part of the match screen (match.js, match_head.js keep the head,
// clocks, chat and log): the square battlefield, the prompt panel, the side
// panel (each side's coins left by type, victory points, the active model's
// AP, the models with wounds and tokens, this seat's own agenda and the
// objective cards revealed), the legend, the hover line and the log's words.

import { AsoiafBoard, KIND_FILL, KIND_LABELS, squareKey, TERRAIN_FILL } from "./asoiaf_board.js";
import { AsoiafPrompt } from "./asoiaf_prompt.js";
import { asoiafRosterHtml } from "./asoiaf_roster.js";
import { formatAsoiafEvent, modelNames, PHASE_WORDS, squareWords } from "./asoiaf_words.js";
import { escape } from "./dom.js";
import { seatName } from "./names.js";


// A fresh copy of an element: the SBH board's and prompt's listeners stay behind.
function fresh(element) {
  const copy = element.cloneNode(false);
  element.replaceWith(copy);
  return copy;
}

// The legend: the square types and terrains on this battlefield, then the marks.
export function asoiafLegendHtml(view) {
const field = view?.battlefield;
  const item = (swatch, label) => `<span class="legend-item"><svg viewBox="0 0 2 2" `
    + `width="18" height="18">${swatch}</svg>${escape(label)}</span>`;
  const kinds = new Set((field?.rows || []).join(""));
  const out = Object.entries(KIND_LABELS).filter(([k]) => kinds.has(k)).map(([k, label]) =>
    item(`<rect width="2" height="2" fill="${KIND_FILL[k]}"/>`, label));
  for (const terrain of new Set((field?.zones || []).map((z) => z.terrain))) {
    out.push(item(`<rect width="2" height="2" fill="${TERRAIN_FILL[terrain] || "#888"}" `
      + 'fill-opacity="0.6"/>', terrain.replace(/_/g, " ")));
  }
  out.push(item('<rect x="0.2" y="0.2" width="1.6" height="1.6" fill="none" stroke="#d4a017" '
    + 'stroke-width="0.2"/>', "gold deployment zone"));
  out.push(item('<rect x="0.2" y="0.2" width="1.6" height="1.6" fill="none" stroke="#8e9aa6" '
    + 'stroke-width="0.2"/>', "silver deployment zone"));
  out.push('<span class="legend-item">walls: thick black; doors brown (dashed: open), '
    + "windows blue</span>", '<span class="legend-item">O objective (★ revealed), $ / ? '
    + "plunder tokens</span>", '<span class="legend-item">♥ wounds left, S shaken, R routed, '
    + "⛓ holds a captive, ✓ activated, gold ring: active</span>");
  return out.join("");
}

export class AsoiafTable {
  constructor(screen) {
    this.screen = screen;
    const root = screen.root;
    screen.boardBox = fresh(root.querySelector(".board"));
    // (the SBH trail reads SBH events; names are always on the tokens here)
    root.querySelector(".trail-tools").style.display = "none";
    root.querySelector(".names-toggle")?.closest("label")?.style.setProperty("display", "none");
    this.catalog = new Map(); // card name -> its catalog entry (stats for the hover)
    screen.app.catalog({}, "asoiaf").then((found) => {
      for (const card of found.models || []) this.catalog.set(card.name, card);
    }).catch(() => {});
    this.board = new AsoiafBoard(screen.boardBox, {
      onSquare: (key) => this.prompt.chooseSquare(key),
      onModel: (uid) => this.prompt.chooseModel(uid),
      onHover: (target) => this.hover(target),
    });
    this.prompt = new AsoiafPrompt(fresh(root.querySelector(".prompt")), {
      send: (type, args) => screen.app.conn.request("command", {
        match_id: screen.matchId, command: type, args, at_seq: screen.prompt.seq }),
      odds: (type, args) => screen.app.odds(screen.matchId, type, args),
      changed: () => this.draw(),
      turn: (turn) => screen.app.turn?.(turn),
      ctx: () => this.context(),
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
    const shared = new Set([...names].filter(([uid, name]) => [...names].some(([other, same]) =>
      same === name && seats.get(other) !== seats.get(uid))).map(([uid]) => uid));
    const seat = (s) => this.screen.seatWords(s);
    return { name: (uid) => (shared.has(uid) ? `${names.get(uid)} (${seat(seats.get(uid))})`
      : names.get(uid) || uid), seat };
  }

  formatEvent(event) {
    return formatAsoiafEvent(event, this.context());
  }

  setContext(context) {
    this.prompt.setContext(context);
    this.draw();
  }

  draw() {
    const marks = { ...this.prompt.marks(), active: this.view?.active_model || null,
      names: this.names };
    this.board.render(this.view, marks);
    const legend = asoiafLegendHtml(this.view);
    const box = this.screen.root.querySelector(".legend-body");
    if (box && box.dataset.html !== legend) {
      box.innerHTML = legend;
      box.dataset.html = legend;
    }
  }

  headBits(v) {
    const bits = [`${escape(v.battlefield?.name || v.scenario)}`,
      `round ${v.round} of ${v.rounds}`, `phase: ${escape(PHASE_WORDS[v.phase] || v.phase)}`];
    const vp = Object.entries(v.vp || {}).map(([s, p]) => `${escape(this.screen.seatWords(s))} `
      + `${p}`).join(" · ");
    if (vp) bits.push(`victory points ${vp}`);
    const active = (v.models || []).find((m) => m.uid === v.active_model);
    if (active) {
      bits.push(`acting: <span class="active-model">${escape(this.context().name(active.uid))}, `
        + `${active.ap} AP left</span>`);
    }
    return bits;
  }

  // The side panel: coins, models and this seat's secrets (the view holds only its own).
  roster() {
    const screen = this.screen;
    return asoiafRosterHtml(this.view, this.names,
      (seat) => seatName(seat, screen.players || {}, screen.warbands));
  }

  hover(target) {
    const line = this.screen.root.querySelector(".hover-info");
    if (!line) return;
    if (!target || !this.view?.battlefield) {
      line.textContent = "";
      return;
    }
    if (target.model) {
      const m = this.view.models.find((x) => x.uid === target.model);
      const card = this.catalog.get(m?.card);
      const stats = card ? ` — defence ${card.defence}+, will ${card.will}+, `
        + `${card.attacks.map((a) => `${a.name} ${a.dice}d10 on ${a.value}+`).join("; ")}` : "";
      line.textContent = `${this.names.get(m.uid)}: ${m.card}, ${m.wounds_left} wounds left`
        + `${m.conditions.length ? ` (${m.conditions.join(", ")})` : ""}${stats}`;
      this.prompt.hoverModel(target.model);
      return;
    }
    const [x, y] = target.square.split(",").map(Number);
    const field = this.view.battlefield;
    const kind = field.rows[y]?.[x];
    const zone = (field.zones || []).find((z) => z.squares.some((s) => squareKey(s)
      === target.square));
    const objective = (this.view.objectives || []).find((o) => squareKey(o.square)
      === target.square);
    line.textContent = `${squareWords([x, y])}: ${KIND_LABELS[kind] || kind}`
      + `${zone ? `, ${zone.terrain.replace(/_/g, " ")}` : ""}`
      + `${objective ? `, objective${objective.card ? ` ${objective.card}` : " (face down)"}` : ""}`;
  }
}
