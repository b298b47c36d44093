// The run API (docs/api.md), relative to this page, so the viewer works behind any prefix-free host.

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
export const api = {
  runs: (page = 0, size = 100) => get(`/api/runs?page=${page}&size=${size}`),
  run: id => get(`/api/runs/${enc(id)}`),
  matrix: id => get(`/api/runs/${enc(id)}/matrix`),
  statistics: id => get(`/api/runs/${enc(id)}/statistics`),
  scores: id => get(`/api/runs/${enc(id)}/scores`),
  results: (id, query) => get(`/api/runs/${enc(id)}/results?` + new URLSearchParams(query)),
  events: id => new EventSource(`/api/runs/${enc(id)}/events`),
};

// The matrix of a run, kept while the user moves between its pages; a running run's is refetched.
const matrices = new Map();
export async function matrixOf(id, fresh = false) {
  const cached = matrices.get(id);
  if (cached && !fresh && cached.run.status === 'completed') return cached;
  const matrix = await api.matrix(id);
  matrices.set(id, matrix);
  return matrix;
}
