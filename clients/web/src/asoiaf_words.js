// A Song of Ice & Fire in plain words: model names from the view, the prompt's
// options and their choices, and the event log (names, never ids).

import { displayNames } from "./names.js";
import { plural } from "./events.js";

export const COINS = ["gold", "silver", "copper"];

// uid -> "Baratheon Warden 2" (the card's name, numbered when a side has several).
export function modelNames(view) {
  return displayNames((view?.models || []).map((m) => ({ id: m.uid, seat: m.seat,
    name: m.card })));
}

// The rules' words name a model by its card ("Baratheon Warden stands idle"): each
// card named as the board names the model ("Baratheon Warden 3"): the one model of
// that card, else the model meant (`uid`, else the acting one) when the card is named
// once; a card several models share, named twice (a mirror match's attack), stays.
// ctx: {view, name(uid)}.
export function modelWords(text, ctx, uid = null) {
  const models = ctx.view?.models || [];
  const cards = [...new Set(models.map((m) => m.card))].filter(Boolean)
    .sort((x, y) => y.length - x.length); // (the longest first: "Ser X" before "X")
  if (!cards.length) return String(text);
  const named = new RegExp(cards.map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("|"), "g");
  const said = String(text);
  const times = new Map();
  for (const [card] of said.matchAll(named)) times.set(card, (times.get(card) || 0) + 1);
  const meant = uid || ctx.view?.active_model || null;
  return said.replace(named, (card) => {
    const holders = models.filter((m) => m.card === card);
    const one = holders.length === 1 ? holders[0]
      : times.get(card) === 1 && holders.find((m) => m.uid === meant);
    return one ? ctx.name(one.uid) : card;
  });
}

// The question after "Your turn:" (option_panel.js), models named as the board names
// them; the rules' plain "Your turn." said as what there is to do.
export function promptWords(decision, ctx) {
  const options = decision.options || [];
  if (decision.text !== "Your turn.") {
    return modelWords(decision.text, ctx, options.find((o) => o.args?.model)?.args.model);
  }
  const active = ctx.view?.active_model;
  if (active) return `Act with ${ctx.name(active)}.`;
  const types = new Set(options.map((o) => o.type));
  const what = [["activate", "activate a model"],
    ["place", "place a model not yet on the battlefield"], ["pass", "pass"]]
    .filter(([type]) => types.has(type)).map(([, words]) => words);
  if (!what.length) return "Choose what to do.";
  const said = what.length > 1 ? `${what.slice(0, -1).join(", ")} or ${what.at(-1)}` : what[0];
  return `${said[0].toUpperCase()}${said.slice(1)}.`;
}

// The seat whose activation it is (its active model's), or null between activations.
export function actingSeat(view) {
  const active = view?.active_model;
  return (active && (view.models || []).find((m) => m.uid === active)?.seat) || null;
}

export function squareWords(square) {
  return square ? `square ${square[0] + 1}, ${square[1] + 1}` : "off the battlefield";
}

const LASTING_UNTIL = { activation: "this activation", turn: "this turn",
  round: "until the round ends", game: "for the game" };

// A change outlasting the ability that made it (the view's `lasting`: [uid, "value" |
// "roll", which, by, until]), as "defence +1 until the round ends" or "+1 to attack
// rolls this turn".
// (a change of `wounds` moves the model's maximum wounds: lasting.most_wounds)
export function lastingWords([, kind, which, by, until]) {
  const amount = `${by > 0 ? "+" : ""}${by}`;
  const when = LASTING_UNTIL[until] || `until ${until}`;
  if (kind === "roll") {
    return `${amount} to ${which === "any" ? "every roll" : `${which} rolls`} ${when}`;
  }
  const what = which === "wounds" ? "maximum wounds" : String(which).replace(/_/g, " ");
  return `${what} ${amount} ${when}`;
}

// "1 gold, 2 copper" ("nothing" when no coin).
export function coinWords(coins) {
  const parts = COINS.filter((c) => coins?.[c]).map((c) => `${coins[c]} ${c}`);
  return parts.length ? parts.join(", ") : "nothing";
}

