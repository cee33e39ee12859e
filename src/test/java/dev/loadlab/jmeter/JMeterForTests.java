package dev.loadlab.jmeter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jmeter.util.JMeterUtils;

/**
 * JMeter's properties for the tests that run its elements in the test JVM: its defaults, as in a run without a
 * jmeter.properties (no warning per property lookup), and the parser of HTML pages that finds their embedded resources.
 * Every such test loads them alike: JMeter's HTTP sampler reads its parsers once, when its class is first used in the
 * JVM, whichever test that is. The parser is JMeter's regular-expression one: its default, Lagarto, meets another
 * version of its library on this test class path (Gatling's).
 */
final class JMeterForTests {
    private JMeterForTests() {}

    static void loadProperties(Path dir) throws IOException {
        Path file = dir.resolve("jmeter.properties");
        Files.writeString(file, """
                HTTPResponse.parsers=htmlParser
                htmlParser.className=org.apache.jmeter.protocol.http.parser.RegexpHTMLParser
                htmlParser.types=text/html application/xhtml+xml
                """);
        JMeterUtils.loadJMeterProperties(file.toString());
    }
}
