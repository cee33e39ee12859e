package dev.loadlab.bulk;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One experiment size: {@code batchCount} batches of {@code batchSize} rows, written {@code 10x10000}.
 * Both are capped as in bulkbench: every parallel batch holds a connection (databases start resetting
 * connections at around a thousand), and a whole batch is built in client memory before it is sent.
 */
public record Pair(int batchCount, int batchSize) {
    public static final int MAX_BATCH_COUNT = 1_000;
    public static final int MAX_BATCH_SIZE = 1_000_000;
    /** The study's matrix. */
    public static final String STUDY_PAIRS = "1x100000 10x10000 100x1000 1x1000000 10x100000 100x10000";

    private static final Pattern FORM = Pattern.compile("(\\d{1,9})x(\\d{1,9})");

    public Pair {
        check("batchCount", batchCount, MAX_BATCH_COUNT,
                "each parallel batch holds a connection of its own and databases reset connections at around 1000");
        check("batchSize", batchSize, MAX_BATCH_SIZE, "a whole batch is built in client memory before it is sent");
    }

    private static void check(String name, int value, int cap, String reason) {
        if (value < 1) {
            throw new BadSettingException(name + " " + value + " must be at least 1");
        }
        if (value > cap) {
            throw new BadSettingException(name + " " + value + " is over the cap of " + cap + " (" + reason + ")");
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

    static Pair parse(String setting, String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new BadSettingException(setting + ": '" + text
                    + "' is not a pair; use BATCHCOUNTxBATCHSIZE such as 10x10000, several separated by spaces");
        }
        try {
            return new Pair(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        } catch (BadSettingException e) {
            throw new BadSettingException(setting + ": " + text + ": " + e.getMessage());
        }
    }

    /** A space- or comma-separated list such as {@link #STUDY_PAIRS}. */
    static List<Pair> parseList(String setting, String text) {
        List<Pair> pairs = new ArrayList<>();
        for (String part : text.trim().split("[,\\s]+")) {
            pairs.add(parse(setting, part));
        }
        return List.copyOf(pairs);
    }
}
