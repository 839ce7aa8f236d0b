// A listed match in words (the lobby's tables, lobby.js): its status, its opponents,
// whose turn it is, its players, its result and its settings, clock and takebacks.

import { timeControlWords } from "./clocks.js";
import { describeSetup } from "./dom.js";
import { reasonWords } from "./events.js";
import { asoiafSetupWords } from "./lobby_asoiaf.js";
import { snsSetupWords } from "./lobby_sns.js";
import { playerName } from "./names.js";

export const STATUS_WORDS = {
  open: "waiting for an opponent", active: "being played", finished: "finished",
  aborted: "called off",
};

// The other seats' players of a list_mine entry, by name.
export function opponents(m) {
  const names = Object.entries(m.players || {}).filter(([seat]) => seat !== m.seat)
    .map(([, name]) => name);
  return names.length ? names.join(", ") : "nobody yet";
}

export function whoseTurn(m) {
  if (m.status === "open") return "waiting for an opponent to join";
  if (m.status !== "active") return "—";
  if (!m.waiting) return "not running right now";
  if (m.waiting.includes(m.seat)) return "your turn";
  const names = m.waiting.map((seat) => playerName(seat, m.players));
  return names.length ? `waiting for ${names.join(" and ")}` : "—";
}

// A list_open/list_live entry's players, by name ("Ann vs Bob").
export function playersWords(m) {
  return Object.keys(m.players || {}).sort().map((seat) => playerName(seat, m.players))
    .join(" vs ");
}

export function resultWords(m) {
  const r = m.result;
  if (!r) return m.status === "aborted" ? "no result" : "—";
  const name = (seat) => (seat === m.seat ? "you" : playerName(seat, m.players));
  const reason = r.reason ? ` (${reasonWords(r.reason, name)})` : "";
  if (!r.winner) return `no winner${reason}`;
  return `${r.winner === m.seat ? "you" : name(r.winner)} won${reason}`;
}

// A listed match's settings in words, its clock included ("..., 20 min + 20 s"), and its
// takebacks where they are not the usual (casual: allowed; rated: not).
export function settingsWords(m) {
  const clock = timeControlWords(m.time_control);
  const setup = m.system === "asoiaf" ? asoiafSetupWords(m.setup)
    : m.system === "sns" ? snsSetupWords(m.setup) : describeSetup(m.setup);
  const words = clock ? `${setup}, ${clock}` : setup;
  if (m.takebacks === undefined || m.takebacks === !m.rated) return words;
  return `${words}, ${m.takebacks ? "takebacks allowed" : "no takebacks"}`;
}