// The button of an option (before its choices are made).
// the phases, as the match head and the replay name them
export const PHASE_WORDS = { roll_off: "roll-off", choice: "choosing zones and 1st player",
  agendas: "choosing agendas", deploy: "deployment", activations: "activations",
  over: "over" };

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
  attack: (s, ctx) => `Attack: ${s.label}${against(s, ctx)}${picking(s, ctx)}`,
  charge: (s, ctx) => `Charge: ${s.label}${against(s, ctx)}${picking(s, ctx)}`,
  charge_terrain: () => "Charge the door",
  ability: (s) => `Ability: ${s.label}`,
  interact: () => "Take a plunder token",
  // "Baratheon Warden 3 opens the wooden door": the acting model, numbered as the board
  interact_door: (s, ctx) => modelWords(s.label, ctx),
  interact_corpse_pile: (s, ctx) => modelWords(s.label, ctx),
  idle: (s, ctx) => modelWords(s.label, ctx, s.args?.model), // "Baratheon Warden 3 stands idle"
  use_objective: (s) => `Objective: ${s.label}`,
  play_agenda: (s) => `Play the agenda ${s.label}`,
  // "with Lucky Charm"; a use of abilities picking models is labelled by their names
  defend: (s, ctx) => (pickParams(s).length && !s.args?.equipment
    ? `Defend with ${s.label} (picking models)`
    : `${s.label ? `Defend ${s.label}` : "Defend"}${picking(s, ctx)}`),
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
  choose_nemesis: () => "Choose a nemesis",
  dismount: () => "Dismount",
  // abilities waiting their turn (a trigger, a will test passed, the end phase)
  trigger_ability: (s) => `Use ${s.label}`,
  decline_trigger_ability: () => "Don't use it",
  will_ability: (s) => `Use ${s.label}`,
  decline_will_ability: () => "Don't use it",
  end_phase_ability: (s) => `Use ${s.label}`,
  decline_end_phase_ability: () => "Don't use it",
  // an action another model's ability granted (granted.py), spending no AP
  granted_move: () => "Move (granted)",
  granted_attack: (s, ctx) => `Attack (granted): ${s.label}${against(s, ctx)}`,
  granted_charge: (s, ctx) => `Charge (granted): ${s.label}${against(s, ctx)}`,
  granted_charge_terrain: () => "Charge the door (granted)",
  granted_interact: () => "Take a plunder token (granted)",
  granted_idle: () => "Stand idle (granted)",
  forfeit_action: () => "Forfeit the granted action",
};

// " against Unsullied": an attack or charge with a single target names it (a charge
// is one option a target, and a single value is chosen without asking: without its
// name, five charges read alike)
function against(spec, ctx) {
  const targets = spec.params?.target;
  return Array.isArray(targets) && targets.length === 1 ? ` against ${ctx.name(targets[0])}` : "";
}

// An attack, charge or defence whose set of improvements (or abilities) picks
// models is an option of its own: " (improvement 3, picking models)".
function picking(spec, ctx) {
  if (!pickParams(spec).length) return "";
  const param = spec.type === "defend" ? "abilities" : "improvements";
  const sets = spec.params[param] || [];
  const bought = sets.length === 1 ? `${valueWords(param, sets[0], ctx)}, ` : "";
  return ` (${bought}picking models)`;
}

// "2" or, a bought will test's branches differing, "2-3" as "2 to 3" (with `unit`:
// "5+ to 6+").
export function spanWords(value, unit = "") {
  const [low, high] = String(value).split("-");
  return high === undefined ? `${low}${unit}` : `${low}${unit} to ${high}${unit}`;
}

export function optionWords(spec, ctx) {
  const words = OPTION_WORDS[spec.type];
  if (words) return words(spec, ctx);
  const plain = spec.type.replace(/_/g, " ");
  return `${plain[0].toUpperCase()}${plain.slice(1)}${spec.label ? `: ${spec.label}` : ""}`;
}

// An ability's pick of several (`pick_1`, `pick_2` ...: one per target words).
export const isPick = (param) => /^pick_\d+$/.test(param);
// its number: 2 for `pick_2`
export const pickNumber = (param) => Number(param.slice("pick_".length));
// an option's picks: its improvements (or defence abilities) aim at models its player picks
export const pickParams = (spec) => Object.keys(spec?.params || {}).filter(isPick);
const modelsWords = (value, ctx) => (Array.isArray(value)
  ? value.map((uid) => ctx.name(uid)).join(" and ") : ctx.name(value));

// " on Unsullied", " on Unsullied and Hodor": the model(s) an ability's event
// names (`target`, a list of them, an aftermath's `targets`, or its `picks`), else "".
function onPicked(d, ctx) {
  const one = d.target || d.targets;
  const picked = d.picks || (one ? [one] : []);
  return picked.length ? ` on ${picked.map((v) => modelsWords(v, ctx)).join(" and ")}` : "";
}

