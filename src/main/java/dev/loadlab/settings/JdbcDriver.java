package dev.loadlab.settings;

import java.util.Arrays;
import java.util.List;

/**
 * The JDBC drivers loadlab is tested with, by URL prefix: its own build has them all, loadlab-parent manages their
 * versions, and a team's project inherits only H2's (the reference server's embedded database) until its pom names
 * another (docs/bulk.md).
 */
public enum JdbcDriver {
    POSTGRESQL("jdbc:postgresql:", "org.postgresql.Driver", "org.postgresql", "postgresql"),
    MARIADB("jdbc:mariadb:", "org.mariadb.jdbc.Driver", "org.mariadb.jdbc", "mariadb-java-client"),
    HANA("jdbc:sap:", "com.sap.db.jdbc.Driver", "com.sap.cloud.db.jdbc", "ngdbc"),
    H2("jdbc:h2:", "org.h2.Driver", "com.h2database", "h2");

    public final String urlPrefix;
    public final String driverClass;
    private final String groupId;
    private final String artifactId;

    JdbcDriver(String urlPrefix, String driverClass, String groupId, String artifactId) {
        this.urlPrefix = urlPrefix;
        this.driverClass = driverClass;
        this.groupId = groupId;
        this.artifactId = artifactId;
    }

    /** Maven's coordinates without the version: {@code groupId:artifactId}. */
    public String artifact() {
        return groupId + ":" + artifactId;
    }

    /** What a team's pom adds for it, in one line. */
    public String dependencyToAdd() {
        return "add <dependency><groupId>" + groupId + "</groupId><artifactId>" + artifactId
                + "</artifactId></dependency> to your pom (loadlab-parent gives its version)";
    }

    /** Those a team names in its pom, as a sentence lists them ("a, b and c"). */
    public static String optional() {
        List<String> named = Arrays.stream(values())
                .filter(d -> d != H2)
                .map(JdbcDriver::artifact)
                .toList();
        return String.join(", ", named.subList(0, named.size() - 1)) + " and " + named.get(named.size() - 1);
    }
}
