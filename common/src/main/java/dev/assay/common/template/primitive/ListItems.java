package dev.assay.common.template.primitive;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * List items as comparable keys: numbers by value ({@code 2}, {@code 2.0} and {@code "2"} are one
 * item in a list of numbers), text through the primitive's normalizers.
 */
record ListItems(TextNormalization text, boolean numbers) {

    String key(JsonNode item) {
        if (numbers || item.isNumber()) {
            Optional<BigDecimal> number = Numbers.of(item);
            if (number.isPresent()) {
                return "#" + Numbers.show(number.get());
            }
        }
        return item.isTextual() ? "'" + text.apply(item.asText()) : item.toString();
    }

    List<String> keys(JsonNode list) {
        List<String> keys = new ArrayList<>();
        list.forEach(item -> keys.add(key(item)));
        return keys;
    }
}
