package dev.loadlab.jmeter;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a field of a plan will hold when JMeter runs it, as far as the build can tell before load: the properties the
 * build gives each run ({@code ${__P(name)}}, {@code ${__property(name)}}), a property's default where the build gives
 * none, and the plan's User Defined Variables ({@code ${host}}). A value built while the plan runs (a CSV column, an
 * extractor's variable, another function) is decided later ({@link Value#atRun()}): the guard holds it then. The target's own parts
 * ({@code target.host}, {@code target.api.url}) are {@link Value#target(String)}, whatever host they will name.
 */
final class PlanValues {
    /** A property the build sets that names a part of a target: {@code target.url}, {@code target.api.host}. */
    private static final Pattern TARGET_PART =
            Pattern.compile("target(?:\\.([a-z][A-Za-z0-9]*))?\\.(url|host|port|scheme|basePath)");

    private static final Pattern PROPERTY_FUNCTION =
            Pattern.compile("__(?:P|property)\\(\\s*([^,)]*?)\\s*(?:,\\s*([^,)]*?)\\s*)?(?:,\\s*([^,)]*?)\\s*)?\\)");

    private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    private static final int MAX_DEPTH = 8;

    /** A field's value: literal text, a target's part, or decided at run time. */
    record Value(String text, String target, boolean atRun, String via) {
        static Value literal(String text, String via) {
            return new Value(text, null, false, via);
        }

        static Value target(String name) {
            return new Value(null, name, false, "");
        }

        static Value later() {
            return new Value(null, null, true, "");
        }

        boolean isLiteral() {
            return !atRun && target == null;
        }
    }

    private final Map<String, String> properties;
    private final Map<String, String> variables;

    /**
     * @param properties what the build sets for every run (their names; values where known)
     * @param variables  the plan's User Defined Variables, by name
     */
    PlanValues(Map<String, String> properties, Map<String, String> variables) {
        this.properties = properties;
        this.variables = variables;
    }

    Value of(String field) {
        return of(field, "", 0);
    }

    private Value of(String field, String via, int depth) {
        if (depth > MAX_DEPTH) {
            return Value.later();
        }
        StringBuilder literal = new StringBuilder();
        String target = null;
        String from = via;
        int at = 0;
        while (at < field.length()) {
            int start = field.indexOf("${", at);
            if (start < 0) {
                literal.append(field, at, field.length());
                break;
            }
            literal.append(field, at, start);
            int end = closing(field, start + 2);
            if (end < 0) {
                return Value.later();
            }
            Value part = expression(field.substring(start + 2, end), depth);
            if (part.atRun()) {
                return part;
            }
            if (part.target() != null) {
                if (target != null || !literal.toString().isBlank()) {
                    return Value.later(); // a target's part within other text: the guard holds what it makes
                }
                target = part.target();
            } else {
                literal.append(part.text());
                if (!part.via().isEmpty()) {
                    from = part.via();
                }
            }
            at = end + 1;
        }
        if (target != null) {
            return Value.target(target); // a target's part, maybe followed by a path of the plan's
        }
        return Value.literal(literal.toString(), from);
    }

    /** The content of one {@code ${...}}. */
    private Value expression(String inside, int depth) {
        Matcher function = PROPERTY_FUNCTION.matcher(inside);
        if (function.matches()) {
            String name = function.group(1);
            Matcher part = TARGET_PART.matcher(name);
            if (part.matches()) {
                return Value.target(part.group(1) == null ? "" : part.group(1));
            }
            if (properties.containsKey(name)) {
                return Value.literal(properties.get(name), "property " + name);
            }
            // __P(name,default) and __property(name,variable,default): the default stands where the build sets none
            String fallback = inside.startsWith("__P(") ? function.group(2) : function.group(3);
            return fallback == null ? Value.later() : of(fallback, "the default of property " + name, depth + 1);
        }
        if (VARIABLE.matcher(inside).matches() && variables.containsKey(inside)) {
            Value value = of(variables.get(inside), "", depth + 1);
            return value.isLiteral() && value.via().isEmpty()
                    ? Value.literal(value.text(), "User Defined Variable " + inside)
                    : value;
        }
        return Value.later();
    }

    /** The index of the brace that closes the one opened before {@code from}; -1 where none does. */
    private static int closing(String text, int from) {
        int depth = 1;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{') {
                depth++;
            } else if (c == '}' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }
}
