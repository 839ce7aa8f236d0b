// The Swords & Sorcery prompt panel, generic over the options the rules send
// ({type, label, args, params, described}): an option is picked (a button, or
// a click on one of its figures), then each parameter in turn: a place by a
// click inside the offered area on the table (tested here against the
// description, judged by the server), then a facing by a click towards where
// the figure should look (or a button), a target by a click on its base, the
// rest by buttons. Shots and attacks show their exact odds on hover; a breath or
// cone spell's cone is drawn toward the pointer (or a hovered facing button). What
// it shares with the ASOIAF panel (the option rows, the odds asked, sending) is
// option_panel.js.

import { escape } from "./dom.js";
import { OptionPanel } from "./option_panel.js";
import { bearingTo, describedRefusal, INCH, moveCost, straightRefusal } from "./sns_geometry.js";
import { PlaceChoice } from "./sns_place.js";
import { facingWords, oddsHtml, optionWords, PARAM_WORDS, promptWords,
  valueWords } from "./sns_words.js";

const PARAM_ORDER = ["target", "to", "path", "point", "place", "piece", "card", "facing"];
const PLACE_PARAMS = new Set(["to", "path", "point"]);
const inchesLeft = (units) => `${(units / INCH).toFixed(1)}"`;
const ODDS_TYPES = new Set(["shoot", "attack"]);
const COMPASS = [0, 45, 90, 135, 180, 225, 270, 315];

function orderedParams(spec) {
  const names = Object.keys(spec.params || {});
  return [...PARAM_ORDER.filter((p) => names.includes(p)),
    ...names.filter((p) => !PARAM_ORDER.includes(p))];
}

export class SnsPrompt extends OptionPanel {
  // hooks (option_panel.js), and aim(bearing): a facing button hovered (its cone drawn)
  constructor(panel, hooks) {
    super(panel, hooks, { orderedParams, optionWords, valueWords, promptWords });
    this.figure = null; // the own figure clicked: only its options are listed
    this.waypoints = []; // a path being clicked out, its start first
    this.place = null; // a wall or terrain spell's place being chosen (sns_place.js)
  }

  _fresh() {
    this.figure = null;
    super._fresh();
  }

  reset(draw = true) {
    this.selected = null;
    this.chosen = {};
    this.waypoints = [];
    this.place = null;
    if (draw) this.render();
  }

  _select(index) {
    this.selected = index;
    this.chosen = {};
    this.waypoints = [];
    const spec = this.spec;
    this.place = spec.params.place ? new PlaceChoice(spec) : null;
    for (const param of orderedParams(spec)) { // a single listed value needs no asking
      if (!spec.described?.[param] && spec.params[param].length === 1) {
        this.chosen[param] = spec.params[param][0];
      }
    }
  }

  _figureOf(uid) {
    return (this.view?.figures || []).find((f) => f.uid === uid) || null;
  }

  // Where the figure will stand once its place is chosen (for facing and ghosts).
  _standsAt() {
    const spec = this.spec;
    const place = this.chosen.to || this.chosen.path?.at(-1);
    const f = this._figureOf(spec?.args?.figure);
    return place || (f ? [f.x, f.y] : null);
  }

  // What the board shows: the pending place's area, clickable targets, the ghost.
  marks() {
    const targets = new Set();
    const out = { targets, area: null, chosen: null, askFacing: false, spellArea: null,
      acting: this.spec?.args?.figure || this.figure };
    if (!this.decision || this.busy) return out;
    const spec = this.spec;
    const param = this.pendingParam;
    if (!spec) {
      for (const s of this.options) if (s.args?.figure) targets.add(s.args.figure);
      return out;
    }
    if (param === "target") for (const v of spec.params.target) targets.add(v);
    if (param && spec.described?.[param]) out.area = spec.described[param];
    if (param === "path") {
      out.area = this._leg(spec.described.path);
      out.waypoints = this.waypoints;
    }
    if (param === "point" || param === "place") out.area = this._spellRange(spec);
    if (param === "place") out.place = this.place.marks;
    // a facing that aims a cone (a breath, a cone spell): drawn toward the pointer
    const cone = param === "facing" && spec.described?.facing?.cone;
    const caster = cone && this._figureOf(spec.args?.figure);
    if (caster) out.cone = { figure: caster.uid, ...cone };
    if (spec.type === "cast") {
      const card = this.view?.spells?.[spec.args.spell];
      if (card?.radius && !spec.params.place) out.spellArea = { radius: card.radius * INCH };
    }
    const f = this._figureOf(spec.args?.figure);
    if (f && out.area && (param === "to" || param === "path")) out.drag = f.uid;
    const at = this._standsAt();
    if (f && at && ("to" in this.chosen || "path" in this.chosen || param === "facing")) {
      out.chosen = { at, radius: f.radius };
      out.askFacing = param === "facing";
    }
    return out;
  }

