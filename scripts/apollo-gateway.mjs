// Study 003 on the study's own kind of system: Apollo Gateway (npm @apollo/gateway) in front of a GraphQL subgraph,
// loadlab's reference server's POST /graphql (its federation _service and the query `payload(kb, latencyMs)`, answered
// with about kb KB after latencyMs). The gateway composes its supergraph from the subgraph at start
// (IntrospectAndCompose) and times each answer itself, served as CSV at /loadlab/answers beside /graphql: the study's
// supergraph P95, which loadlab reads without Server-Timing. Apollo's usage and schema reporting are off (they would
// call Apollo's servers where APOLLO_KEY is set).
//
//   npm install --prefix DIR @apollo/gateway@2.14.4 @apollo/server@5.5.1 graphql@16.15.0   # once, outside the repository
//   node scripts/apollo-gateway.mjs DIR SUBGRAPH_URL [port]    # SUBGRAPH_URL: http://127.0.0.1:<port>/graphql
//
// docs/studies.md (003, on Apollo Gateway) gives the commands that start the subgraph and load the gateway.
import { createRequire } from 'node:module';
import path from 'node:path';
import { AnswerTimes, serve } from './apollo-http.mjs';

const [dir, subgraph, port = '4000'] = process.argv.slice(2);
if (!dir || !/^http:\/\/(127\.[0-9.]+|localhost):[0-9]+\//.test(subgraph ?? '')) {
  console.error('usage: node scripts/apollo-gateway.mjs DIR SUBGRAPH_URL [port]  (DIR: where npm install @apollo/gateway'
    + ' @apollo/server graphql ran; SUBGRAPH_URL: http://127.0.0.1:<port>/graphql, loadlab\'s subgraph on loopback)');
  process.exit(2);
}
const require = createRequire(path.resolve(dir, 'package.json'));
const { ApolloGateway, IntrospectAndCompose, RemoteGraphQLDataSource } = require('@apollo/gateway');
const { ApolloServer, HeaderMap } = require('@apollo/server');
const {
  ApolloServerPluginUsageReportingDisabled,
  ApolloServerPluginSchemaReportingDisabled,
} = require('@apollo/server/plugin/disabled');

// Calls to the subgraph go through Node's own fetch (undici), which closes a connection idle for 4 s. The gateway's
// default fetcher keeps an idle connection for ever: once the subgraph closed those left idle 30 s after a busy step
// (Jetty's idle timeout), reusing them failed as "socket hang up" (2 of 20 answers of a step at 5 s latency, here).
const gateway = new ApolloGateway({
  supergraphSdl: new IntrospectAndCompose({ subgraphs: [{ name: 'payload', url: subgraph }] }),
  buildService: ({ url }) => new RemoteGraphQLDataSource({ url, fetcher: fetch }),
});
const apollo = new ApolloServer({
  gateway,
  plugins: [ApolloServerPluginUsageReportingDisabled(), ApolloServerPluginSchemaReportingDisabled()],
});
await apollo.start();
serve(apollo, HeaderMap, port, `apollo-gateway: Apollo Gateway before ${subgraph}`, new AnswerTimes());
