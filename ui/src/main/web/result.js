// One result: verdict, response with deep-judgment excerpts marked, parsed fields against ground
// truth, traits with the judges' reasoning, nuggets, agent trace, every call's prompt exactly as sent.
import { api, matrixOf } from './api.js';
import { el, usd, num, badge, section } from './dom.js';

export async function resultPage(root, runId, resultId) {
  const matrix = await matrixOf(runId);
  const cell = matrix.cells.find(c => c.result_id === resultId);
  if (!cell) throw new Error(`result ${resultId} is not in run ${runId}`);
  const page = await api.results(runId, { question: cell.question_id, model: cell.answering_model, judge: cell.judge, size: 500 });
  const r = page.results.find(x => x.result_id === resultId);
  if (!r) throw new Error(`result ${resultId} could not be read`);
  // a result from another producer (report.html of a results file) may leave lists out
  r.rubric = r.rubric || []; r.calls = r.calls || []; r.caveats = r.caveats || [];
  const back = el('a', { href: '#/runs/' + encodeURIComponent(runId) }, '← ' + (matrix.run.name || runId));

  root.replaceChildren(...[back,
    section(`${r.question_id} · ${r.answering_model} × ${r.judge}` + (r.replicate > 1 ? ` · replicate ${r.replicate}` : ''),
      el('div', { class: 'facts' }, fact('verdict', badge(r.status)), fact('evaluation', r.evaluation_mode),
        r.template ? fact('template score', r.template.score) : null,
        fact('tokens', num(r.usage?.total?.total_tokens)), fact('cost', usd(r.usage?.total?.cost_usd)),
        fact('completed', r.completed_at || '–')),
      r.failure ? el('p', { class: 'error-text', id: 'failure' }, `${r.failure.category} in ${r.failure.stage}: ${r.failure.reason || ''}`) : null,
      r.caveats.length ? el('ul', { class: 'caveats' }, r.caveats.map(c => el('li', {}, c))) : null,
      el('h3', {}, 'question'), el('pre', { class: 'text' }, r.question || ''),
      el('h3', {}, 'response'), responseWithExcerpts(r)),
    r.abstention || r.sufficiency ? section('Judge checks', [['abstention', r.abstention], ['sufficiency', r.sufficiency]]
      .filter(([, c]) => c).map(([name, c]) => el('p', {}, el('b', {}, `${name}: ${c.detected ? 'detected' : 'not detected'}. `), c.reasoning || ''))) : null,
    r.template || r.parsed ? section('Parsed fields against ground truth', templateTable(r)) : null,
    r.deep_judgment ? section('Deep judgment', deepJudgment(r.deep_judgment)) : null,
    r.rubric.length ? section('Traits', traitsTable(r.rubric)) : null,
    r.nuggets ? section('Nuggets', nuggets(r.nuggets)) : null,
    r.agent ? section('Agent trace', agentTrace(r.agent, 'trace')) : null,
    // the judge's own agent runs (agentic parsing, agentic traits), in the agent trace's shape
    r.investigation ? section('Judge\'s investigation (agentic parsing)', agentTrace(r.investigation, 'investigation')) : null,
    ...r.rubric.filter(t => t.investigation).map(t =>
      section(`Judge's investigation of trait ${t.name}`, agentTrace(t.investigation, 'investigation-trait-' + t.name))),
    section('Usage', usageTable(r)),
    section(`Calls (${r.calls.length}), every prompt exactly as sent`, el('div', { id: 'calls' }, r.calls.map(call)))]
    .filter(Boolean));
}

function fact(label, value) {
  return el('div', { class: 'fact' }, el('span', { class: 'muted' }, label), el('span', {}, value ?? '–'));
}

function excerptsOf(r) {
  const texts = [];
  for (const list of Object.values(r.deep_judgment?.excerpts || {})) for (const e of list || []) if (e.text) texts.push(e);
  for (const t of r.rubric) for (const e of t.deep_judgment?.excerpts || []) if (e.text) texts.push(e);
  return texts;
}

