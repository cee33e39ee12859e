package dev.loadlab.bulk;

import static dev.loadlab.bulk.BulkKnobs.MODES;

import dev.loadlab.settings.SettingError;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** How the rows of one run reach the database (bulkbench's Seq and Par tests). */
public enum Mode {
    /** One connection, one prepared insert, the batches one after the other. */
    SEQUENTIAL("seq"),
    /**
     * One connection and one thread per batch, all started at once behind a gate (bulkbench's goroutine per batch);
     * with {@code bulk.maxConnections} fewer connections take the batches in turn.
     */
    PARALLEL("par");

    private final String shortName;

    Mode(String shortName) {
        this.shortName = shortName;
    }

    /** The lower-case name used in settings, URLs and reports. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** bulkbench's short name, used in the result table ({@code seq-10x10000}). */
    public String shortName() {
        return shortName;
    }

    /** One mode by its name or short name; IllegalArgumentException otherwise (the web UI's {@code mode=}). */
    static Mode parse(String text) {
        for (Mode mode : values()) {
            if (mode.label().equalsIgnoreCase(text.trim()) || mode.shortName.equalsIgnoreCase(text.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + text + "'; allowed: sequential, parallel");
    }

    /** A {@code bulk.modes} value such as {@code "sequential,parallel"}, in the given order, no repeats. */
    static List<Mode> parseList(String text) {
        List<Mode> modes = new ArrayList<>();
        try {
            for (String part : text.strip().split("[,\\s]+")) {
                Mode mode = parse(part);
                if (!modes.contains(mode)) {
                    modes.add(mode);
                }
            }
        } catch (IllegalArgumentException e) {
            throw SettingError.notAllowed(MODES.name(), text.strip(), MODES.allowed());
        }
        return List.copyOf(modes);
    }
}
