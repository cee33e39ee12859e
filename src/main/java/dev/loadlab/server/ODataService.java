package dev.loadlab.server;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Settings;

/**
 * What the reference server's OData service looks like, read from the same contract knobs the load tools use, so
 * that it answers whatever service path, key and custom route they were told to use. Entity sets need no
 * declaring: the one named in a URL is the one written to.
 *
 * @param path the service's path, ending in a slash
 * @param key the key property: taken from a create's body, or generated as a UUID when absent (CAP's cuid)
 * @param entitySet where a bare-array bulk body goes, as it names no entity set of its own
 * @param bulkPath the custom REST route (a CAP action insertAll: loadlab's stand-in for the study's custom endpoint)
 */
record ODataService(String path, String key, String entitySet, String bulkPath) {
    /** The typed entity set of earlier versions: {field: number, text: string of at most 100}, numeric server IDs. */
    static final String TYPED_SET = "Records";
    /** Where a bare array of typed records is always accepted, whatever the contract names. */
    static final String TYPED_BULK_PATH = "/rest/records/bulk";

    static ODataService from(Settings s) {
        String service = s.get(ContractKnobs.SERVICE_PATH);
        return new ODataService(
                service.endsWith("/") ? service : service + "/",
                s.get(ContractKnobs.KEY),
                s.get(ContractKnobs.ENTITY_SET),
                s.get(ContractKnobs.BULK_PATH));
    }

    /** An entity set name as OData allows it; anything else in its place is a 404. */
    static boolean isEntitySet(String name) {
        return name.matches("[A-Za-z_][A-Za-z0-9_]{0,127}");
    }
}
