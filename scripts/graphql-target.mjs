// A GraphQL server no one here wrote, for the gateway study (003) on a real GraphQL engine: Apollo Server (npm
// @apollo/server, the study's gateway's family) on loopback, whose one query answers about `kb` KB after `latencyMs`,
// the study's synthetic upstream latency, given per request as a variable. It sends no Server-Timing and has no
// loadlab /metrics: the report's gateway table says so in those columns.
//
//   npm install --prefix DIR @apollo/server graphql    # once; DIR outside the repository (no node_modules here)
//   node scripts/graphql-target.mjs DIR [port]          # default port 4000; Ctrl-C or kill stops it
//
// docs/studies.md (003) gives the mvn verify command that loads it (gateway.method=POST, gateway.body=...).
// Apollo's own HTTP integration API is used over node:http (rather than its standalone server) only to keep idle
// connections open longer than Node's 5 s default: Gatling shares its connections across the steps and their gaps.
import { createRequire } from 'node:module';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const [dir, port = '4000'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node scripts/graphql-target.mjs DIR [port]  (DIR: where npm install @apollo/server graphql ran)');
  process.exit(2);
}
const require = createRequire(path.resolve(dir, 'package.json'));
const { ApolloServer, HeaderMap } = require('@apollo/server');

const typeDefs = `#graphql
  type Item { id: Int!, text: String! }
  type Query {
    "kb items of about 1 KB each, after latencyMs: the study's 100 KB answer and synthetic upstream latency"
    payload(kb: Int!, latencyMs: Int!): [Item!]!
  }
`;
const TEXT = 'x'.repeat(1000); // with its id and JSON punctuation an item is about 1 KB
const resolvers = {
  Query: {
    payload: async (_, { kb, latencyMs }) => {
      if (latencyMs > 0) await sleep(latencyMs);
      return Array.from({ length: kb }, (_, id) => ({ id, text: TEXT }));
    },
  },
};

const apollo = new ApolloServer({ typeDefs, resolvers });
await apollo.start();

const server = http.createServer(async (req, res) => {
  try {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString('utf8');
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(req.headers)) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
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
    for (const [name, value] of answer.headers) res.setHeader(name, value);
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
});
server.keepAliveTimeout = 120_000;
server.headersTimeout = 121_000;
server.listen(Number(port), '127.0.0.1', () =>
  console.log(`graphql-target: Apollo Server on http://127.0.0.1:${port}/graphql (pid ${process.pid})`));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close(() => apollo.stop().then(() => process.exit(0)));
    server.closeAllConnections(); // kept-alive ones would hold close() for two minutes
  });
}
