package dev.loadlab.bulk;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Assertions on messages: they must say certain things, and never others. */
final class Texts {
    private Texts() {}

    static void assertContains(String actual, String... parts) {
        for (String part : parts) {
            assertTrue(actual != null && actual.contains(part), () -> "expected '" + part + "' in: " + actual);
        }
    }

    static void assertLacks(String actual, String... parts) {
        for (String part : parts) {
            assertFalse(actual != null && actual.contains(part), () -> "did not expect '" + part + "' in: " + actual);
        }
    }

    static void assertOneLine(String actual) {
        assertTrue(actual != null && !actual.isBlank() && !actual.contains("\n"), () -> "expected one line: " + actual);
    }
}
