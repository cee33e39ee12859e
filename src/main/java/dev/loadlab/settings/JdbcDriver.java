package dev.loadlab.settings;

import java.util.List;

/**
 * A JDBC driver loadlab is tested with, by URL prefix: its own build has them all, loadlab-parent manages their
 * versions, and a team's project inherits only H2's (the reference server's embedded database) until its pom names
 * another (docs/bulk.md).
 */
public record JdbcDriver(String database, String urlPrefix, String driverClass, String groupId, String artifactId) {
    public static final JdbcDriver POSTGRESQL =
            new JdbcDriver("PostgreSQL", "jdbc:postgresql:", "org.postgresql.Driver", "org.postgresql", "postgresql");
    public static final JdbcDriver MARIADB = new JdbcDriver(
            "MariaDB", "jdbc:mariadb:", "org.mariadb.jdbc.Driver", "org.mariadb.jdbc", "mariadb-java-client");
    public static final JdbcDriver HANA =
            new JdbcDriver("SAP HANA", "jdbc:sap:", "com.sap.db.jdbc.Driver", "com.sap.cloud.db.jdbc", "ngdbc");
    public static final JdbcDriver H2 = new JdbcDriver("H2", "jdbc:h2:", "org.h2.Driver", "com.h2database", "h2");

    /** Those a team names in its pom when its URLs need them. */
    public static final List<JdbcDriver> OPTIONAL = List.of(POSTGRESQL, MARIADB, HANA);

    /** Maven's coordinates without the version: {@code groupId:artifactId}. */
    public String artifact() {
        return groupId + ":" + artifactId;
    }

    /** What a team's pom adds for it, in one line. */
    public String dependencyToAdd() {
        return "add <dependency><groupId>" + groupId + "</groupId><artifactId>" + artifactId
                + "</artifactId></dependency> to your pom (loadlab-parent gives its version)";
    }

    /** The optional ones as a sentence lists them ("a, b and c"). */
    public static String optional() {
        List<String> named = OPTIONAL.stream().map(JdbcDriver::artifact).toList();
        return String.join(", ", named.subList(0, named.size() - 1)) + " and " + named.get(named.size() - 1);
    }
}
