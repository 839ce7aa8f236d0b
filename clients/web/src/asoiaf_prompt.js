// The A Song of Ice & Fire prompt panel, generic over the options the rules
// send ({type, label, args, params}): an option is picked (a button, or a click
// on the board that only one option accepts), then each of its parameters is
// chosen in turn — squares and models on the board, the rest by buttons — and
// the command is sent. Attacks and charges show their exact odds (hits and
// wounds after defence, per coin improvement) on hover and while choosing. What
// it shares with the S&S panel (the option rows, the odds asked, sending) is
// option_panel.js.

import { escape } from "./dom.js";
import { OptionPanel } from "./option_panel.js";
import { actingSeat, coinWords, isPick, optionWords, paramWords, pickNumber, pickParams,
  promptWords, spanWords, valueWords } from "./asoiaf_words.js";

// the order a command's parameters are asked in
const PARAM_ORDER = ["model", "target", "targets", "friend", "square", "improvements", "abilities",
  "zone", "first_player", "agenda", "removal"];
const MODEL_PARAMS = new Set(["model", "target", "friend"]);
// a model chosen on the board: those params, and an ability's picks of several
// (a pick of 2 or more models is chosen by its buttons)
const modelParam = (param) => MODEL_PARAMS.has(param) || isPick(param);
const ODDS_TYPES = new Set(["attack", "charge"]);

const percent = (p) => `${(p * 100).toFixed(p < 0.1 && p > 0 ? 1 : 0)}%`;
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function orderedParams(spec) {
  const names = Object.keys(spec.params || {});
  const picks = names.filter(isPick).sort((a, b) => pickNumber(a) - pickNumber(b));
  const known = PARAM_ORDER.filter((p) => names.includes(p));
  const at = known.filter((p) => ["model", "target", "targets", "friend"].includes(p)).length;
  return [...known.slice(0, at), ...picks, ...known.slice(at),
    ...names.filter((p) => !PARAM_ORDER.includes(p) && !isPick(p))];
}

export function distributionText(rows) {
  return rows.map(([value, p]) => `${value}: ${percent(p)}`).join(" · ");
}

// The odds reply as a table: one row per set of improvements.
// A bought will test's branches may differ: dice, value and defence then come as
// "low-high" text ("2 to 3 d10 on 6+, against defence 5+ to 6+").
export function diceWords(c, defence) {
  const against = c.defence !== undefined && String(c.defence) !== String(defence)
    ? `, against defence ${spanWords(c.defence, "+")}` : "";
  const ranged = [c.dice, c.value, c.defence].some((v) => typeof v === "string")
    ? " (as the will test goes)" : "";
  return `${spanWords(c.dice)} d10 on ${spanWords(c.value, "+")}${against}${ranged}`;
}

export function oddsHtml(odds, ctx) {
  const rows = odds.choices.map((c) => `<tr data-improvements="${escape(JSON.stringify(
    c.improvements))}"><td>${escape(valueWords("improvements", c.improvements, ctx))}</td>`
    + `<td>${escape(coinWords(c.cost))}</td><td class="odds-dice">${escape(diceWords(c,
      odds.defence))}</td>`
    + `<td class="odds-hits">${escape(distributionText(c.hits))}</td>`
    + `<td class="odds-wounds">${escape(distributionText(c.wounds))}</td>`
    + `<td>${c.mean_wounds.toFixed(2)}</td></tr>`);
  return `<p><strong>${escape(odds.mode)}</strong> against ${escape(ctx.name(odds.target))} `
    + `(defence ${odds.defence}+, ${odds.wounds_left} wounds left; the defender spends `
    + "nothing)</p><table class=\"odds-table\"><thead><tr><th>Coins bought</th><th>Cost</th>"
    + "<th>Dice</th><th>Hits</th><th>Wounds after defence</th><th>Mean wounds</th></tr>"
    + `</thead><tbody>${rows.join("")}</tbody></table>`;
}

export class AsoiafPrompt extends OptionPanel {
  constructor(panel, hooks) {
    super(panel, hooks, { orderedParams, optionWords, valueWords, promptWords, actingSeat });
  }

  reset(draw = true) {
    this.selected = null;
    this.chosen = {};
    // a single option with choices to make is picked at once (deploy, keep an agenda);
    // one whose every choice is forced (the last model to activate) stays a button
    if (this.options.length === 1
      && Object.values(this.options[0].params || {}).some((values) => values.length > 1)) {
      this._select(0);
    }
    if (draw) this.render();
  }

  _select(index) {
    this.selected = index;
    this.chosen = {};
    this._autoChoose();
  }

  // parameters with a single value are chosen without asking
  _autoChoose() {
    const spec = this.spec;
    for (const param of orderedParams(spec)) {
      if (!(param in this.chosen) && spec.params[param].length === 1) {
        this.chosen[param] = spec.params[param][0];
      }
    }
  }

