// The Swords & Sorcery table as SVG, to scale (one SVG unit a tenth of an
// inch): terrain pieces, round bases with a facing notch, the offered area of
// the pending choice (a reachable area, a deployment strip, a spell's range),
// and on hover a figure's front/side/rear arcs, its move and its missile
// ranges (short and long), a spell's area round the pointer, or the cone a
// breath or cone spell would fill toward the pointer. Clicks go to
// the handlers (a wall or terrain spell's piece drawn at the pointer: sns_place.js):
// onPoint([x, y]) on the table, onFigure(uid) on a base;
// onHover({figure} | {point} | null).

import { fitBoard } from "./board_fit.js";
import { escape } from "./dom.js";
import { SEAT_COLOURS, tokenText } from "./names.js";
import { aimedCone, bearingTo, bearingVector, climbSlices, conePath, coneTouches, INCH,
  reachOutline, slicesPath, wedgePath } from "./sns_geometry.js";
import { placePreviewSvg } from "./sns_place.js";

const PAD = 6;
export const TERRAIN_FILL = { open: "#dfe8c8", rough: "#8fb36a", impassable: "#7d7468",
  wall: "#4b4036" };
export const TERRAIN_WORDS = { open: "open ground", rough: "rough ground (half speed)",
  impassable: "impassable (move around)", wall: "wall (climbed only)" };

