package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SourceLiteralsTest {
    @Test
    void shouldFindEachLiteralWithItsLineAndTheCodeBeforeItButNothingInAComment() {
        String source = """
                /**
                 * Based on <a href="https://docs.example.org/tutorial">the tutorial</a>.
                 */
                class S extends OwnSimulation { // "http://in.a.comment"
                  val base = "https://shop.example.com" /* "http://nor.here" */
                  val q = '"'
                  val e = '\\''
                  val s = s"http://$host:8080/x"
                  val t = \"""
                    a "text" block
                  \"""
                  http("r").get("/x").header("Origin", "https://o.example.com")
                }
                """;

        List<SourceLiterals.Literal> literals = SourceLiterals.of(source);

        assertEquals(
                List.of(
                        "https://shop.example.com",
                        "http://$host:8080/x",
                        "\n    a \"text\" block\n  ",
                        "r",
                        "/x",
                        "Origin",
                        "https://o.example.com"),
                literals.stream().map(SourceLiterals.Literal::text).toList());
        assertEquals(
                List.of(5, 8, 9, 12, 12, 12, 12),
                literals.stream().map(SourceLiterals.Literal::line).toList());
        assertEquals("  val base = ", literals.get(0).before());
        assertEquals(
                "  http(\"r\").get(\"/x\").header(\"Origin\", ", literals.get(6).before());
    }
}
