// Which match screen parts draw a rules system's table, keyed by the match's
// system (the subscribe reply and every view name it). A Song of Blades and
// Heroes is the match screen's own (board.js, prompt.js, match.js' roster);
// another system brings its board, prompt panel, roster and log words here.

import { AsoiafTable } from "./asoiaf_table.js";
import { SnsTable } from "./sns_table.js";

export const SYSTEM_TABLES = { asoiaf: AsoiafTable, sns: SnsTable };

// The table class for `system`, or null for SBH's (the match screen's own).
export function tableFor(system) {
  return SYSTEM_TABLES[system] || null;
}
