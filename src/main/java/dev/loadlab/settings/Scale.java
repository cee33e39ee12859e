package dev.loadlab.settings;

/** smoke: seconds per run, for CI and the default build; full: the studies' own users, durations and sizes. */
public enum Scale {
    SMOKE,
    FULL;

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
