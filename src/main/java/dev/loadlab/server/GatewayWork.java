package dev.loadlab.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * What each request costs the gateway route in CPU, as each one cost the study's gateway (query planning, its 100 KB
 * answer parsed and written again): the upstream's JSON answer parsed into a tree and written back, {@code passes}
 * times, each pass reading the bytes the one before wrote. The last pass's bytes are the answer, so no pass can be
 * left out by the JIT. Without such a cost the route only forwards, and no rate this machine can offer breaks it.
 */
final class GatewayWork {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final int passes;

    GatewayWork(int passes) {
        if (passes < 0) {
            throw new IllegalArgumentException("passes must be >= 0, was " + passes);
        }
        this.passes = passes;
    }

    /** 0 passes: the route forwards the upstream's bytes as they came, as it always did. */
    boolean isNone() {
        return passes == 0;
    }

    /** The upstream's answer after every pass; throws on an answer that is not JSON. */
    byte[] apply(byte[] json) throws IOException {
        byte[] written = json;
        for (int i = 0; i < passes; i++) {
            written = JSON.writeValueAsBytes(JSON.readTree(written));
        }
        return written;
    }
}
