// The lobby's Swords & Sorcery part: the form that creates a match (each seat's
// army, table layout, turn limit, deployment) and the words that describe one in
// the lists. The armies (the ready-made ones, ten figures or a skirmish of three)
// and the table layouts are the server's (its catalog): no copy here. Either seat's
// army may instead be built (sns_builder.js): the built list, once the server has
// accepted it, is that seat's choice "built".

import { $, escape } from "./dom.js";
import { armiesOf, defaultArmiesOf, layoutsOf, optionsHtml } from "./scenarios.js";
import { SnsBuilder } from "./sns_builder.js";

const BUILT = "built"; // the select's value for the seat's built army
// the creator takes seat a: each seat's army in the creator's words
const SEAT_ARMY = { a: "your army", b: "your opponent's army" };
const built = new WeakMap(); // form -> {seat: the army list built for it}

// `guest`: a guest plays casual matches only (no Rated box).
export function snsFormHtml(guest) {
  const select = (name, entries) => `<select name="${name}">${entries.map(([key, label]) =>
    `<option value="${key}">${escape(label)}</option>`).join("")}</select>`;
  return `
    <section class="card">
      <h2>Create a Swords &amp; Sorcery match</h2>
      <form id="sns-form" class="grid-form">
        <div class="sns-army"><label>Your army <select name="army_a"><option value=""
          disabled selected>Loading…</option></select></label>
          <button type="button" class="small" data-build="a">Build an army…</button></div>
        <div class="sns-army"><label>Your opponent's army <select name="army_b"><option
          value="" disabled selected>Loading…</option></select></label>
          <button type="button" class="small" data-build="b">Build an army…</button></div>
        <label class="whole-row">Table <select name="layout"><option value="" disabled selected>Loading…
          </option></select></label>
        <label>Turns <input name="turns" type="number" min="1" max="50" value="12"></label>
        <label>Deployment ${select("deployment", [["ranks", "in ranks (set for you)"],
    ["chosen", "chosen (place your figures)"]])}</label>
        <label class="check"><input name="private" type="checkbox"> Private (invite code)</label>
        ${guest ? "" : `<label class="check" title="The result moves both players' ratings
          (never against the bot)"><input name="rated" type="checkbox"> Rated</label>`}
        <p class="muted">Against the bot, you play your army (ready-made or built); the
          bot plays a ready-made army of as many figures as one of the two chosen.</p>
        <div class="form-actions"><button class="primary" type="submit">Create match</button>
          <button type="button" id="sns-vs-bot">Play against the bot</button>
          <button type="button" id="sns-quick-pair" title="Be paired with another player who
            wants this table and turns, with an army of as many figures; each plays the army
            they bring">Find an opponent</button></div>
        <p class="status" id="sns-seek-status" aria-live="polite"></p>
        <p class="status error form-error" id="sns-status" role="alert"></p>
      </form>
    </section>`;
}

// The table layouts and armies the server lists (scenarios.js), each seat's default chosen.
export function fillSnsForm(root) {
  const form = $(root, "#sns-form");
  if (!form) return;
  form.layout.innerHTML = optionsHtml(layoutsOf().map((l) => [l.key, l.name]), escape);
  const armies = optionsHtml(armiesOf().map((a) => [a.key, `${a.name} (${a.figures} figures${
    a.key.endsWith("skirmish") ? ": a short battle" : ""})`]), escape);
  const defaults = defaultArmiesOf();
  for (const seat of ["a", "b"]) {
    form[`army_${seat}`].innerHTML = armies;
    if (defaults[seat]) form[`army_${seat}`].value = defaults[seat];
    const list = built.get(form)?.[seat];
    if (list) useBuilt(form, seat, list);
  }
}

// "Build an army…": the builder for that seat, from the server's S&S catalog, its
// verdicts by `check_list`; the army it accepts becomes the seat's choice.
export function bindSnsForm(root, app) {
  const form = $(root, "#sns-form");
  form.addEventListener("click", async (e) => {
    const seat = e.target.closest("button[data-build]")?.dataset.build;
    if (!seat) return;
    let catalog;
    try {
      catalog = await app.catalog({}, "sns");
    } catch (error) {
      $(root, "#sns-status").textContent = `The units could not be loaded: ${error.message}`;
      return;
    }
    const whose = SEAT_ARMY[seat];
    new SnsBuilder(document.body, {
      catalog, start: built.get(form)?.[seat],
      title: `Build ${whose}`,
      useWords: `Use this as ${whose}`,
      checkList: (list) => app.conn.request("check_list", { system: "sns", list, options: {} }),
      use: (list) => useBuilt(form, seat, list),
    }).open();
  });
}

function useBuilt(form, seat, list) {
  built.set(form, { ...built.get(form), [seat]: list });
  const select = form[`army_${seat}`];
  let option = select.querySelector(`option[value="${BUILT}"]`);
  if (!option) {
    option = document.createElement("option");
    option.value = BUILT;
    select.prepend(option);
  }
  option.textContent = `Built: ${list.name} (${list.units.length} figures)`;
  select.value = BUILT;
}

// The chosen armies as create_match's `options.armies` (army lists), or null for the
// server's defaults (nothing chosen, or the defaults).
function chosenArmies(form) {
  const keys = { a: form.army_a.value, b: form.army_b.value };
  const defaults = defaultArmiesOf();
  if (!keys.a || !keys.b || (keys.a === defaults.a && keys.b === defaults.b)) return null;
  const byKey = new Map(armiesOf().map((a) => [a.key, a]));
  const list = (seat) => (keys[seat] === BUILT ? built.get(form)[seat]
    : { name: byKey.get(keys[seat]).name,
      units: byKey.get(keys[seat]).units.map((unit) => ({ unit })) });
  return { a: list("a"), b: list("b") };
}

// create_match's fields; `extra` adds the opponent for a match against the house bot
// (clients/bots/sns_house.py), which replaces seat b's army with a ready-made one.
export function snsSettings(form, extra = {}) {
  const options = { last_turn: Number(form.turns.value), deployment: form.deployment.value };
  if (form.layout.value) options.layout = form.layout.value; // (none: the server's default)
  const armies = chosenArmies(form);
  if (armies) options.armies = armies;
  return { system: "sns", options, private: form.private.checked,
    rated: !extra.opponent && Boolean(form.rated?.checked), ...extra }; // (never against the bot)
}

// seek's fields: the table and turns, and the seeker's own army (a ready-made army's
// key or the built list), which goes with them to whichever seat the pairing gives
// them; the opponent's army is theirs to bring (docs/protocol.md, seek).
export function snsSeek(form) {
  const options = { last_turn: Number(form.turns.value), deployment: form.deployment.value };
  if (form.layout.value) options.layout = form.layout.value;
  const key = form.army_a.value;
  const warband = key === BUILT ? built.get(form).a : key || null;
  return { system: "sns", options, rated: Boolean(form.rated?.checked),
    ...(warband ? { warband } : {}) };
}

export function snsSetupWords(setup) {
  const o = { ...(setup?.options || {}), ...(setup || {}) };
  const armies = o.armies ? Object.values(o.armies).map((a) => `${a.name} (${a.units.length})`)
    .join(" against ") : "Medieval Men against Orcs";
  return `Swords & Sorcery: ${armies}, ${o.last_turn || 12} turns`;
}
