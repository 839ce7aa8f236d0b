// The generic prompt UI, driven only by the prompt's CommandSpecs
// ({type, label, args, params}; docs/protocol.md, Playing a match). A command
// is the spec's `args` plus one value from each of its params. Params whose
// values are hexes are chosen by clicking highlighted hexes, params whose
// values are figures (or ambush markers) on the board by clicking them, a
// terrain feature (nominating the Place of Power) by clicking one of its hexes
// or its button, and everything else with buttons. Specs without params are
// single buttons. A spec's `subsets` (any non-empty set of the listed values, as a
// Regroup's members) are toggle buttons and a Done button. The warband list of
// `submit_list` is chosen in lists.js, the terrain of `lay_terrain` painted on the
// board with terrain_editor.js.
//
// While choosing, several specs may still fit what was clicked (a hex reachable
// by "Move (1 action)" and by "Step one hex"): each remaining spec is a row of
// the panel, with its own colour on the board.

import { DeploymentPlan, deployable } from "./deploy_plan.js";
import { tellTurn } from "./board_fit.js";
import { ListChooser, randomSalt } from "./lists.js";
import { ownedNames, playerName } from "./names.js";
import { OddsBox } from "./odds_box.js";
import { headerHtml } from "./prompt_words.js";
import { renderPanel, panelClick } from "./prompt_panel.js";
import { isHex } from "./prompt_rows.js";
import { isSetParam, setMarks, tickOnBoard } from "./prompt_sets.js";
import { TerrainEditor } from "./terrain_editor.js";

// Highlight colours, one per option; none is a seat's colour (blue, red) or the
// transfixed ring's violet.
const PALETTE = ["#1f9d55", "#d97706", "#0891b2", "#db2777", "#65a30d", "#a16207", "#475569",
  "#0d9488"];
function isPlaceholder(values) {
  return values.length === 1 && typeof values[0] === "string" && /^<.*>$/.test(values[0]);
}

export class PromptUI {
  // hooks: send(type, args) -> Promise, odds(type, args) -> Promise (rejects if
  // unavailable), changed() (board highlights need redrawing), catalog(options)
  // and checkList(list, options) -> Promise (for lists.js), status(text), and
  // optionally turn({mine, waiting}) (whose turn it is, for the tab title and sound)
  constructor(panel, hooks) {
    this.panel = panel;
    this.hooks = hooks;
    this.prompt = null;
    this.view = null;
    this.seat = null;
    this.candidates = [];
    this.busy = false;
    this.odds = new OddsBox(this);
    this.terrain = new TerrainEditor();
    this.plan = new DeploymentPlan();
    this.confirming = null;
    this.lists = new ListChooser({
      catalog: (options) => hooks.catalog(options),
      checkList: (list, options) => hooks.checkList(list, options),
      submit: (list) => this.submitList(list),
      status: (text) => this.showError(text),
      rerender: () => this.render(),
    });
    panel.addEventListener("click", (e) => this._click(e));
    panel.addEventListener("mouseover", (e) => this.odds.hoverButton(e));
  }

  // -- state --------------------------------------------------------------------
  setContext({ prompt, view, seat, players = {}, warbands = {}, finished = null }) {
    const fresh = prompt !== this.prompt;
    this.prompt = prompt;
    this.view = view;
    this.seat = seat;
    this.players = players;
    this.warbands = warbands;
    this.finished = finished;
    if (fresh) {
      this.busy = false;
      this.confirming = null;
      this.error = null;
      this.odds.shown = null;
      this.reset(false);
      if (!this._listCandidate()) this.lists.closeBuilder();
      if (!deployable(this.candidates).size) this.plan.clear(); // (deployment over)
      if (!this.candidates.some((c) => c.spec.type === "lay_terrain")) {
        this.terrain.open = false; // (laid out, or not the defender's to lay)
        this.terrain.clear();
      }
    }
    this.render();
    if (fresh) this._placeNext();
  }

  get decision() {
    return this.prompt?.decision || null;
  }

  // (a kind both sides have says whose it is: names.js)
  get names() {
    return ownedNames(this.view?.figures || [],
      (seat) => playerName(seat, this.players, this.warbands));
  }

  reset(redraw = true) {
    const options = this.decision?.options || [];
    this.candidates = options.map((spec, index) => ({ index, spec, chosen: this._given(spec) }));
    this.confirming = null;
    if (redraw) {
      this.render();
      this.hooks.changed();
    }
  }

  _pieces() {
    const onBoard = new Set();
    for (const f of this.view?.figures || []) if (f.pos) onBoard.add(f.id);
    for (const m of this.view?.markers || []) onBoard.add(m.marker);
    const all = new Set([...(this.view?.figures || []).map((f) => f.id),
      ...(this.view?.markers || []).map((m) => m.marker)]);
    return { onBoard, all };
  }

