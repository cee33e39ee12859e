package dev.loadlab.replay;

/**
 * One request of a replay as a tool sent it, and what came back: the line each tool appends to
 * {@code target/loadlab/replay.tsv} while the build replays (-Dreplay=true).
 *
 * @param tool       gatling or jmeter
 * @param wire       the run's wire id (http1-tls, ...)
 * @param experiment the experiment replayed
 * @param request    the request's name, as the recording names it
 * @param status     the status the target answered; 0 when no answer came (the tool's log says why)
 * @param sent       what was sent, secrets masked ({@link Sent})
 */
public record Exchange(String tool, String wire, String experiment, String request, int status, String sent) {

    String line() {
        return String.join("\t", tool, wire, experiment, flat(request), Integer.toString(status), flat(sent)) + "\n";
    }

    /** A line of the file, or null for one that is not (a line cut by a tool that died). */
    static Exchange parse(String line) {
        String[] f = line.split("\t", -1);
        if (f.length != 6 || !f[4].matches("\\d{1,3}")) {
            return null;
        }
        return new Exchange(f[0], f[1], f[2], f[3], Integer.parseInt(f[4]), f[5]);
    }

    /** One line whatever it holds: a tab or a line break would split the record. */
    static String flat(String text) {
        return text.replace("\t", " ").replace("\r", "").replace("\n", " \u21b5 ");
    }
}
