// A run: its header and config, live progress while it runs, charts, and the matrix of
// questions × (answering model × judge) with filters, failures-first order and paging.
import { api, matrixOf, offline } from './api.js';
import { el, pct, usd, num, when, badge, section } from './dom.js';
import { STATUSES, passRate, columns, columnKey, isBad } from './stats.js';
import { barChart, histogram } from './charts.js';

const PAGE_SIZE = 100;

export async function runPage(root, runId, cleanup) {
  let matrix = await matrixOf(runId, true);
  const state = { verdict: '', category: '', trait: '', tag: '', model: '', text: '', failuresFirst: false, page: 0 };
  const header = el('div');
  const live = el('div', { id: 'live' });
  const charts = el('div', { id: 'charts', class: 'charts' });
  const matrixBox = el('div', { id: 'matrix-box' });
  root.replaceChildren(header, live, section('Matrix', matrixBox), section('Charts', charts));

  const render = () => {
    renderHeader(header, matrix);
    renderMatrix(matrixBox, matrix, state, render);
  };
  render();
  renderCharts(charts, runId, matrix);

  if (!offline && (matrix.run.status === 'queued' || matrix.run.status === 'running')) {
    followLive(live, runId, cleanup, () => matrix.cells, async (final) => {
      matrix = await matrixOf(runId, true);
      render();
      if (final) renderCharts(charts, runId, matrix);
    });
  }
}

function renderHeader(box, matrix) {
  const run = matrix.run;
  const config = matrix.config || {};
  const s = run.counts.by_status;
  const overall = passRate(matrix.cells);
  box.replaceChildren(section(run.name || run.run_id,
    el('div', { class: 'facts' },
      fact('run', run.run_id), fact('benchmark', matrix.benchmark || '–'), fact('status', badge(run.status)),
      fact('started', when(run.created_at)), fact('finished', when(run.finished_at)),
      fact('evaluation', config.evaluation_mode || '–'), fact('replicates', config.replicates ?? (matrix.config ? 1 : '–')),
      fact('answering models', (config.answering_models || []).map(m => m.interface + ':' + m.model).join(', ') || '–'),
      fact('judges', (config.judges || []).map(m => m.interface + ':' + m.model).join(', ') || '–'),
      fact('pass rate', overall.rate === null ? '–' : pct(overall.rate) + ` (${overall.passes} of ${overall.verdicts})`),
      fact('cost', usd(run.usage.cost_usd)), fact('tokens', num(run.usage.total_tokens))),
    el('div', { class: 'counts', id: 'counts' }, STATUSES.map(status =>
      el('span', { class: 'count status-' + status, 'data-count': status }, el('b', {}, num(s[status])), ' ' + status))),
    run.error ? el('p', { class: 'error-text' }, run.error) : null,
    // its local stack went away before it finished: nothing finishes it but a retry (docs/api.md, run status)
    run.status === 'interrupted' ? el('p', { class: 'error-text', id: 'interrupted-hint' },
      'interrupted: the local stack it ran on went away before it finished; resume it with ',
      el('code', {}, 'assay retry ' + run.run_id), ' (finished results are kept)') : null,
    el('details', {}, el('summary', {}, 'run config as submitted'), el('pre', { class: 'code' }, JSON.stringify(config, null, 2)))));
}

function fact(label, value) {
  return el('div', { class: 'fact' }, el('span', { class: 'muted' }, label), el('span', {}, value));
}

// ---------------------------------------------------------------- live progress (SSE)

// The pipeline's stages as the events count them (docs/api.md): records that left each stage.
const STAGES = [
  ['generation', 'generation', 'jobs answered'],
  ['parsing', 'parsing', 'judges\' parses'],
  ['rubric', 'rubric → stored', 'results stored'],
];

/**
 * shown(): the cells of the matrix on the page; it is refetched only when the run has more results
 * (or ends). Errors stored before the page subscribed come from it, the later ones from the events.
 */
