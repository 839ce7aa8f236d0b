// Swords & Sorcery's part of the match screen (match.js, match_head.js keep the head, clocks,
// chat and log): the measured table, the prompt panel, the side panel (each
// side's figures with wounds and states, this seat's spell cards), the legend,
// the hover line and the log's words.

import { escape } from "./dom.js";
import { seatName } from "./names.js";
import { SnsBoard, TERRAIN_FILL, TERRAIN_WORDS } from "./sns_board.js";
import { SnsPrompt } from "./sns_prompt.js";
import { describedRefusal, inchesBetween } from "./sns_geometry.js";
import { facingWords, figureNames, formatSnsEvent, PHASE_WORDS, placeWords } from "./sns_words.js";

function fresh(element) {
  const copy = element.cloneNode(false);
  element.replaceWith(copy);
  return copy;
}

export function snsLegendHtml(view) {
  const item = (swatch, label) => `<span class="legend-item"><svg viewBox="0 0 2 2" `
    + `width="18" height="18">${swatch}</svg>${escape(label)}</span>`;
  const kinds = new Set((view?.table?.terrain || []).map((p) => p.movement));
  const out = [...kinds].map((k) => item(`<rect width="2" height="2" fill="${TERRAIN_FILL[k]}"/>`,
    TERRAIN_WORDS[k] || k));
  out.push(item('<rect width="2" height="2" fill="#f2c94c" fill-opacity="0.5"/>',
    "where the chosen figure may go (click inside)"));
  out.push('<span class="legend-item">hover a figure: green front, yellow sides, red rear; '
    + "dashed circle its move, purple its short (solid) and long (dotted) range; grid 6\"</span>");
  return out.join("");
}

// Each side's figures with cost and state, and the spell cards the viewer may see.
export function snsRosterHtml(v, seatWords) {
  if (!v?.figures) return "";
  const names = figureNames(v);
  const side = (seat) => {
    const rows = v.figures.filter((f) => f.seat === seat).map((f) => {
      const state = f.dead ? "dead" : f.fled ? "fled" : [f.wounds ? `${f.wounds} wounds` : "",
        f.routing ? "routing" : "", f.mortal ? "mortally wounded" : "",
        f.knocked_down ? "knocked down" : "", f.stunned ? "stunned" : ""]
        .filter(Boolean).join(", ") || "ready";
      const cards = Array.isArray(v.hands?.[f.uid]) ? ` — spells: ${v.hands[f.uid].join(", ")}`
        : Number.isInteger(v.hands?.[f.uid]) ? ` — ${v.hands[f.uid]} spell cards` : "";
      return `<li data-figure="${escape(f.uid)}" class="${f.dead || f.fled ? "gone" : ""}">`
        + `${escape(names.get(f.uid))} (${f.cost} gold): ${escape(state)}${escape(cards)}</li>`;
    });
    return `<h3>${escape(seatWords(seat))} — ${escape(v.armies?.[seat] || "")}</h3>`
      + `<ul class="sns-roster">${rows.join("")}</ul>`;
  };
  return side("a") + side("b");
}

export class SnsTable {
  constructor(screen) {
    this.screen = screen;
    const root = screen.root;
    screen.boardBox = fresh(root.querySelector(".board"));
    root.querySelector(".trail-tools").style.display = "none";
    root.querySelector(".names-toggle")?.closest("label")?.style.setProperty("display", "none");
    this.board = new SnsBoard(screen.boardBox, {
      onPoint: (p) => this.prompt.choosePoint(p),
      onFigure: (uid) => this.prompt.chooseFigure(uid),
      onHover: (target) => this.hover(target),
    });
    // a click on one's own figure that is no target picks it (its options listed)
    screen.boardBox.addEventListener("click", (e) => {
      const base = e.target.closest("[data-figure]");
      if (base && !this.board.marks.targets?.has(base.dataset.figure)) {
        this.prompt.chooseFigure(base.dataset.figure);
      }
    });
    this.prompt = new SnsPrompt(fresh(root.querySelector(".prompt")), {
      send: (type, args) => screen.app.conn.request("command", {
        match_id: screen.matchId, command: type, args, at_seq: screen.prompt.seq }),
      odds: (type, args) => screen.app.odds(screen.matchId, type, args),
      changed: () => this.draw(),
      aim: (bearing) => this.board.hover({ bearing }),
      turn: (turn) => screen.app.turn?.(turn),
      ctx: () => this.context(),
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
    const bits = [`turn ${v.turn} of ${v.last_turn}`,
      `phase: ${escape(PHASE_WORDS[v.phase] || v.phase)}`];
    if (["fast_move", "slow_move", "ranged"].includes(v.phase) && v.acting) {
      bits.push(`acting: ${escape(this.screen.seatWords(v.acting))}`);
    }
    return bits;
  }

  roster() {
    const screen = this.screen;
    return snsRosterHtml(this.view, (seat) => seatName(seat, screen.players || {},
      screen.warbands));
  }

  hover(target) {
    this.board.hover(target);
    const line = this.screen.root.querySelector(".hover-info");
    if (target?.figure) this.prompt.hoverFigure(target.figure);
    if (!line) return;
    const f = target?.figure && this.view?.figures?.find((x) => x.uid === target.figure);
    if (f) {
      const ranged = f.ranged ? `, ${f.ranged.weapon} ${f.ranged.range}" (long ${f.ranged.range
        * 2}")` : "";
      line.textContent = `${this.context().name(f.uid)}: ${f.kit.join(", ")}; move `
        + `${f.move_inches}"${ranged}; ${facingWords(f.facing)}`;
      return;
    }
    if (!target?.point) {
      line.textContent = "";
      return;
    }
    const desc = this.prompt.marks().area;
    let words = placeWords(target.point);
    if (desc?.from && desc.shape !== "spell_range") {
      const why = describedRefusal(desc, target.point);
      words += ` — ${inchesBetween(desc.from, target.point)} away${why ? `: ${why}` : ""}`;
    }
    line.textContent = words;
  }
}
