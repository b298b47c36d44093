package dev.assay.common.message;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Who speaks in a conversation turn. */
public enum Role {
    SYSTEM, USER, ASSISTANT, TOOL;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static Role fromWire(String value) {
        for (Role role : values()) {
            if (role.wireName().equals(value)) {
                return role;
            }
        }
        throw new IllegalArgumentException("unknown message role \"" + value + "\"; expected one of "
                + Arrays.stream(values()).map(Role::wireName).collect(Collectors.joining(", ")));
    }
}
