// The A Song of Ice & Fire battlefield as SVG (one unit a square): 7x7 tiles
// side by side, the four square types, walls and doors/windows on square sides,
// terrain and deployment zones, objectives and plunder tokens, and the models
// (1x1 or 2x2 large) with their wounds, shaken/routed tokens and captives. The
// current choice's squares and models are highlighted; clicks and hovers go
// to the handlers: onSquare("x,y"), onModel(uid), onHover({square} | {model} | null).

import { fitBoard } from "./board_fit.js";
import { escape } from "./dom.js";
import { SEAT_COLOURS, tokenText } from "./names.js";
import { squareWords } from "./asoiaf_words.js";

const PAD = 0.6; // room around the battlefield for the grid numbers
export const KIND_FILL = { ".": "#e9e4c9", x: "#c9dcae", o: "#9c9484", "#": "#5f5a50" };
export const KIND_LABELS = { ".": "OPEN", x: "OPEN-X (blocks sight)",
  o: "BLOCKED", "#": "BLOCKED-X (blocks sight)" };
export const TERRAIN_FILL = { river: "#6fa8dc", high_ground: "#b58b4c", bonfire: "#e8743b",
  dead_leaves: "#a0522d", ditch_with_stakes: "#7a5230", big_corpse_pile: "#6b4e4e",
  large_tree: "#2f6b2f", rocks: "#777", bush: "#4f8a3a", moat: "#3d6e9c" };
const ZONE_FILL = { gold: "#d4a017", silver: "#8e9aa6" };
const OPENING_STYLE = {
  "door:closed": ["#7a4b1e", ""], "door:barred": ["#5a1010", ""],
  "door:open": ["#c08a4a", "0.15 0.1"], "door:broken": ["#999", "0.08 0.08"],
  "window:intact": ["#4aa3df", ""], "window:broken": ["#4aa3df", "0.08 0.08"],
};

export const squareKey = (sq) => `${sq[0]},${sq[1]}`;

// The side between two squares as a line [x1, y1, x2, y2] in board units.
function sideLine([ax, ay, bx, by]) {
  if (ax !== bx) {
    const x = Math.max(ax, bx);
    return [x, ay, x, ay + 1];
  }
  const y = Math.max(ay, by);
  return [ax, y, ax + 1, y];
}

function line([x1, y1, x2, y2], stroke, width, dash, extra = "") {
  return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" `
    + `stroke-width="${width}" stroke-linecap="round"${dash ? ` stroke-dasharray="${dash}"` : ""}`
    + `${extra}/>`;
}

