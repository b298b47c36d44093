package dev.assay.generation.rest;

import java.util.List;

/** Every error response of the API: {@code {"errors": ["path: message", …]}}. */
public record ErrorBody(List<String> errors) {

    public static ErrorBody of(String error) {
        return new ErrorBody(List.of(error));
    }
}
