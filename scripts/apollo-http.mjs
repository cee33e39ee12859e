// Apollo Server over node:http, for scripts/graphql-target.mjs and scripts/apollo-gateway.mjs: Apollo's own HTTP
// integration API rather than its standalone server, only to keep idle connections open longer than Node's 5 s default
// (Gatling shares its connections across the study's steps and their gaps). Loopback only; SIGINT or SIGTERM stops it.
//
// serve(apollo, HeaderMap, port, name, answered): `answered(endEpochMs, ms)` is told of every answer to a POST, where
// given (the gateway's own time of each answer); a GET of /loadlab/answers then returns them as CSV, as loadlab's
// subgraph serves its own.
import http from 'node:http';

export const ANSWERS_PATH = '/loadlab/answers';

/** The most recent answers' times, oldest first: `endEpochMs,ms` lines under a header, as a poller fetches them. */
export class AnswerTimes {
  static CAPACITY = 262_144; // a ring: a study's minutes never fill it, a longer run keeps its last answers
  #ends = new Float64Array(AnswerTimes.CAPACITY);
  #ms = new Float64Array(AnswerTimes.CAPACITY);
  #added = 0;
  add(endEpochMs, ms) {
    const slot = this.#added++ % AnswerTimes.CAPACITY;
    this.#ends[slot] = endEpochMs;
    this.#ms[slot] = ms;
  }
  csv() {
    const lines = ['endEpochMs,ms\n'];
    for (let i = Math.max(0, this.#added - AnswerTimes.CAPACITY); i < this.#added; i++) {
      const slot = i % AnswerTimes.CAPACITY;
      lines.push(`${this.#ends[slot]},${this.#ms[slot].toFixed(3)}\n`);
    }
    return lines.join('');
  }
}

export function serve(apollo, HeaderMap, port, name, times) {
  const server = http.createServer(async (req, res) => {
    const began = process.hrtime.bigint();
    if (times && req.method === 'GET' && req.url === ANSWERS_PATH) {
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end(times.csv());
      return;
    }
    try {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = new HeaderMap();
      for (const [header, value] of Object.entries(req.headers)) {
        headers.set(header, Array.isArray(value) ? value.join(', ') : value);
      }
      const json = /\bjson\b/i.test(req.headers['content-type'] ?? '');
      const answer = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: req.method.toUpperCase(),
          headers,
          search: new URL(req.url, 'http://127.0.0.1').search,
          body: raw && json ? JSON.parse(raw) : raw,
        },
        context: async () => ({}),
      });
      for (const [header, value] of answer.headers) res.setHeader(header, value);
      res.statusCode = answer.status ?? 200;
      if (answer.body.kind === 'complete') {
        res.end(answer.body.string);
      } else {
        for await (const chunk of answer.body.asyncIterator) res.write(chunk);
        res.end();
      }
    } catch (e) {
      res.statusCode = e instanceof SyntaxError ? 400 : 500; // a body that is not JSON, or the engine's failure
      res.end(String(e.message));
    }
    if (times && req.method === 'POST') times.add(Date.now(), Number(process.hrtime.bigint() - began) / 1e6);
  });
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  server.listen(Number(port), '127.0.0.1', () =>
    console.log(`${name} on http://127.0.0.1:${server.address().port}/graphql (pid ${process.pid})`));
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      server.close(() => apollo.stop().then(() => process.exit(0)));
      server.closeAllConnections(); // kept-alive ones would hold close() for two minutes
    });
  }
  return server;
}