function followLive(box, runId, cleanup, shown, refresh) {
  const bar = el('progress', { max: 1, value: 0, id: 'live-progress' });
  const figures = el('div', { class: 'facts', id: 'live-figures' });
  const stages = el('table', { class: 'stages', id: 'live-stages' });
  const errors = el('ul', { id: 'live-errors', class: 'errors' });
  box.replaceChildren(section('Live', bar, figures, el('h3', {}, 'progress per stage'), stages,
    el('h3', {}, 'errors as they happen'), errors));
  const started = Date.now();
  let first = null;
  let pending = null;
  const source = api.events(runId);
  cleanup.push(() => source.close());
  const perSecond = (now, then) => {
    const seconds = (Date.now() - first.at) / 1000;
    return seconds > 0 ? (now - then) / seconds : 0;
  };
  const show = (event, final) => {
    const data = JSON.parse(event.data);
    const c = data.run.counts;
    const st = data.stages;
    if (first === null) first = { done: c.done, stages: st, at: Date.now() };
    bar.max = c.expected || Math.max(1, c.done);
    bar.value = c.done;
    figures.replaceChildren(
      fact('stored results', el('span', { id: 'live-done', 'data-done': c.done }, `${num(c.done)} of ${num(c.expected)}`)),
      fact('pending', num(c.pending)), fact('throughput', perSecond(c.done, first.done).toFixed(1) + ' results/s'),
      fact('elapsed', Math.round((Date.now() - started) / 1000) + ' s'),
      ...STATUSES.map(status => fact(status, num(c.by_status[status]))), fact('status', badge(data.run.status)));
    if (st) {
      stages.replaceChildren(el('tr', {}, ['stage', '', 'done', 'failed', 'throughput'].map(h => el('th', {}, h))),
        ...STAGES.map(([key, label, what]) => {
          const s = st[key];
          const since = first.stages ? first.stages[key].done : s.done;
          return el('tr', { id: 'live-stage-' + key, 'data-done': s.done, 'data-failed': s.failed, 'data-expected': s.expected ?? '' },
            el('th', { scope: 'row', title: what }, label),
            el('td', {}, el('progress', { max: s.expected || Math.max(1, s.done), value: s.done })),
            el('td', { class: 'stage-done' }, `${num(s.done)} of ${num(s.expected)}`),
            el('td', { class: s.failed ? 'error-text' : 'muted' }, num(s.failed)),
            el('td', { class: 'muted' }, perSecond(s.done, since).toFixed(1) + '/s'));
        }));
    }
    if (data.result && data.result.status === 'error') listError(data.result);
    if (final) { source.close(); refresh(true); }
    else if (!pending && c.done !== shown().length) pending = setTimeout(() => { pending = null; refresh(false).then(listShown); }, 1500);
  };
  const listed = new Set();
  const listError = result => {
    if (listed.has(result.result_id)) return;
    listed.add(result.result_id);
    errors.prepend(el('li', {}, el('a', { href: `#/runs/${encodeURIComponent(runId)}/results/${result.result_id}` },
      `${result.question_id} · ${result.answering_model} × ${result.judge}`)));
  };
  const listShown = () => shown().filter(cell => cell.status === 'error').forEach(listError);
  listShown();
  source.addEventListener('snapshot', e => show(e, false));
  source.addEventListener('progress', e => show(e, false));
  source.addEventListener('completed', e => show(e, true));
  source.onerror = () => { document.getElementById('conn').textContent = 'event stream interrupted; reconnecting…'; };
  source.onopen = () => { document.getElementById('conn').textContent = ''; };
}

// ---------------------------------------------------------------- the matrix

function questionsOf(matrix) {
  const byQuestion = new Map(matrix.questions.map(q => [q.id, { ...q, cells: new Map() }]));
  for (const cell of matrix.cells) {
    let q = byQuestion.get(cell.question_id);
    if (!q) { q = { id: cell.question_id, question: cell.question_id, keywords: [], cells: new Map() }; byQuestion.set(q.id, q); }
    const key = columnKey(cell);
    if (!q.cells.has(key)) q.cells.set(key, []);
    q.cells.get(key).push(cell);
  }
  for (const q of byQuestion.values()) for (const list of q.cells.values()) list.sort((a, b) => a.replicate - b.replicate);
  return [...byQuestion.values()];
}

function cellMatches(cell, state) {
  if (state.verdict && cell.status !== state.verdict) return false;
  if (state.category && cell.failure_category !== state.category) return false;
  if (state.trait) {
    const trait = cell.traits.find(t => t.name === state.trait);
    if (!trait || !(trait.passed === false || trait.error)) return false;
  }
  return true;
}

function options(label, values, current, onChange, id) {
  return el('label', {}, label + ' ', el('select', { id, onchange: e => onChange(e.target.value) },
    el('option', { value: '' }, 'any'), values.map(v => el('option', { value: v, selected: v === current }, v))));
}