export class AsoiafBoard {
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
      this.container.innerHTML = '<p class="muted">The battlefield appears when the match '
        + "starts.</p>";
      return;
    }
    const { width, height } = field;
    this.aspect = (height + 2 * PAD) / (width + 2 * PAD);
    const out = [`<svg class="asoiaf-board" viewBox="${-PAD} ${-PAD} ${width + 2 * PAD} `
      + `${height + 2 * PAD}" xmlns="http://www.w3.org/2000/svg">`];
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
        const key = `${x},${y}`;
        const legal = marks.squares.has(key);
        out.push(`<rect class="square${legal ? " legal-square" : ""}" data-square="${key}" `
          + `data-kind="${escape(kind)}" x="${x}" y="${y}" width="1" height="1" `
          + `fill="${KIND_FILL[kind] || KIND_FILL["."]}"/>`);
        if (kind === "x" || kind === "#") {
          out.push(line([x + 0.25, y + 0.25, x + 0.75, y + 0.75], "#333", 0.05, "",
            ' pointer-events="none"'));
          out.push(line([x + 0.75, y + 0.25, x + 0.25, y + 0.75], "#333", 0.05, "",
            ' pointer-events="none"'));
        } else if (kind === "o") {
          out.push(`<circle cx="${x + 0.5}" cy="${y + 0.5}" r="0.08" fill="#333" `
            + 'pointer-events="none"/>');
        }
      });
    });
    return out.join("");
  }

  _zones(field) {
    const out = [];
    for (const [colour, squares] of Object.entries(field.deployment || {})) {
      for (const [x, y] of squares) {
        out.push(`<rect class="deploy-zone" data-zone="${colour}" x="${x + 0.04}" `
          + `y="${y + 0.04}" width="0.92" height="0.92" fill="none" stroke="${ZONE_FILL[colour]}" `
          + 'stroke-width="0.06" pointer-events="none"/>');
      }
    }
    for (const zone of field.zones || []) {
      for (const [x, y] of zone.squares) {
        out.push(`<rect class="terrain-zone" data-terrain="${escape(zone.terrain)}" x="${x}" `
          + `y="${y}" width="1" height="1" fill="${TERRAIN_FILL[zone.terrain] || "#888"}" `
          + 'fill-opacity="0.45" pointer-events="none"/>');
      }
    }
    return out.join("");
  }

  _grid(field) {
    const out = [];
    for (let x = 0; x <= field.width; x += 1) {
      const tile = x % field.tile === 0;
      out.push(line([x, 0, x, field.height], tile ? "#444" : "#0003", tile ? 0.05 : 0.02));
    }
    for (let y = 0; y <= field.height; y += 1) {
      const tile = y % field.tile === 0;
      out.push(line([0, y, field.width, y], tile ? "#444" : "#0003", tile ? 0.05 : 0.02));
    }
    for (let x = 0; x < field.width; x += 1) {
      out.push(`<text class="grid-number" x="${x + 0.5}" y="${-0.15}" font-size="0.35" `
        + `text-anchor="middle">${x + 1}</text>`);
    }
    for (let y = 0; y < field.height; y += 1) {
      out.push(`<text class="grid-number" x="${-0.3}" y="${y + 0.62}" font-size="0.35" `
        + `text-anchor="middle">${y + 1}</text>`);
    }
    return `<g pointer-events="none">${out.join("")}</g>`;
  }

  _walls(field) {
    const out = (field.walls || []).map((side) => line(sideLine(side), "#222", 0.14, "",
      ' class="wall"'));
    (field.openings || []).forEach(([ax, ay, bx, by, kind, state], index) => {
      const [stroke, dash] = OPENING_STYLE[`${kind}:${state}`] || ["#000", ""];
      out.push(line(sideLine([ax, ay, bx, by]), stroke, 0.2, dash,
        ` class="opening" data-opening="${index}" data-kind="${kind}" data-state="${state}"`
        + ` pointer-events="none"`));
    });
    return `<g pointer-events="none">${out.join("")}</g>`;
  }

  _tokens(view, field) {
    const out = [];
    for (const objective of view.objectives || []) {
      const [x, y] = objective.square;
      out.push(`<g class="objective" pointer-events="none"><circle cx="${x + 0.5}" `
        + `cy="${y + 0.5}" r="0.38" fill="#fff8" stroke="#7a2" stroke-width="0.07"/>`
        + `<text x="${x + 0.5}" y="${y + 0.62}" font-size="0.35" text-anchor="middle">`
        + `${objective.card ? "★" : "O"}</text></g>`);
    }
    const taken = new Set((view.plundered || []).map(squareKey));
    for (const [x, y, kind] of field.plunder || []) {
      if (taken.has(`${x},${y}`)) continue;
      out.push(`<g class="plunder" data-plunder="${kind}" pointer-events="none">`
        + `<rect x="${x + 0.22}" y="${y + 0.22}" width="0.56" height="0.56" rx="0.1" `
        + `fill="${kind === "coin" ? "#e6c229" : "#b48ad6"}" stroke="#333" stroke-width="0.04"/>`
        + `<text x="${x + 0.5}" y="${y + 0.64}" font-size="0.38" text-anchor="middle">`
        + `${kind === "coin" ? "$" : "?"}</text></g>`);
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
      const classes = ["model", marks.models.has(m.uid) ? "legal" : "",
        marks.chosen.has(m.uid) ? "chosen" : "", m.uid === marks.active ? "active" : "",
        m.activated ? "activated" : ""].filter(Boolean).join(" ");
      const states = [...m.conditions, m.captive ? "captor" : ""].filter(Boolean).join(" ");
      const cx = x + size / 2;
      const cy = y + size / 2;
      const r = size * 0.4;
      // its equipment token in the hover words, spent or not (a once-per-game token)
      const token = m.equipment ? `, ${m.equipment}${m.equipment_spent ? " (spent)" : ""}` : "";
      out.push(`<g class="${classes}" data-model="${escape(m.uid)}" data-seat="${m.seat}" `
        + `data-square="${x},${y}" data-states="${escape(states)}" data-large="${m.large}">`
        + `<title>${escape(name)} — ${escape(squareWords(m.square))}${escape(token)}</title>`);
      // a ring around the token (a rounded square around a large model)
      const ring = (grow, style) => (m.large
        ? `<rect x="${x + 0.15 - grow}" y="${y + 0.15 - grow}" width="${1.7 + 2 * grow}" `
          + `height="${1.7 + 2 * grow}" rx="0.4" fill="none" ${style}/>`
        : `<circle cx="${cx}" cy="${cy}" r="${r + grow}" fill="none" ${style}/>`);
      if (m.uid === marks.active) out.push(ring(0.09, 'stroke="#f5b700" stroke-width="0.12"'));
      if (marks.models.has(m.uid)) {
        out.push(ring(0.07, 'class="legal-ring" stroke="#1a7f37" stroke-width="0.1" '
          + 'stroke-dasharray="0.15 0.08"'));
      }
      const shape = m.large
        ? `<rect class="body" x="${x + 0.15}" y="${y + 0.15}" width="1.7" height="1.7" rx="0.35"`
        : `<circle class="body" cx="${cx}" cy="${cy}" r="${r}"`;
      out.push(`${shape} fill="${SEAT_COLOURS[m.seat] || "#555"}" stroke="#111" `
        + `stroke-width="0.05"${m.activated ? ' fill-opacity="0.55"' : ""}/>`);
      out.push(`<text x="${cx}" y="${cy + 0.1 * size}" font-size="${0.32 * size}" `
        + `text-anchor="middle" fill="#fff" pointer-events="none">${escape(tokenText(name))}</text>`);
      // wounds left, bottom right
      out.push(`<text class="wounds" x="${x + size - 0.08}" y="${y + size - 0.06}" `
        + 'font-size="0.28" text-anchor="end" fill="#b00" stroke="#fff" stroke-width="0.02" '
        + `pointer-events="none">${m.wounds_left}♥</text>`);
      let badge = 0;
      for (const [flag, letter, colour] of [[m.conditions.includes("shaken"), "S", "#d97706"],
        [m.conditions.includes("routed"), "R", "#7c3aed"], [Boolean(m.captive), "⛓", "#333"]]) {
        if (!flag) continue;
        out.push(`<circle cx="${x + 0.16 + badge * 0.3}" cy="${y + 0.16}" r="0.14" `
          + `fill="${colour}" pointer-events="none"/><text x="${x + 0.16 + badge * 0.3}" `
          + `y="${y + 0.25}" font-size="0.22" text-anchor="middle" fill="#fff" `
          + `pointer-events="none">${letter}</text>`);
        badge += 1;
      }
      if (m.equipment) out.push(equipmentMark(m, x, y + size));
      if (m.activated) {
        out.push(`<text x="${x + size - 0.12}" y="${y + 0.3}" font-size="0.26" `
          + 'text-anchor="end" pointer-events="none">✓</text>');
      }
      out.push("</g>");
    }
    return out.join("");
  }
}

// A model's equipment token, bottom left: a gold disc while it may be used, a grey
// one struck through once it is spent (a once-per-game token, discarded).
function equipmentMark(m, x, bottom) {
  const cx = x + 0.17;
  const cy = bottom - 0.17;
  const spent = Boolean(m.equipment_spent);
  return `<g class="equipment" data-equipment="${spent ? "spent" : "ready"}" `
    + `pointer-events="none"><circle cx="${cx}" cy="${cy}" r="0.13" fill="${spent ? "#bbb"
      : "#e6c229"}" stroke="#333" stroke-width="0.03"/>`
    + `<text x="${cx}" y="${cy + 0.07}" font-size="0.18" text-anchor="middle" fill="${spent
      ? "#666" : "#222"}">E</text>${spent ? `<line x1="${cx - 0.13}" y1="${cy + 0.13}" `
      + `x2="${cx + 0.13}" y2="${cy - 0.13}" stroke="#b00" stroke-width="0.05"/>` : ""}</g>`;
}
