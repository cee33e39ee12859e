package dev.loadlab.bulk;

/**
 * A setting the bench cannot work with. The message is the one line shown to the user: it names the
 * setting and what it accepts, and never contains a credential.
 */
public final class BadSettingException extends RuntimeException {
    public BadSettingException(String message) {
        super(message, null, false, false);
    }
}
