package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.settings.Reach;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetCountsTest {
    @TempDir
    Path dir;

    @Test
    void shouldCountJmetersSamplesByTargetAndWhatWasNotSentByHost() throws IOException {
        Path csv = Files.writeString(dir.resolve("shop.csv"), """
                timeStamp,elapsed,label,responseCode,responseMessage,success,URL
                1,2,home,200,OK,true,https://127.0.0.1:8443/
                1,2,orders,200,OK,true,https://127.0.0.1:9443/v1/orders
                1,0,pay,Non HTTP response code: dev.loadlab.shared.HostGuard$BlockedHost,Non HTTP response message: blocked host pay.example.com:443 (...),false,https://pay.example.com/x
                1,2,page,200,Embedded resource download error:https://pay.example.com/t.png code:Non HTTP response code: dev.loadlab.shared.HostGuard$BlockedHost message:Non HTTP response message: blocked host pay.example.com:443 (...),false,https://127.0.0.1:8443/page
                1,2,tx,200,"Number of samples in transaction : 2",true,null
                1,2,leak,200,OK,true,http://example.org/
                """);

        Map<String, Long> counts =
                TargetCounts.jmeter(csv, Reach.parse("target=127.0.0.1:8443,api=127.0.0.1:9443,login=127.0.0.1:7443"));

        assertEquals(
                Map.of(
                        "target", 2L,
                        "api", 1L,
                        "login", 0L,
                        "blocked host pay.example.com:443", 2L,
                        "sent to host example.org:80", 1L),
                counts);
    }
}
