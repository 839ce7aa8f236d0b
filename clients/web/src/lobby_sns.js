// The lobby's Swords & Sorcery part: the form that creates a match (each seat's
// army, table layout, turn limit, deployment) and the words that describe one in
// the lists. The armies (the ready-made ones, ten figures or a skirmish of three)
// and the table layouts are the server's (its catalog): no copy here.

import { $, escape } from "./dom.js";
import { armiesOf, defaultArmiesOf, layoutsOf, optionsHtml } from "./scenarios.js";

export function snsFormHtml() {
  const select = (name, entries) => `<select name="${name}">${entries.map(([key, label]) =>
    `<option value="${key}">${escape(label)}</option>`).join("")}</select>`;
  return `
    <section class="card">
      <h2>Create a Swords &amp; Sorcery match</h2>
      <form id="sns-form" class="grid-form">
        <label>Your army (seat a) <select name="army_a"><option value="" disabled selected>
          Loading…</option></select></label>
        <label>The other army (seat b) <select name="army_b"><option value="" disabled
          selected>Loading…</option></select></label>
        <label>Table <select name="layout"><option value="" disabled selected>Loading…
          </option></select></label>
        <label>Turns <input name="turns" type="number" min="1" max="50" value="12"></label>
        <label>Deployment ${select("deployment", [["ranks", "in ranks (set for you)"],
    ["chosen", "chosen (place your figures)"]])}</label>
        <label class="check"><input name="private" type="checkbox"> Private (invite code)</label>
        <p class="muted">Against the bot, you take seat a with your army; the bot plays a
          ready-made army of as many figures.</p>
        <div class="form-actions"><button class="primary" type="submit">Create match</button>
          <button type="button" id="sns-vs-bot">Play against the bot</button></div>
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
  }
}

// The chosen armies as create_match's `options.armies` (army lists), or null for the
// server's defaults (nothing chosen, or the defaults).
function chosenArmies(form) {
  const keys = { a: form.army_a.value, b: form.army_b.value };
  const defaults = defaultArmiesOf();
  if (!keys.a || !keys.b || (keys.a === defaults.a && keys.b === defaults.b)) return null;
  const byKey = new Map(armiesOf().map((a) => [a.key, a]));
  const list = (key) => ({ name: byKey.get(key).name,
    units: byKey.get(key).units.map((unit) => ({ unit })) });
  return { a: list(keys.a), b: list(keys.b) };
}

// create_match's fields; `extra` adds the opponent for a match against the house bot
// (clients/bots/sns_house.py), which replaces seat b's army with a ready-made one.
export function snsSettings(form, extra = {}) {
  const options = { last_turn: Number(form.turns.value), deployment: form.deployment.value };
  if (form.layout.value) options.layout = form.layout.value; // (none: the server's default)
  const armies = chosenArmies(form);
  if (armies) options.armies = armies;
  return { system: "sns", options, private: form.private.checked, ...extra };
}

export function snsSetupWords(setup) {
  const o = { ...(setup?.options || {}), ...(setup || {}) };
  const armies = o.armies ? Object.values(o.armies).map((a) => `${a.name} (${a.units.length})`)
    .join(" against ") : "Medieval Men against Orcs";
  return `Swords & Sorcery: ${armies}, ${o.last_turn || 12} turns`;
}