  _spellRange(spec) {
    const desc = spec.described?.point || spec.described?.place;
    if (desc?.reach) { // (the description's: from the caster's rim)
      return { shape: "spell_range", from: desc.from, reach: desc.reach + desc.radius };
    }
    const f = this._figureOf(spec.args?.figure);
    const card = this.view?.spells?.[spec.args?.spell];
    if (!f || !card?.range) return null;
    return { shape: "spell_range", from: [f.x, f.y], reach: card.range * INCH + f.radius };
  }

  // -- the table's clicks -----------------------------------------------------------
  chooseFigure(uid) {
    if (!this.decision || this.busy) return;
    const param = this.pendingParam;
    if (param === "target" && this.spec.params.target.includes(uid)) {
      this._choose("target", uid);
      return;
    }
    if (this.selected === null) {
      this.figure = this.options.some((s) => s.args?.figure === uid) ? uid : null;
      this.render();
      this.hooks.changed();
    }
  }

  choosePoint(p) {
    if (!this.decision || this.busy) return;
    const spec = this.spec;
    const param = this.pendingParam;
    if (!spec || !param) return;
    if (param === "facing") {
      const bearing = bearingTo(this._standsAt(), p);
      if (bearing !== null) this._choose("facing", bearing);
      return;
    }
    if (param === "place") {
      this._placeClicked(this.place.click(p));
      return;
    }
    if (!PLACE_PARAMS.has(param)) return;
    const desc = spec.described?.[param];
    if (param === "path") {
      this._addWaypoint(desc, p);
      return;
    }
    if (desc) {
      const why = describedRefusal(desc, p);
      if (why) {
        this.showError(`You cannot go there: ${why}. Click inside the highlighted area.`);
        return;
      }
      this._choose(param, param === "path" ? [desc.from, p] : p);
    } else if (param === "point") {
      const range = this._spellRange(spec);
      if (range && Math.hypot(p[0] - range.from[0], p[1] - range.from[1]) > range.reach) {
        this.showError("That is out of the spell's range: click inside the purple circle.");
        return;
      }
      this._choose("point", p);
    }
  }

  // -- a table-changing spell's place (Stone Wall, Fire Wall, Alter Terrain) --------
  // A step of sns_place.js's PlaceChoice: the place whole (sent), refused, or on.
  _placeClicked({ value, error }) {
    if (error) this.showError(error);
    else if (value) this._choose("place", value);
    else {
      this.error = null;
      this.render();
      this.hooks.changed();
    }
  }

  // -- a path of straight legs round obstacles (move_path, run_path) -----------------
  // The next leg's area: from the last waypoint, with what the path has left.
  _leg(desc) {
    const from = this.waypoints.at(-1) || desc.from;
    let spent = 0;
    const points = this.waypoints.length ? this.waypoints : [desc.from];
    for (let i = 1; i < points.length; i += 1) {
      spent += moveCost(points[i - 1], points[i], desc.terrain);
    }
    return { ...desc, from, allowance: Math.max(0, desc.allowance - spent) };
  }

  _addWaypoint(desc, p) {
    if (!this.waypoints.length) this.waypoints = [desc.from];
    const why = straightRefusal(this._leg(desc), p, false);
    if (why) {
      this.showError(`That leg cannot go there: ${why}. Click inside the highlighted area.`);
      return;
    }
    this.waypoints.push(p);
    this.error = null;
    if (this.waypoints.length - 1 >= desc.max_waypoints + 1) this._finishPath();
    else this.render();
    this.hooks.changed();
  }

  _finishPath() {
    const desc = this.spec.described.path;
    const end = this.waypoints.at(-1);
    // (each leg was tested as it was clicked; here only where the path ends)
    const why = this.waypoints.length > 1 && straightRefusal({ ...desc,
      from: this.waypoints.at(-2), allowance: Infinity }, end);
    if (this.waypoints.length < 2 || why) {
      this.showError(why ? `The path cannot end there: ${why}.` : "Click at least one point.");
      return;
    }
    this._choose("path", this.waypoints.map((q) => [...q]));
  }

  // -- odds ---------------------------------------------------------------------------
  _oddsAsked(target) {
    const spec = this.spec;
    if (!spec || !ODDS_TYPES.has(spec.type) || !spec.params.target?.includes(target)) return null;
    return { type: spec.type, args: { figure: spec.args.figure, target } };
  }

