package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ErrorRateWindowTest {
    @Test
    void shouldComputeTheErrorPercentOfTheSamplesInTheWindow() {
        ErrorRateWindow window = new ErrorRateWindow(5);
        for (int i = 0; i < 90; i++) {
            window.add(10_000 + i, false);
        }
        for (int i = 0; i < 10; i++) {
            window.add(11_000 + i, true);
        }

        assertEquals(100, window.samples(11_999));
        assertEquals(10.0, window.errorPercent(11_999), 1e-9);
    }

    @Test
    void shouldForgetSecondsThatLeftTheWindow() {
        ErrorRateWindow window = new ErrorRateWindow(2);
        window.add(1_000, true);
        window.add(3_000, false);

        assertOneSampleAndNoError(window, 3_500);
    }

    @Test
    void shouldReuseABucketForANewSecond() {
        ErrorRateWindow window = new ErrorRateWindow(3);
        window.add(0, true);
        window.add(3_000, false); // same slot as second 0, three seconds later

        assertOneSampleAndNoError(window, 3_000);
    }

    /** Only the later, successful sample is left in the window at {@code nowMs}: the error before it is gone. */
    private static void assertOneSampleAndNoError(ErrorRateWindow window, long nowMs) {
        assertEquals(1, window.samples(nowMs));
        assertEquals(0.0, window.errorPercent(nowMs), 1e-9);
    }

    @Test
    void shouldReportNoErrorsForAnEmptyWindow() {
        assertEquals(0.0, new ErrorRateWindow(5).errorPercent(1_000), 1e-9);
    }
}
