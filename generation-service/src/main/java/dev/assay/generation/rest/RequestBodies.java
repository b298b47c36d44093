package dev.assay.generation.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.assay.common.json.Json;
import dev.assay.common.validation.LocatedTree;
import dev.assay.generation.service.InvalidRequestException;
import jakarta.ws.rs.core.MediaType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.regex.Pattern;

/**
 * Reads a request body, JSON or YAML by its content type, once into a tree that knows where each
 * of its nodes was, so validation problems name their line; a syntax error names its line.
 */
final class RequestBodies {

    static final String APPLICATION_YAML = "application/yaml";
    static final String TEXT_YAML = "text/yaml";
    static final String APPLICATION_X_YAML = "application/x-yaml";

    private RequestBodies() {
    }

    static String withoutSource(String message) {
        return message == null ? "" : SOURCE.matcher(message).replaceAll("$1");
    }

    /** Jackson names the source as "[Source: REDACTED …; line: 1, column: 29]": keep only the position. */
    private static final Pattern SOURCE = Pattern.compile("\\[Source: [^\\]]*?; (line: \\d+, column: \\d+)]");

    static LocatedTree read(String body, MediaType type) {
        boolean yaml = type != null && type.getSubtype().toLowerCase().contains("yaml");
        if (body == null || body.isBlank()) {
            throw new InvalidRequestException("body: is empty; expected a mapping with \"benchmark\" and \"config\"");
        }
        return readAny(body, type);
    }

    /** Any JSON or YAML body (not blank), as a located tree; a syntax error names its line. */
    static LocatedTree readAny(String body, MediaType type) {
        boolean yaml = type != null && type.getSubtype().toLowerCase().contains("yaml");
        ObjectMapper mapper = yaml ? Json.yaml() : Json.mapper();
        try {
            return LocatedTree.parse(mapper, body);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            throw new InvalidRequestException("body: not valid " + (yaml ? "YAML" : "JSON") + ": " + withoutSource(e.getOriginalMessage()) + where);
        } catch (IOException e) {
            throw new UncheckedIOException("reading a request body held in memory", e);
        }
    }
}