function renderMatrix(box, matrix, state, rerender) {
  const allColumns = columns(matrix);
  const shownColumns = state.model ? allColumns.filter(c => c.model === state.model) : allColumns;
  const questions = questionsOf(matrix);
  const categories = [...new Set(matrix.cells.map(c => c.failure_category).filter(Boolean))].sort();
  const traits = [...new Set(matrix.cells.flatMap(c => c.traits.map(t => t.name)))].sort();
  const tags = [...new Set(questions.flatMap(q => q.keywords))].sort();
  const models = [...new Set(allColumns.map(c => c.model))];
  const cellFilter = state.verdict || state.category || state.trait;
  const text = state.text.trim().toLowerCase();

  let rows = questions.filter(q => {
    if (state.tag && !q.keywords.includes(state.tag)) return false;
    if (text && !(q.id.toLowerCase().includes(text) || (q.question || '').toLowerCase().includes(text))) return false;
    if (cellFilter) return shownColumns.some(c => (q.cells.get(c.key) || []).some(cell => cellMatches(cell, state)));
    return true;
  });
  if (state.failuresFirst) {
    const badCount = q => shownColumns.reduce((n, c) => n + (q.cells.get(c.key) || []).filter(cell => isBad(cell.status)).length, 0);
    const order = new Map(rows.map((q, i) => [q.id, i]));
    rows = [...rows].sort((a, b) => badCount(b) - badCount(a) || order.get(a.id) - order.get(b.id));
  }
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  state.page = Math.min(state.page, pages - 1);
  const pageRows = rows.slice(state.page * PAGE_SIZE, (state.page + 1) * PAGE_SIZE);
  const set = (key) => (value) => { state[key] = value; state.page = 0; rerender(); };

  const search = el('input', { type: 'search', id: 'filter-text', placeholder: 'search questions', value: state.text });
  // filters as one types, after a pause; the box is rebuilt with the table, so focus is given back
  search.addEventListener('input', e => {
    clearTimeout(state.typing);
    state.typing = setTimeout(() => { state.refocus = true; set('text')(e.target.value); }, 250);
  });
  const toolbar = el('div', { class: 'toolbar filters' },
    options('verdict', STATUSES, state.verdict, set('verdict'), 'filter-verdict'),
    options('failure', categories, state.category, set('category'), 'filter-category'),
    options('trait failed', traits, state.trait, set('trait'), 'filter-trait'),
    options('tag', tags, state.tag, set('tag'), 'filter-tag'),
    options('model', models, state.model, set('model'), 'filter-model'),
    search,
    el('label', {}, el('input', { type: 'checkbox', id: 'failures-first', checked: state.failuresFirst,
      onchange: e => set('failuresFirst')(e.target.checked) }), ' failures first'));

  const head = el('tr', {}, el('th', { class: 'qcol' }, 'question'), shownColumns.map(c => {
    const rate = passRate(matrix.cells.filter(cell => columnKey(cell) === c.key));
    return el('th', { class: 'col', 'data-column': c.key },
      el('div', { class: 'col-model' }, c.model), el('div', { class: 'muted small' }, '× ' + c.judge),
      el('div', { class: 'col-rate', 'data-rate': rate.rate ?? '' }, rate.rate === null ? '–' : pct(rate.rate, 0)),
      rate.interval ? el('div', { class: 'muted small', title: 'Wilson 95 % interval over passed + failed' },
        `[${pct(rate.interval.low, 0)}, ${pct(rate.interval.high, 0)}]`) : null,
      el('div', { class: 'muted small' }, `${rate.passes}/${rate.verdicts}` + (rate.errors ? `, ${rate.errors} err` : '')));
  }));
  const body = pageRows.map(q => el('tr', { 'data-question': q.id },
    el('th', { class: 'qcol', scope: 'row' }, el('div', { class: 'qid' }, q.id), el('div', { class: 'qtext' }, q.question || ''),
      q.keywords.length ? el('div', { class: 'tags' }, q.keywords.map(k => el('span', { class: 'tag' }, k))) : null),
    shownColumns.map(c => el('td', { class: 'cells' }, (q.cells.get(c.key) || []).map(cell => el('a', {
      class: 'cell status-' + cell.status + (cellFilter && !cellMatches(cell, state) ? ' dim' : ''),
      'data-status': cell.status, 'data-result': cell.result_id,
      href: `#/runs/${encodeURIComponent(matrix.run.run_id)}/results/${cell.result_id}`,
      title: `${cell.status}${cell.failure_category ? ' (' + cell.failure_category + ')' : ''} · replicate ${cell.replicate}`,
    }, symbol(cell)))))));

  const go = page => () => { state.page = page; rerender(); };
  const pager = el('div', { class: 'pager' },
    el('button', { id: 'page-first', disabled: state.page === 0, onclick: go(0) }, '« first'),
    el('button', { id: 'page-previous', disabled: state.page === 0, onclick: go(state.page - 1) }, '‹ previous'),
    el('span', { id: 'page-info' }, `page ${state.page + 1} of ${pages} · ${rows.length} of ${questions.length} questions`),
    el('button', { id: 'page-next', disabled: state.page >= pages - 1, onclick: go(state.page + 1) }, 'next ›'),
    el('button', { id: 'page-last', disabled: state.page >= pages - 1, onclick: go(pages - 1) }, 'last »'));
  const legend = el('div', { class: 'legend' }, STATUSES.map(s => el('span', {}, el('span', { class: 'cell status-' + s }, symbol({ status: s })), ' ' + s)));
  if (state.refocus) {
    state.refocus = false;
    queueMicrotask(() => { search.focus(); search.setSelectionRange(search.value.length, search.value.length); });
  }
  box.replaceChildren(toolbar, legend, el('div', { class: 'scroll' }, el('table', { class: 'matrix', id: 'matrix' }, el('thead', {}, head), el('tbody', {}, body))), pager);
}