function points(list) {
  return list.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

export class SnsBoard {
  constructor(container, handlers) {
    this.container = container;
    this.handlers = handlers;
    this.zoom = 1;
    this.marks = {};
    this.outlines = new WeakMap(); // description -> its outline (worked out once)
    container.addEventListener("click", (e) => this._click(e));
    container.addEventListener("mousemove", (e) => this._move(e));
    container.addEventListener("mouseleave", () => this.handlers.onHover?.(null));
    // dragging the moving figure's base to where it goes (a click there does the same)
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
    if (!p || Math.hypot(p[0] - drag.from[0], p[1] - drag.from[1]) < 3) return; // (a click)
    // the click the browser may send after the drop (at once, or a task later) is
    // not another choice: one at the drop's place within half a second is dropped
    this.dropped = { at: p, time: performance.now() };
    this.handlers.onPoint?.(p);
  }

  _click(e) {
    const dropped = this.dropped;
    this.dropped = null;
    const here = this.tablePoint(e);
    if (dropped && here && performance.now() - dropped.time < 500
        && Math.hypot(here[0] - dropped.at[0], here[1] - dropped.at[1]) < 3) return;
    const base = e.target.closest("[data-figure]");
    if (base && this.marks.targets?.has(base.dataset.figure)) {
      this.handlers.onFigure?.(base.dataset.figure);
      return;
    }
    const aimedAt = this.marks.cone && base && this._figure(base.dataset.figure);
    if (aimedAt) { // a cone aimed at a figure: at its centre, as drawn on hover
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
    const toward = over ? [over.x, over.y] : target.point;
    const bearing = target.bearing ?? (toward ? bearingTo([from.x, from.y], toward) : null);
    if (bearing === null || bearing === undefined) return "";
    const cone = aimedCone(from, bearing, aim);
    const caught = (this.view.figures || []).filter((f) => f.uid !== from.uid
      && f.on_table !== false && !f.dead && !f.fled && coneTouches(cone, [f.x, f.y], f.radius));
    return `<path class="cone" data-bearing="${bearing}" d="${conePath(cone)}" fill="#3498db" `
      + 'fill-opacity="0.3" stroke="#1f6fa5" stroke-width="0.6"/>'
      + caught.map((f) => `<circle class="in-cone" data-figure="${escape(f.uid)}" cx="${f.x}" `
        + `cy="${f.y}" r="${f.radius + 1.5}" fill="none" stroke="#1f6fa5" stroke-width="1"/>`)
        .join("");
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
    const table = view?.table;
    if (!table) {
      this.container.innerHTML = '<p class="muted">The table appears when the match starts.</p>';
      return;
    }
    const { width, height } = table;
    this.aspect = (height + 2 * PAD) / (width + 2 * PAD);
    const out = [`<svg class="sns-board" viewBox="${-PAD} ${-PAD} ${width + 2 * PAD} `
      + `${height + 2 * PAD}" xmlns="http://www.w3.org/2000/svg">`,
    `<rect class="table" x="0" y="0" width="${width}" height="${height}" fill="${TERRAIN_FILL.open}"`
      + ' stroke="#555" stroke-width="1"/>'];
    for (let x = 60; x < width; x += 60) {
      out.push(`<line x1="${x}" y1="0" x2="${x}" y2="${height}" stroke="#0002" stroke-width="0.5"/>`);
    }
    for (let y = 60; y < height; y += 60) {
      out.push(`<line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="#0002" stroke-width="0.5"/>`);
    }
    for (const piece of table.terrain || []) {
      out.push(`<polygon class="terrain" data-terrain="${escape(piece.name)}" points="${points(
        piece.corners)}" fill="${TERRAIN_FILL[piece.movement] || "#999"}" fill-opacity="0.85" `
        + 'stroke="#333" stroke-width="0.6"><title>'
        + `${escape(`${piece.name}: ${TERRAIN_WORDS[piece.movement] || piece.movement}`)}`
        + "</title></polygon>");
    }
    out.push(this._areaSvg(marks.area));
    for (const f of view.figures || []) {
      if (f.on_table === false || f.dead || f.fled) continue;
      out.push(this._figureSvg(f, marks));
    }
    if (marks.waypoints?.length > 1) {
      out.push(`<polyline class="waypoints" points="${points(marks.waypoints)}" fill="none" `
        + 'stroke="#111" stroke-width="0.8" stroke-dasharray="2 1"/>');
    }
    out.push(this._chosenSvg(marks));
    out.push('<g class="overlay" pointer-events="none"></g></svg>'); // (clicks go through)
    this.container.innerHTML = out.join("");
    this._size();
    this.hover(this.hovered || null);
  }

  _areaSvg(desc) {
    if (!desc) return "";
    if (desc.shape === "reachable" || desc.shape === "path") {
      const holes = desc.friends.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r
        + desc.radius}" fill="#fff" fill-opacity="0.5"/>`).join("");
      return `<g class="offered-area" data-shape="${desc.shape}"><polygon points="${points(
        this.outline(desc))}" fill="#f2c94c" fill-opacity="0.35" stroke="#b8860b" `
        + `stroke-width="1" stroke-dasharray="3 2"/>${holes}</g>`;
    }
    if (desc.shape === "placement") {
      const [top, bottom] = desc.rows;
      return `<rect class="offered-area" data-shape="placement" x="${desc.radius}" y="${top
        + desc.radius}" width="${desc.table[0] - 2 * desc.radius}" height="${bottom - top
        - 2 * desc.radius}" fill="#f2c94c" fill-opacity="0.35" stroke="#b8860b" `
        + 'stroke-dasharray="3 2"/>';
    }
    if (desc.shape === "climb") { // (the exact far side, inside the faint circle of reach)
      const slices = this.outline(desc);
      return `<g class="offered-area" data-shape="climb" data-slices="${slices.length}">`
        + `<circle cx="${desc.from[0]}" cy="${desc.from[1]}" r="${desc.reach}" fill="none" `
        + 'stroke="#b8860b" stroke-width="0.5" stroke-dasharray="2 2"/>'
        + `<path class="far-side" d="${slicesPath(desc.from, slices)}" fill="#f2c94c" `
        + 'fill-opacity="0.6" stroke="none"/></g>';
    }
    if (desc.shape === "spell_range") {
      return `<circle class="offered-area" data-shape="spell_range" cx="${desc.from[0]}" `
        + `cy="${desc.from[1]}" r="${desc.reach}" fill="#9b59b6" fill-opacity="0.12" `
        + 'stroke="#8e44ad" stroke-dasharray="3 2"/>';
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
    const classes = ["figure", legal ? "legal" : "", acting ? "acting" : "",
      f.routing ? "routing" : ""].filter(Boolean).join(" ");
    const state = [f.wounds ? `${f.wounds} wound${f.wounds > 1 ? "s" : ""}` : "",
      f.routing ? "routing" : "", f.knocked_down ? "knocked down" : "", f.stunned ? "stunned" : "",
      f.mortal ? "mortally wounded" : ""].filter(Boolean).join(", ");
    return `<g class="${classes}" data-figure="${escape(f.uid)}" data-seat="${escape(f.seat)}" `
      + `data-name="${escape(name)}">`
      + `<title>${escape(`${name}${state ? ` (${state})` : ""}`)}</title>`
      + `<circle cx="${f.x}" cy="${f.y}" r="${r}" fill="${colour}" fill-opacity="${f.routing
        ? 0.45 : 0.85}" stroke="${legal ? "#f5b700" : acting ? "#fff" : "#222"}" stroke-width="${
        legal || acting ? 1.6 : 0.6}"/>`
      + `<line x1="${f.x}" y1="${f.y}" x2="${f.x + vx * r * 1.35}" y2="${f.y + vy * r * 1.35}" `
      + 'stroke="#fff" stroke-width="1.1" stroke-linecap="round"/>'
      + `<text x="${f.x}" y="${f.y + r + 4.5}" font-size="4" text-anchor="middle" `
      + `fill="#111">${escape(tokenText(name))}${f.wounds ? ` ${"•".repeat(f.wounds)}` : ""}`
      + "</text></g>";
  }

  // The chosen destination (a ghost base) and, while a facing is asked, its dial.
  _chosenSvg(marks) {
    const c = marks.chosen;
    const at = marks.place?.at; // (a wall's centre, chosen: its run asked)
    if (at) {
      return `<circle class="place-centre" cx="${at[0]}" cy="${at[1]}" r="1.5" fill="#111"/>`;
    }
    if (!c) return "";
    return `<g class="chosen-place"><circle cx="${c.at[0]}" cy="${c.at[1]}" r="${c.radius}" `
      + 'fill="none" stroke="#111" stroke-dasharray="2 1.5" stroke-width="0.8"/>'
      + (marks.askFacing ? `<circle class="facing-dial" cx="${c.at[0]}" cy="${c.at[1]}" r="${
        c.radius + 20}" fill="none" stroke="#1117" stroke-width="0.5"/>` : "") + "</g>";
  }

  // The hover layer: arcs, move and ranges of a figure; a spell's area; the facing.
  hover(target) {
    this.hovered = target;
    const layer = this.container.querySelector("g.overlay");
    if (!layer) return;
    const out = [];
    const f = target?.figure && (this.view?.figures || []).find((x) => x.uid === target.figure);
    if (f && !this.marks.cone) { // (aiming a cone, the cone alone is drawn)
      const R = f.radius + 3 * INCH;
      const arcs = [["front", f.facing - 90, f.facing + 90, "#2ecc71"],
        ["side", f.facing + 90, f.facing + 135, "#f1c40f"],
        ["side", f.facing - 135, f.facing - 90, "#f1c40f"],
        ["rear", f.facing + 135, f.facing + 225, "#e74c3c"]];
      for (const [name, from, to, colour] of arcs) {
        out.push(`<path class="arc arc-${name}" d="${wedgePath(f.x, f.y, R, (from + 360) % 360,
          (to + 360) % 360)}" fill="${colour}" fill-opacity="0.22" stroke="${colour}" `
          + 'stroke-width="0.4"/>');
      }
      out.push(`<circle class="move-range" cx="${f.x}" cy="${f.y}" r="${f.move_inches * INCH}" `
        + 'fill="none" stroke="#2c3e50" stroke-dasharray="4 2" stroke-width="0.5"/>');
      if (f.ranged) {
        for (const [band, times] of [["short", 1], ["long", 2]]) {
          out.push(`<circle class="range range-${band}" cx="${f.x}" cy="${f.y}" r="${f.radius
            + f.ranged.range * INCH * times}" fill="none" stroke="#8e44ad" stroke-width="0.5" `
            + `stroke-dasharray="${band === "short" ? "" : "1 2"}"/>`);
        }
      }
    }
    out.push(this._coneSvg(target));
    out.push(placePreviewSvg(this.marks.place, target?.point, target?.bearing));
    const spell = this.marks.spellArea;
    if (spell && target?.point) {
      out.push(`<circle class="spell-area" cx="${target.point[0]}" cy="${target.point[1]}" `
        + `r="${spell.radius}" fill="#e67e22" fill-opacity="0.3" stroke="#d35400"/>`);
    }
    const dragged = this.dragging && (this.view?.figures || []).find((x) => x.uid
      === this.marks.drag);
    if (dragged && target?.point) {
      out.push(`<circle class="drag-ghost" cx="${target.point[0]}" cy="${target.point[1]}" `
        + `r="${dragged.radius}" fill="${SEAT_COLOURS[dragged.seat]}" fill-opacity="0.4"/>`);
    }
    const c = this.marks.chosen;
    if (c && this.marks.askFacing && target?.point) {
      out.push(`<line class="facing-pointer" x1="${c.at[0]}" y1="${c.at[1]}" x2="${
        target.point[0]}" y2="${target.point[1]}" stroke="#111" stroke-width="0.8"/>`);
    }
    layer.innerHTML = out.join("");
  }
}
