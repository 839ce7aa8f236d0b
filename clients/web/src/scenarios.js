// The scenarios each rules system offers (and S&S's table layouts), as the server's
// `catalog` lists them: clients keep no copy. Loaded once a session (main.js) and
// kept here so that words about a match (its settings, a rolled scenario) can name
// its scenario; until then, or for a key the server did not list, the key is read
// as words ("all_out_battle": "All out battle").

const loaded = new Map(); // system -> the catalog reply

const SYSTEMS = ["sbh", "asoiaf", "sns"];

// Each rules system's name for players, in the lobby's order (a system's key, "sbh",
// is never shown).
export const SYSTEM_NAMES = { sbh: "Song of Blades and Heroes", asoiaf: "A Song of Ice & Fire",
  sns: "Swords & Sorcery" };

export function systemName(system) {
  return SYSTEM_NAMES[system] || readable(system);
}

// Every system's; resolves when all have answered (one that failed leaves its
// lists empty and its words the keys: app.catalog asks again on the next call).
export function loadScenarios(app) {
  return Promise.all(SYSTEMS.map((system) => app.catalog({}, system)
    .then((found) => { loaded.set(system, found); })
    .catch(() => undefined)));
}

// The system's scenarios, each {key, name, ...}: the lobby's choices, the default first.
export function scenariosOf(system) {
  return loaded.get(system)?.scenarios || [];
}

// S&S's table layouts, each {key, name}, the default first.
export function layoutsOf() {
  return loaded.get("sns")?.layouts || [];
}

// S&S's ready-made armies, each {key, name, figures, units} (server/rules/sns/data/
// armies.toml), and the seats' defaults ({a: key, b: key}).
export function armiesOf() {
  return loaded.get("sns")?.armies || [];
}

export function defaultArmiesOf() {
  return loaded.get("sns")?.default_armies || {};
}

export function scenarioOf(system, key) {
  return scenariosOf(system).find((s) => s.key === key) || null;
}

export function scenarioName(system, key) {
  return scenarioOf(system, key)?.name || readable(key);
}

// A select's options: the given [key, words] pairs, or one disabled line saying why
// there are none (the server's list not loaded).
export function optionsHtml(pairs, escape) {
  if (!pairs.length) return '<option value="" disabled selected>(the server did not list them)</option>';
  return pairs.map(([key, words]) => `<option value="${escape(key)}">${escape(words)}</option>`)
    .join("");
}

function readable(key) {
  const words = String(key ?? "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
