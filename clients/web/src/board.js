// The SBH board as SVG: pointy-top hexes in "odd-r" rows (docs/rules/board.md:
// column c of row r is axial [c - floor(r/2), r]; row 0 is the north edge),
// terrain, walls and cliffs on hex sides, the scenario's objects (objectives.js:
// treasure tokens, the Place of Power, Ambush markers...), figures with their
// states, and the legal choices of the current prompt highlighted.

import { fitBoard } from "./board_fit.js";
import { escape } from "./dom.js";
import { displayNames, SEAT_COLOURS } from "./names.js";
import { carrierBadge, drawAreas, drawObjects } from "./objectives.js";
import { edgeStyle, kindStyle, PATTERNS } from "./terrain.js";
import { LABEL_FONT, placeLabels, showsActivated, tokenFontSize, tokenLabels } from "./tokens.js";
import { drawTrail, trailDefs } from "./trail_marks.js";

const SQRT3 = Math.sqrt(3);
const PATTERN_SIZE = 1; // one hex radius
const READABLE_PX = 10; // the smallest name label shown under every token
const HOVER_PX = 13; // the hovered figure's name

export function hexKey(q, r) {
  return `${q},${r}`;
}

export function centre(q, r) {
  const col = q + Math.floor(r / 2);
  return [SQRT3 * (col + 0.5 * (r & 1)) + SQRT3 / 2, 1.5 * r + 1];
}

