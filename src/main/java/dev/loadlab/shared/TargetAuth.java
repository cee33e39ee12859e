package dev.loadlab.shared;

import static dev.loadlab.settings.ContractKnobs.AUTH;
import static dev.loadlab.settings.ContractKnobs.PASSWORD;
import static dev.loadlab.settings.ContractKnobs.TOKEN;
import static dev.loadlab.settings.ContractKnobs.USER;

import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * The Authorization header every tool sends to the target (target.auth), built from secrets that only the
 * environment holds: never a property, a file, a command line or a log line. A chosen kind whose secret is
 * missing is one {@link SettingError} before any load.
 */
public final class TargetAuth {
    private TargetAuth() {}

    /** The header's value, or empty for target.auth=none. */
    public static Optional<String> header(Settings settings) {
        return switch (settings.get(AUTH)) {
            case "bearer" -> Optional.of("Bearer " + required(settings, TOKEN));
            case "basic" -> {
                String pair = required(settings, USER) + ":" + required(settings, PASSWORD);
                yield Optional.of("Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
            }
            default -> Optional.empty();
        };
    }

    /** The one-line problem of target.auth, if any, for the build's first check. */
    public static Optional<String> problem(Settings settings) {
        try {
            header(settings);
            return Optional.empty();
        } catch (SettingError e) {
            return Optional.of(e.getMessage());
        }
    }

    private static String required(Settings settings, dev.loadlab.settings.Setting secret) {
        return settings.secret(secret)
                .orElseThrow(() -> SettingError.notAllowed(
                        AUTH.name(),
                        settings.get(AUTH),
                        "none, or " + secret.environment() + " set in the environment for " + settings.get(AUTH)));
    }
}
