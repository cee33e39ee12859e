package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UrlMaskTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "jdbc:sap://h:443/?user=DBADMIN&password=Secret1&encrypt=true|jdbc:sap://h:443/?user=DBADMIN&password=***&encrypt=true",
                "jdbc:postgresql://h/db?PASSWORD=x&sslpassword=y|jdbc:postgresql://h/db?PASSWORD=***&sslpassword=***",
                "jdbc:mariadb://root:pw@h:3306/test|jdbc:mariadb://root:***@h:3306/test",
                "jdbc:h2:tcp://h/mem:x;PASSWORD=abc;USER=sa|jdbc:h2:tcp://h/mem:x;PASSWORD=***;USER=sa",
                "jdbc:db2://h:50000/shop:user=u;password=p;|jdbc:db2://h:50000/shop:user=u;password=***;",
                "jdbc:postgresql://127.0.0.1:5432/test|jdbc:postgresql://127.0.0.1:5432/test",
            })
    void shouldMaskEverySecretAUrlCarries(String url, String masked) {
        assertEquals(masked, UrlMask.mask(url));
    }

    @Test
    void shouldHideTheConfiguredUserAndPasswordInDriverMessages() {
        UrlMask mask = new UrlMask(Optional.of("alice"), Optional.of("s3cr3t!"));
        assertEquals(
                "FATAL: password authentication failed for user \"***\" (tried ***)",
                mask.clean("FATAL: password authentication failed for user \"alice\" (tried s3cr3t!)"));
    }

    @Test
    void shouldOnlyHideTheUserAsAWholeWord() {
        UrlMask mask = new UrlMask(Optional.of("sa"), Optional.empty());
        assertEquals("database *** not found", mask.clean("database sa not found"));
    }
}
