// The benchmark's model server: an OpenAI-compatible chat-completions endpoint that serves Assay and
// promptfoo identically, with a fixed latency, counting requests and the peak number in flight.
// Node's event loop keeps the stub itself out of the way: thousands of calls in flight cost it
// timers, not threads.
//
//   node bench/stub.mjs --port 0 --latency-ms 200 --port-file /tmp/port
//
// GET /stats gives {requests, in_flight, peak_in_flight, first_ms, last_ms, last_end_ms} (epoch
// milliseconds of the first request's arrival, the last request's arrival and the last answer), and
// by_model: {model: {requests, in_flight, peak_in_flight}} (each model has a limit of its own);
// POST /reset zeroes them. With --refuse-every N (and --retry-after S, default 1), every Nth request
// is answered 429 with that Retry-After, as a rate-limited provider does; stats.refused counts them.
//
// Replies, keyed on the model name (the one knob both tools share):
//   bench-judge   {"answer": "4"}                               (Assay's judge: the template's field)
//   bench-grader  {"reason": "ok", "pass": true, "score": 1}    (promptfoo's llm-rubric grader)
//   anything else "The answer is 4."                            (the answering model)
import http from 'node:http';
import fs from 'node:fs';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, arg, i, all) => {
  if (arg.startsWith('--')) pairs.push([arg.slice(2), all[i + 1]]);
  return pairs;
}, []));
if ('help' in args) {
  console.log('usage: node bench/stub.mjs [--port N] [--latency-ms MS] [--port-file FILE] [--refuse-every N [--retry-after S]]');
  process.exit(0);
}
const latencyMs = Number(args['latency-ms'] ?? 0);
const refuseEvery = Number(args['refuse-every'] ?? 0);
const retryAfter = String(args['retry-after'] ?? 1);
let stats;
const reset = () => { stats = { requests: 0, in_flight: 0, peak_in_flight: 0, first_ms: null, last_ms: null, last_end_ms: null, refused: 0, by_model: {} }; };
reset();

function reply(model) {
  if (model === 'bench-judge') return JSON.stringify({ answer: '4' });
  if (model === 'bench-grader') return JSON.stringify({ reason: 'ok', pass: true, score: 1 });
  return 'The answer is 4.';
}

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(stats));
    return;
  }
  if (req.method === 'POST' && req.url === '/reset') {
    reset();
    res.writeHead(204).end();
    return;
  }
  const chunks = [];
  req.on('data', chunk => chunks.push(chunk));
  req.on('end', () => {
    const now = Date.now();
    stats.requests++;
    const number = stats.requests; // refusals by arrival: at answer time many share one count
    stats.first_ms ??= now;
    stats.last_ms = now;
    stats.in_flight++;
    stats.peak_in_flight = Math.max(stats.peak_in_flight, stats.in_flight);
    let model = 'bench';
    try { model = JSON.parse(Buffer.concat(chunks).toString()).model ?? model; } catch { /* answer anyway */ }
    const mine = stats.by_model[model] ??= { requests: 0, in_flight: 0, peak_in_flight: 0 };
    mine.requests++;
    mine.in_flight++;
    mine.peak_in_flight = Math.max(mine.peak_in_flight, mine.in_flight);
    const answer = () => {
      stats.in_flight--;
      mine.in_flight--;
      stats.last_end_ms = Date.now();
      if (refuseEvery > 0 && number % refuseEvery === 0) {
        stats.refused++;
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter })
          .end(JSON.stringify({ error: { message: 'Rate limit reached (bench stub)', type: 'rate_limit_exceeded' } }));
        return;
      }
      const content = reply(model);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
        id: 'chatcmpl-bench-' + stats.requests, object: 'chat.completion', created: Math.floor(now / 1000), model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 },
      }));
    };
    if (latencyMs > 0) setTimeout(answer, latencyMs); else answer();
  });
});
server.keepAliveTimeout = 120_000;
server.headersTimeout = 130_000;
server.listen(Number(args.port ?? 0), '127.0.0.1', () => {
  const port = server.address().port;
  if (args['port-file']) fs.writeFileSync(args['port-file'], String(port));
  console.log(`bench stub on http://127.0.0.1:${port}/v1 (latency ${latencyMs} ms)`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
