// What the ASOIAF and S&S prompt panels share (asoiaf_prompt.js, sns_prompt.js): the
// options the rules send ({type, label, args, params}) as a list of buttons, the one
// picked with what is chosen so far, the refusal beside it, the header saying whose
// turn it is, the odds asked on hover (cached per prompt), and sending. A subclass
// gives its system's words ({orderedParams(spec), optionWords(spec, ctx),
// valueWords(param, value, ctx), and maybe promptWords(decision, ctx) and
// actingSeat(view), the seat whose turn it is}: ctx has the
// view beside the table's names) and says how its parameters are asked: reset(),
// _select(index), _choices(spec, param, ctx), and its odds (_oddsAsked, _oddsHtml).

import { sendOption, tellTurn } from "./board_fit.js";
import { escape } from "./dom.js";
import { playerName } from "./names.js";

export class OptionPanel {
  // hooks: send(type, args) -> Promise, odds(type, args) -> Promise, changed(),
  // turn({mine, waiting, seq}), ctx() -> {name(uid), seat(seat), ...}
  constructor(panel, hooks, words) {
    this.panel = panel;
    this.hooks = hooks;
    this.words = words;
    this.prompt = null;
    this.selected = null; // index of the option being filled in
    this.chosen = {};
    this.busy = false;
    this.error = null;
    this.oddsShown = null; // {key, odds, html}
    this.oddsCache = new Map();
    panel.addEventListener("click", (e) => this._click(e));
    panel.addEventListener("mouseover", (e) => this._hoverButton(e));
  }

  setContext({ prompt, view, seat, players = {}, warbands = {}, finished = null }) {
    const fresh = prompt !== this.prompt;
    Object.assign(this, { prompt, view, seat, players, warbands, finished });
    if (fresh) this._fresh();
    this.render();
  }

  // A new prompt: nothing picked, no refusal, no odds of the last one.
  _fresh() {
    this.busy = false;
    this.error = null;
    this.oddsShown = null;
    this.oddsCache.clear();
    this.reset(false);
  }

  get decision() {
    return this.finished ? null : this.prompt?.decision || null;
  }

  get options() {
    return this.decision?.options || [];
  }

  get spec() {
    return this.selected === null ? null : this.options[this.selected] || null;
  }

  orderedParams(spec) {
    return this.words.orderedParams(spec);
  }

  optionWords(spec, ctx) {
    return this.words.optionWords(spec, ctx);
  }

  valueWords(param, value, ctx) {
    return this.words.valueWords(param, value, ctx);
  }

  get pendingParam() {
    const spec = this.spec;
    return spec ? this.orderedParams(spec).find((p) => !(p in this.chosen)) || null : null;
  }

  _choose(param, value) {
    this.chosen[param] = value;
    this.error = null;
    if (!this.pendingParam) this._send();
    else this.render();
    this.hooks.changed();
  }

  _send() {
    sendOption(this, this.spec);
  }

  showError(text) {
    this.error = text;
    this.render();
  }

  // -- odds -------------------------------------------------------------------------
  // The odds of the picked option against `target`, asked once per prompt; the
  // subclass says what to ask (_oddsAsked) and how to show the reply (_oddsHtml).
  // `extra`: args beyond the target (a pick being hovered), for the subclass.
  showOdds(target, extra = {}) {
    const asked = target && this._oddsAsked(target, extra);
    if (!asked) return;
    const key = JSON.stringify(asked);
    if (this.oddsShown?.key === key) return;
    if (!this.oddsCache.has(key)) this.oddsCache.set(key, this.hooks.odds(asked.type, asked.args));
    const seq = this.prompt?.seq;
    this.oddsCache.get(key).then((odds) => {
      if (this.prompt?.seq !== seq) return;
      this.oddsShown = { key, odds, html: this._oddsHtml(odds, asked) };
      this._oddsArrived();
    }).catch((error) => {
      const html = this._oddsRefusedHtml(error);
      if (!html || this.prompt?.seq !== seq) {
        this.oddsCache.delete(key);
        return;
      }
      this.oddsShown = { key, odds: null, html };
      this._fillOdds();
    });
  }

  // A refused odds request said in words (null: show nothing, ask again later).
  _oddsRefusedHtml() {
    return null;
  }

  _oddsArrived() {
    this._fillOdds();
  }

  // A target's button hovered: its odds.
  _hoverButton(e) {
    const button = e.target.closest("button[data-param=target]");
    if (button) this.showOdds(this.spec?.params.target[Number(button.dataset.value)]);
  }

  _fillOdds() {
    const box = this.panel.querySelector(".odds");
    if (!box) return;
    box.hidden = !this.oddsShown;
    box.innerHTML = this.oddsShown?.html || "";
  }

