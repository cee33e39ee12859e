package dev.loadlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** JMeter's results as RFC 4180 reads them, however the stream hands its characters over. */
class CsvRecordsTest {
    private static final String CSV = "timeStamp,label,failureMessage\r\n"
            + "1,\"a, b\",\"said \"\"no\"\"\n on two lines\"\n"
            + "2,\"\"\"\",\n"
            + "3,cut";

    /** A stream that has one character at a time, as a file being written may: a quote's pair can come later. */
    private static Reader trickle(String text) {
        return new Reader() {
            private final StringReader in = new StringReader(text);

            @Override
            public int read(char[] into, int off, int len) throws IOException {
                return len == 0 ? 0 : in.read(into, off, 1);
            }

            @Override
            public void close() {}
        };
    }

    @Test
    void shouldReadQuotedCommasQuotesAndLineBreaksAndDropARecordCutShort() throws Exception {
        for (Reader in : List.of(new StringReader(CSV), trickle(CSV))) {
            CsvRecords records = new CsvRecords(in);
            assertEquals(List.of("timeStamp", "label", "failureMessage"), records.next());
            assertEquals(List.of("1", "a, b", "said \"no\"\n on two lines"), records.next());
            assertEquals(List.of("2", "\"", ""), records.next());
            assertNull(records.next(), "a record without its line break is not whole");
        }
    }
}