  // What the board highlights: the pending parameter's squares or models; with
  // no option picked, whatever one click on the board can choose.
  marks() {
    const squares = new Set();
    const models = new Set();
    const add = (param, values) => {
      for (const v of values) {
        if (param === "square") squares.add(`${v[0]},${v[1]}`);
        else if (modelParam(param) && typeof v === "string") models.add(v);
      }
    };
    if (this.decision && !this.busy) {
      const param = this.pendingParam;
      if (param) add(param, this.spec.params[param]);
      else if (this.selected === null) {
        for (const spec of this.options) {
          const first = orderedParams(spec)[0];
          if (first) add(first, spec.params[first]);
        }
      }
    }
    const chosen = new Set(Object.entries(this.chosen)
      .filter(([p]) => modelParam(p)).flatMap(([, v]) => (Array.isArray(v) ? v : [v])));
    return { squares, models, chosen };
  }

  // A click on the board: the pending parameter's value, or the one option
  // whose first parameter takes it.
  chooseSquare(key) {
    const square = key.split(",").map(Number);
    this._boardChoice("square", (v) => same(v, square));
  }

  chooseModel(uid) {
    this._boardChoice(null, (v) => v === uid);
  }

  _boardChoice(kind, matches) {
    if (!this.decision || this.busy) return;
    const accepts = (param) => (kind ? param === kind : modelParam(param));
    const param = this.pendingParam;
    if (param) {
      const value = this.spec.params[param].find(matches);
      if (accepts(param) && value !== undefined) this._choose(param, value);
      return;
    }
    if (this.selected !== null) return;
    const fits = this.options.map((spec, index) => ({ spec, index }))
      .filter(({ spec }) => {
        const first = orderedParams(spec)[0];
        return first && accepts(first) && spec.params[first].some(matches);
      });
    if (fits.length !== 1) {
      if (fits.length > 1) this.showError("Several actions can use that: choose one first.");
      return;
    }
    const { spec, index } = fits[0];
    this._select(index);
    const first = orderedParams(spec)[0];
    this._choose(first, spec.params[first].find(matches));
  }

  _choose(param, value) {
    if (param === "target") this.showOdds(value);
    super._choose(param, value);
    // a charge's square or a pick chosen: its odds again, from where the charge
    // ends and with the models picked
    if ((param === "square" || isPick(param)) && this.chosen.target && this.pendingParam) {
      this.showOdds(this.chosen.target);
    }
  }

  // -- odds -------------------------------------------------------------------------
  _oddsAsked(target, extra = {}) {
    const spec = this.spec;
    if (!spec || !ODDS_TYPES.has(spec.type) || !spec.params.target?.includes(target)) {
      return null;
    }
    // the option's own args (its equipment token, a charge's movement ability),
    // and a charge's square once chosen
    const args = { ...spec.args, target };
    if (spec.type === "charge" && this.chosen.square) args.square = this.chosen.square;
    // an option picking models: its one set of improvements, and the models picked
    // so far (or hovered: `extra`); the server says "pick them first" until all are
    const picks = pickParams(spec);
    if (picks.length) {
      args.improvements = this.chosen.improvements ?? spec.params.improvements?.[0];
      for (const p of picks) {
        if (p in extra) args[p] = extra[p];
        else if (p in this.chosen) args[p] = this.chosen[p];
      }
    }
    return { type: spec.type, args };
  }

  _oddsRefusedHtml(error) {
    return error?.code === "no_odds"
      ? `<p class="odds-none">No odds yet: ${escape(error.message)}</p>` : null;
  }

  _oddsHtml(odds) {
    return oddsHtml(odds, this.hooks.ctx());
  }

  _oddsArrived() {
    if (this.pendingParam === "improvements") this.render(); // (its buttons say the odds)
    else this._fillOdds();
  }

  hoverModel(uid) {
    const pending = this.pendingParam;
    if (pending === "target") this.showOdds(uid);
    else if (isPick(pending) && this.spec.params[pending].includes(uid)) {
      this.showOdds(this.chosen.target, { [pending]: uid }); // the odds were it picked
    }
  }

  // A target's or a pick's button hovered: its odds.
  _hoverButton(e) {
    super._hoverButton(e);
    const button = e.target.closest("button[data-param]");
    const param = button?.dataset.param;
    if (param && isPick(param) && this.chosen.target) {
      this.showOdds(this.chosen.target,
        { [param]: this.spec.params[param][Number(button.dataset.value)] });
    }
  }

  // -- drawing ------------------------------------------------------------------------
  _choices(spec, param, ctx) {
    const values = spec.params[param];
    const out = [`<p class="hint">Choose ${escape(paramWords(param))}`
      + `${param === "square" ? " on the battlefield (highlighted)" : ""}:</p>`];
    if (param === "square" && values.length > 8) return out.join("");
    const odds = param === "improvements" && this.oddsShown?.odds;
    out.push('<div class="choices">');
    values.forEach((value, i) => {
      let words = valueWords(param, value, ctx);
      const row = odds && odds.choices.find((c) => same(c.improvements, value));
      if (row) words += ` — ${coinWords(row.cost)}, ${row.dice} dice, mean wounds `
        + `${row.mean_wounds.toFixed(2)}`;
      out.push(`<button class="choice" data-param="${escape(param)}" data-value="${i}">`
        + `${escape(words)}</button>`);
    });
    out.push("</div>");
    return out.join("");
  }

  _cancellable() {
    return this.options.length > 1;
  }
}
