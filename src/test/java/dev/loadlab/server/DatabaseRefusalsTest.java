package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class DatabaseRefusalsTest {
    private static final String ROW = "x".repeat(10_000);

    @Test
    void shouldAnswerARefusedRowWithItsCauseAndNotTheTenKilobyteRowItQuotes() {
        SQLException duplicate = new SQLException(
                "Unique index or primary key violation: \"PRIMARY_KEY ON DOCUMENTS VALUES ('TestRecords', 'k1', '" + ROW
                        + "')\"; SQL statement: insert into documents values (?, ?, ?)",
                "23505");

        HttpFailure failure = RecordStore.asHttpFailure(duplicate);

        assertEquals(409, failure.status);
        assertTrue(
                failure.getMessage().startsWith("the database refused a row: Unique index or primary key violation"));
        assertTrue(
                failure.getMessage().length() < 400,
                "answer of " + failure.getMessage().length() + " characters");
        assertTrue(failure.getMessage().endsWith("characters)"), failure.getMessage());
    }

    @Test
    void shouldKeepAShortMessageWhole() {
        HttpFailure failure = RecordStore.asHttpFailure(new SQLException("value too long for column NAME", "22001"));

        assertEquals(400, failure.status);
        assertEquals("the database refused a value: value too long for column NAME", failure.getMessage());
    }
}
