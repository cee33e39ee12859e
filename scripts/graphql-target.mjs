// A GraphQL server no one here wrote, for the gateway study (003) on a real GraphQL engine: Apollo Server (npm
// @apollo/server, the study's gateway's family) on loopback, whose one query answers about `kb` KB after `latencyMs`,
// the study's synthetic upstream latency, given per request as a variable. It sends no Server-Timing and has no
// loadlab /metrics: the report's gateway table says so in those columns.
//
//   npm install --prefix DIR @apollo/server graphql    # once; DIR outside the repository (no node_modules here)
//   node scripts/graphql-target.mjs DIR [port]          # default port 4000; Ctrl-C or kill stops it
//
// docs/studies.md (003) gives the mvn verify command that loads it (gateway.method=POST, gateway.body=...).
// Served over node:http by scripts/apollo-http.mjs (kept-alive connections, as Gatling keeps them).
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from './apollo-http.mjs';

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

serve(apollo, HeaderMap, port, 'graphql-target: Apollo Server');
