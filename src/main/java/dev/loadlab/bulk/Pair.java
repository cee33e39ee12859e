package dev.loadlab.bulk;

import static dev.loadlab.bulk.BulkKnobs.MAX_BATCH_COUNT;
import static dev.loadlab.bulk.BulkKnobs.MAX_BATCH_SIZE;
import static dev.loadlab.bulk.BulkKnobs.PAIRS;

import dev.loadlab.settings.SettingError;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One experiment size: {@code batchCount} batches of {@code batchSize} rows, written {@code 10x10000}.
 * Both are capped (at {@link dev.loadlab.bulk.BulkKnobs}' limits) as in bulkbench: every parallel batch
 * holds a connection (databases start resetting connections at around a thousand), and a whole batch is built in
 * client memory before it is sent.
 */
public record Pair(int batchCount, int batchSize) {
    private static final Pattern FORM = Pattern.compile("(\\d{1,9})x(\\d{1,9})");

    /** Throws IllegalArgumentException with the cap's reason; the web UI shows it for its batchcount/batchsize. */
    public Pair {
        check(
                "batchCount",
                batchCount,
                MAX_BATCH_COUNT,
                "each parallel batch holds a connection of its own and databases reset connections at around 1000");
        check("batchSize", batchSize, MAX_BATCH_SIZE, "a whole batch is built in client memory before it is sent");
    }

    private static void check(String name, int value, int cap, String reason) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " " + value + " must be at least 1");
        }
        if (value > cap) {
            throw new IllegalArgumentException(name + " " + value + " is over the cap of " + cap + " (" + reason + ")");
        }
    }

    /** Rows written by one run of this pair. */
    public long rows() {
        return (long) batchCount * batchSize;
    }

    @Override
    public String toString() {
        return batchCount + "x" + batchSize;
    }

    /** A {@code bulk.pairs} value: pairs separated by spaces or commas; a bad one is the catalogue's one line. */
    static List<Pair> parseList(String text) {
        List<Pair> pairs = new ArrayList<>();
        try {
            for (String part : text.strip().split("[,\\s]+")) {
                Matcher m = FORM.matcher(part);
                if (!m.matches()) {
                    throw new IllegalArgumentException(part);
                }
                pairs.add(new Pair(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
            }
        } catch (IllegalArgumentException e) {
            throw SettingError.notAllowed(PAIRS.name(), text.strip(), PAIRS.allowed());
        }
        return List.copyOf(pairs);
    }
}
