// The figures the pages compute from matrix cells. Wilson's interval as docs/api.md gives it (z = 1.96).

export const STATUSES = ['passed', 'failed', 'scored', 'abstained', 'insufficient', 'error'];

export function wilson(passes, n, z = 1.96) {
  if (!n) return null;
  const p = passes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Pass rate over template verdicts (passed / (passed + failed)); other statuses are counted apart. */
export function passRate(cells) {
  let passes = 0, verdicts = 0, errors = 0;
  for (const cell of cells) {
    if (cell.status === 'passed') { passes++; verdicts++; }
    else if (cell.status === 'failed') verdicts++;
    else if (cell.status === 'error') errors++;
  }
  return { passes, verdicts, errors, total: cells.length, rate: verdicts ? passes / verdicts : null, interval: wilson(passes, verdicts) };
}

export function columnKey(cell) {
  return cell.answering_model + ' × ' + cell.judge;
}

/** Columns in config order (answering model, then judge); any others (a run without config) after, by model then judge. */
export function columns(matrix) {
  const keys = [];
  const config = matrix.config || {};
  const name = m => m.interface + ':' + m.model + (m.id ? ':' + m.id : '');
  for (const model of config.answering_models || []) {
    for (const judge of config.judges || []) keys.push({ model: name(model), judge: name(judge) });
  }
  const seen = new Set(keys.map(k => k.model + ' × ' + k.judge));
  const others = [];
  for (const cell of matrix.cells) {
    const key = columnKey(cell);
    if (!seen.has(key)) { seen.add(key); others.push({ model: cell.answering_model, judge: cell.judge }); }
  }
  others.sort((a, b) => a.model.localeCompare(b.model) || a.judge.localeCompare(b.judge));
  keys.push(...others);
  return keys.map(k => ({ ...k, key: k.model + ' × ' + k.judge }));
}

export function isBad(status) {
  return status !== 'passed' && status !== 'scored';
}
