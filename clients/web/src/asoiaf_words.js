// A Song of Ice & Fire in plain words: model names from the view, the prompt's
// options and their choices, and the event log (names, never ids).

import { displayNames } from "./names.js";
import { plural } from "./events.js";

export const COINS = ["gold", "silver", "copper"];
export const ASOIAF_SEAT_WORDS = { gold: "gold", silver: "silver" };

// uid -> "Baratheon Warden 2" (the card's name, numbered when a side has several).
export function modelNames(view) {
  return displayNames((view?.models || []).map((m) => ({ id: m.uid, seat: m.seat,
    name: m.card })));
}

export function squareWords(square) {
  return square ? `square ${square[0] + 1}, ${square[1] + 1}` : "off the battlefield";
}

const LASTING_UNTIL = { activation: "this activation", turn: "this turn",
  round: "until the round ends", game: "for the game" };

// A change outlasting the ability that made it (the view's `lasting`: [uid, "value" |
// "roll", which, by, until]), as "defence +1 until the round ends" or "+1 to attack
// rolls this turn".
export function lastingWords([, kind, which, by, until]) {
  const amount = `${by > 0 ? "+" : ""}${by}`;
  const when = LASTING_UNTIL[until] || `until ${until}`;
  if (kind === "roll") {
    return `${amount} to ${which === "any" ? "every roll" : `${which} rolls`} ${when}`;
  }
  return `${String(which).replace(/_/g, " ")} ${amount} ${when}`;
}

// "1 gold, 2 copper" ("nothing" when no coin).
export function coinWords(coins) {
  const parts = COINS.filter((c) => coins?.[c]).map((c) => `${coins[c]} ${c}`);
  return parts.length ? parts.join(", ") : "nothing";
}

// The button of an option (before its choices are made).
const OPTION_WORDS = {
  roll_off: () => "Roll off",
  choose_zone: () => "Choose a deployment zone",
  choose_first_player: () => "Choose the 1st player",
  keep_agenda: () => "Keep an agenda",
  deploy: (s, ctx) => `Place ${ctx.name(s.args.model)}`,
  place: (s, ctx) => `Place ${ctx.name(s.args.model)} (late, 1 copper)`,
  activate: () => "Activate a model",
  pass: () => "Pass (2 copper)",
  end_activation: () => "End the activation",
  move: () => "Move",
  attack: (s) => `Attack: ${s.label}`,
  charge: (s) => `Charge: ${s.label}`,
  charge_terrain: () => "Charge the door",
  ability: (s) => `Ability: ${s.label}`,
  interact: () => "Take a plunder token",
  interact_door: (s) => s.label,  // "Baratheon Warden opens the wooden door"
  interact_corpse_pile: (s) => s.label,
  idle: (s) => s.label,  // "Baratheon Warden stands idle"
  use_objective: (s) => `Objective: ${s.label}`,
  play_agenda: (s) => `Play the agenda ${s.label}`,
  defend: (s) => (s.label ? `Defend ${s.label}` : "Defend"),  // "with Lucky Charm"
  wounds_ability: (s) => `Use ${s.label}`,
  decline_wounds_ability: () => "No wounds ability",
  aftermath: (s) => `Aftermath: ${s.label}`,
  decline_aftermath: () => "No aftermath",
  remove: () => "Kill or capture",
  surge: () => "Surge forth",
  hold: () => "Stay where you are",
  use_motivation: () => "Use the motivation",
  decline_motivation: () => "Decline the motivation",
  start_ability: (s) => `At the start of the game: ${s.label}`,
  decline_start_ability: () => "Don't use it",
  use_equipment: (s) => `Discard ${s.label}`,  // HEALING BALM, STRANGLER FLASK, before a will test
  decline_equipment: () => "Keep the token",
};

export function optionWords(spec, ctx) {
  const words = OPTION_WORDS[spec.type];
  if (words) return words(spec, ctx);
  const plain = spec.type.replace(/_/g, " ");
  return `${plain[0].toUpperCase()}${plain.slice(1)}${spec.label ? `: ${spec.label}` : ""}`;
}

// A choice among a parameter's values, as its button says it.
export function valueWords(param, value, ctx) {
  if (["model", "target", "friend"].includes(param)) return ctx.name(value);
  if (param === "targets") return value.map((uid) => ctx.name(uid)).join(" and ");
  if (param === "square") return squareWords(value);
  if (param === "zone") return `the ${value} zone`;
  if (param === "first_player") return ctx.seat(value);
  if (param === "improvements") {
    return value.length ? `improvement${value.length > 1 ? "s" : ""} `
      + `${value.map((i) => i + 1).join(" + ")}` : "no improvement";
  }
  if (param === "abilities") {
    return value.length ? value.map(([name, chosen]) => (chosen.length
      ? `${name} (improvement${chosen.length > 1 ? "s" : ""} ${chosen.map((i) => i + 1)
        .join(" + ")})` : name)).join(", ") : "no defence ability";
  }
  if (param === "removal") return value === "captured" ? "capture it" : "kill it";
  return String(value);
}

