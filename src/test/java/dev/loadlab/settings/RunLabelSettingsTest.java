package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** run.label names a folder under reports/runs/ and compare names such folders: both refuse what is no plain name. */
class RunLabelSettingsTest {
    private static List<String> problems(String name, String value) {
        return Settings.of(Map.of(name, value)).problems();
    }

    @Test
    void shouldAcceptLettersDigitsDotsDashesAndUnderscoresUpToSixtyFourCharacters() {
        for (String label : List.of("kong-h2", "20261123-181502", "nginx_1.25", "a", "_x", "x".repeat(64))) {
            assertEquals(List.of(), problems("run.label", label), label);
        }
        assertEquals("", Settings.of(Map.of()).get(ReportKnobs.RUN_LABEL), "empty: the report chooses a timestamp");
    }

    @Test
    void shouldRefuseALabelThatIsNoPlainFolderNameInOneLine() {
        String expected = "expected 1 to 64 characters of A-Z a-z 0-9 . _ - not starting with '.', or empty";
        assertEquals(List.of("-Drun.label=a/b is not allowed: " + expected), problems("run.label", "a/b"));
        for (String label : List.of("..", ".hidden", "x".repeat(65), "a b", "kong:h2")) {
            assertEquals(1, problems("run.label", label).size(), label);
        }
    }

    @Test
    void shouldAcceptAListOfLabelsToCompareAndRefuseAnEmptyItem() {
        assertEquals(List.of(), problems("compare", "kong-h2,nginx-h2, apache"));
        assertEquals(1, problems("compare", "kong-h2,,nginx-h2").size());
        assertEquals(1, problems("compare", "../etc").size());
    }
}
