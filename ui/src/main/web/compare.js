// Two runs side by side: per question × answering model × judge, which verdicts changed.
import { matrixOf } from './api.js';
import { el, pct, badge, section } from './dom.js';
import { passRate } from './stats.js';

/** The verdict of one question for one column: the majority over its replicates (ties fail), errors when none had a verdict. */
function verdicts(matrix) {
  const groups = new Map();
  for (const cell of matrix.cells) {
    const key = cell.question_id + '\u0000' + cell.answering_model + '\u0000' + cell.judge;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(cell);
  }
  const out = new Map();
  for (const [key, cells] of groups) {
    const passes = cells.filter(c => c.status === 'passed').length;
    const judged = cells.filter(c => c.status === 'passed' || c.status === 'failed').length;
    out.set(key, judged ? (passes * 2 > judged ? 'passed' : 'failed') : cells[0].status);
  }
  return out;
}

export async function comparePage(root, a, b) {
  const [left, right] = await Promise.all([matrixOf(a), matrixOf(b)]);
  const va = verdicts(left), vb = verdicts(right);
  const changes = [];
  for (const [key, before] of va) {
    const after = vb.get(key);
    if (after === undefined || after === before) continue;
    const [question, model, judge] = key.split('\u0000');
    const kind = before === 'passed' ? 'regression' : after === 'passed' ? 'improvement' : 'changed';
    changes.push({ question, model, judge, before, after, kind });
  }
  const order = new Map(left.questions.map((q, i) => [q.id, i]));
  const rank = { regression: 0, improvement: 1, changed: 2 };
  changes.sort((x, y) => rank[x.kind] - rank[y.kind] || x.model.localeCompare(y.model) || (order.get(x.question) ?? 1e9) - (order.get(y.question) ?? 1e9));
  const models = [...new Set([...left.cells, ...right.cells].map(c => c.answering_model))].sort();
  const perModel = models.map(model => {
    const ra = passRate(left.cells.filter(c => c.answering_model === model));
    const rb = passRate(right.cells.filter(c => c.answering_model === model));
    const mine = changes.filter(c => c.model === model);
    return el('tr', {}, el('td', {}, model), el('td', { class: 'num' }, pct(ra.rate)), el('td', { class: 'num' }, pct(rb.rate)),
      el('td', { class: 'num bad-text' }, mine.filter(c => c.kind === 'regression').length),
      el('td', { class: 'num ok-text' }, mine.filter(c => c.kind === 'improvement').length),
      el('td', { class: 'num' }, mine.filter(c => c.kind === 'changed').length));
  });
  const link = (run, q, m, j) => {
    const cell = run.cells.find(c => c.question_id === q && c.answering_model === m && c.judge === j);
    return cell ? `#/runs/${encodeURIComponent(run.run.run_id)}/results/${cell.result_id}` : null;
  };
  root.replaceChildren(
    section('Compare runs',
      el('p', {}, 'A: ', el('a', { href: '#/runs/' + encodeURIComponent(a) }, left.run.name || a), ` (${a}, ${left.benchmark || '–'})`, el('br'),
        'B: ', el('a', { href: '#/runs/' + encodeURIComponent(b) }, right.run.name || b), ` (${b}, ${right.benchmark || '–'})`),
      el('table', { class: 'detail', id: 'compare-models' }, el('thead', {}, el('tr', {}, ['answering model', 'pass rate A', 'pass rate B', 'regressions', 'improvements', 'other changes'].map(h => el('th', {}, h)))),
        el('tbody', {}, perModel))),
    section(`Changed questions (${changes.length})`, changes.length === 0 ? el('p', { class: 'muted' }, 'No verdict changed between the two runs.') :
      el('table', { class: 'detail', id: 'changes' }, el('thead', {}, el('tr', {}, ['', 'question', 'answering model × judge', 'A', 'B'].map(h => el('th', {}, h)))),
        el('tbody', {}, changes.map(c => el('tr', { class: c.kind, 'data-question': c.question, 'data-kind': c.kind },
          el('td', {}, c.kind), el('td', {}, c.question), el('td', {}, c.model + ' × ' + c.judge),
          el('td', {}, el('a', { href: link(left, c.question, c.model, c.judge) }, badge(c.before))),
          el('td', {}, el('a', { href: link(right, c.question, c.model, c.judge) }, badge(c.after)))))))));
}
