package dev.assay.importers.lve;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One recorded run of a test: a line of {@code instances/*.jsonl}.
 *
 * @param file     the instance file relative to the imported folder ({@code security/x/instances/a.jsonl})
 * @param line     1-based
 * @param args     prompt parameters and model settings, as recorded (a JSON null is Python's None)
 * @param response a string, an object of variables (multi-variable prompt) or a list (multi-run prompt)
 * @param passed   what LVE's checker said ({@code passed}, or {@code is_safe} in early files); null when unrecorded
 * @param nulReplaced where a NUL character was replaced by U+FFFD in args and response ({@code response[1]}); empty mostly
 */
record LveInstance(String file, int line, Map<String, JsonNode> args, JsonNode response, Boolean passed, String author,
                   List<String> nulReplaced) {

    LveInstance {
        args = Collections.unmodifiableMap(new LinkedHashMap<>(args));
        nulReplaced = nulReplaced == null ? List.of() : List.copyOf(nulReplaced);
    }

    /** {@code security/x/instances/a.jsonl:3}: where the report points. */
    String source() {
        return file + ":" + line;
    }
}
