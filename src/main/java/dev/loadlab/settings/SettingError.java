package dev.loadlab.settings;

/**
 * A setting that cannot be used. Its message is the one line a user sees, in the same form everywhere:
 * {@code -Dname=value is not allowed: expected <allowed values>}.
 */
public final class SettingError extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public SettingError(String message) {
        super(message);
    }

    /** The one form every part uses for a value it refuses. */
    public static SettingError notAllowed(String name, String value, String allowed) {
        return new SettingError("-D" + name + "=" + value + " is not allowed: expected " + allowed);
    }
}
