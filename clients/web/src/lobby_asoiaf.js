// The lobby's A Song of Ice & Fire part: the form that creates a match (its
// scenario; each side plays the scenario size's ready-made warband) and the
// words that describe one in the lists.

import { escape } from "./dom.js";

// server/rules/asoiaf/data/scenarios: key -> name, size (coins per player), rounds
export const ASOIAF_SCENARIOS = {
  learn_to_play: ["Learn to Play", "small: 2 gold, 4 silver, 12 copper", 4],
  village_skirmish: ["Village Skirmish", "small: 2 gold, 4 silver, 12 copper", 5],
  river_ford: ["River Ford", "standard: 3 gold, 6 silver, 18 copper", 5],
  kingsroad_battle: ["Battle on the Kingsroad", "large: 4 gold, 8 silver, 24 copper", 5],
};

export function asoiafFormHtml() {
  const options = Object.entries(ASOIAF_SCENARIOS).map(([key, [name, size, rounds]]) =>
    `<option value="${key}">${escape(`${name} (${size}; ${rounds} rounds)`)}</option>`).join("");
  return `
    <section class="card">
      <h2>Create an A Song of Ice &amp; Fire match</h2>
      <form id="asoiaf-form" class="grid-form">
        <label>Scenario <select name="scenario">${options}</select></label>
        <label class="check"><input name="private" type="checkbox"> Private (invite code)</label>
        <p class="muted">Each side plays the ready-made Baratheon warband of the scenario's size.</p>
        <div class="form-actions"><button class="primary" type="submit">Create match</button>
          <button type="button" id="asoiaf-vs-bot">Play against the bot</button></div>
        <p class="status error form-error" id="asoiaf-status" role="alert"></p>
      </form>
    </section>`;
}

export function asoiafSettings(form, extra = {}) {
  return { system: "asoiaf", scenario: form.scenario.value, private: form.private.checked,
    ...extra };
}

export function asoiafSetupWords(setup) {
  const key = setup?.options?.scenario || setup?.scenario || "learn_to_play";
  const [name, size] = ASOIAF_SCENARIOS[key] || [key, ""];
  return `A Song of Ice & Fire: ${name}${size ? ` (${size.split(":")[0]})` : ""}`;
}
