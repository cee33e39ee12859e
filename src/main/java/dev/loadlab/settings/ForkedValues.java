package dev.loadlab.settings;

/**
 * A setting's value as a JVM the Gatling Maven plugin forked sees it. The plugin hands every -D of Maven's command line
 * to its JVM escaped as a Java string literal (a {@code "} as {@code \"}, a non-ASCII letter as a backslash, u and four
 * hex digits) and nothing unescapes it there: an inline gateway.body of JSON arrived as {@code {\"query\":...}} and the
 * target answered 400. The build's resolved file holds the value as given; where the property is exactly that value
 * escaped, the file's is the one meant. A property the build set for the fork (-Dprotocol=http1) differs otherwise, and
 * stays.
 */
final class ForkedValues {
    private ForkedValues() {}

    /** The value meant: the resolved file's where the property is its escaped form, else the property's. */
    static String meant(String property, String resolved) {
        return resolved != null
                        && !property.equals(resolved)
                        && unescaped(property).equals(resolved)
                ? resolved
                : property;
    }

    /** A Java string literal's escapes undone: quotes, backslash, n r t b f, and u with four hex digits; else kept. */
    static String unescaped(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c != '\\' || i + 1 == value.length()) {
                out.append(c);
                continue;
            }
            char next = value.charAt(i + 1);
            if (next == 'u'
                    && i + 5 < value.length()
                    && value.substring(i + 2, i + 6).matches("[0-9a-fA-F]{4}")) {
                out.append((char) Integer.parseInt(value.substring(i + 2, i + 6), 16));
                i += 5;
                continue;
            }
            String plain = switch (next) {
                case '"', '\\', '\'' -> String.valueOf(next);
                case 'n' -> "\n";
                case 'r' -> "\r";
                case 't' -> "\t";
                case 'b' -> "\b";
                case 'f' -> "\f";
                default -> null;
            };
            if (plain == null) {
                out.append(c);
            } else {
                out.append(plain);
                i++;
            }
        }
        return out.toString();
    }
}
