package dev.loadlab.live;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
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
 * only), each row's totals since its run started and its last {@link #HISTORY_SECONDS} seconds.
 */
final class FeedReader {
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

        Row(Key key) {
            this.key = key;
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
            while (history.size() > HISTORY_SECONDS) {
                history.removeFirst();
            }
        }

        /** Its last second written, or null before its first. */
        LiveFeed.Line last() {
            return history.peekLast();
        }
    }

    /** One feed file: how far it has been read, and what its first line says of its run. */
    private static final class Feed {
        long offset;
        String[] head; // tool, wire, run, experiment
    }

    private final Path dir;
    private final Map<Path, Feed> feeds = new LinkedHashMap<>();
    private final Map<String, Row> rows = new LinkedHashMap<>();

    FeedReader(Path loadlabDir) {
        this.dir = loadlabDir.resolve(LiveFeed.DIR);
    }

    /** Reads what the feeds gained since the last call; a file being written ends mid-line until its next flush. */
    synchronized List<Row> read() {
        try (Stream<Path> files = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
            files.filter(f -> f.getFileName().toString().endsWith(LiveFeed.SUFFIX))
                    .sorted()
                    .forEach(f -> readNew(f, feeds.computeIfAbsent(f, k -> new Feed())));
        } catch (IOException e) {
            // the folder went away (a clean): nothing new
        }
        List<Row> out = new ArrayList<>(rows.values());
        out.sort(java.util.Comparator.comparingLong(r -> r.firstSecond)); // in the order the runs loaded
        return out;
    }

    private void readNew(Path file, Feed feed) {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            if (in.length() < feed.offset) {
                feed.offset = 0; // a new build's run of the same name
            }
            in.seek(feed.offset);
            byte[] bytes = new byte[(int) Math.min(in.length() - feed.offset, 8 << 20)];
            in.readFully(bytes);
            int end = lastNewline(bytes);
            if (end < 0) {
                return;
            }
            feed.offset += end + 1;
            for (String line : new String(bytes, 0, end, StandardCharsets.UTF_8).split("\n")) {
                take(feed, line);
            }
        } catch (IOException | RuntimeException e) {
            // a feed being replaced or cut: read again from the next call
        }
    }

    private void take(Feed feed, String line) {
        if (line.startsWith("# ")) {
            feed.head = line.substring(2).split("\t", -1);
        } else if (feed.head != null && feed.head.length == 4 && !line.isEmpty()) {
            LiveFeed.Line l = LiveFeed.Line.parse(line);
            String[] h = feed.head;
            rows.computeIfAbsent(
                            String.join("\t", h[0], h[1], h[2], l.label()),
                            k -> new Row(new Key(h[0], h[1], h[2], h[3], l.label())))
                    .add(l);
        }
    }

    private static int lastNewline(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
