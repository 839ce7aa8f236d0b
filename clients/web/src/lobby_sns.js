// The lobby's Swords & Sorcery part: the form that creates a match (armies,
// table layout, turn limit, deployment) and the words that describe one in the
// lists. The armies are the basic scenario's (server/rules/sns/setup.py), or a
// skirmish of three figures a side for a short battle; the table layouts are the
// server's (its catalog).

import { $, escape } from "./dom.js";
import { layoutsOf, optionsHtml } from "./scenarios.js";

const SKIRMISH = {
  a: { name: "Medieval Men", units: [{ unit: "Kings Champion" }, { unit: "Swordsman" },
    { unit: "Yeoman" }] },
  b: { name: "Orcs", units: [{ unit: "Orc Warboss" }, { unit: "Orc" }, { unit: "Orc Bolter" }] },
};
export const SNS_ARMIES = {
  basic: ["Medieval Men against Orcs (10 figures a side)", null],
  skirmish: ["Skirmish: 3 figures a side (a short battle)", SKIRMISH],
};

export function snsFormHtml() {
  const select = (name, entries) => `<select name="${name}">${entries.map(([key, label]) =>
    `<option value="${key}">${escape(label)}</option>`).join("")}</select>`;
  return `
    <section class="card">
      <h2>Create a Swords &amp; Sorcery match</h2>
      <form id="sns-form" class="grid-form">
        <label>Armies ${select("armies", Object.entries(SNS_ARMIES).map(([k, [l]]) => [k, l]))}
        </label>
        <label>Table <select name="layout"><option value="" disabled selected>Loading…
          </option></select></label>
        <label>Turns <input name="turns" type="number" min="1" max="50" value="12"></label>
        <label>Deployment ${select("deployment", [["ranks", "in ranks (set for you)"],
    ["chosen", "chosen (place your figures)"]])}</label>
        <label class="check"><input name="private" type="checkbox"> Private (invite code)</label>
        <p class="muted">Against the bot, yours are the first army named (you take seat a); the
          bot plays a ready-made army of as many figures.</p>
        <div class="form-actions"><button class="primary" type="submit">Create match</button>
          <button type="button" id="sns-vs-bot">Play against the bot</button></div>
        <p class="status error form-error" id="sns-status" role="alert"></p>
      </form>
    </section>`;
}

// The table layouts the server lists (scenarios.js), the default first.
export function fillSnsForm(root) {
  const form = $(root, "#sns-form");
  if (form) form.layout.innerHTML = optionsHtml(layoutsOf().map((l) => [l.key, l.name]), escape);
}

// create_match's fields; `extra` adds the opponent for a match against the house bot
// (clients/bots/sns_house.py), which replaces seat b's army with a ready-made one.
export function snsSettings(form, extra = {}) {
  const options = { last_turn: Number(form.turns.value), deployment: form.deployment.value };
  if (form.layout.value) options.layout = form.layout.value; // (none: the server's default)
  const armies = SNS_ARMIES[form.armies.value]?.[1];
  if (armies) options.armies = armies;
  return { system: "sns", options, private: form.private.checked, ...extra };
}

export function snsSetupWords(setup) {
  const o = { ...(setup?.options || {}), ...(setup || {}) };
  const armies = o.armies ? Object.values(o.armies).map((a) => `${a.name} (${a.units.length})`)
    .join(" against ") : "Medieval Men against Orcs";
  return `Swords & Sorcery: ${armies}, ${o.last_turn || 12} turns`;
}
