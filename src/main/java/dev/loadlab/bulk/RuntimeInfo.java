package dev.loadlab.bulk;

import java.sql.Connection;
import java.sql.SQLException;

/** What the bench prints first, as bulkbench does: cores, JVM, driver and database versions, the (masked) URL. */
public record RuntimeInfo(int cores, String jvm, String driver, String database, String url, String dialect) {

    static RuntimeInfo of(Database database, Connection connection) throws SQLException {
        String[] versions = Database.versions(connection);
        String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        return new RuntimeInfo(
                Runtime.getRuntime().availableProcessors(),
                jvm,
                versions[0],
                versions[1],
                database.shownUrl(),
                database.dialect().label());
    }
}
