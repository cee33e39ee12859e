package dev.loadlab.bulk;

import java.util.Locale;

/** Query-style JDBC URL options ({@code ?a=b&c=d}) as ngdbc, pgJDBC and MariaDB's driver read them. */
final class JdbcUrl {
    private JdbcUrl() {}

    /** The URL with {@code key=value} appended unless the URL already sets {@code key} (any case). */
    static String withDefault(String url, String key, String value) {
        if (has(url, key)) {
            return url;
        }
        int query = url.indexOf('?');
        if (query >= 0) {
            boolean open = query == url.length() - 1 || url.endsWith("&");
            return url + (open ? "" : "&") + key + "=" + value;
        }
        // ngdbc wants its options after "/?"; pgJDBC and MariaDB accept a path before "?" just as well.
        boolean hostOnly = url.indexOf('/', url.indexOf("//") + 2) < 0;
        return url + (hostOnly ? "/?" : "?") + key + "=" + value;
    }

    static boolean has(String url, String key) {
        int query = url.indexOf('?');
        if (query < 0) {
            return false;
        }
        String wanted = key.toLowerCase(Locale.ROOT) + "=";
        for (String option : url.substring(query + 1).split("&")) {
            if (option.toLowerCase(Locale.ROOT).startsWith(wanted)) {
                return true;
            }
        }
        return false;
    }
}