  _oddsHtml(odds, asked) {
    const ctx = this.hooks.ctx();
    return `<p><strong>${escape(ctx.name(asked.args.figure))}</strong> against `
      + `${escape(ctx.name(asked.args.target))}</p>${oddsHtml(odds, escape)}`;
  }

  hoverFigure(uid) {
    if (this.pendingParam === "target") this.showOdds(uid);
  }

  _hoverButton(e) {
    super._hoverButton(e);
    const facing = e.target.closest("button[data-param=facing]");
    if (facing) this.hooks.aim?.(JSON.parse(facing.dataset.value)); // (its cone, if any)
    const run = e.target.closest("button[data-action=place-run]");
    if (run) this.hooks.aim?.(Number(run.dataset.bearing)); // (its wall)
  }

  // -- drawing ------------------------------------------------------------------------

  _choices(spec, param, ctx) {
    const desc = spec.described?.[param];
    const words = PARAM_WORDS[param] || param.replace(/_/g, " ");
    const out = [];
    const buttons = (values, label) => values.map((value) => `<button class="choice" `
      + `data-param="${escape(param)}" data-value="${escape(JSON.stringify(value))}">`
      + `${escape(label(value))}</button>`).join("");
    const listed = () => `<div class="choices">${spec.params[param].map((value, i) => `<button `
      + `class="choice" data-param="${escape(param)}" data-value="${i}" data-listed="1">`
      + `${escape(valueWords(param, value, ctx))}</button>`).join("")}</div>`;
    if (param === "facing") {
      out.push('<p class="hint">Choose a facing: click on the table where the figure should '
        + "look, or:</p>");
      const toward = desc?.toward;
      out.push(`<div class="choices">${toward !== null && toward !== undefined ? buttons([toward],
        (b) => `Face the nearest enemy (${b}°)`) : ""}${buttons(COMPASS, facingWords)}</div>`);
    } else if (param === "path") {
      const legs = this.waypoints.length ? this.waypoints.length - 1 : 0;
      out.push(`<p class="hint" data-click="path">Click the path's points on the table, one `
        + `leg at a time, each inside the highlighted area (${legs} so far; `
        + `${inchesLeft(this._leg(desc).allowance)} left).</p>`);
      if (legs) {
        out.push('<div class="choices"><button class="choice" data-action="finish-path">'
          + 'End the path here</button><button class="choice" data-action="undo-point">'
          + "Take back the last point</button></div>");
      }
    } else if (param === "place") {
      out.push(this.place.html(spec, (v) => valueWords("place", v, ctx)));
    } else if (desc || param === "point") {
      out.push(`<p class="hint" data-click="${escape(param)}">Choose ${escape(words)}: click `
        + `inside the highlighted ${param === "point" ? "circle" : "area"} on the table.</p>`);
      if (desc?.shape === "climb") out.push(listed()); // (a narrow far side: the list too)
    } else {
      out.push(`<p class="hint">Choose ${escape(words)}${param === "target"
        ? " (click its base, or a button)" : ""}:</p>`);
      out.push(listed());
    }
    return out.join("");
  }

  // Nothing picked: the options, only the clicked figure's once one is clicked.
  _listHtml(ctx) {
    const hint = this.figure ? `<p class="hint">${escape(ctx.name(this.figure))}: <button `
      + 'class="cancel" data-action="all">Show every figure</button></p>' : "";
    return hint + this._optionsHtml(ctx, (spec) => !this.figure || !spec.args?.figure
      || spec.args.figure === this.figure);
  }

  _action(action, button) {
    if (action === "all") {
      this.figure = null;
      this.reset();
      this.hooks.changed();
    } else if (action === "finish-path") {
      this._finishPath();
    } else if (action === "replace") {
      this.place.at = null;
      this._placeClicked({});
    } else if (action === "place-kind") {
      this.place.kind = button.dataset.kind || null;
      this._placeClicked({});
    } else if (action === "place-run") {
      this._placeClicked(this.place.run(Number(button.dataset.bearing)));
    } else if (action === "undo-point") {
      this.waypoints.pop();
      if (this.waypoints.length === 1) this.waypoints = [];
      this.render();
      this.hooks.changed();
    } else {
      return false;
    }
    return true;
  }

  // A listed value's button stands for its index; a facing's for the bearing itself.
  _buttonValue(param, button) {
    return button.dataset.listed ? super._buttonValue(param, button)
      : JSON.parse(button.dataset.value);
  }
}