function symbol(cell) {
  return { passed: '✓', failed: '✗', error: '!', abstained: '∅', insufficient: '?', scored: '•' }[cell.status] || '•';
}

// ---------------------------------------------------------------- charts

async function renderCharts(box, runId, matrix) {
  const stats = await api.statistics(runId).catch(() => null);
  const figures = [];
  if (stats && stats.groups.length) {
    figures.push(barChart('Pass rate by answering model × judge (Wilson 95 % interval)', stats.groups.map(g => ({
      label: g.answering_model + ' × ' + g.judge, value: g.pass_rate,
      low: g.pass_rate_interval?.low, high: g.pass_rate_interval?.high,
      text: g.pass_rate === null ? 'no verdict' : pct(g.pass_rate) + ` (${g.passes}/${g.verdicts})`,
    })), { max: 1, format: v => pct(v, 0), id: 'chart-pass-rate' }));
  }
  const byModel = new Map();
  for (const cell of matrix.cells) {
    const m = byModel.get(cell.answering_model) || { cost: 0, costs: 0, latency: 0, latencies: 0, n: 0 };
    if (cell.cost_usd !== undefined && cell.cost_usd !== null) { m.cost += Number(cell.cost_usd); m.costs++; }
    if (cell.latency_ms !== undefined && cell.latency_ms !== null) { m.latency += cell.latency_ms; m.latencies++; }
    m.n++;
    byModel.set(cell.answering_model, m);
  }
  const models = [...byModel.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  figures.push(barChart('Cost per answering model (all its results, judges included)', models.map(([name, m]) =>
    ({ label: name, value: m.costs ? m.cost : 0, text: m.costs ? usd(m.cost) : 'not priced' })), { format: usd, id: 'chart-cost' }));
  figures.push(barChart('Mean latency per result by answering model (all stages)', models.map(([name, m]) =>
    ({ label: name, value: m.latencies ? m.latency / m.latencies : 0, text: m.latencies ? Math.round(m.latency / m.latencies) + ' ms' : '–' })),
    { format: v => Math.round(v) + ' ms', id: 'chart-latency' }));
  const traitNames = [...new Set(matrix.cells.flatMap(c => c.traits.map(t => t.name)))].sort();
  if (traitNames.length) {
    figures.push(el('div', { class: 'trait-charts', id: 'chart-traits' },
      el('h3', {}, 'Trait scores: how the results are spread'),
      traitNames.map(name => histogram(name, traitBuckets(matrix.cells, name), { id: 'chart-trait-' + name }))));
  }
  box.replaceChildren(...figures);
}

/**
 * One trait's results by outcome: passed / failed for verdict traits, one bucket per score seen
 * (lowest first; ten bins when there are more than twelve) for score traits, and those not scored apart.
 */
export function traitBuckets(cells, name) {
  const outcomes = cells.flatMap(c => c.traits.filter(t => t.name === name));
  const errors = outcomes.filter(t => t.error).length;
  const scored = outcomes.filter(t => !t.error);
  const buckets = [];
  const verdicts = scored.filter(t => t.passed !== undefined && t.passed !== null);
  if (verdicts.length) {
    buckets.push({ label: 'passed', count: verdicts.filter(t => t.passed).length },
      { label: 'failed', count: verdicts.filter(t => !t.passed).length, cls: 'bar-fail' });
  } else {
    const scores = scored.map(t => t.score).filter(v => v !== undefined && v !== null).map(Number);
    const distinct = [...new Set(scores)].sort((a, b) => a - b);
    if (distinct.length <= 12) {
      distinct.forEach(score => buckets.push({ label: String(score), count: scores.filter(v => v === score).length }));
    } else {
      // many distinct values (a metric): ten equal bins from the lowest to the highest
      const low = distinct[0], step = (distinct[distinct.length - 1] - low) / 10;
      for (let i = 0; i < 10; i++) {
        const from = low + i * step, to = from + step;
        buckets.push({ label: from.toFixed(2), count: scores.filter(v => v >= from && (i === 9 ? v <= to : v < to)).length });
      }
    }
  }
  if (errors) buckets.push({ label: 'not scored', count: errors, cls: 'bar-error' });
  return buckets;
}
