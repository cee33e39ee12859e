package dev.loadlab.bulk;

import static org.junit.jupiter.api.Assertions.fail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/**
 * The PostgreSQL and MariaDB of this project's machines (127.0.0.1, database {@code test}, no password).
 * Missing: the test is skipped with a notice, unless {@code LOADLAB_REQUIRE_DBS=1} (CI) makes it fail.
 */
final class LocalDatabases {
    static final String POSTGRESQL_URL = "jdbc:postgresql://127.0.0.1:5432/test";
    static final String MARIADB_URL = "jdbc:mariadb://127.0.0.1:3306/test";

    private LocalDatabases() {}

    /** A Database for PostgreSQL as user postgres or root (trust auth), or the test is skipped / failed. */
    static Database postgresql() {
        return reachable("PostgreSQL", POSTGRESQL_URL, List.of("postgres", "root"));
    }

    static Database mariadb() {
        return reachable("MariaDB", MARIADB_URL, List.of("root"));
    }

    private static Database reachable(String name, String url, List<String> users) {
        String lastError = "";
        for (String user : users) {
            try (Connection ignored = DriverManager.getConnection(url, user, "")) {
                return new Database(url, Optional.of(user), Optional.empty(), 5);
            } catch (SQLException e) {
                lastError = e.getMessage();
            }
        }
        String notice = name + " is not reachable at " + url + " (" + lastError + ")";
        if ("1".equals(System.getenv("LOADLAB_REQUIRE_DBS"))) {
            fail(notice + " and LOADLAB_REQUIRE_DBS=1 requires it");
        }
        System.out.println("NOTICE: skipping: " + notice + "; set LOADLAB_REQUIRE_DBS=1 to make this a failure");
        Assumptions.abort(notice);
        throw new IllegalStateException("unreachable");
    }
}