export const PARAM_WORDS = {
  model: "which model", target: "the target", targets: "the models",
  friend: "which friendly model", square: "the square", improvements: "coins to spend",
  abilities: "defence abilities",
  zone: "the zone", first_player: "who goes first", agenda: "the agenda", removal: "kill or capture",
};

// -- the event log -----------------------------------------------------------------
const dice = (faces) => (faces?.length ? ` (rolled ${faces.join(", ")})` : "");
// The terrain a move entered on its way (terrain_entry.py: `entered`, and its
// defence dice in `faces`, or `terrain_faces` beside a door charge's own faces).
const terrain = (d, faces = d.faces) => (d.entered?.length
  ? ` It enters terrain at ${d.entered.map(([sq]) => squareWords(sq)).join(" and ")}`
    + `${faces?.length ? `; defence${dice(faces)}` : ""}.` : "");

const DOOR_VERBS = { Open: "opens", Close: "closes", Destroy: "breaks down" };

const FORMATS = {
  rolled_off: (d, ctx) => `Roll-off: ${d.rolls.map(([a, b]) => `${a} against ${b}`)
    .join(", then ")}; ${ctx.seat(d.winner)} wins and chooses first.`,
  zone_chosen: (d, ctx) => Object.entries(d.zones || {})
    .map(([seat, zone]) => `${ctx.seat(seat)} deploys in the ${zone} zone`).join("; ") + ".",
  first_player_chosen: (d, ctx) => `${ctx.seat(d.first_player)} is the 1st player.`,
  objectives_dealt: (d) => `${plural((d.cards || []).length, "objective card")} dealt face down.`,
  agendas_drawn: (d, ctx) => `${ctx.seat(d.seat)} draws 2 agendas${d.hand
    ? `: ${d.hand.join(" and ")}` : ""}.`,
  agenda_kept: (d, ctx) => `${ctx.seat(d.seat)} keeps an agenda${d.agenda
    ? `: ${d.agenda}` : " (hidden)"}.`,
  deployed: (d, ctx) => `${ctx.name(d.model)} is placed on ${squareWords(d.square)}.`,
  placed: (d, ctx) => `${ctx.name(d.model)} arrives late on ${squareWords(d.square)}.`,
  activated: (d, ctx) => `${ctx.name(d.model)} activates.`,
  passed: (d, ctx) => `${ctx.seat(d.seat)} passes.`,
  moved: (d, ctx) => `${ctx.name(d.model)} moves to ${squareWords(d.square)}.${terrain(d)}`,
  charged: (d, ctx) => `${ctx.name(d.model)} charges to ${squareWords(d.square)}`
    + `${coinWords(d.spent) !== "nothing" ? `, spending ${coinWords(d.spent)}` : ""}.`
    + terrain(d),
  attack_rolled: (d, ctx) => `${ctx.name(d.attacker)} attacks ${ctx.name(d.target)}`
    + `${coinWords(d.spent) !== "nothing" ? ` spending ${coinWords(d.spent)}` : ""}`
    + `${dice(d.attack_faces)}: ${plural(d.hits, "hit")}.`,
  defended: (d, ctx) => `${ctx.name(d.target)} defends${d.abilities?.length
    ? ` with ${d.abilities.map(([name]) => name).join(", ")}` : ""}${dice(d.defence_faces)}: `
    + `${plural(d.wounds, "wound")}.`,
  wounds_ability_used: (d, ctx) => (d.ability ? `${ctx.name(d.model)} uses ${d.ability}.`
    : null),
  aftermath_used: (d) => (d.ability ? `Aftermath: ${d.ability}.` : null),
  removed: (d) => (d.removal === "captured" ? "The target is captured." : "The target is killed."),
  surged: (d) => `The attacker surges forth to ${squareWords(d.square)}.${terrain(d)}`,
  surged_through: (d) => (d.square ? `The attacker surges through to ${squareWords(d.square)}.`
    + terrain(d) : null),
  terrain_charged: (d, ctx) => `${ctx.name(d.model)} charges the door${dice(d.faces)}`
    + `${d.destroyed_into ? `: it is ${d.destroyed_into}` : ""}.${terrain(d, d.terrain_faces)}`,
  ability_used: (d, ctx) => `${ctx.name(d.model)} uses ${d.ability}${d.target
    ? ` on ${ctx.name(d.target)}` : ""}${dice(d.will_faces)}.`,
  door_used: (d, ctx) => `${ctx.name(d.model)} ${DOOR_VERBS[d.action] || "uses"} the door`
    + `${d.square ? ` and steps to ${squareWords(d.square)}` : ""}.${terrain(d)}`,
  idled: (d, ctx) => `${ctx.name(d.model)} stands idle.`,
  wounds_ability_answered: (d, ctx) => (d.ability ? `${ctx.name(d.model)} uses ${d.ability}`
    + `${dice(d.will_faces)}: ${d.passed ? `${ctx.name(d.target)} suffers the `
      + `${plural(d.lost, "wound")} instead` : "the wounds stay"}.` : null),
  corpse_pile_tested: (d, ctx) => `${ctx.name(d.model)} tries to climb the corpse pile`
    + `${dice(d.faces)}: ${d.passed ? "it can cross it this turn" : "it fails"}.`,
  plundered: (d, ctx) => `${ctx.name(d.model)} takes a plunder token (${d.kind}).`,
  agenda_drawn: (d, ctx) => `${ctx.seat(d.seat)} draws an agenda${d.agenda
    ? `: ${d.agenda}` : ""}.`,
  agenda_played: (d, ctx) => `${ctx.seat(d.seat)} plays the agenda ${d.agenda}.`,
  objective_used: (d, ctx) => `${ctx.name(d.model)} uses the objective ${d.card}`
    + `${d.friend ? ` for ${ctx.name(d.friend)}` : ""}.`,
  motivation_used: (d, ctx) => `${ctx.name(d.hero)} uses the motivation ${d.ability}.`,
  motivation_declined: (d, ctx) => `${ctx.name(d.hero)} declines the motivation ${d.ability}.`,
  activation_ended: (d, ctx) => `${ctx.name(d.model)} ends its activation.`,
  start_ability_used: (d, ctx) => (d.ability ? `${ctx.name(d.model)} uses ${d.ability} at the `
    + `start of the game${d.target ? ` on ${ctx.name(d.target)}` : ""}${d.square
      ? `, moving to ${squareWords(d.square)}` : ""}${dice(d.will_faces)}.` : null),
  will_test_declared: () => "A will test waits: an equipment token may be discarded first.",
  will_token_answered: (d, ctx) => (d.used ? `${ctx.name(d.model)} discards ${d.equipment} `
    + `before ${ctx.name(d.tested)}'s will test.` : `${ctx.name(d.model)} keeps ${d.equipment}.`),
  nemesis_chosen: (d, ctx) => `${ctx.name(d.model)} names ${ctx.name(d.nemesis)} its nemesis`
    + `${d.ability ? ` (${d.ability})` : ""}.`,
  trigger_ability_used: (d, ctx) => (d.ability ? `${ctx.name(d.model)} uses ${d.ability}`
    + `${d.target ? ` on ${ctx.name(d.target)}` : ""}${d.trigger_model
      ? `, set off by ${ctx.name(d.trigger_model)}` : ""}${dice(d.will_faces)}.` : null),
  will_ability_used: (d, ctx) => (d.ability ? `A will test passed: ${d.ability} is used`
    + `${d.target ? ` on ${ctx.name(d.target)}` : ""}.` : null),
  end_phase_ability_used: (d, ctx) => (d.ability ? `${ctx.name(d.model)} uses ${d.ability}`
    + `${d.target ? ` on ${ctx.name(d.target)}` : ""}${dice(d.will_faces)}.` : null),
  equipment_used: (d, ctx) => `${ctx.name(d.model)} uses ${d.equipment}.`,
  attack_declared: (d, ctx) => `${ctx.name(d.attacker)} ${d.charging ? "charges" : "attacks"} `
    + `${ctx.name(d.target)}${d.powder ? `: ${ctx.name(d.powder)} may throw Blinding Powder `
      + "before the dice are rolled" : ""}.`,
  dismounted: (d, ctx) => `${ctx.name(d.model)} dismounts onto ${squareWords(d.square)}.`,
  granted_move: (d, ctx) => (d.square ? `${ctx.name(d.model)} moves to `
    + `${squareWords(d.square)} (a granted move).${terrain(d)}`
    : `${ctx.name(d.model)} ${d.idle ? "stands its ground (a granted idle action)"
      : "forgoes the granted action"}.`),
  conceded: (d, ctx) => `${ctx.seat(d.seat)} concedes.`,
};

const KINDS = { attack_rolled: "combat", defended: "combat", removed: "death",
  rolled_off: "dice", activated: "turn", passed: "turn", activation_ended: "minor",
  deployed: "minor", conceded: "end" };

export function formatAsoiafEvent(event, ctx) {
  if (event === null || event === undefined) return { text: "(hidden)", kind: "hidden" };
  const format = FORMATS[event.type];
  if (!format) {
    return { text: `${event.type.replace(/_/g, " ")}.`, kind: "info" };
  }
  const text = format(event.data || {}, ctx);
  return text === null ? null : { text, kind: KINDS[event.type] || "info" };
}