/** The response with every deep-judgment excerpt found in it marked. */
function responseWithExcerpts(r) {
  const text = r.response || '';
  const spans = [];
  for (const e of excerptsOf(r)) {
    const at = text.indexOf(e.text);
    if (at >= 0) spans.push({ start: at, end: at + e.text.length, e });
  }
  spans.sort((a, b) => a.start - b.start);
  const parts = [];
  let pos = 0;
  for (const s of spans) {
    if (s.start < pos) continue;
    parts.push(text.slice(pos, s.start));
    parts.push(el('mark', { class: 'excerpt risk-' + (s.e.hallucination_risk || 'none'), title: `confidence ${s.e.confidence || '–'}, risk ${s.e.hallucination_risk || '–'}` }, text.slice(s.start, s.end)));
    pos = s.end;
  }
  parts.push(text.slice(pos));
  return el('pre', { class: 'text response', id: 'response' }, parts);
}

function json(value) {
  return value === undefined || value === null ? '–' : typeof value === 'string' ? value : JSON.stringify(value);
}

function templateTable(r) {
  const fields = r.template?.fields || [];
  return [
    el('table', { class: 'detail', id: 'fields' }, el('thead', {}, el('tr', {}, ['field', 'check', 'ground truth', 'parsed', 'verdict', 'detail'].map(h => el('th', {}, h)))),
      el('tbody', {}, fields.map(f => el('tr', { class: f.passed ? 'ok' : 'bad' }, el('td', {}, f.field), el('td', {}, f.primitive),
        el('td', {}, json(f.expected)), el('td', {}, json(f.actual)), el('td', {}, badge(f.passed ? 'passed' : 'failed')), el('td', {}, f.detail || ''))))),
    (r.template?.regex_checks || []).length ? el('table', { class: 'detail' }, el('tbody', {}, r.template.regex_checks.map(c =>
      el('tr', { class: c.passed ? 'ok' : 'bad' }, el('td', {}, 'regex ' + c.pattern), el('td', {}, c.must), el('td', {}, badge(c.passed ? 'passed' : 'failed')))))) : null,
    r.parsed ? el('details', {}, el('summary', {}, 'parsed JSON'), el('pre', { class: 'code' }, JSON.stringify(r.parsed, null, 2))) : null];
}

function deepJudgment(dj) {
  return Object.keys({ ...(dj.excerpts || {}), ...(dj.reasoning || {}) }).map(field => el('div', {},
    el('h3', {}, field), el('p', {}, dj.reasoning?.[field] || ''),
    el('ul', {}, (dj.excerpts?.[field] || []).map(e => el('li', {}, el('mark', { class: 'excerpt' }, e.text),
      ` confidence ${e.confidence || '–'}, hallucination risk ${e.hallucination_risk || '–'}`)))));
}

function traitsTable(traits) {
  return el('table', { class: 'detail', id: 'traits' }, el('thead', {}, el('tr', {}, ['trait', 'kind', 'outcome', 'the judge\'s reasoning'].map(h => el('th', {}, h)))),
    el('tbody', {}, traits.map(t => el('tr', { class: t.error || t.passed === false ? 'bad' : 'ok' }, el('td', {}, t.name), el('td', {}, t.kind),
      el('td', {}, t.error ? badge('error') : t.passed !== undefined && t.passed !== null ? badge(t.passed ? 'passed' : 'failed')
        : (t.label ? t.label + ' ' : '') + (t.score ?? '')),
      el('td', { class: 'reasoning' }, t.error || t.reasoning || '')))));
}

function nuggets(n) {
  return [el('table', { class: 'detail', id: 'nuggets' }, el('thead', {}, el('tr', {}, ['nugget', 'importance', 'label'].map(h => el('th', {}, h)))),
    el('tbody', {}, (n.nuggets || []).map(x => el('tr', { class: x.label === 'support' ? 'ok' : x.label === 'partial_support' ? 'partial' : 'bad' },
      el('td', {}, x.text), el('td', {}, x.importance), el('td', {}, x.label || 'unlabelled'))))),
    n.scores ? el('pre', { class: 'code' }, JSON.stringify(n.scores, null, 2)) : null];
}