function corners(x, y, scale = 1) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(x + scale * Math.cos(angle)).toFixed(3)},${(y + scale * Math.sin(angle)).toFixed(3)}`);
  }
  return points.join(" ");
}

export function boardHexes(width, height) {
  const cells = [];
  for (let r = 0; r < height; r += 1) {
    for (let c = 0; c < width; c += 1) cells.push([c - Math.floor(r / 2), r]);
  }
  return cells;
}

export class Board {
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
    container.addEventListener("wheel", (e) => { // ctrl + wheel (and a pinch) zooms
      if (!e.ctrlKey) return;
      e.preventDefault();
      this.setZoom(this.zoom * (e.deltaY < 0 ? 1.15 : 1 / 1.15));
    }, { passive: false });
  }

  _target(e) {
    const fig = e.target.closest("[data-figure]");
    if (fig) return { figure: fig.dataset.figure };
    const marker = e.target.closest("[data-marker]"); // chosen like a figure
    if (marker) return { figure: marker.dataset.marker };
    const hex = e.target.closest("[data-hex]");
    if (hex) return { hex: hex.dataset.hex };
    return null;
  }

  _click(e) {
    const target = this._target(e);
    if (!target) return;
    if (target.figure) {
      // a figure standing on a highlighted hex: the hex is the choice being made
      const fig = this.figures.get(target.figure);
      const key = fig?.pos ? hexKey(fig.pos[0], fig.pos[1]) : null;
      if (!this.figureMarks.has(target.figure) && key && this.hexMarks.has(key)) {
        this.handlers.onHex?.(key);
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
    const half = (name.length * 0.56 * size) / 2;
    const [x0, y] = centre(fig.pos[0], fig.pos[1]);
    const x = Math.min(Math.max(x0, half - 0.25), this.width + 0.25 - half);
    svg.insertAdjacentHTML("beforeend", `<text class="hover-label" data-label="${escape(id)}" `
      + `x="${x.toFixed(3)}" y="${(y - 0.75).toFixed(3)}" style="font-size:${size.toFixed(3)}px;`
      + `stroke-width:${(size / 3).toFixed(3)}px">${escape(name)}</text>`);
  }

  // Zoom 1 fits the whole board in its box (no scrollbar); more scrolls to pan.
  setZoom(zoom) {
    this.zoom = Math.max(1, Math.min(5, zoom));
    this._size();
  }

  _size() {
    fitBoard(this.container, this.aspect, this.zoom);
    // the names under the tokens hide while too small to read (zoom in to see them)
    const scale = this._pixelsPerUnit();
    this.container.classList.toggle("names-small", scale > 0 && LABEL_FONT * scale < READABLE_PX);
  }

  // view: the SBH view; marks: {hexes: Map(key -> colour), figures: Map(id -> colour),
  // active: figure id or null}
  render(view, marks = {}) {
    this.view = view;
    this.hexMarks = marks.hexes || new Map();
    this.figureMarks = marks.figures || new Map();
    this.figures = new Map((view?.figures || []).map((f) => [f.id, f]));
    if (!view || !view.board) {
      this.container.innerHTML = '<p class="muted">No board yet.</p>';
      return;
    }
    const { width, height } = view.board;
    const names = displayNames(view.figures || []);
    this.names = names;
    this.tokens = tokenLabels(view.figures || [], names);
    const terrain = new Map((view.board.terrain || []).map(([q, r, kind]) => [hexKey(q, r), kind]));
    const w = SQRT3 * (width + 0.5);
    const h = 1.5 * height + 0.5;
    this.width = w;
    this.aspect = (h + 0.6) / (w + 0.6);
    const parts = [];
    parts.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="-0.3 -0.3 ${(w + 0.6).toFixed(2)} `
      + `${(h + 0.6).toFixed(2)}" class="board-svg" `
      + `data-width="${width}" data-height="${height}">`);
    parts.push(this._defs());
    parts.push('<g class="terrain">');
    for (const [q, r] of boardHexes(width, height)) {
      const key = hexKey(q, r);
      const kind = terrain.get(key) || "open";
      const style = kindStyle(kind);
      const [x, y] = centre(q, r);
      const points = corners(x, y);
      parts.push(`<polygon points="${points}" fill="${style.fill}" class="hex kind-${kind}" `
        + `data-hex="${key}" data-kind="${kind}"/>`);
      if (style.pattern) {
        parts.push(`<polygon points="${points}" fill="url(#pat-${style.pattern})" `
          + 'class="hex-pattern" pointer-events="none"/>');
      }
    }
    parts.push("</g>");
    parts.push(drawAreas(view, centre, corners));
    parts.push(this._edges(view.board.edges || []));
    parts.push(drawObjects(view, centre, names, this.figureMarks));
    parts.push(this._highlights()); // above the objects: a highlighted hex is clickable
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
    const defs = Object.entries(PATTERNS).map(([name, draw]) => `<pattern id="pat-${name}" `
      + `patternUnits="userSpaceOnUse" width="${PATTERN_SIZE}" height="${PATTERN_SIZE}">`
      + `${draw(PATTERN_SIZE)}</pattern>`);
    return `<defs>${defs.join("")}${trailDefs()}</defs>`;
  }

  _edges(edges) {
    const out = ['<g class="edges" pointer-events="none">'];
    for (const [a, b, kind] of edges) {
      const [x1, y1] = centre(a[0], a[1]);
      const [x2, y2] = centre(b[0], b[1]);
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const px = -(y2 - y1) / len / 2;
      const py = (x2 - x1) / len / 2;
      const style = edgeStyle(kind);
      out.push(`<line x1="${(mx - px).toFixed(3)}" y1="${(my - py).toFixed(3)}" `
        + `x2="${(mx + px).toFixed(3)}" y2="${(my + py).toFixed(3)}" stroke="${style.stroke}" `
        + `stroke-width="${style.width}" stroke-linecap="round"`
        + `${style.dash ? ` stroke-dasharray="${style.dash}"` : ""} class="edge edge-${kind}" `
        + `data-edge="${kind}"/>`);
    }
    out.push("</g>");
    return out.join("");
  }

  _highlights() {
    const out = ['<g class="highlights">'];
    for (const [key, colour] of this.hexMarks) {
      const [q, r] = key.split(",").map(Number);
      const [x, y] = centre(q, r);
      out.push(`<polygon points="${corners(x, y, 0.86)}" class="legal-hex" data-hex="${key}" `
        + `fill="${colour}" fill-opacity="0.38" stroke="${colour}" stroke-width="0.12"/>`);
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
        states.push(view.options?.scenario === "quest_for_a_magic_item" ? "carries the magic item"
          : "carries the treasure");
      }
      const classes = ["figure", `seat-${fig.seat}`, ...states.map((s) => s.split(" ")[0])];
      if (mark) classes.push("legal");
      if (fig.planned) classes.push("planned"); // (not placed yet: "Place the rest")
      if (fig.id === active) classes.push("acting");
      out.push(`<g class="${classes.join(" ")}" data-figure="${escape(fig.id)}" `
        + `data-seat="${fig.seat}" data-name="${escape(name)}" data-pos="${fig.pos.join(",")}" `
        + `data-states="${states.join(" ")}"${fig.planned ? ' data-planned="true"' : ""}>`);
      if (mark) {
        out.push(`<circle cx="${x}" cy="${y}" r="0.84" fill="${mark}" fill-opacity="0.3" `
          + 'stroke="none" class="legal-glow"/>');
      }
      if (fig.id === active) {
        out.push(`<circle cx="${x}" cy="${y}" r="0.7" fill="none" stroke="#f2b705" `
          + 'stroke-width="0.14" class="acting-ring"/>');
      }
      if (fig.fallen) {
        // fallen: lying down, a flattened token
        out.push(`<ellipse cx="${x}" cy="${y}" rx="0.64" ry="0.36" fill="${colour}" `
          + 'stroke="#111" stroke-width="0.06" stroke-dasharray="0.1 0.06"/>');
      } else {
        out.push(`<circle cx="${x}" cy="${y}" r="0.6" fill="${colour}" stroke="#111" `
          + 'stroke-width="0.06"/>');
      }
      if (fig.transfixed) {
        out.push(`<circle cx="${x}" cy="${y}" r="0.7" fill="none" stroke="#9b30ff" `
          + 'stroke-width="0.1" stroke-dasharray="0.15 0.08"/>');
      }
      const token = this.tokens.get(fig.id);
      const size = tokenFontSize(token);
      out.push(`<text x="${x}" y="${(y + size * 0.35).toFixed(3)}" class="token-text" `
        + `style="font-size:${size}px">${escape(token)}</text>`);
      out.push(carrierBadge(view, fig, x, y));
      if (mark) {
        // on top of everything else the token shows (the acting ring, the activated
        // mark): a thick dashed ring, so a candidate is seen whatever its state
        out.push(`<circle cx="${x}" cy="${y}" r="0.86" fill="none" stroke="${mark}" `
          + 'stroke-width="0.16" stroke-dasharray="0.3 0.12" class="legal-ring"/>');
      }
      if (states.includes("activated")) {
        out.push(`<circle cx="${x + 0.5}" cy="${y - 0.5}" r="0.22" fill="#fff" stroke="#111" `
          + `stroke-width="0.04"/><text x="${x + 0.5}" y="${y - 0.42}" class="badge-text">✓</text>`);
      }
      out.push(`<title>${escape(name)} (${escape(fig.name)}) — Quality ${fig.quality}+, Combat `
        + `${fig.combat}${fig.rules?.length ? `; ${escape(fig.rules.join(", "))}` : ""}`
        + `${states.length ? ` — ${states.join(", ")}` : ""}</title>`);
      out.push("</g>");
      spots.push({ id: fig.id, x, y, text: name });
    }
    out.push("</g>");
    const labels = !this.showNames ? [] : placeLabels(spots, this.width).map((l) => `<text `
      + `x="${l.x.toFixed(3)}" y="${l.y.toFixed(3)}" class="name-label" `
      + `data-label="${escape(l.id)}">${escape(l.text)}</text>`);
    out.push(`<g class="name-labels" pointer-events="none">${labels.join("")}</g>`);
    return out.join("");
  }
}
