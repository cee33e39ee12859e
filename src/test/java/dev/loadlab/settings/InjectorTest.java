package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InjectorTest {

    @Test
    void shouldSplitATotalSoThatTheSharesAddUpExactlyAndDifferByAtMostOne() {
        for (int count = 1; count <= 7; count++) {
            for (int total = 0; total <= 50; total++) {
                int sum = 0, min = Integer.MAX_VALUE, max = 0;
                for (int i = 1; i <= count; i++) {
                    int share = new Injector(i, count).share(total);
                    sum += share;
                    min = Math.min(min, share);
                    max = Math.max(max, share);
                }
                assertEquals(total, sum, total + " over " + count);
                assertTrue(max - min <= 1, total + " over " + count);
            }
        }
    }

    @Test
    void shouldGiveTheRemainderToTheFirstInjectors() {
        assertEquals(List.of(4, 3, 3), List.of(shareOf(1, 3, 10), shareOf(2, 3, 10), shareOf(3, 3, 10)));
        assertEquals(List.of(1, 1, 0), List.of(shareOf(1, 3, 2), shareOf(2, 3, 2), shareOf(3, 3, 2)));
    }

    @Test
    void shouldShareRequestsOnlyAmongTheInjectorsThatHaveAUser() {
        // ab -c 1 -n 50 on two injectors: one user's sequence, run whole by the first
        assertEquals(50, new Injector(1, 2).share(50, 1));
        assertEquals(0, new Injector(2, 2).share(50, 1));
        // ab -c 2 -n 51 on three injectors: two of them have a user and share the requests
        assertEquals(
                List.of(26, 25, 0),
                List.of(
                        new Injector(1, 3).share(51, 2),
                        new Injector(2, 3).share(51, 2),
                        new Injector(3, 3).share(51, 2)));
    }

    @Test
    void shouldDivideAnArrivalRateByTheNumberOfInjectors() {
        assertEquals(100.0 / 3, new Injector(2, 3).rate(100), 1e-9);
        assertEquals(0.5, new Injector(1, 2).rate(1), 1e-9);
    }

    @Test
    void shouldDefaultToTheWholeLoadOnOneInjector() {
        assertEquals(Injector.ALONE, Injector.of(Settings.of(Map.of())));
        assertEquals(new Injector(2, 3), Injector.of(Settings.of(Map.of("injector", "2/3"))));
        assertEquals("injector 2/3", new Injector(2, 3).description());
    }

    @Test
    void shouldRefuseAnythingButIOverNWithIBetweenOneAndNInOneLineNamingTheSetting() {
        for (String bad : List.of("3/2", "0/2", "2", "1/0", "a/b", "2/3/4", "-1/2", " /2")) {
            SettingError e =
                    assertThrows(SettingError.class, () -> Injector.of(Settings.of(Map.of("injector", bad))), bad);
            assertEquals(
                    "-Dinjector=" + bad.strip() + " is not allowed: expected i/N with 1 <= i <= N <= 9999, e.g. 2/3",
                    e.getMessage());
        }
    }

    @Test
    void shouldReadTheInjectorBackFromARunDescription() {
        assertEquals(new Injector(2, 3), Injector.fromDescription("injector 2/3"));
        assertNull(Injector.fromDescription("protocol=http1 scale=smoke"));
        assertNull(Injector.fromDescription(""));
        assertNull(Injector.fromDescription("injector 4/3"));
    }

    private static int shareOf(int index, int count, int total) {
        return new Injector(index, count).share(total);
    }
}
