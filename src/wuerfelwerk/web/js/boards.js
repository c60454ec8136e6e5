// Loads the board module of a table's game (web/boards/<game>.js) with its words and data.

import { addTexts, t } from "./i18n.js";

/** Phones held upright: boards that need it draw a layout of their own there. */
export const NARROW = "(max-width: 560px)";

/** The board for ``table`` (the answer of GET /api/tables/{id}); ``narrow`` where the
 * screen is a phone's (``NARROW``). */
export async function loadBoard(table, narrow = window.matchMedia(NARROW).matches) {
  const module = await import(`../boards/${table.game}.js`);
  addTexts(module.texts || {});
  const data = module.boardData ? await module.boardData(table) : null;
  return module.createBoard({ data, players: table.options.players, options: table.options, t, narrow });
}

/** Call ``rebuild(narrow)`` whenever the screen turns from a phone's to a wider one or back. */
export function onNarrowChange(rebuild) {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", () => rebuild(query.matches));
}
