// The lobby's A Song of Ice & Fire part: the form that creates a match (its
// scenario and the creator's ready-made warband), the panel that joins one with
// the joiner's own warband, and the words that describe one in the lists.

import { $, escape } from "./dom.js";
import { WarbandPicker } from "./asoiaf_picker.js";
import { optionsHtml, scenarioName, scenarioOf, scenariosOf } from "./scenarios.js";

// A scenario in the create form's words: "Village Skirmish (small: 2 gold, 4 silver,
// 12 copper; 5 rounds)", from the server's catalog (scenarios.js).
function scenarioWords(s) {
  const coins = Object.entries(s.coins || {}).map(([coin, n]) => `${n} ${coin}`).join(", ");
  return `${s.name} (${s.size_name}: ${coins}; ${s.rounds} rounds)`;
}

// `guest`: a guest plays casual matches only (no Rated box).
export function asoiafFormHtml(guest) {
  const options = '<option value="" disabled selected>Loading…</option>';
  return `
    <section class="card">
      <h2>Create an A Song of Ice &amp; Fire match</h2>
      <form id="asoiaf-form" class="grid-form">
        <label class="whole-row">Scenario <select name="scenario">${options}</select></label>
        <label>Your warband <select name="warband"></select></label>
        <label class="check"><input name="private" type="checkbox"> Private (invite code)</label>
        ${guest ? "" : `<label class="check" title="The result moves both players' ratings
          (never against the bot)"><input name="rated" type="checkbox"> Rated</label>`}
        <div class="warband-detail" id="asoiaf-warband-detail"></div>
        <p class="muted">Whoever joins chooses their own warband of the scenario's size.</p>
        <div class="form-actions"><button class="primary" type="submit">Create match</button>
          <button type="button" id="asoiaf-vs-bot">Play against the bot</button>
          <button type="button" id="asoiaf-quick-pair" title="Be paired with another player
            who wants this scenario; each plays the warband they bring">Find an opponent</button>
        </div>
        <p class="status" id="asoiaf-seek-status" aria-live="polite"></p>
        <p class="status error form-error" id="asoiaf-status" role="alert"></p>
      </form>
    </section>`;
}

// create_match's fields; the creator takes seat a, so their warband is named for it.
// (never rated against the bot)
export function asoiafSettings(form, extra = {}) {
  const warband = form.warband.disabled ? "" : form.warband.value; // (none while loading)
  return { system: "asoiaf", scenario: form.scenario.value || null, private: form.private.checked,
    rated: !extra.opponent && Boolean(form.rated?.checked),
    ...(warband ? { warbands: { a: warband } } : {}), ...extra };
}

// seek's fields: the scenario and the seeker's own warband, which goes with them to
// whichever seat the pairing gives them (docs/protocol.md, seek).
export function asoiafSeek(form) {
  const warband = form.warband.disabled ? "" : form.warband.value;
  return { system: "asoiaf", scenario: form.scenario.value || null,
    rated: Boolean(form.rated?.checked), ...(warband ? { warband } : {}) };
}

// The create form's warband picker, refilled when the scenario (its size) changes;
// `fill()` lists the server's scenarios once they are in and loads the first's warbands.
export function bindAsoiafForm(root, app) {
  const form = $(root, "#asoiaf-form");
  const picker = new WarbandPicker(app, form.warband, $(root, "#asoiaf-warband-detail"));
  form.scenario.addEventListener("change", () => picker.load(form.scenario.value, "a",
    picker.value()));
  return {
    picker,
    fill() {
      form.scenario.innerHTML = optionsHtml(scenariosOf("asoiaf").map((s) =>
        [s.key, scenarioWords(s)]), escape);
      if (form.scenario.value) picker.load(form.scenario.value, "a");
    },
  };
}

// The panel where a player joining an ASOIAF match picks their warband first: an
// empty box until a Join is clicked (no hidden controls in the lobby).
export function asoiafJoinHtml() {
  return '<div id="asoiaf-join-box"></div>';
}

const JOIN_FORM = `<form id="asoiaf-join" class="grid-form join-panel">
    <p class="join-title"></p>
    <label>Your warband <select name="warband"></select></label>
    <div class="warband-detail" id="asoiaf-join-detail"></div>
    <div class="form-actions"><button class="primary" type="submit">Join with this warband
      </button> <button type="button" class="cancel">Cancel</button></div>
  </form>`;

export class AsoiafJoin {
  // join(fields): the lobby's join request (match_id and warband)
  constructor(root, app, join) {
    this.box = $(root, "#asoiaf-join-box");
    this.app = app;
    this.join = join;
  }

  // `m`: the open list's entry. The joiner takes the free seat; the creator may have
  // named a warband for it, which is preselected. `code`: the invite code a private
  // match is joined by (it cannot be joined by its id).
  show(m, title, code = null) {
    const seat = m.open_seats?.[0] || "b";
    const options = m.setup?.options || {};
    this.box.innerHTML = JOIN_FORM;
    const form = $(this.box, "#asoiaf-join");
    const picker = new WarbandPicker(this.app, form.warband, $(this.box, "#asoiaf-join-detail"));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const warband = picker.value();
      this.join({ ...(code ? { invite_code: code } : { match_id: m.match_id }),
        ...(warband ? { warband } : {}) });
    });
    $(form, ".cancel").addEventListener("click", () => { this.box.innerHTML = ""; });
    form.dataset.match = m.match_id;
    $(form, ".join-title").textContent = `Join ${title}: choose your warband.`;
    picker.load(options.scenario || "learn_to_play", seat, options.warbands?.[seat]);
  }
}

export function asoiafSetupWords(setup) {
  const key = setup?.options?.scenario || setup?.scenario || "learn_to_play";
  const size = scenarioOf("asoiaf", key)?.size_name;
  return `A Song of Ice & Fire: ${scenarioName("asoiaf", key)}${size ? ` (${size})` : ""}`;
}
