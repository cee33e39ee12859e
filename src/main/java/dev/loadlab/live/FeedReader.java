package dev.loadlab.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The live page's side of the runs' {@link LiveFeed}s: each file read from where the last reading stopped (whole lines
 * only), each row's totals since its run started and its last seconds: the page's {@link #HISTORY_SECONDS}, the
 * report's every one.
 */
final class FeedReader {
    /** How many of a row's last seconds the page draws. */
    static final int HISTORY_SECONDS = 300;

    /** A row's name: a run's request label, as the report's rows are keyed (tool, wire, run, label). */
    record Key(String tool, String wire, String run, String experiment, String request) {}

    /** One row of the live page: its totals since its run started, and its last seconds. */
    static final class Row {
        final Key key;
        long requests;
        long errors;
        long sumMs;
        final long[] buckets = new long[LiveFeed.BOUNDS_MS.length];
        final Map<String, Long> errorKinds = new TreeMap<>();
        long users;
        final Deque<LiveFeed.Line> history = new ArrayDeque<>();
        long firstSecond = Long.MAX_VALUE;

        private final int historySeconds;

        Row(Key key, int historySeconds) {
            this.key = key;
            this.historySeconds = historySeconds;
        }

        void add(LiveFeed.Line line) {
            requests += line.requests();
            errors += line.errors();
            sumMs += line.sumMs();
            for (int i = 0; i < buckets.length; i++) {
                buckets[i] += line.buckets()[i];
            }
            line.errorKinds().forEach((k, n) -> errorKinds.merge(k, n, Long::sum));
            users = line.users();
            firstSecond = Math.min(firstSecond, line.epochSecond());
            history.addLast(line);
            while (history.size() > historySeconds) {
                history.removeFirst();
            }
        }

        /** Its last second written, or null before its first. */
        LiveFeed.Line last() {
            return history.peekLast();
        }
    }

    /** One feed file: its new lines, and what its first line says of its run. */
    private static final class Feed {
        final NewLines lines;
        String[] head; // tool, wire, run, experiment

        Feed(Path file) {
            this.lines = new NewLines(file);
        }
    }

    private final Path dir;
    private final int historySeconds;
    private final Map<Path, Feed> feeds = new LinkedHashMap<>();
    private final Map<String, Row> rows = new LinkedHashMap<>();

    /** @param historySeconds how many of each row's last seconds it keeps (the page's: {@link #HISTORY_SECONDS}) */
    FeedReader(Path loadlabDir, int historySeconds) {
        this.dir = loadlabDir.resolve(LiveFeed.DIR);
        this.historySeconds = historySeconds;
    }

    /** Reads what the feeds gained since the last call; a file being written ends mid-line until its next flush. */
    synchronized List<Row> read() {
        try (Stream<Path> files = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
            files.filter(f -> f.getFileName().toString().endsWith(LiveFeed.SUFFIX))
                    .sorted()
                    .forEach(f -> {
                        Feed feed = feeds.computeIfAbsent(f, Feed::new);
                        feed.lines.read().forEach(line -> take(feed, line));
                    });
        } catch (IOException e) {
            // the folder went away (a clean): nothing new
        }
        List<Row> out = new ArrayList<>(rows.values());
        out.sort(java.util.Comparator.comparingLong(r -> r.firstSecond)); // in the order the runs loaded
        return out;
    }

    private void take(Feed feed, String line) {
        if (line.startsWith("# ")) {
            feed.head = line.substring(2).split("\t", -1);
        } else if (feed.head != null && feed.head.length == 4 && !line.isEmpty()) {
            LiveFeed.Line l = LiveFeed.Line.parse(line);
            String[] h = feed.head;
            rows.computeIfAbsent(
                            String.join("\t", h[0], h[1], h[2], l.label()),
                            k -> new Row(new Key(h[0], h[1], h[2], h[3], l.label()), historySeconds))
                    .add(l);
        }
    }
}
