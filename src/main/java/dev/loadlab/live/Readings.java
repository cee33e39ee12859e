package dev.loadlab.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * The live page's readings: one a {@link LivePage#PUSH_MS} on a thread of its own, shared by every open page, so that
 * the build's files are read once a second however many pages watch; and a last one when the page is told to end.
 */
final class Readings {
    /** A reading as JSON, its number (from 1), and whether it is the last. */
    record Reading(long number, String json, boolean last) {}

    private static final ObjectMapper JSON = new ObjectMapper();

    private final LiveState state;
    private Reading latest = new Reading(0, "", false);
    private boolean ending;

    Readings(LiveState state) {
        this.state = state;
    }

    void start() {
        Thread t = new Thread(this::take, "loadlab-live-page-readings");
        t.setDaemon(true);
        t.start();
    }

    /** Told to end: a last reading now, which the open pages get before their stream ends. */
    synchronized void end() {
        ending = true;
        notifyAll();
    }

    /** The first reading after the one numbered {@code number}, waiting for it. */
    synchronized Reading after(long number) throws InterruptedException {
        while (latest.number() <= number) {
            wait();
        }
        return latest;
    }

    private void take() {
        try {
            while (true) {
                boolean last;
                synchronized (this) {
                    last = ending;
                }
                String json = read();
                synchronized (this) {
                    if (json != null || last) {
                        latest = new Reading(latest.number() + 1, json == null ? latest.json() : json, last);
                        notifyAll();
                    }
                    if (last) {
                        return;
                    }
                    if (!ending) {
                        wait(LivePage.PUSH_MS);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Null where a file could not be read now (being replaced): the next second reads again. */
    private String read() {
        try {
            return JSON.writeValueAsString(state.now());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
