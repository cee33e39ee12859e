// A GraphQL server of another engine than the docs' Apollo, for scripts/graphql-answer-check.sh: graphql-yoga (npm) on
// loopback with the same query as scripts/graphql-target.mjs, `payload(kb, latencyMs)`, and a limit a real server may
// have: a payload over 200 KB is refused with a GraphQL error (HTTP 200, no data). It writes its port to PORT_FILE.
//
//   npm install --prefix DIR graphql-yoga@5.24.1 graphql@16.15.0   # DIR outside the repository
//   node scripts/graphql-yoga-target.mjs DIR PORT_FILE               # kill stops it
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const [dir, portFile] = process.argv.slice(2);
if (!dir || !portFile) {
  console.error('usage: node scripts/graphql-yoga-target.mjs DIR PORT_FILE  (DIR: where npm installed graphql-yoga)');
  process.exit(2);
}
const require = createRequire(path.resolve(dir, 'package.json'));
const { createYoga, createSchema } = require('graphql-yoga');
const { GraphQLError } = require('graphql');

const TEXT = 'x'.repeat(1000); // with its id and JSON punctuation an item is about 1 KB
const MAX_KB = 200;
const schema = createSchema({
  typeDefs: `
    type Item { id: Int!, text: String! }
    type Query { payload(kb: Int!, latencyMs: Int!): [Item!]! }
  `,
  resolvers: {
    Query: {
      payload: async (_, { kb, latencyMs }) => {
        if (kb > MAX_KB) throw new GraphQLError(`payload over ${MAX_KB} KB is refused`);
        if (latencyMs > 0) await sleep(latencyMs);
        return Array.from({ length: kb }, (_, id) => ({ id, text: TEXT }));
      },
    },
  },
});
// yoga masks a resolver's error unless it is a GraphQLError, which it sends as it is
const server = http.createServer(createYoga({ schema, logging: false, graphiql: false }));
server.keepAliveTimeout = 120_000; // Gatling keeps its connections across the steps and their gaps
server.headersTimeout = 121_000;
server.listen(0, '127.0.0.1', () => writeFileSync(portFile, String(server.address().port)));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