  // "hex", "figure" (pieces, some on the board), "area" (terrain features of the
  // view, by number), "sets" (sets of pieces: prompt_sets.js), "placeholder" or "choice"
  paramKind(values, name = "") {
    if (values.length && values.every(isHex)) return "hex";
    if (isPlaceholder(values)) return "placeholder";
    const features = this.view?.features || [];
    if (name === "feature" && values.length && values.every((v) => Number.isInteger(v)
        && features[v])) {
      return "area";
    }
    const { onBoard, all } = this._pieces();
    if (isSetParam(values, all)) return "sets";
    if (values.length && values.every((v) => typeof v === "string" && all.has(v))
        && values.some((v) => onBoard.has(v))) {
      return "figure";
    }
    return "choice";
  }

  // Params with a single possible value need no question (power: [false] when
  // one action is left); those chosen on the board are still clicked there.
  _given(spec) {
    const chosen = {};
    for (const [name, values] of Object.entries(spec.params || {})) {
      if (values.length === 1 && this.paramKind(values, name) === "choice") [chosen[name]] = values;
    }
    for (const [name, values] of Object.entries(spec.subsets || {})) {
      if (values.length === 1) chosen[name] = [...values];
    }
    return chosen;
  }

  _boardParam(candidate) {
    for (const [name, values] of Object.entries(candidate.spec.params || {})) {
      if (name in candidate.chosen) continue;
      const kind = this.paramKind(values, name);
      if (["hex", "figure", "area"].includes(kind)) return { name, values, kind };
    }
    return null;
  }

  _complete(candidate) {
    return [...Object.keys(candidate.spec.params || {}),
      ...Object.keys(candidate.spec.subsets || {})].every((n) => n in candidate.chosen);
  }

  colour(candidate) {
    return PALETTE[candidate.index % PALETTE.length];
  }

  // What the board highlights: {hexes: Map(key -> colour), figures: Map(id -> colour)}
  marks() {
    const hexes = new Map();
    const figures = new Map();
    if (!this.decision || this.busy || this.terrain.open) return { hexes, figures };
    if (this.plan.active) return this.plan.marks(PALETTE[0]);
    const { onBoard } = this._pieces();
    setMarks(this, figures);
    for (const c of this.candidates) {
      const param = this._boardParam(c);
      if (!param) continue;
      for (const value of param.values) {
        if (param.kind === "hex" || param.kind === "area") {
          const cells = param.kind === "hex" ? [value] : this.view.features[value].hexes;
          for (const [q, r] of cells) if (!hexes.has(`${q},${r}`)) hexes.set(`${q},${r}`, this.colour(c));
        } else if (onBoard.has(value) && !figures.has(value)) {
          figures.set(value, this.colour(c));
        }
      }
    }
    return { hexes, figures };
  }

  // -- choosing -------------------------------------------------------------------
  // `point`: where in the hex (board units), for the terrain editor's sides
  chooseHex(key, point = null) {
    if (this.terrain.open && this.decision && !this.busy) {
      this.terrain.paint(key, point);
      this.render();
      this.hooks.changed();
      return true;
    }
    if (this.plan.active) return this._planChanged(!this.busy && this.plan.chooseHex(key));
    return this._chooseOnBoard("hex", (v) => `${v[0]},${v[1]}` === key)
      || this._chooseOnBoard("area", (v) => this.view.features[v].hexes
        .some(([q, r]) => `${q},${r}` === key));
  }

  chooseFigure(id) {
    if (this.plan.active) return this._planChanged(!this.busy && this.plan.chooseFigure(id));
    if (this.decision && !this.busy && tickOnBoard(this, id)) return true;
    return this._chooseOnBoard("figure", (v) => v === id);
  }

  _planChanged(changed) {
    if (changed) {
      this.render();
      this.hooks.changed();
    }
    return changed;
  }

  _chooseOnBoard(kind, matches) {
    if (!this.decision || this.busy) return false;
    const next = [];
    for (const c of this.candidates) {
      const param = this._boardParam(c);
      if (!param || param.kind !== kind) continue;
      const value = param.values.find(matches);
      if (value !== undefined) next.push({ ...c, chosen: { ...c.chosen, [param.name]: value } });
    }
    if (!next.length) return false;
    this.candidates = next;
    this._afterChoice();
    return true;
  }

  _choose(index, name, valueIndex) {
    const c = this.candidates.find((x) => x.index === index);
    if (!c) return;
    const value = c.spec.params[name][valueIndex];
    this.candidates = [{ ...c, chosen: { ...c.chosen, [name]: value } }];
    this._afterChoice();
  }

