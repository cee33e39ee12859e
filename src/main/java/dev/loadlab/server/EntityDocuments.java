package dev.loadlab.server;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;

/**
 * Every entity set other than the typed one: each entity one row, its set and key the primary key and its JSON body
 * as the client sent it. A key sent twice is the database's refusal (409), as it is for CAP on a real table.
 */
final class EntityDocuments {
    static final String TABLE = "loadlab_entities";
    static final int KEY_MAX_CHARS = 128;

    /** One entity to store: its set, its key and its JSON text. */
    record Document(String entitySet, String key, String json) {}

    private final DataSource pool;
    private final int batchRows;

    EntityDocuments(DataSource pool, String url, int batchRows) throws SQLException {
        this.pool = pool;
        this.batchRows = batchRows;
        try (Connection c = pool.getConnection();
                Statement s = c.createStatement()) {
            s.execute("create table if not exists " + TABLE + " (entity_set varchar(128) not null, entity_key varchar("
                    + KEY_MAX_CHARS + ") not null, body " + largeText(url)
                    + " not null, primary key (entity_set, entity_key))");
            c.commit();
        }
    }

    /** The study's strings run to 5,000 characters, two per record: a large text column on every database. */
    private static String largeText(String url) {
        if (url.startsWith("jdbc:mariadb:") || url.startsWith("jdbc:mysql:")) {
            return "longtext";
        }
        return url.startsWith("jdbc:postgresql:") ? "text" : "clob";
    }

    /** Stores all documents in one transaction, as JDBC batches: all of them, or none. */
    void insertAll(List<Document> documents) throws SQLException {
        try (Connection c = pool.getConnection()) {
            try (PreparedStatement insert =
                    c.prepareStatement("insert into " + TABLE + " (entity_set, entity_key, body) values (?, ?, ?)")) {
                for (int i = 0; i < documents.size(); i++) {
                    Document d = documents.get(i);
                    insert.setString(1, d.entitySet());
                    insert.setString(2, d.key());
                    insert.setString(3, d.json());
                    insert.addBatch();
                    if ((i + 1) % batchRows == 0 || i == documents.size() - 1) {
                        insert.executeBatch();
                    }
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        }
    }

    long count(String entitySet) throws SQLException {
        try (Connection c = pool.getConnection();
                PreparedStatement s = c.prepareStatement("select count(*) from " + TABLE + " where entity_set = ?")) {
            s.setString(1, entitySet);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                long n = rs.getLong(1);
                c.commit();
                return n;
            }
        }
    }
}
