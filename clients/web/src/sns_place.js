// A wall or terrain spell's place (Stone Wall, Fire Wall, Alter Terrain: the
// `place` of `cast`, described as a "terrain_change": docs/protocol.md), chosen on
// the table: what the spell does (a wall spell does one thing), then a click inside
// its range, then for a wall the bearing its length runs along (a second click
// toward it, or a compass button). Each step is tested exactly as the server
// would (sns_geometry.js terrainChangeRefusal); the board draws the piece at the
// pointer (placePreviewSvg), in red where it would stand on a base, and for a
// remove the 5" circle with the pieces it would clear.

import { escape } from "./dom.js";
import { bearingTo, placePointRefusal, pointRefusal, terrainChangeCorners, terrainChangeRefusal,
  terrainChangeRemoves } from "./sns_geometry.js";

const RUNS = [0, 45, 90, 135, 180, 225, 270, 315]; // (the thickness lies to the right)
export const KIND_WORDS = { wall: "a wall", remove: "clear the terrain", boulder: "a boulder",
  mud: "a patch of mud" };
const CLICK_WORDS = { wall: "Click the wall's centre (then which way it runs)",
  remove: "Click the centre of the circle to clear (every piece reaching into it goes)",
  boulder: "Click where the boulder goes (clear of every base)",
  mud: "Click where the patch of mud goes" };

export class PlaceChoice {
  constructor(spec) {
    this.desc = spec.described?.place || null;
    this.kinds = this.desc?.kinds || [...new Set(spec.params.place.map((v) => v[0]))];
    this.kind = this.kinds.length === 1 ? this.kinds[0] : null;
    this.at = null; // a wall's centre, its bearing to choose
  }

  // What the board draws: the place so far (the piece follows the pointer).
  get marks() {
    return this.desc ? { desc: this.desc, kind: this.kind, at: this.at } : null;
  }

  refusal(value) {
    return this.desc ? terrainChangeRefusal(this.desc, value) : null;
  }

  // A click on the table: {value} once the place is whole, {error}, or {} (a step done).
  click(p) {
    if (!this.kind) return { error: "First choose what the spell does (a button below)." };
    if (this.kind === "wall" && this.at) {
      const bearing = bearingTo(this.at, p);
      return bearing === null ? {} : this.run(bearing);
    }
    if (this.kind !== "wall") {
      const value = [this.kind, p[0], p[1]];
      const why = this.refusal(value);
      return why ? { error: `That cannot go there: ${why}.` } : { value };
    }
    const why = this.desc ? placePointRefusal(this.desc, p) : null;
    if (why) return { error: `The wall cannot stand there: ${why}.` };
    this.at = p;
    return {};
  }

  // The wall's length along `bearing`, from the point chosen.
  run(bearing) {
    const value = ["wall", this.at[0], this.at[1], bearing];
    const why = this.refusal(value);
    return why ? { error: `The wall cannot run that way: ${why}. Try another bearing.` }
      : { value };
  }

  // The panel's lines for the step now (`words(value)`: a place in words).
  html(spec, words) {
    const button = (attrs, label, refused) => `<button class="choice${refused ? " refused"
      : ""}" ${attrs}${refused ? ` title="${escape(refused)}"` : ""}>${escape(label)}</button>`;
    if (!this.kind) {
      return '<p class="hint" data-click="place">What does the spell do?</p><div class="choices">'
        + this.kinds.map((k) => button(`data-action="place-kind" data-kind="${escape(k)}"`,
          KIND_WORDS[k] || k)).join("")
        + '</div><p class="hint">or choose a suggested place:</p>' + this._listed(spec, words);
    }
    if (this.kind === "wall" && this.at) {
      return `<p class="hint" data-click="place-run">The wall is centred at the point chosen: `
        + "click on the table toward where its length runs (red: it would stand on a base), "
        + 'or:</p><div class="choices">' + RUNS.map((b) => {
        const value = ["wall", this.at[0], this.at[1], b];
        return button(`data-action="place-run" data-bearing="${b}"`, words(value),
          this.refusal(value));
      }).join("") + '<button class="choice" data-action="replace">Choose another point'
        + "</button></div>";
    }
    return `<p class="hint" data-click="place">${escape(CLICK_WORDS[this.kind] || "Click where it "
      + "goes")}, inside the purple circle.</p>`
      + (this.kinds.length > 1 ? '<div class="choices"><button class="choice" '
        + 'data-action="place-kind" data-kind="">Choose another change</button></div>'
        : `<p class="hint">or choose a suggested place:</p>${this._listed(spec, words)}`);
  }

  _listed(spec, words) {
    return `<div class="choices">${spec.params.place.map((value, i) => `<button class="choice" `
      + `data-param="place" data-value="${i}" data-listed="1">${escape(words(value))}</button>`)
      .join("")}</div>`;
  }
}

const points = (list) => list.map(([x, y]) => `${x},${y}`).join(" ");

// The piece the place would lay at the pointer (a wall: at its chosen centre, run
// toward the pointer or a hovered button's bearing), red where it is refused; a
// remove's circle with the pieces it would clear outlined.
export function placePreviewSvg(place, point, bearing) {
  const { desc, kind, at } = place || {};
  const aimed = kind === "wall" && at && bearing !== undefined && bearing !== null;
  if (!desc || !kind || !(point || aimed)) return "";
  if (kind === "remove") {
    if (pointRefusal(desc, point)) return "";
    const gone = terrainChangeRemoves(desc, point);
    return `<g class="place-preview" data-kind="remove" data-removes="${escape(gone.map((p) => p
      .name).join(","))}"><circle cx="${point[0]}" cy="${point[1]}" r="${desc.remove.radius}" `
      + 'fill="#c0392b" fill-opacity="0.12" stroke="#c0392b" stroke-dasharray="2 1.5"/>'
      + gone.map((p) => `<polygon class="to-remove" points="${points(p.corners)}" fill="none" `
        + 'stroke="#c0392b" stroke-width="1.4"/>').join("") + "</g>";
  }
  let value;
  if (kind === "wall" && at) {
    const b = aimed ? bearing : bearingTo(at, point);
    if (b === null) return "";
    value = ["wall", at[0], at[1], b];
  } else if (kind === "wall") { // (its point first: the circle its length may swing in)
    return `<circle class="place-preview" data-kind="wall-centre" cx="${point[0]}" `
      + `cy="${point[1]}" r="${desc.wall.length / 2}" fill="none" stroke="#4b4036" `
      + 'stroke-dasharray="2 2" stroke-width="0.5"/>';
  } else {
    value = [kind, point[0], point[1]];
  }
  const refused = terrainChangeRefusal(desc, value);
  return `<polygon class="place-preview" data-kind="${kind}" data-refused="${refused ? 1 : 0}" `
    + `points="${points(terrainChangeCorners(desc, value))}" fill="${refused ? "#e74c3c"
      : "#4b4036"}" fill-opacity="0.55" stroke="${refused ? "#c0392b" : "#222"}" `
    + 'stroke-width="0.6"><title>' + escape(refused || "") + "</title></polygon>";
}
