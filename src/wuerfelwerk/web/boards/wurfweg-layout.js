// Where everything of Wurf & Weg goes. Wide screens: a round table, every player's place
// around it, the viewer at the bottom. Phones: the others sit in a U above the middle
// (the left neighbour at the lower left, the right neighbour at the lower right, as
// round the table), the tray and the yellow die in the middle, the viewer at the bottom
// with dice big enough to tap.

/** A player's place: the coaster's middle and size, the line above it and the dice. */
function place(cx, cy, coaster, blockWidth, header, dice) {
  return { cx, cy, coaster, left: cx - blockWidth / 2, right: cx + blockWidth / 2, header, ...dice };
}

/** Dice of a hand in rows: ``count`` dice of at most ``size`` units, ``perRow`` a row. */
function diceRows(count, size, step, perRow, maxRows, width) {
  const rows = Math.max(1, Math.ceil(count / perRow));
  if (rows <= maxRows) return { dieSize: size, dieStep: step, perRow };
  // More dice than the rows hold: smaller steps, so they still fit.
  const wider = Math.ceil(count / maxRows);
  const fitted = Math.min(step, width / wider);
  return { dieSize: fitted - 2, dieStep: fitted, perRow: wider };
}

function wide(n, viewer) {
  const width = 900;
  const height = 700;
  const CX = width / 2;
  const CY = 330;
  return {
    width, height, narrow: false, unit: 44,
    table: { cx: CX, cy: CY, rx: 310, ry: 215 },
    tray: { cx: CX + 70, cy: CY, rx: 80, ry: 50 },
    lucky: { x: CX - 130, y: CY - 36, size: 72, icon: 24, label: CY + 56 },
    pile: { x: CX, y: CY - 72 },
    icon: 17,
    placeOf(seat, count) {
      const a = Math.PI / 2 + (2 * Math.PI * (seat - viewer)) / n;
      const cx = CX + 340 * Math.cos(a);
      const cy = CY + 232 * Math.sin(a);
      return place(cx, cy, [156, 56], 200, cy - 44, { ...diceRows(count, 44, 48, 6, 2, 300), diceTop: cy + 36 });
    },
  };
}

function narrow(n, viewer) {
  const width = 360;
  const others = n - 1;
  const pairs = Math.floor(others / 2);
  const top = others % 2; // one more sits alone at the top
  const rows = pairs + top;
  const ROW = 112; // a row of others: name, coaster, two rows of small dice
  const MIDDLE = 112;
  const middle = 6 + rows * ROW;
  const mine = middle + MIDDLE;
  const height = mine + 162;
  const other = (cx, row, count) => {
    const y = 6 + row * ROW;
    return place(cx, y + 42, [96, 40], 168, y + 10, { ...diceRows(count, 20, 22, 7, 2, 160), diceTop: y + 66 });
  };
  return {
    width, height, narrow: true,
    // The smallest place to tap is a die in the viewer's hand (32 units and more); the
    // board keeps a size where its 14-unit texts stay 12 px.
    unit: 28,
    table: null,
    tray: { cx: 252, cy: middle + 44, rx: 66, ry: 36 },
    lucky: { x: 74, y: middle + 12, size: 52, icon: 17, label: middle + 82 },
    pile: { x: 252, y: middle + 96 },
    icon: 13,
    placeOf(seat, count) {
      const k = (seat - viewer + n) % n;
      if (k === 0) {
        return place(width / 2, mine + 50, [124, 46], 348, mine + 12, { ...diceRows(count, 36, 42, 8, 2, 340), diceTop: mine + 80 });
      }
      if (k <= pairs) return other(90, rows - k, count); // the left side, from the viewer up
      if (top && k === pairs + 1) return other(width / 2, 0, count);
      return other(270, k - pairs - 1, count); // the right side, down to the viewer
    },
  };
}

/** Where everything goes for ``n`` players seen by ``viewer`` (at the bottom). */
export function tableLayout(isNarrow, n, viewer) {
  return isNarrow ? narrow(n, viewer) : wide(n, viewer);
}
