// The defender's own terrain lay-out, the `lay_terrain` command (seed 000, DETERMINE
// ATTACKER AND DEFENDER: "The defender lays out the terrain"). A palette of terrain
// kinds and of obstacles on hex sides, painted on the board by clicking; the draft
// is drawn in place of the board until it is sent. The client checks nothing: the
// server judges the lay-out against the scenario and names every problem
// (server/rules/sbh/terrain_layout.py), and the draft stays for mending.

import { escape } from "./dom.js";
import { centre } from "./board.js";
import { EDGE_STYLES, KIND_STYLES } from "./terrain.js";

// The neighbour across each side of a pointy-top hex, by the side's direction from
// the centre: 0° (east), 60°, 120°, ... (the board's y axis points south).
const ACROSS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
const NEAR_A_SIDE = 0.55; // (hex radius 1: the inner circle's radius is 0.87)
export const AREA_TOOLS = Object.keys(KIND_STYLES).filter((kind) => kind !== "open");
export const SIDE_TOOLS = Object.keys(EDGE_STYLES);

function sideKey(a, b) {
  const [x, y] = [`${a[0]},${a[1]}`, `${b[0]},${b[1]}`].sort();
  return `${x}|${y}`;
}

// The side of hex [q, r] nearest to `point` (board units) and the hex across it.
export function sideAt(q, r, point) {
  const [x, y] = centre(q, r);
  const angle = (Math.atan2(point[1] - y, point[0] - x) * 180) / Math.PI;
  const index = ((Math.round(angle / 60) % 6) + 6) % 6;
  const [dq, dr] = ACROSS[index];
  return { near: Math.hypot(point[0] - x, point[1] - y) >= NEAR_A_SIDE, across: [q + dq, r + dr] };
}

export class TerrainEditor {
  constructor() {
    this.open = false;
    this.tool = "woods";
    this.clear();
  }

  clear() {
    this.hexes = new Map(); // "q,r" -> kind
    this.sides = new Map(); // side key -> [[q, r], [q, r], kind] (a cliff: top first)
  }

  // A click on hex `key` at `point` (board units; null when not known).
  paint(key, point) {
    const [q, r] = key.split(",").map(Number);
    const side = point ? sideAt(q, r, point) : null;
    if (SIDE_TOOLS.includes(this.tool)) {
      if (!side) return;
      const id = sideKey([q, r], side.across);
      if (this.sides.get(id)?.[2] === this.tool) this.sides.delete(id);
      else this.sides.set(id, [[q, r], side.across, this.tool]); // a cliff drops from [q, r]
    } else if (this.tool === "erase") {
      const id = side?.near ? sideKey([q, r], side.across) : null;
      if (id && this.sides.has(id)) this.sides.delete(id);
      else this.hexes.delete(key);
    } else if (this.hexes.get(key) === this.tool) {
      this.hexes.delete(key);
    } else {
      this.hexes.set(key, this.tool);
    }
  }

  args() {
    const terrain = [...this.hexes].map(([key, kind]) => [...key.split(",").map(Number), kind]);
    return { terrain, edges: [...this.sides.values()] };
  }

  // The view with the draft in place of the board's lay-out (the board is bare
  // until the defender lays it out).
  draftView(view) {
    if (!this.open || !view?.board) return view;
    const { terrain, edges } = this.args();
    return { ...view, board: { ...view.board, terrain, edges } };
  }

  // The prompt row of `lay_terrain`, for candidate index `index`.
  row(index, label) {
    if (!this.open) {
      return `<button class="value" data-action="terrain-open" data-spec="${index}">`
        + `${escape(label)}</button>`;
    }
    const tool = (kind, text) => `<button class="value toggle${this.tool === kind ? " on" : ""}" `
      + `aria-pressed="${this.tool === kind}" data-action="terrain-tool" data-tool="${kind}" `
      + `data-spec="${index}">${escape(text)}</button>`;
    const areas = AREA_TOOLS.map((kind) => tool(kind, KIND_STYLES[kind].label.split(" (")[0]));
    const sides = SIDE_TOOLS.map((kind) => tool(kind, EDGE_STYLES[kind].label.split(" (")[0]));
    const { terrain, edges } = this.args();
    return `<div class="terrain-editor" data-spec="${index}">`
      + `<span class="label">${escape(label)}</span>`
      + `<div class="param" data-param-name="hexes">${areas.join("")}</div>`
      + `<div class="param" data-param-name="sides">${sides.join("")}${tool("erase", "Erase")}</div>`
      + '<p class="hint">Click hexes to paint them (again to clear). With a wall, hedge or '
      + "cliff, click inside a hex near the side it stands on (a cliff drops from the hex "
      + "clicked). The server checks the lay-out against the scenario.</p>"
      + `<p class="muted terrain-count">${terrain.length} hexes, ${edges.length} sides</p>`
      + `<button class="do primary" data-action="terrain-send" data-spec="${index}"`
      + `${terrain.length || edges.length ? "" : " disabled"}>Send this lay-out</button> `
      + `<button class="value" data-action="terrain-clear" data-spec="${index}">Clear</button> `
      + `<button class="value" data-action="terrain-close" data-spec="${index}">Close</button>`
      + "</div>";
  }
}
