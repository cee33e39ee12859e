package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ErrorTallyTest {

    @Test
    void shouldCountEveryFailureByKindAndBoundTheRawMessagesKept() {
        ErrorTally tally = new ErrorTally();
        for (int i = 0; i < 50; i++) {
            tally.add("HTTP 503", "status.find.in([200, 209], 304), found 503 #" + i);
        }
        tally.add("timeout", "x".repeat(500));
        tally.add("other", "  ");

        assertEquals(52, tally.total());
        assertEquals(Map.of("HTTP 503", 50L, "timeout", 1L, "other", 1L), tally.byKind());
        Map<String, Long> messages = tally.details().get("HTTP 503");
        assertEquals(ErrorTally.MAX_MESSAGES_PER_KIND + 1, messages.size());
        assertEquals(40L, messages.get(ErrorTally.MORE_MESSAGES));
        String longest = tally.details().get("timeout").keySet().iterator().next();
        assertEquals(ErrorTally.MAX_MESSAGE_LENGTH + 3, longest.length());
        assertTrue(tally.details().get("other").containsKey(ErrorTally.NO_MESSAGE));
    }
}