function blocks(message) {
  // content is a list of blocks; a bare string (a hand-written record) is one text block
  const content = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content || []);
  return content.map(b => {
    if (b.type === 'text') return el('pre', { class: 'text' }, b.text);
    if (b.type === 'thinking') return el('pre', { class: 'text thinking' }, b.thinking ?? b.text ?? '');
    if (b.type === 'tool_use') return el('pre', { class: 'code tool' }, `tool call ${b.name} (${b.id})\n` + JSON.stringify(b.input, null, 2));
    if (b.type === 'tool_result') return el('pre', { class: 'code tool' + (b.is_error ? ' bad' : '') }, `tool result (${b.tool_use_id})\n` + json(b.content));
    return el('pre', { class: 'code' }, JSON.stringify(b, null, 2));
  });
}

/** An agent's run turn by turn: the answering agent's, or a judge's investigation (same shape). */
function agentTrace(agent, id) {
  let turn = 0;
  return [el('div', { class: 'facts' }, el('div', { class: 'fact' }, el('span', { class: 'muted' }, 'turns'), el('span', {}, agent.turns)),
      el('div', { class: 'fact' }, el('span', { class: 'muted' }, 'turn limit reached'), el('span', {}, String(!!agent.limit_reached))),
      agent.usage?.total_tokens != null ? el('div', { class: 'fact' }, el('span', { class: 'muted' }, 'tokens'), el('span', {}, num(agent.usage.total_tokens))) : null),
    el('ol', { class: 'trace', id }, (agent.trace_messages || []).map(m => el('li', { class: 'role-' + m.role },
      el('div', { class: 'role' }, m.role + (m.role === 'assistant' ? ` · turn ${++turn}` : '')), blocks(m)))),
    // a judge's investigation records the workspace files it read; an answering agent's, the files it left
    agent.workspace_files_read ? el('div', { class: 'facts', id: id + '-files-read' }, el('div', { class: 'fact' },
      el('span', { class: 'muted' }, 'workspace files read'),
      el('span', {}, agent.workspace_files_read.length ? agent.workspace_files_read.join(', ') : 'none'))) : null,
    agent.workspace ? workspace(agent.workspace, id + '-workspace') : null];
}

/** The files an answering agent left in its workspace, each folded under its path and size. */
function workspace(ws, id) {
  const files = ws.files || [];
  return el('div', { class: 'workspace', id },
    el('h3', {}, `Workspace: ${files.length} file${files.length === 1 ? '' : 's'}, ${num(ws.total_bytes)} of ${num(ws.max_bytes)} bytes`
      + (ws.limit_reached ? ' (a write was refused at the limit)' : '')),
    files.map(f => el('details', { 'data-path': f.path }, el('summary', {}, `${f.path} (${num(new TextEncoder().encode(f.content || '').length)} bytes)`),
      el('pre', { class: 'code' }, f.content || ''))));
}

function usageTable(r) {
  const rows = Object.entries(r.usage || {});
  return el('table', { class: 'detail' }, el('thead', {}, el('tr', {}, ['stage', 'input', 'output', 'total', 'cost', 'time'].map(h => el('th', {}, h)))),
    el('tbody', {}, rows.map(([stage, u]) => el('tr', {}, el('td', {}, stage), el('td', { class: 'num' }, num(u.input_tokens)),
      el('td', { class: 'num' }, num(u.output_tokens)), el('td', { class: 'num' }, num(u.total_tokens)), el('td', { class: 'num' }, usd(u.cost_usd)),
      el('td', { class: 'num' }, r.timings_ms?.[stage] !== undefined ? r.timings_ms[stage] + ' ms' : '')))));
}

function call(c, i) {
  return el('details', { class: 'call', open: i === 0, 'data-task': c.task },
    el('summary', {}, `${c.stage} · ${c.task} · ${c.model} · ${c.latency_ms} ms · ${num(c.usage?.total_tokens)} tokens` +
      (c.cached ? ' · cached' : '') + (c.error ? ' · error' : '')),
    el('ol', { class: 'messages' }, (c.messages || []).map(m => el('li', { class: 'role-' + m.role }, el('div', { class: 'role' }, m.role), blocks(m)))),
    el('div', { class: 'role' }, 'response'), el('pre', { class: 'text' }, c.response ?? ''),
    c.error ? el('p', { class: 'error-text' }, c.error) : null);
}
