// The runs page: every run, newest first, with what a team triages by; pick two to compare.
import { api } from './api.js';
import { el, pct, usd, num, when, badge, section } from './dom.js';

export async function runsPage(root) {
  const { runs, total } = await api.runs(0, 200);
  const picked = [];
  const compare = el('button', { id: 'compare', disabled: true, onclick: () => { location.hash = `#/compare/${picked[0]}/${picked[1]}`; } },
    'Compare two runs');
  const rows = runs.map(run => {
    const s = run.counts.by_status;
    const verdicts = s.passed + s.failed;
    const box = el('input', { type: 'checkbox', 'aria-label': 'pick ' + run.run_id, onchange: e => {
      if (e.target.checked) picked.push(run.run_id); else picked.splice(picked.indexOf(run.run_id), 1);
      while (picked.length > 2) {
        const dropped = picked.shift();
        root.querySelector(`tr[data-run="${dropped}"] input`).checked = false;
      }
      compare.disabled = picked.length !== 2;
    } });
    const benchmarkCell = el('td', { class: 'benchmark' }, '…');
    return { run, benchmarkCell, row: el('tr', { 'data-run': run.run_id },
      el('td', {}, box),
      el('td', {}, el('a', { href: '#/runs/' + encodeURIComponent(run.run_id) }, run.name || run.run_id), el('div', { class: 'muted small' }, run.run_id)),
      benchmarkCell,
      el('td', {}, badge(run.status)),
      el('td', { class: 'num' }, verdicts ? pct(s.passed / verdicts) : '–', el('div', { class: 'muted small' }, `${s.passed} of ${verdicts}`)),
      el('td', { class: 'num' + (s.error ? ' has-errors' : '') }, num(s.error)),
      el('td', { class: 'num' }, `${num(run.counts.done)} / ${num(run.counts.expected)}`),
      el('td', { class: 'num' }, usd(run.usage.cost_usd)),
      el('td', { class: 'num' }, num(run.usage.total_tokens)),
      el('td', {}, when(run.created_at))) };
  });
  root.replaceChildren(section(`Runs (${total})`,
    el('div', { class: 'toolbar' }, compare, el('span', { class: 'muted' }, 'tick two runs to compare them')),
    runs.length === 0 ? el('p', { class: 'muted' }, 'No runs yet: submit one with assay run or POST /api/runs.') :
    el('div', { class: 'scroll' }, el('table', { class: 'runs', id: 'runs' },
      el('thead', {}, el('tr', {}, ['', 'run', 'benchmark', 'status', 'pass rate', 'errors', 'results', 'cost', 'tokens', 'date'].map(h => el('th', {}, h)))),
      el('tbody', {}, rows.map(r => r.row))))));
  // The benchmark's name is in each run's matrix; fetched after the table is shown.
  for (const { run, benchmarkCell } of rows) {
    fetch(`/api/runs/${encodeURIComponent(run.run_id)}/matrix?cells=false`).then(r => r.ok ? r.json() : null)
      .then(m => { benchmarkCell.textContent = (m && m.benchmark) || '–'; })
      .catch(() => { benchmarkCell.textContent = '–'; });
  }
  // true while a run is under way: the router then shows the list again shortly
  return runs.some(run => run.status === 'queued' || run.status === 'running');
}