  // A subset's value ticked on or off (kept as indices, in the order ticked).
  _toggle(index, name, valueIndex) {
    const c = this.candidates.find((x) => x.index === index);
    if (!c) return;
    const ticked = (c.ticked?.[name] || []).filter((i) => i !== valueIndex);
    if (ticked.length === (c.ticked?.[name] || []).length) ticked.push(valueIndex);
    this.candidates = [{ ...c, ticked: { ...c.ticked, [name]: ticked } }];
    this.render();
    this.hooks.changed();
  }

  _finishSubset(index, name) {
    const c = this.candidates.find((x) => x.index === index);
    const ticked = c?.ticked?.[name] || [];
    if (!ticked.length) return;
    const values = ticked.map((i) => c.spec.subsets[name][i]);
    this.candidates = [{ ...c, chosen: { ...c.chosen, [name]: values } }];
    this._afterChoice();
  }

  _afterChoice() {
    const ready = this.candidates.filter((c) => this._complete(c));
    if (this.candidates.length === 1 && ready.length === 1) {
      this._submit(ready[0]);
      return;
    }
    this.render();
    this.hooks.changed();
  }

  _args(candidate, extra = {}) {
    return { ...(candidate.spec.args || {}), ...candidate.chosen, ...extra };
  }

  async _submit(candidate, extra = {}) {
    if (candidate.spec.type === "concede" && this.confirming !== candidate.index) {
      this.confirming = candidate.index;
      this.render();
      return;
    }
    const prompt = this.prompt;
    this.busy = true;
    this.render();
    this.hooks.changed();
    try {
      await this.hooks.send(candidate.spec.type, this._args(candidate, extra));
      return null;
    } catch (error) {
      if (this.prompt === prompt) { // (else a newer prompt has already replaced this one)
        this.busy = false;
        this.placing = false;
        this.reset(false);
        // shown in the row of the option that was refused, beside its button
        if (error.code !== "stale_prompt") this.error = { index: candidate.index, text: error.message };
        this.render();
        this.hooks.changed();
      }
      return error;
    }
  }

  // An error beside the controls of the panel (a list refused, say), until the next
  // prompt or click.
  showError(text) {
    this.error = { index: null, text };
    this.render();
  }

  // "Place the rest": a plan of every figure left on a hex of its zone, shown on
  // the board to adjust (deploy_plan.js); confirmed, each goes in one command after
  // another (each a prompt of its own). It stops when nothing is left to place, at a
  // refusal (the plan stays, to mend), or when the prompt asks something else.
  _placingSpec() {
    if (!this.decision || this.finished) return null;
    return deployable(this.candidates).size ? this.candidates.find((c) => c.spec.type === "deploy")
      : null;
  }

  _placeNext() {
    if (!this.placing || this.busy) return;
    const next = this._placingSpec() ? this.plan.next(this.candidates) : null;
    if (!next) {
      this.placing = false;
      this.plan.clear();
      this.render();
      this.hooks.changed();
      return;
    }
    this._submit({ ...next.candidate, chosen: {} }, next.args);
  }

  _terrainAction(candidate, action, tool) {
    const editor = this.terrain;
    if (action === "terrain-send") {
      this._submit({ ...candidate, chosen: {} }, editor.args());
      return;
    }
    if (action === "terrain-open") editor.open = true;
    else if (action === "terrain-close") editor.open = false;
    else if (action === "terrain-clear") editor.clear();
    else if (action === "terrain-tool") editor.tool = tool;
    this.render();
    this.hooks.changed();
  }

  _listCandidate() {
    return this.candidates.find((c) => c.spec.type === "submit_list") || null;
  }

  // Send a warband list (from lists.js) with a fresh salt; resolves to null once
  // sent, or to the refusal.
  submitList(list) {
    const c = this._listCandidate();
    if (!c || this.busy) {
      return Promise.resolve(new Error("Your warband list is not asked for now."));
    }
    return this._submit({ ...c, chosen: {} }, { list, salt: randomSalt() });
  }

  // Hovering a figure that an attack/shoot/bolt would target: the server's odds.
  hoverFigure(id) {
    this.odds.hoverFigure(id);
  }

  // -- drawing the panel (prompt_panel.js) -------------------------------------------
  _header() {
    return headerHtml(this);
  }

  render() {
    renderPanel(this);
  }

  // Whose turn it is, for the tab title and the sound (main.js), told when it changes.
  _tellTurn() {
    tellTurn(this, Boolean(this.decision && !this.finished), playerName);
  }

  _click(e) {
    panelClick(this, e);
  }
}