  // -- drawing ------------------------------------------------------------------------
  // "Your turn: <what to do>" in every system's voice (SBH's: prompt_words.js); the
  // system's words may say the rules' question their own way (`promptWords`).
  _header(ctx) {
    if (this.finished) {
      return `<div class="prompt-head over">Match over: ${escape(this.finished)}</div>`;
    }
    if (this.decision) {
      const text = this.words.promptWords?.(this.decision, ctx) ?? this.decision.text;
      // asked while the other side acts (a defence, a will test): said as SBH says it
      const acting = this.words.actingSeat?.(ctx.view);
      const during = acting && acting !== this.seat ? '<div class="mid-turn">During '
        + `${escape(playerName(acting, this.players, this.warbands))}'s turn: the rules ask `
        + "you now</div>" : "";
      return `<div class="prompt-head mine${during ? " mid-turn-head" : ""}" data-mine="true">`
        + '<span class="your-turn">Your turn:</span> '
        + `<span class="prompt-text">${escape(text)}</span>${during}</div>`;
    }
    const waiting = (this.prompt?.waiting || []).filter((s) => s !== this.seat)
      .map((s) => playerName(s, this.players, this.warbands));
    return `<div class="prompt-head theirs">${waiting.length ? `Waiting for ${escape(waiting
      .join(" and "))}…` : "Nothing to decide now."}</div>`;
  }

  // The options to pick from, each a button (those `shown` lets through).
  _optionsHtml(ctx, shown = () => true) {
    const rows = this.options.map((spec, i) => (shown(spec) ? `<div class="option" `
      + `data-type="${escape(spec.type)}"${spec.args?.figure ? ` data-figure="${escape(
        spec.args.figure)}"` : ""}><button class="do" data-action="pick" data-spec="${i}">`
      + `${escape(this.optionWords(spec, ctx))}</button></div>` : ""));
    return `<div class="options">${rows.join("")}</div>`;
  }

  // The picked option with the values chosen so far (not those it came with).
  _chosenHtml(spec, ctx) {
    const done = Object.entries(this.chosen).filter(([p]) => !(p in (spec.args || {})))
      .map(([p, v]) => this.valueWords(p, v, ctx));
    return `<div class="option chosen-option" data-type="${escape(spec.type)}">`
      + `<strong>${escape(this.optionWords(spec, ctx))}</strong>${done.length
        ? ` — ${escape(done.join(", "))}` : ""}</div>`;
  }

  // Nothing picked: the options (a subclass may add a line above them).
  _listHtml(ctx) {
    return this._optionsHtml(ctx);
  }

  // Whether the picked option may be put back (one that is the only one stays).
  _cancellable() {
    return true;
  }

  render() {
    const ctx = { view: this.view, ...this.hooks.ctx() };
    const parts = [this._header(ctx)];
    if (this.decision) {
      if (this.error) parts.push(`<p class="prompt-error" role="alert">${escape(this.error)}</p>`);
      if (this.busy) {
        parts.push('<p class="muted">Sending…</p>');
      } else if (this.selected === null) {
        parts.push(this._listHtml(ctx));
      } else {
        parts.push(this._chosenHtml(this.spec, ctx));
        parts.push(this._choices(this.spec, this.pendingParam, ctx));
        if (this._cancellable()) {
          parts.push('<button class="cancel" data-action="cancel">Cancel</button>');
        }
      }
    }
    parts.push('<div class="odds" hidden></div>');
    this.panel.innerHTML = parts.join("");
    Object.assign(this.panel.dataset, { seq: this.prompt ? this.prompt.seq : "",
      mine: this.decision ? "true" : "false", busy: this.busy ? "true" : "false",
      pending: this.pendingParam || "", option: this.spec?.type || "" });
    this._fillOdds();
    tellTurn(this, Boolean(this.decision), playerName);
  }

  // -- the panel's clicks ---------------------------------------------------------------
  _click(e) {
    const button = e.target.closest("button");
    if (!button || this.busy) return;
    this.error = null;
    const action = button.dataset.action;
    if (action && this._action(action, button)) return;
    if (action === "cancel") {
      this.reset();
      this.hooks.changed();
    } else if (action === "pick") {
      this._select(Number(button.dataset.spec));
      if (!this.pendingParam) this._send();
      else this.render();
      this.hooks.changed();
    } else if (button.dataset.param) {
      this._choose(button.dataset.param, this._buttonValue(button.dataset.param, button));
    }
  }

  // A subclass's own button (true: done).
  _action() {
    return false;
  }

  // A value button's value: the listed value it stands for.
  _buttonValue(param, button) {
    return this.spec.params[param][Number(button.dataset.value)];
  }
}
