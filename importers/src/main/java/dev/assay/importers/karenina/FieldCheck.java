package dev.assay.importers.karenina;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * How one field is checked, in Assay terms.
 *
 * @param groundTruth the value the field is compared with; null when the primitive carries its own reference
 * @param verify      the primitive: a name or a mapping with its parameters
 */
record FieldCheck(String field, JsonNode groundTruth, JsonNode verify) {
}