// A choice among a parameter's values, as its button says it.
export function valueWords(param, value, ctx) {
  if (["model", "target", "friend", "nemesis"].includes(param)) return ctx.name(value);
  if (param === "targets" || isPick(param)) return modelsWords(value, ctx);
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

// "Choose the 2nd pick": a parameter in words.
export function paramWords(param) {
  if (isPick(param)) {
    const n = pickNumber(param);
    return `the ${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"} pick`;
  }
  return PARAM_WORDS[param] || param;
}

export const PARAM_WORDS = {
  model: "which model", target: "the target", targets: "the models",
  friend: "which friendly model", square: "the square", improvements: "coins to spend",
  abilities: "defence abilities", nemesis: "the nemesis",
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
// where an ability's move took a model (`square`), the agenda cards its will
// tests drew (`drawn`), a model acting on a granted action (`granted`)
const moving = (d) => (d.square ? `, moving to ${squareWords(d.square)}` : "");
const drawing = (d) => (d.drawn ? `, drawing ${plural(d.drawn, "agenda card")}` : "");
const granted = (d) => (d.granted ? ", granted the action," : "");
// an equipment token discarded for a roll (LUCKY CHARM)
const discarding = (d) => (d.equipment ? `, discarding ${d.equipment}` : "");
// the hits an improvement or defence ability bought: a defence die each (`bought_faces`)
const bought = (d) => (d.bought_faces?.length ? ` ${plural(d.bought_faces.length,
  "bought hit")}: defence${dice(d.bought_faces)}.` : "");
// a wounds ability's will test passed or not: who suffers the wounds (`dealt`, by `by`)
const handed = (d, ctx, count) => (d.passed ? `${ctx.name(d.target)} suffers the `
  + `${count === undefined ? "wounds" : plural(count, "wound")}`
  + `${d.by ? ` ${ctx.name(d.by)} dealt` : ""} instead` : "the wounds stay");

// an event that killed or captured a model (told.py's fields)
const isRemoval = (d) => Boolean(d.killed?.length || d.captured?.length);

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
    + `${discarding(d)}${d.powder_by ? `, blinded by ${ctx.name(d.powder_by)}` : ""}`
    + `${dice(d.attack_faces)}: ${plural(d.hits, "hit")}.${bought(d)}`,
  defended: (d, ctx) => `${ctx.name(d.target)} defends${d.abilities?.length
    ? ` with ${d.abilities.map(([name]) => name).join(", ")}` : ""}${discarding(d)}`
    + `${dice(d.defence_faces)}: ${plural(d.wounds, "wound")}.${bought(d)}`,
  wounds_ability_used: (d, ctx) => (d.ability ? `${ctx.name(d.model)} uses ${d.ability}`
    + `${d.will_face != null ? ` (rolled ${d.will_face})` : ""}`
    + `${d.target ? `: ${handed(d, ctx)}` : ""}.` : null),
  aftermath_used: (d, ctx) => (d.ability ? `Aftermath: ${d.ability}${onPicked(d, ctx)}`
    + `${moving(d)}${dice(d.will_faces)}.` : null),
  // (the target and its killer or captor named in the told fields, when there)
  removed: (d) => (isRemoval(d) ? (d.equipment ? `${d.equipment} is discarded.` : null)
    : d.removal === "captured" ? "The target is captured."
    : `The target is killed${d.equipment ? ` with ${d.equipment}` : ""}.`),
  surged: (d) => `The attacker surges forth to ${squareWords(d.square)}.${terrain(d)}`,
  surged_through: (d) => (d.square ? `The attacker surges through to ${squareWords(d.square)}.`
    + terrain(d) : null),
  terrain_charged: (d, ctx) => `${ctx.name(d.model)}${granted(d)} charges the door`
    + `${d.square ? ` from ${squareWords(d.square)}` : ""}${dice(d.faces)}`
    + `${d.destroyed_into ? `: it is ${d.destroyed_into}` : ""}.${terrain(d, d.terrain_faces)}`,
  ability_used: (d, ctx) => `${ctx.name(d.model)} uses ${d.ability}${onPicked(d, ctx)}`
    + `${dice(d.will_faces)}${drawing(d)}.`,
  door_used: (d, ctx) => `${ctx.name(d.model)} ${DOOR_VERBS[d.action] || "uses"} the door`
    + `${d.square ? ` and steps to ${squareWords(d.square)}` : ""}.${terrain(d)}`,
  idled: (d, ctx) => `${ctx.name(d.model)} stands idle.`,
  wounds_ability_answered: (d, ctx) => (d.ability ? `${ctx.name(d.model)} uses ${d.ability}`
    + `${dice(d.will_faces)}: ${handed(d, ctx, d.dealt ?? d.lost)}.` : null),
  corpse_pile_tested: (d, ctx) => `${ctx.name(d.model)} tries to climb the corpse pile`
    + `${dice(d.faces)}: ${d.passed ? "it can cross it this turn" : "it fails"}.`,
  plundered: (d, ctx) => `${ctx.name(d.model)}${granted(d)} takes a plunder token (${d.kind}).`,
  agenda_drawn: (d, ctx) => `${ctx.seat(d.seat)} draws an agenda${d.agenda
    ? `: ${d.agenda}` : ""}.`,
  agenda_played: (d, ctx) => `${ctx.seat(d.seat)} plays the agenda ${d.agenda}.`,
  // (`friend`: the chosen model's name in events before the Watchtower's actions)
  objective_used: (d, ctx) => `${ctx.name(d.model)} uses the objective ${d.card}`
    + `${d.chosen ? ` on ${ctx.name(d.chosen)}` : d.friend ? ` for ${ctx.name(d.friend)}` : ""}`
    + `${dice(d.will_faces)}.`,
  motivation_used: (d, ctx) => `${ctx.name(d.hero)} uses the motivation ${d.ability}`
    + `${onPicked(d, ctx)}${moving(d)}${dice(d.faces)}.`,
  motivation_declined: (d, ctx) => `${ctx.name(d.hero)} declines the motivation ${d.ability}.`,
  activation_ended: (d, ctx) => `${ctx.name(d.model)} ends its activation.`,
  start_ability_used: (d, ctx) => (d.ability ? `${ctx.name(d.model)} uses ${d.ability} at the `
    + `start of the game${onPicked(d, ctx)}${d.square
      ? `, moving to ${squareWords(d.square)}` : ""}${dice(d.will_faces)}${drawing(d)}.` : null),
  will_test_declared: () => "A will test waits: an equipment token may be discarded first.",
  will_token_answered: (d, ctx) => (d.used ? `${ctx.name(d.model)} discards ${d.equipment} `
    + `before ${ctx.name(d.tested)}'s will test.` : `${ctx.name(d.model)} keeps ${d.equipment}.`),
  nemesis_chosen: (d, ctx) => `${ctx.name(d.model)} names ${ctx.name(d.nemesis)} its nemesis`
    + `${d.ability ? ` (${d.ability})` : ""}.`,
  trigger_ability_used: (d, ctx) => (d.ability ? `${ctx.name(d.model)} uses ${d.ability}`
    + `${onPicked(d, ctx)}${d.trigger_model
      ? `, set off by ${ctx.name(d.trigger_model)}` : ""}${moving(d)}${dice(d.will_faces)}`
    + `${drawing(d)}.` : null),
  will_ability_used: (d, ctx) => (d.ability ? `A will test passed: ${d.ability} is used`
    + `${onPicked(d, ctx)}${dice(d.will_faces)}${drawing(d)}.` : null),
  end_phase_ability_used: (d, ctx) => (d.ability ? `${ctx.name(d.model)} uses ${d.ability}`
    + `${onPicked(d, ctx)}${moving(d)}${dice(d.will_faces)}${drawing(d)}.` : null),
  equipment_used: (d, ctx) => `${ctx.name(d.model)} uses ${d.equipment}.`,
  attack_declared: (d, ctx) => `${ctx.name(d.attacker)}${granted(d)} `
    + `${d.charging ? "charges" : "attacks"} `
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

// What an event did beyond its own subject (server/rules/asoiaf/told.py): the
// models it killed and their killers, captured and their captors, captives freed,
// mounts killed, heroes turned to their Deceased side, maximum wounds moved.
export function toldWords(d, ctx) {
  const said = (d.killed || []).map((uid) => `${ctx.name(uid)} is killed`
    + `${d.killed_by?.[uid] ? ` by ${ctx.name(d.killed_by[uid])}` : ""}.`);
  for (const [uid, captor] of d.captured || []) {
    said.push(`${ctx.name(uid)} is captured${captor ? ` by ${ctx.name(captor)}` : ""}.`);
  }
  for (const uid of d.freed || []) said.push(`${ctx.name(uid)} is freed, with 1 wound left.`);
  for (const uid of d.mount_died || []) said.push(`${ctx.name(uid)}'s mount dies.`);
  for (const uid of d.deceased || []) {
    said.push(`${ctx.name(uid)}'s card turns to its Deceased side.`);
  }
  for (const [uid, most, left] of d.max_wounds || []) {
    said.push(`${ctx.name(uid)}'s maximum wounds become ${most}: ${plural(left, "wound")} left.`);
  }
  return said.join(" ");
}

export function formatAsoiafEvent(event, ctx) {
  if (event === null || event === undefined) return { text: "(hidden)", kind: "hidden" };
  const format = FORMATS[event.type];
  if (!format) {
    return { text: `${event.type.replace(/_/g, " ")}.`, kind: "info" };
  }
  const d = event.data || {};
  const told = toldWords(d, ctx);
  const said = format(d, ctx);
  const text = [said, told].filter(Boolean).join(" ");
  if (!text) return null;
  return { text, kind: isRemoval(d) ? "death" : KINDS[event.type] || "info" };
}
