package dev.loadlab.bulk;

import dev.loadlab.settings.SettingError;
import java.sql.Connection;
import java.sql.SQLException;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The small web UI, like bulkbench's: {@code java -cp ... -Dbulk.httpPort=8080 [-Dbulk.url=...] dev.loadlab.bulk.BulkWeb}.
 * Listens on 127.0.0.1 unless {@code bulk.httpHost} says otherwise; Ctrl-C stops it and the embedded H2.
 */
public final class BulkWeb {
    private BulkWeb() {}

    public static void main(String[] args) throws Exception {
        BulkTarget target = null;
        Server server;
        try {
            BulkSettings.refuseArguments(args);
            BulkSettings settings = BulkSettings.fromSystem();
            target = BulkTarget.open(settings);
            server = newServer(settings, target.database());
            server.start();
        } catch (SettingError e) {
            if (target != null) {
                target.close();
            }
            System.err.println(BulkBench.ERROR_PREFIX + e.getMessage());
            System.exit(BulkBench.EXIT_BAD_INPUT);
            return;
        }
        BulkTarget started = target;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.stop();
            } catch (Exception ignored) {
                // Stopping on the way out; nothing left to report to.
            }
            started.close();
        }));
        System.out.println("bulk web UI: " + server.getURI() + " (Ctrl-C stops it)");
        server.join();
    }

    /** A server for {@code database} on {@code settings.httpHost():httpPort()} (port 0: a free one), not started. */
    public static Server newServer(BulkSettings settings, Database database) {
        RuntimeInfo runtime;
        try (Connection connection = database.open()) {
            runtime = RuntimeInfo.of(database, connection);
        } catch (SQLException e) {
            throw new SettingError(BulkKnobs.URL.name() + ": " + database.shownUrl() + ": " + database.firstLine(e));
        }
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(settings.httpHost());
        connector.setPort(settings.httpPort());
        server.addConnector(connector);
        BulkRunner runner = new BulkRunner(database, settings).dropLeftoversOnShutdown();
        server.setHandler(new BulkWebHandler(new WebSession(settings, runner, runtime)));
        return server;
    }
}
