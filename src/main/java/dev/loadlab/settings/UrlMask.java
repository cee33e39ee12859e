package dev.loadlab.settings;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Hides secrets in anything the bench prints or writes: password-like URL parameters, the password part
 * of {@code //user:password@host}, and the configured user and password wherever a driver message repeats them.
 */
public final class UrlMask {
    public static final String HIDDEN = "***";

    /** Parameter names whose values are secrets, in ngdbc, pgJDBC, MariaDB, H2 and DB2 spellings. */
    private static final Pattern SECRET_PARAMETER = Pattern.compile(
            "(?i)([?&;:](?:password|passwd|pwd|secret|token|apikey|api_key|keystorepassword|truststorepassword"
                    + "|sslpassword|sslkey|accesstoken|clientsecret)=)[^&;]*");

    private static final Pattern USER_INFO = Pattern.compile("//([^/@:?;]*):([^/@?;]*)@");

    private final Optional<String> user;
    private final Optional<String> password;

    public UrlMask(Optional<String> user, Optional<String> password) {
        this.user = user;
        this.password = password;
    }

    /** A URL with every secret it carries replaced by {@value #HIDDEN}. */
    public static String mask(String url) {
        if (url == null) {
            return "";
        }
        String masked = SECRET_PARAMETER.matcher(url).replaceAll("$1" + HIDDEN);
        return USER_INFO.matcher(masked).replaceAll("//$1:" + HIDDEN + "@");
    }

    /** Any text (a driver message, a URL) with the URL secrets and the configured credentials hidden. */
    public String clean(String text) {
        if (text == null) {
            return "";
        }
        String cleaned = mask(text);
        if (password.isPresent() && !password.get().isEmpty()) {
            cleaned = cleaned.replace(password.get(), HIDDEN);
        }
        if (user.isPresent() && !user.get().isEmpty()) {
            // Whole words only: a user "sa" must not turn "database" into "databa***".
            cleaned = cleaned.replaceAll("(?<![\\w])" + Pattern.quote(user.get()) + "(?![\\w])", HIDDEN);
        }
        return cleaned;
    }
}
