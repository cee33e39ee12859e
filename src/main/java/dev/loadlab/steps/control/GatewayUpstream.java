package dev.loadlab.steps.control;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.ServerKnobs;
import dev.loadlab.settings.Settings;
import java.util.Map;
import java.util.Optional;

/** The gateway experiment's upstream, beside the embedded target (ServerControl up) and stopped with it. */
final class GatewayUpstream {
    private GatewayUpstream() {}

    /**
     * Where the gateway experiment runs and server.gatewayUpstream names no upstream, the gateway route's upstream as a
     * second reference server process, its URL put into the target's {@code properties}: its own port, threads and CPU,
     * as the study's subgraph ran apart from its gateway (forwarding to itself, the gateway's threads and CPU would serve
     * it too). False when it did not start.
     */
    static boolean started(
            Settings settings, BuildFiles files, Map<String, String> properties, int waitSeconds, long watchPid)
            throws Exception {
        boolean gatewayRuns = ContractKnobs.chosen(settings).contains(ContractKnobs.GATEWAY_CAPACITY);
        if (!gatewayRuns || settings.isGiven(ServerKnobs.GATEWAY_UPSTREAM)) {
            return true;
        }
        Map<String, String> upstreamProperties =
                ServerProcess.properties(settings, files, files.upstreamDir(), watchPid);
        // it serves /payload only: its own embedded database, never the target's (an empty value is not given)
        upstreamProperties.put(ServerKnobs.DB_URL.name(), "");
        Optional<ServerProcess.Urls> upstream =
                ServerProcess.start(files.upstreamDir(), upstreamProperties, waitSeconds);
        upstream.ifPresent(u -> properties.put(ServerKnobs.GATEWAY_UPSTREAM.name(), u.http()));
        return upstream.isPresent();
    }
}
