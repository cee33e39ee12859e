package dev.loadlab.jmeter;

import dev.loadlab.settings.Protocol;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.http.MetaData;

/**
 * One request as the sampler's settings describe it, validated once. The sampler keeps the last spec and
 * re-parses only when a setting's text changes, so a plan whose settings are constant pays no parsing per
 * sample (the settings are re-applied by JMeter before every sample).
 */
final class RequestSpec {
    static final int MIN_TIMEOUT_MS = 1;
    static final int MAX_TIMEOUT_MS = 3_600_000;
    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    private final Given given;
    final String urlText;
    final String method;
    final String headersText;
    final String bodyText;
    /** The target's Authorization value, or empty; kept apart from headersText, which results may show. */
    final String authorization;

    final int timeoutMs;
    final Protocol protocol;

    final URI uri;
    final URL url;
    final List<HttpField> headers;
    final byte[] body;
    final String contentType;
    /** scheme://host:port, with the port the scheme implies when the URL has none */
    final String origin;

    final boolean secure;
    final int port;
    /** What an HTTP/2 request carries besides the method: path, authority, scheme and the header fields. */
    private final HttpURI http2Uri;

    private final HttpFields http2Fields;

    private RequestSpec(
            Given given,
            String method,
            Protocol protocol,
            URI uri,
            URL url,
            List<HttpField> headers,
            byte[] body,
            String contentType) {
        this.given = given;
        this.urlText = given.urlText();
        this.method = method;
        this.headersText = given.headersText();
        this.bodyText = given.bodyText();
        this.authorization = given.authorization();
        this.timeoutMs = given.timeoutMs();
        this.protocol = protocol;
        this.uri = uri;
        this.url = url;
        this.headers = headers;
        this.body = body;
        this.contentType = contentType;
        this.secure = uri.getScheme().equalsIgnoreCase("https");
        this.port = uri.getPort() > 0 ? uri.getPort() : secure ? 443 : 80;
        this.origin = (secure ? "https://" : "http://") + uri.getHost() + ":" + port;
        this.http2Uri = HttpURI.from(uri);
        HttpFields.Mutable fields = HttpFields.build(headers.size() + 1);
        headers.forEach(fields::add);
        if (body.length > 0) {
            fields.put(HttpHeader.CONTENT_LENGTH, Integer.toString(body.length));
        }
        this.http2Fields = fields.asImmutable();
    }

    /** A new HEADERS frame's request (Jetty's frames hold it while they are written, hence one per stream). */
    MetaData.Request http2Request() {
        return new MetaData.Request(method, http2Uri, HttpVersion.HTTP_2, http2Fields);
    }

    /** The sampler's settings as JMeter gives them before each sample: a spec is parsed again only when they change. */
    record Given(
            String urlText,
            String method,
            String headersText,
            String bodyText,
            String authorization,
            int timeoutMs,
            String protocolText) {}

    /** @throws IllegalArgumentException with one line naming the setting and what it allows */
    static RequestSpec parse(Given given) {
        String urlText = given.urlText();
        String method = given.method();
        int timeoutMs = given.timeoutMs();
        Protocol protocol = Protocol.of("protocol", given.protocolText());
        String upperMethod = method == null ? "" : method.trim().toUpperCase(Locale.ROOT);
        if (!METHODS.contains(upperMethod)) {
            throw new IllegalArgumentException("method=" + method + " is not supported: allowed values are "
                    + String.join(", ", METHODS.stream().sorted().toList()));
        }
        if (timeoutMs < MIN_TIMEOUT_MS || timeoutMs > MAX_TIMEOUT_MS) {
            throw new IllegalArgumentException("timeoutMs=" + timeoutMs + " is out of range: allowed " + MIN_TIMEOUT_MS
                    + ".." + MAX_TIMEOUT_MS + " ms");
        }
        URI uri = parseUri(urlText);
        URL url;
        try {
            url = uri.toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("url=" + urlText + " is not a URL: " + e.getMessage());
        }
        List<HttpField> headers = parseHeaders(given.headersText());
        if (!given.authorization().isEmpty()) {
            headers.add(new HttpField(HttpHeader.AUTHORIZATION, given.authorization()));
        }
        String contentType = headers.stream()
                .filter(h -> h.is(HttpHeader.CONTENT_TYPE.asString()))
                .map(HttpField::getValue)
                .findFirst()
                .orElse(null);
        byte[] body = given.bodyText() == null ? new byte[0] : given.bodyText().getBytes(StandardCharsets.UTF_8);
        return new RequestSpec(given, upperMethod, protocol, uri, url, List.copyOf(headers), body, contentType);
    }

    boolean parsedFrom(Given settings) {
        return given.equals(settings);
    }

    private static URI parseUri(String urlText) {
        String text = urlText == null ? "" : urlText.trim();
        try {
            URI uri = new URI(text);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
                throw new IllegalArgumentException(
                        "url=" + text + " is not an absolute http:// or https:// URL with a host");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("url=" + text + " is not a URL: " + e.getMessage());
        }
    }

    /** One header per line, "Name: value"; blank lines are skipped. */
    static List<HttpField> parseHeaders(String text) {
        List<HttpField> fields = new ArrayList<>();
        if (text == null) {
            return fields;
        }
        for (String line : text.split("\\R")) {
            if (line.isBlank()) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException(
                        "headers line '" + line.trim() + "' is not a header: write one 'Name: value' per line");
            }
            fields.add(new HttpField(
                    line.substring(0, colon).trim(), line.substring(colon + 1).trim()));
        }
        return fields;
    }
}
