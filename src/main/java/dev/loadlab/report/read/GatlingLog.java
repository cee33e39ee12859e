package dev.loadlab.report.read;

import dev.loadlab.settings.Experiment;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One Gatling 3.15 {@code simulation.log}, decoded. Gatling 3.13+ writes no machine-readable statistics, and its
 * binary log is readable only by the same Gatling version: this decoder follows the record layout of the pinned
 * version (3.15.1), checks the version the log names, and is tested on logs written by this build.
 *
 * <p>Layout (big-endian): every record starts with a type byte. Times are ints in ms since the run start. A
 * "string" is an int length, that many bytes of the JDK's compact string value, and a coder byte (0 Latin-1,
 * 1 UTF-16); length 0 is the empty string with no coder byte. A "cached string" is an int: positive, a new index
 * followed by the string; negative, minus the index of a string seen before.
 */
public record GatlingLog(
        String gatlingVersion,
        String simulationClass,
        long startEpochMs,
        String runDescription,
        List<String> scenarios,
        List<Request> requests,
        List<Group> groups,
        List<User> users,
        List<String> errors) {

    /** The Gatling version whose record layout this decoder reads. */
    public static final String SUPPORTED_VERSION = "3.15.1";

    /** The run's simulation as the report tells runs apart: its class's simple name. */
    public String simulation() {
        return Experiment.simpleName(simulationClass);
    }

    private static final int RUN = 0, REQUEST = 1, USER = 2, GROUP = 3, ERROR = 4;

    public record Request(List<String> groups, String name, int startMs, int endMs, boolean ok, String message) {
        public int responseMs() {
            return endMs - startMs;
        }
    }

    public record Group(List<String> groups, int startMs, int endMs, int cumulatedMs, boolean ok) {
        public String path() {
            return String.join(" / ", groups);
        }
    }

    public record User(int scenario, boolean start, int atMs) {}

    /** Reads the whole log; throws with the file and byte offset when it is not a 3.15 log or is cut short. */
    public static GatlingLog read(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return new Decoder(new DataInputStream(in)).decode();
        } catch (EOFException e) {
            throw new IOException(
                    file + ": simulation.log ends in the middle of a record (run crashed or still writing?)");
        } catch (IllegalStateException e) {
            throw new IOException(file + ": " + e.getMessage());
        }
    }

    private static final class Decoder {
        private final DataInputStream in;
        private final Map<Integer, String> cache = new HashMap<>();

        Decoder(DataInputStream in) {
            this.in = in;
        }

        GatlingLog decode() throws IOException {
            if (in.read() != RUN) {
                throw new IllegalStateException("not a Gatling simulation.log (no run record first)");
            }
            String version = string();
            if (!SUPPORTED_VERSION.equals(version)) {
                throw new IllegalStateException(
                        "written by Gatling " + version + "; this reader reads " + SUPPORTED_VERSION);
            }
            String simulation = string();
            long start = in.readLong();
            String description = string();
            List<String> scenarios = strings(in.readInt(), false);
            int assertions = in.readInt();
            for (int i = 0; i < assertions; i++) {
                in.skipNBytes(in.readInt()); // pickled assertions: Gatling's own report evaluates them
            }
            List<Request> requests = new ArrayList<>();
            List<Group> groups = new ArrayList<>();
            List<User> users = new ArrayList<>();
            List<String> errors = new ArrayList<>();
            for (int type = in.read(); type != -1; type = in.read()) {
                switch (type) {
                    case REQUEST ->
                        requests.add(new Request(
                                strings(in.readInt(), true),
                                cachedString(),
                                in.readInt(),
                                in.readInt(),
                                in.readBoolean(),
                                cachedString()));
                    case USER -> users.add(new User(in.readInt(), in.readBoolean(), in.readInt()));
                    case GROUP ->
                        groups.add(new Group(
                                strings(in.readInt(), true),
                                in.readInt(),
                                in.readInt(),
                                in.readInt(),
                                in.readBoolean()));
                    case ERROR -> {
                        errors.add(cachedString());
                        in.readInt();
                    }
                    default -> throw new IllegalStateException("unknown record type " + type);
                }
            }
            return new GatlingLog(version, simulation, start, description, scenarios, requests, groups, users, errors);
        }

        private List<String> strings(int count, boolean cached) throws IOException {
            List<String> out = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                out.add(cached ? cachedString() : string());
            }
            return List.copyOf(out);
        }

        private String cachedString() throws IOException {
            int index = in.readInt();
            if (index < 0) {
                String known = cache.get(-index);
                if (known == null) {
                    throw new IllegalStateException("string reference " + (-index) + " before its definition");
                }
                return known;
            }
            String value = string();
            cache.put(index, value);
            return value;
        }

        private String string() throws IOException {
            int length = in.readInt();
            if (length == 0) {
                return "";
            }
            if (length < 0 || length > 1 << 24) {
                throw new IllegalStateException("implausible string length " + length);
            }
            byte[] bytes = in.readNBytes(length);
            if (bytes.length < length) {
                throw new EOFException();
            }
            // The JDK's UTF-16 compact strings are in the writing machine's byte order: little-endian on x86/ARM.
            return new String(bytes, in.read() == 0 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_16LE);
        }
    }
}
