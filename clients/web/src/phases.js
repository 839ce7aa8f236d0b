// Each system's phases in words, for the match head and the replay: never the
// rules' own key ("lists", "slow_move").

import { PHASE_WORDS as ASOIAF } from "./asoiaf_words.js";
import { PHASE_WORDS as SNS } from "./sns_words.js";

// Song of Blades and Heroes (server/rules/sbh/evolve_setup.py sets them in this order)
const SBH = { lists: "warband lists", roles: "attacker and defender", terrain: "terrain",
  scenario: "scenario set-up", edge: "table edges", deploy: "deployment", play: "battle",
  over: "over" };

const BY_SYSTEM = { sbh: SBH, asoiaf: ASOIAF, sns: SNS };

export function phaseWords(system, phase) {
  if (!phase) return "";
  const words = BY_SYSTEM[system || "sbh"]?.[phase];
  return words || String(phase).replace(/_/g, " ");
}
