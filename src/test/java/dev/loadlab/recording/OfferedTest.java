package dev.loadlab.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The values an answer offers: where each stands, in the terms both tools extract it by, and nothing word-like. */
class OfferedTest {
    private static List<Offered.Value> of(String response) throws Exception {
        return Offered.of(new ObjectMapper().readTree(response));
    }

    private static List<String> described(List<Offered.Value> values) {
        return values.stream()
                .map(v -> v.describe() + "=" + v.value() + " as " + v.name())
                .toList();
    }

    @Test
    void shouldOfferJsonFieldsThatLookMadeByTheServerWithTheirPaths() throws Exception {
        assertEquals(
                List.of(
                        "answer $.order.id=ord-4f2a9c as id",
                        "answer $.order.lines[1].sku=B-10072 as sku",
                        "answer $['x-ref']=8812 as x_ref"),
                described(of("""
                        {"content":{"mimeType":"application/json","text":"{\\"order\\":{\\"id\\":\\"ord-4f2a9c\\",\\"status\\":\\"open\\",\\"lines\\":[{\\"sku\\":\\"pen\\"},{\\"sku\\":\\"B-10072\\"}]},\\"count\\":2,\\"x-ref\\":8812}"}}
                        """)));
    }

    @Test
    void shouldOfferAFormsHiddenFieldsMetaTagsARedirectsQueryAndCustomHeaders() throws Exception {
        assertEquals(
                List.of(
                        "redirect's query visit=9a8b7c6d as visit",
                        "header X-Request-Id=req-1f2e3d as X_Request_Id",
                        "meta tag csrf-token=k9J2mQ8xP1 as csrf_token",
                        "hidden input csrf=5f0c1d2e3f4a as csrf"),
                described(of("""
                        {"headers":[{"name":"Location","value":"/shop?visit=9a8b7c6d&lang=en"},
                                    {"name":"X-Request-Id","value":"req-1f2e3d"},{"name":"Set-Cookie","value":"sid=a1b2c3d4e5"}],
                         "content":{"mimeType":"text/html","text":
                          "<meta name='csrf-token' content='k9J2mQ8xP1'><form><input type=\\"hidden\\" value=\\"5f0c1d2e3f4a\\" name=\\"csrf\\"><input name=user value=ann1234567></form>"}}
                        """)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ord-4f2a9c", "1234", "abcdefghijklmnopqrstuv"})
    void shouldTakeLongOrRandomLookingValuesForMadeOnes(String value) {
        assertTrue(Offered.looksMade(value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"open", "600", "pen-7", "two words 12345"})
    void shouldNotTakeShortWordLikeOrSpacedValuesForMadeOnes(String value) {
        assertFalse(Offered.looksMade(value));
    }
}
