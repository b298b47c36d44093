// The run API (docs/api.md), relative to this page, so the viewer works behind any prefix-free host.
import { STATUSES } from './stats.js';

async function get(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    let message = response.status + ' ' + response.statusText;
    try { message = (await response.json()).errors.join('; '); } catch (e) { /* not the API's error body */ }
    throw new Error(path + ': ' + message);
  }
  return response.json();
}

const enc = encodeURIComponent;
const server = {
  runs: (page = 0, size = 100) => get(`/api/runs?page=${page}&size=${size}`),
  run: id => get(`/api/runs/${enc(id)}`),
  matrix: id => get(`/api/runs/${enc(id)}/matrix`),
  statistics: id => get(`/api/runs/${enc(id)}/statistics`),
  scores: id => get(`/api/runs/${enc(id)}/scores`),
  results: (id, query) => get(`/api/runs/${enc(id)}/results?` + new URLSearchParams(query)),
  events: id => new EventSource(`/api/runs/${enc(id)}/events`),
};

// report.html carries one run's data in the page (assay report, docs/viewer.md): the same pages are
// drawn from it, with no server. The offline answers have the API's shapes.
const embedded = typeof document !== 'undefined' && document.getElementById('assay-report-data');
export const offline = embedded ? reportSource(JSON.parse(embedded.textContent)) : null;
export const api = offline || server;

/** A result as the matrix's cell: what GET /api/runs/{id}/matrix extracts from it in PostgreSQL. */
export function cellOf(r) {
  const total = r.usage?.total || {};
  const timings = Object.values(r.timings_ms || {});
  return {
    result_id: r.result_id, question_id: r.question_id, answering_model: r.answering_model, judge: r.judge,
    replicate: r.replicate, status: r.status, failure_category: r.failure?.category ?? null, failure_stage: r.failure?.stage ?? null,
    traits: (r.rubric || []).map(t => ({ name: t.name, passed: t.passed ?? undefined, score: t.score ?? undefined, error: t.error ? true : undefined })),
    total_tokens: total.total_tokens ?? null, cost_usd: total.cost_usd ?? null,
    latency_ms: timings.length ? timings.reduce((a, b) => a + Number(b), 0) : null,
  };
}

function reportSource(data) {
  const results = data.results || [];
  const runId = data.run_id;
  const byStatus = Object.fromEntries(STATUSES.map(status => [status, 0]));
  for (const r of results) byStatus[r.status] = (byStatus[r.status] || 0) + 1;
  const sum = key => results.reduce((n, r) => r.usage?.total?.[key] == null ? n : (n ?? 0) + Number(r.usage.total[key]), null);
  // the run's headline as the server gave it, or what the results say
  const head = data.matrix || {
    run: { run_id: runId, name: null, status: 'completed', error: null, created_at: null, finished_at: null,
      counts: { done: results.length, expected: results.length, failed: byStatus.error || 0, by_status: byStatus },
      usage: { input_tokens: sum('input_tokens'), output_tokens: sum('output_tokens'), total_tokens: sum('total_tokens'), cost_usd: sum('cost_usd') } },
    benchmark: null, config: null, questions: [],
  };
  const seen = new Set(head.questions.map(q => q.id));
  const questions = [...head.questions];
  for (const r of [...results].sort((a, b) => a.question_id.localeCompare(b.question_id))) {
    if (!seen.has(r.question_id)) { seen.add(r.question_id); questions.push({ id: r.question_id, question: r.question, keywords: r.keywords || [] }); }
  }
  const matrix = { ...head, questions, cells: results.map(cellOf) };
  const matches = (r, query) => (!query.question || r.question_id === query.question)
    && (!query.model || r.answering_model === query.model) && (!query.judge || r.judge === query.judge);
  const unknown = id => Promise.reject(new Error(`this report holds run ${runId}, not ${id}`));
  return {
    runs: async () => ({ page: 0, size: 1, total: 1, runs: [matrix.run] }),
    run: async id => id === runId ? matrix.run : unknown(id),
    matrix: async id => id === runId ? matrix : unknown(id),
    statistics: async id => id === runId && data.statistics ? data.statistics : Promise.reject(new Error('no statistics in this report')),
    scores: async id => id === runId && data.scores ? data.scores : Promise.reject(new Error('no scores in this report')),
    results: async (id, query) => {
      if (id !== runId) return unknown(id);
      const found = results.filter(r => matches(r, query || {}));
      return { page: 0, size: found.length, total: found.length, results: found };
    },
    events: () => null,
    runId,
  };
}

// The matrix of a run, kept while the user moves between its pages; a running run's is refetched.
const matrices = new Map();
export async function matrixOf(id, fresh = false) {
  const cached = matrices.get(id);
  if (cached && !fresh && cached.run.status === 'completed') return cached;
  const matrix = await api.matrix(id);
  matrices.set(id, matrix);
  return matrix;
}
