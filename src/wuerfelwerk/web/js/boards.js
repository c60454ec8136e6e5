// Loads the board module of a table's game (web/boards/<game>.js) with its words and data.

import { addTexts, t } from "./i18n.js";

/** The board for ``table`` (the answer of GET /api/tables/{id}). */
export async function loadBoard(table) {
  const module = await import(`../boards/${table.game}.js`);
  addTexts(module.texts || {});
  const data = module.boardData ? await module.boardData(table) : null;
  return module.createBoard({ data, players: table.options.players, options: table.options, t });
}
