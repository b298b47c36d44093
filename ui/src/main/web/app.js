// The viewer's router: #/ runs, #/runs/ID a run, #/runs/ID/results/RID a result, #/compare/A/B.
import { el } from './dom.js';
import { offline } from './api.js';
import { runsPage } from './runs.js';
import { runPage } from './run.js';
import { resultPage } from './result.js';
import { comparePage } from './compare.js';

const root = document.getElementById('app');
let cleanup = [];

async function route() {
  cleanup.forEach(stop => { try { stop(); } catch (e) { /* already stopped */ } });
  cleanup = [];
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  try {
    if (parts[0] === 'runs' && parts[2] === 'results' && parts[3]) await resultPage(root, parts[1], parts[3]);
    else if (parts[0] === 'runs' && parts[1]) await runPage(root, parts[1], cleanup);
    else if (parts[0] === 'compare' && parts[2]) await comparePage(root, parts[1], parts[2]);
    // report.html holds one run: its page is the start
    else if (offline) await runPage(root, offline.runId, cleanup);
    else {
      if (await runsPage(root)) {
        // refreshed while runs are under way, unless the user is picking runs to compare
        const timer = setTimeout(() => { if (!root.querySelector('input:checked')) route(); }, 3000);
        cleanup.push(() => clearTimeout(timer));
      }
    }
    document.body.dataset.page = parts[0] || 'runs';
  } catch (error) {
    root.replaceChildren(el('p', { class: 'error-text', id: 'page-error' }, error.message));
  }
}

window.addEventListener('hashchange', route);
route();
