package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.bulk.BulkKnobs;
import dev.loadlab.studies.apigateway.ApiGatewayKnobs;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SettingsTest {
    @Test
    void shouldDefineEverySettingOnceWithAMeaningAndAnAllowedDefault() {
        Set<String> names = new HashSet<>();
        for (Setting s : Catalogue.ALL) {
            assertTrue(names.add(s.name()), "defined twice: " + s.name());
            assertTrue(!s.meaning().isBlank(), "no meaning: " + s.name());
            if (!s.secret()) {
                assertEquals(s.smoke(), s.check(s.smoke()), s.name());
                assertEquals(s.full(), s.check(s.full()), s.name());
            }
        }
    }

    @Test
    void shouldTakeTheFullDefaultsAtFullScaleAndAGivenValueOverAnyDefault() {
        assertEquals(4, Settings.of(Map.of()).integer(ApiGatewayKnobs.CONFIG1.users()));
        assertEquals(100, Settings.of(Map.of("scale", "full")).integer(ApiGatewayKnobs.CONFIG1.users()));
        assertEquals(
                7,
                Settings.of(Map.of("scale", "full", "jmeter.config1.users", "7"))
                        .integer(ApiGatewayKnobs.CONFIG1.users()));
    }

    @Test
    void shouldRunBothInjectorsOnTheJitsFirstTierAtSmokeScaleOnlyAndTakeNoTierTheJvmLacks() {
        for (Setting tier : List.of(JmeterKnobs.JIT_TIER, GatlingKnobs.JIT_TIER)) {
            assertEquals(1, Settings.of(Map.of()).integer(tier), tier.name());
            assertEquals(4, Settings.of(Map.of("scale", "full")).integer(tier), tier.name());
        }
        assertEquals(
                List.of("-Djmeter.jitTier=5 is not allowed: expected an integer in [1, 4]"),
                Settings.of(Map.of("jmeter.jitTier", "5")).problems());
    }

    @Test
    void shouldNameEverySettingOutOfRangeWithItsMavenPropertyAndAllowedValues() {
        assertEquals(
                List.of(
                        "-Djmeter.config1.users=0 is not allowed: expected an integer in [1, 100000]",
                        "-Djmeter.stress.errorLimitPercent=ten is not allowed: expected a number in [0.001, 100]"),
                Settings.of(Map.of("jmeter.config1.users", "0", "jmeter.stress.errorLimitPercent", "ten"))
                        .problems());
    }

    @Test
    void shouldReadASecretOnlyFromItsEnvironmentVariableAndNeverShowIt() {
        assertEquals(
                "s3cret",
                Settings.of(Map.of(), Map.of("BULK_PASSWORD", "s3cret"))
                        .secret(BulkKnobs.PASSWORD)
                        .orElseThrow());
        SettingError e = assertThrows(
                SettingError.class,
                () -> Settings.of(Map.of("bulk.password", "s3cret")).secret(BulkKnobs.PASSWORD));
        assertEquals(
                "-Dbulk.password is not allowed: a secret is read only from the environment variable BULK_PASSWORD",
                e.getMessage());
    }

    @Test
    void shouldHideTheSecretsOfAUrlInTheOneLineError() {
        SettingError e = assertThrows(
                SettingError.class,
                () -> Settings.of(Map.of("bulk.url", "postgres://u:pw@h/db?password=pw"))
                        .get(BulkKnobs.URL));
        assertTrue(!e.getMessage().contains("pw@") && !e.getMessage().contains("=pw"), e.getMessage());
    }
}
